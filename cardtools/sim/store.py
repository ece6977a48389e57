"""A run's folder: its manifest, the chunks played so far, and the assembled records.

```
DIR/manifest.json            configuration, seeds, fingerprints, the deck's card names
DIR/chunks/chunk-00012.jsonl the rows of chunk 12, written atomically when it is done
DIR/games.jsonl              every row in game and seat order, written when all chunks are done
```

Records are JSON Lines (one JSON object per line): pandas reads them with
``pd.read_json("DIR/games.jsonl", lines=True)`` and DuckDB with ``FROM 'DIR/games.jsonl'``; list
columns (the cards a player had) stay lists. Chunk files appear whole or not at all (temporary
file, then rename), so a run killed at any moment resumes from the chunks present, and the
assembled file is byte-for-byte that of an uninterrupted run.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from cardtools.core.atomic import atomic_open, write_text
from cardtools.sim.chunk import KINDS

MANIFEST = "manifest.json"
RECORDS = "games.jsonl"
CHUNKS = "chunks"
_CHUNK = re.compile(r"^chunk-(\d{5,})\.jsonl$")


class RunProblem(Exception):
    """A run folder that cannot be used as asked (another run's folder, missing or partial records)."""


class RunStore:
    def __init__(self, folder: Path):
        self.folder = Path(folder)

    @property
    def records(self) -> Path:
        return self.folder / RECORDS

    def create_or_check(self, manifest: dict) -> None:
        """Start a run here, or check that the run already here is the same one (to resume it)."""
        path = self.folder / MANIFEST
        if path.is_file():
            found = self.manifest()
            if found != manifest:
                raise RunProblem(f"{self.folder} holds another run ({'; '.join(_differences(found, manifest))}): "
                                 f"use another -o folder, or the first run's options to resume it")
            return
        if self.folder.exists() and any(self.folder.iterdir()):
            raise RunProblem(f"{self.folder} is not empty and holds no simulation run ({MANIFEST}): "
                             f"choose a new or empty folder")
        write_text(path, json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")

    def manifest(self) -> dict:
        path = self.folder / MANIFEST
        if not path.is_file():
            raise RunProblem(f"{self.folder} is not a simulation run (no {MANIFEST}); run cardtools simulate first")
        return _object(path, 1, path.read_text(encoding="utf-8"),
                       "the run's manifest was changed by hand; run the simulation again into a new folder")

    def done(self) -> set[int]:
        """The chunks already played."""
        folder = self.folder / CHUNKS
        found = (_CHUNK.match(p.name) for p in folder.iterdir()) if folder.is_dir() else ()
        return {int(m.group(1)) for m in found if m}

    def write_chunk(self, chunk: int, rows: list[dict]) -> None:
        with atomic_open(self._chunk_path(chunk), "w") as handle:
            handle.writelines(_line(row) for row in rows)

    def assemble(self, chunks: int, rows_expected: int) -> int:
        """Join the chunks into the records file; returns its number of rows."""
        with atomic_open(self.records, "w") as out:
            written = 0
            for chunk in range(chunks):
                text = self._chunk_path(chunk).read_text(encoding="utf-8")
                written += text.count("\n")
                out.write(text)
            if written != rows_expected:
                raise RunProblem(f"the chunks of {self.folder} hold {written} rows, {rows_expected} expected: "
                                 f"delete {self.folder / CHUNKS} and run again")
        return written

    def rows(self) -> list[dict]:
        """Every record of a finished run."""
        configuration = self.manifest().get("configuration")
        if not self.records.is_file():
            raise RunProblem(f"{self.folder}: the run is not finished (no {RECORDS}); re-run the same "
                             f"cardtools simulate command to finish it")
        with self.records.open(encoding="utf-8") as handle:
            rows = [_record(self.records, number, line) for number, line in enumerate(handle, 1)]
        _same_engine_columns(self.records, rows)
        games, players = (configuration.get(k) for k in ("games", "players")) if isinstance(configuration, dict) \
            else (None, None)
        if isinstance(games, int) and isinstance(players, int) and len(rows) != games * players:
            raise RunProblem(f"{self.records}: {len(rows)} records, {games * players} expected ({games} games x "
                             f"{players} players): {REASSEMBLE}")
        return rows

    def _chunk_path(self, chunk: int) -> Path:
        return self.folder / CHUNKS / f"chunk-{chunk:05d}.jsonl"


#: What to do about a records file changed after the run: its chunks still hold every row.
REASSEMBLE = ("the file was changed after the run; delete it and re-run the same cardtools simulate command to "
              "assemble it again from its chunks")


#: A JSON value's kind, as a message names it.
_KINDS = {list: "a list", str: "a string", int: "a number", float: "a number", bool: "true or false",
          type(None): "null", dict: "an object"}


def _object(path: Path, line: int, text: str, remedy: str) -> dict:
    """The JSON object in ``text`` (which starts at ``line`` of ``path``), or the problem at its position."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        line, col, problem = line + exc.lineno - 1, exc.colno, exc.msg
    else:
        if isinstance(value, dict):
            return value
        col, problem = 1, _KINDS[type(value)]
    raise RunProblem(f"{path}:{line}:{col}: not a JSON object ({problem}): {remedy}")


def _record(path: Path, line: int, text: str) -> dict:
    """One row of the records, with every column every game's records have, each of its kind."""
    row = _object(path, line, text, REASSEMBLE)
    for column, kind in KINDS.items():
        if column not in row:
            raise RunProblem(f"{path}:{line}:1: no column '{column}': {REASSEMBLE}")
        if not isinstance(row[column], kind) or (kind is int and isinstance(row[column], bool)):
            raise RunProblem(f"{path}:{line}:1: column '{column}' holds {json.dumps(row[column])}, "
                             f"not {_KINDS[kind if isinstance(kind, type) else int]}: {REASSEMBLE}")  # (int, float)
    return row


def _same_engine_columns(path: Path, rows: list[dict]) -> None:
    """The columns a game's engine adds hold the same kind of value in every row as in the first (the
    report reads lists of card ids as per-card tables and numbers as distributions)."""
    first = {column: _kind(value) for column, value in (rows[0].items() if rows else ()) if column not in KINDS}
    for line, row in enumerate(rows, 1):
        for column, kind in first.items():
            found = _kind(row[column]) if column in row else "nothing"
            if found != kind or found == _MIXED:
                raise RunProblem(f"{path}:{line}:1: column '{column}' holds {found}"
                                 f"{'' if found == kind else f', where line 1 holds {kind}'}: {REASSEMBLE}")


_MIXED = "a list of other values than card ids"


def _kind(value) -> str:
    if isinstance(value, list):
        return "a list of card ids" if all(isinstance(v, str) for v in value) else _MIXED
    return _KINDS[type(value)]


def _line(row: dict) -> str:
    return json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n"


#: How to say that a fingerprint differs.
_CHANGED = {"fingerprints.deck": "the deck's files changed since", "fingerprints.code": "the cardtools code changed since"}


def _differences(old: dict, new: dict, prefix: str = "") -> list[str]:
    """Readable differences between two manifests (``players: 3 here, 4 asked``)."""
    out = []
    for key in sorted(old.keys() | new.keys(), key=str):
        a, b = old.get(key), new.get(key)
        if f"{prefix}{key}" in _CHANGED and a != b:
            out.append(f"{_CHANGED[prefix + key]} that run started")
        elif isinstance(a, dict) and isinstance(b, dict):
            out += _differences(a, b, f"{prefix}{key}.")
        elif a != b:
            short = [json.dumps(v, ensure_ascii=False) for v in (a, b)]
            short = [s if len(s) <= 40 else s[:39] + "…" for s in short]
            out.append(f"{prefix}{key}: {short[0]} here, {short[1]} asked")
    return out[:6]

"""Where a designer's files live: ``decks/``, ``schemas/``, ``templates/``; and ``out/``.

The workspace is the nearest directory (from the current one upwards) that has a ``decks/``
folder, or the one named by ``--root`` / ``CARDTOOLS_ROOT``. Schemas and templates that ship
with cardtools are always available behind the workspace's own, so a designer's fourth game
can reuse them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import cardtools

_PACKAGE = Path(cardtools.__file__).resolve().parent
#: The shipped schemas, decks and templates: the source checkout, or the copy inside a wheel.
BUILTIN = _PACKAGE.parent if (_PACKAGE.parent / "schemas").is_dir() else _PACKAGE / "_data"


@dataclass(frozen=True)
class Workspace:
    root: Path

    def __post_init__(self):
        object.__setattr__(self, "root", Path(self.root).resolve())

    @classmethod
    def find(cls, root: str | Path | None = None) -> "Workspace":
        if root is None:
            root = os.environ.get("CARDTOOLS_ROOT") or None
        if root is not None:
            return cls(Path(root).resolve())
        here = Path.cwd().resolve()
        for candidate in (here, *here.parents):
            if (candidate / "decks").is_dir():
                return cls(candidate)
        return cls(BUILTIN)

    @property
    def decks(self) -> Path:
        return self.root / "decks"

    @property
    def out(self) -> Path:
        """Outputs go to ``out/`` of the current folder, never into the workspace found upwards
        or the installed package (whose shipped games a designer may print from anywhere)."""
        return Path.cwd() / "out"

    def search_path(self, folder: str) -> list[Path]:
        """The workspace's folder first, then the built-in one (if different)."""
        paths = [self.root / folder]
        if (BUILTIN / folder).resolve() != paths[0].resolve():
            paths.append(BUILTIN / folder)
        return paths

    def games(self) -> list[str]:
        return sorted(p.parent.name for p in self.decks.glob("*/game.yaml"))

    def deck_dir(self, game: str) -> Path:
        return self.decks / game

    def read_yaml(self, path: Path):
        """``load_yaml(path)``, parsed once while the file is unchanged: validating every variant of
        a game reads the same card files again. Callers must not change the document's data."""
        from cardtools.core.yamlfile import load_yaml

        return self._read(load_yaml, Path(path))

    def read_table(self, path: Path):
        """``load_table(path)``: a spreadsheet card file with its side file, parsed once while both
        are unchanged."""
        from cardtools.core.spreadsheet import load_table, side_file

        return self._read(load_table, Path(path), side_file(Path(path)))

    def _read(self, parse, path: Path, *also: Path):
        try:
            key = (parse.__name__, *((str(p), *_stamp(p)) for p in (path, *also)))
        except OSError:
            return parse(path)
        if key not in self._parsed:
            self._parsed[key] = parse(path)
        result, found = self._parsed[key]
        return result, list(found)

    @cached_property
    def _parsed(self) -> dict:
        return {}

    def memo(self, key, compute):
        """A value derived from this workspace's files, computed once per run (a vocabulary, a
        card's lint result): a command validating every variant of a game meets the same cards."""
        store = self.__dict__.setdefault("_memo", {})
        if key not in store:
            store[key] = compute()
        return store[key]

    @cached_property
    def schemas(self):
        from cardtools.core.schemas import SchemaStore

        return SchemaStore(self.search_path("schemas"))


def _stamp(path: Path) -> tuple:
    """What tells a changed file: its modification time and size (None for a missing file)."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        return (None, None)
    return stat.st_mtime_ns, stat.st_size

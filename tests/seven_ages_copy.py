"""Helpers for tests that break a copy of the 7 Ages deck and check where validation points."""

import shutil
from pathlib import Path

REPO = Path(__file__).parent.parent


def copy_7ages(tmp_path: Path, monkeypatch) -> Path:
    """A throw-away copy of the 7 Ages deck and the schemas, worked from, for tests that break its files."""
    root = tmp_path / "ws"
    shutil.copytree(REPO / "decks" / "7ages", root / "decks" / "7ages")
    shutil.copytree(REPO / "schemas", root / "schemas")
    monkeypatch.chdir(root)
    return root


def edit(root: Path, rel: str, old: str, new: str) -> None:
    """Replace ``old``, which must occur exactly once, in the file ``rel``."""
    path = root / rel
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


def position(root: Path, rel: str, after: str, text: str) -> str:
    """'line:col' of the first ``text`` at or after the first line holding ``after``."""
    lines = (root / rel).read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if after in line)
    row = next(i for i in range(start, len(lines)) if text in lines[i])
    return f"{row + 1}:{lines[row].index(text) + 1}"

"""Fixtures for printing tests: a small game whose cards have hand-written text, and PDF readers."""

import shutil
from pathlib import Path

import pytest

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace as CoreWorkspace

FIXTURES = Path(__file__).parent.parent / "fixtures"
REPO = Path(__file__).parent.parent.parent
MM = 72 / 25.4


class PrintWorkspace:
    """A throw-away copy of tests/fixtures/printing (the game "demo") that a test may edit."""

    def __init__(self, root: Path):
        self.root = root
        self.workspace = CoreWorkspace(root)

    def path(self, rel: str) -> Path:
        return self.root / rel

    def write(self, rel: str, text: str) -> Path:
        path = self.path(rel)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return path

    def replace(self, rel: str, old: str, new: str) -> None:
        text = self.path(rel).read_text()
        assert old in text, f"{old!r} not in {rel}"
        self.write(rel, text.replace(old, new, 1))

    def deck(self, game: str = "demo"):
        return load_deck(game, workspace=self.workspace)


@pytest.fixture
def demo(tmp_path, monkeypatch) -> PrintWorkspace:
    root = tmp_path / "ws"
    shutil.copytree(FIXTURES / "printing", root)
    monkeypatch.chdir(root)
    return PrintWorkspace(root)


@pytest.fixture(scope="session")
def repo() -> CoreWorkspace:
    return CoreWorkspace(REPO)


def mm(points: float) -> float:
    return points / MM

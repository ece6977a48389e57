import shutil
from pathlib import Path

import pytest

from cardtools.cli import main

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).parent.parent


class Workspace:
    """A throw-away copy of a fixture workspace whose files a test may rewrite."""

    def __init__(self, root: Path):
        self.root = root

    def path(self, rel: str) -> Path:
        return self.root / rel

    def read(self, rel: str) -> str:
        return self.path(rel).read_text()

    def write(self, rel: str, text: str) -> Path:
        path = self.path(rel)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return path

    def replace(self, rel: str, old: str, new: str) -> None:
        text = self.read(rel)
        assert old in text, f"{old!r} not in {rel}"
        self.write(rel, text.replace(old, new, 1))


@pytest.fixture
def mini(tmp_path, monkeypatch) -> Workspace:
    root = tmp_path / "ws"
    shutil.copytree(FIXTURES / "mini", root)
    monkeypatch.chdir(root)  # diagnostics print paths relative to the working directory
    return Workspace(root)


@pytest.fixture
def cli(capsys):
    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run

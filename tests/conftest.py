import shutil
from pathlib import Path

import pytest
from hypothesis import settings
from xdist.scheduler import LoadFileScheduling

from cardtools.cli import main
from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace as CoreWorkspace

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).parent.parent

# Hypothesis fails an example slower than its 200 ms deadline: a wall-clock timing that tests running
# side by side (pytest-xdist) on a loaded machine miss at random. What is too slow is measured in
# benchmarks/, never asserted (DEVELOPERS.md).
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")

#: Test files whose tests stand alone and are long together: given to the workers test by test.
SPREAD = ("tests/test_conformance.py",)


class LoadFileSpread(LoadFileScheduling):
    """`--dist loadfile` (a file's tests on one worker, in their order, its module fixtures made once),
    except the files of SPREAD: the engine conformance suite is a quarter of the suite's time, and as one
    file it would keep one worker busy long after the others ran out of work."""

    def _split_scope(self, nodeid: str) -> str:
        file = super()._split_scope(nodeid)
        return nodeid if file in SPREAD else file


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    """The scheduler of `--dist loadfile` (pyproject.toml's addopts); another `--dist` is left as asked."""
    return LoadFileSpread(config, log) if config.getvalue("dist") == "loadfile" else None


class Workspace:
    """A throw-away copy of a fixture workspace whose files a test may rewrite."""

    def __init__(self, root: Path, game: str = "mini"):
        self.root = root
        self.game = game
        self.workspace = CoreWorkspace(root)

    def deck(self, game: str | None = None, variant: str | None = None):
        return load_deck(game or self.game, variant, workspace=self.workspace)

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
def fixture_workspace(tmp_path, monkeypatch):
    """Copy a fixture workspace (tests/fixtures/<name>) to a temporary folder and work from there."""
    def copy(name: str, game: str) -> Workspace:
        root = tmp_path / "ws"
        shutil.copytree(FIXTURES / name, root)
        monkeypatch.chdir(root)  # diagnostics print paths relative to the working directory
        return Workspace(root, game)
    return copy


@pytest.fixture
def shipped(tmp_path, monkeypatch) -> Workspace:
    """A copy of the shipped decks, schemas and templates that a test may break, worked from."""
    root = tmp_path / "ws"
    for folder in ("decks", "schemas", "templates"):
        shutil.copytree(REPO / folder, root / folder)
    monkeypatch.chdir(root)
    return Workspace(root, "aoc")


@pytest.fixture
def mini(fixture_workspace) -> Workspace:
    return fixture_workspace("mini", "mini")


@pytest.fixture
def cli(capsys):
    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run

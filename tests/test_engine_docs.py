"""docs/engines.md stays true: its runnable examples run, and its excerpts are the code they quote."""

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).parent.parent
DOC = (REPO / "docs" / "engines.md").read_text()
QUOTED = [REPO / "tests/fixtures/toy/toy_rules.py", REPO / "cardtools/games/aoc/__init__.py", REPO / "pyproject.toml"]


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC, re.S)


def test_every_excerpt_is_the_code_it_quotes():
    sources = [path.read_text() for path in QUOTED]
    excerpts = blocks("py") + blocks("toml")
    assert excerpts and [e for e in excerpts if not any(e in source for source in sources)] == []


def test_every_example_runs():
    for example in blocks("python"):
        done = subprocess.run([sys.executable, "-c", example], cwd=REPO, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip()

"""Every `cardtools` command shown in README.md, DEVELOPERS.md and docs/ runs as written: each line of
a ```sh block that starts with `cardtools` is run in a copy of the repository and must exit 0.

A block preceded by `<!-- not run: REASON -->` is skipped (it needs machines of your own, such as
a Dask scheduler). Simulations, sweeps and tuning are shortened (`--games 12`, `--jobs 1`) to keep
CI in time; every other word is as the docs write it. `cardtools watch` runs until it serves its page.
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent
DOCS = [REPO / "README.md", REPO / "DEVELOPERS.md", *sorted((REPO / "docs").rglob("*.md"))]
BLOCK = re.compile(r"(<!-- not run: [^>]*-->\s*)?```sh\n(.*?)```", re.S)


def commands() -> list[tuple[str, str]]:
    found = []
    for doc in DOCS:
        for skipped, body in BLOCK.findall(doc.read_text(encoding="utf-8")):
            if skipped:
                continue
            for line in body.replace("\\\n", " ").splitlines():
                if line.startswith("cardtools "):
                    found.append((doc.relative_to(REPO).as_posix(), line))
    return found


def shortened(argv: list[str]) -> list[str]:
    if argv[1] in ("simulate", "sweep", "tune"):
        argv = [("12" if prev == "--games" else word) for prev, word in zip([""] + argv, argv)] + ["--jobs", "1"]
    return argv


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("docs")
    for folder in ("decks", "schemas", "templates", "tests/scenarios"):
        shutil.copytree(REPO / folder, root / folder)
    return root


def test_the_docs_show_commands():
    assert len(commands()) > 30


@pytest.mark.slow
@pytest.mark.parametrize("doc, line", commands(), ids=[f"{d}: {l[:60]}" for d, l in commands()])
def test_every_command_in_the_docs_runs(workspace, doc, line):
    argv = shortened(shlex.split(line, comments=True))
    command = [sys.executable, "-m", "cardtools", *argv[1:]]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if argv[1] == "watch":
        command += ["--port", "0"]
        with subprocess.Popen(command, cwd=workspace, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env=env) as process:
            try:
                lines = []
                for output in process.stdout:
                    lines.append(output)
                    if output.startswith("serving http://127.0.0.1:"):
                        break
                assert lines and lines[-1].startswith("serving"), "".join(lines)
            finally:
                process.terminate()
        return
    done = subprocess.run(command, cwd=workspace, capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, f"{doc}: {line}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"

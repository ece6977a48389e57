"""docs/new-game.md runs as written: its shell blocks in order, in an empty folder, with its edits
(YAML blocks headed `# in PATH, after the line "…"` or `# in PATH, remove the line "…"`) applied
between them; and the error it shows is the one cardtools prints."""

import os
import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).parent.parent / "docs" / "new-game.md"
EDIT = re.compile(r'# in (\S+), (after|remove) the line "(.*)"')
BLOCK = re.compile(r"```(sh|yaml)\n(.*?)```", re.S)


def run(block: str, cwd: Path) -> Path:
    """Run a shell block in ``cwd``; returns the folder it ends in (a block may ``cd``)."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("CARDTOOLS_ROOT", None)
    done = subprocess.run(["bash", "-e", "-c", f"{block}\npwd"], cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{block}\n{done.stdout}{done.stderr}"
    return Path(done.stdout.splitlines()[-1])


def edit(block: str, cwd: Path) -> None:
    header, _, body = block.partition("\n")
    path, how, anchor = EDIT.match(header).groups()
    lines = (cwd / path).read_text().split("\n")
    at = lines.index(anchor)
    lines[at:at + 1] = [] if how == "remove" else [anchor, *body.rstrip("\n").split("\n")]
    (cwd / path).write_text("\n".join(lines))


def test_the_walk_through_runs_as_written(tmp_path):
    text = DOC.read_text()
    cwd = tmp_path
    edits = 0
    for kind, block in BLOCK.findall(text):
        if kind == "sh":
            cwd = run(block, cwd)
        elif EDIT.match(block):
            edit(block, cwd)
            edits += 1
    assert edits == 5 and (cwd / "decks/mygame/cards.csv").is_file()


def test_the_error_it_shows_is_the_one_cardtools_prints(tmp_path):
    text = DOC.read_text()
    shown = next(line for line in text.splitlines() if line.startswith("decks/mygame/cards.yaml:"))
    cwd = tmp_path
    for kind, block in BLOCK.findall(text.split("## 4.")[0]):  # up to the mottos
        if kind == "sh":
            cwd = run(block, cwd)
        elif EDIT.match(block):
            edit(block, cwd)
    cards = cwd / "decks/mygame/cards.yaml"
    cards.write_text(cards.read_text().replace("  motto:", "  mottoo:"))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["cardtools", "validate"], cwd=cwd, env=env, capture_output=True, text=True)
    assert shown in done.stderr.splitlines()

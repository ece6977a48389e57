"""Machine instructions per seeded random game (valgrind's callgrind), a speed figure free of drift.

It tells whether a change to an engine made it cheaper, where games/s cannot: a shared machine's
games/s drift by a third within minutes (docs/simulation.md § Compiled engine modules), so a change
worth a few percent is lost in the noise of a timed run. The instructions a seeded game costs do not
drift: the same seeds play the same moves. Each measurement runs the engine under callgrind, counting
only while GAMES seeded random games are played (``callgrind_control`` turns counting on after the
deck is loaded and off before the interpreter's exit, whose freeing would count too), and prints the
count per game. ``--tree`` measures another checkout (a branch's worktree) the same way, for a
before/after pair. Python by default (a compiled copy of an edited module is not used anyway);
``--compiled`` uses the build. ``--caches`` also simulates the caches and branch predictors and
prints the instruction-cache misses and mispredicted branches per game (what a profile-guided
compile saves more of than instructions; twice as slow). Needs valgrind; about a minute per
measurement (callgrind runs some fifty times slower than the game).
Run: python benchmarks/instructions.py [--game tta] [--variant first-game] [--games 8] [--tree PATH ...]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

#: The tree's own random-game loop (benchmarks/timing.py's ``play_random``), on the seeds 0..GAMES-1.
PLAY = """\
import os, subprocess, sys
sys.path.insert(0, "benchmarks")
from timing import play_random
from cardtools.core.loader import load_deck
from cardtools.engine.contract import new_game
game_id, variant, games, players = sys.argv[1], sys.argv[2] or None, int(sys.argv[3]), int(sys.argv[4])
game = new_game(load_deck(game_id, variant))
subprocess.run(["callgrind_control", "--instr=on", str(os.getpid())], check=True, stdout=subprocess.DEVNULL)
play_random(game, players, range(games))
subprocess.run(["callgrind_control", "--instr=off", str(os.getpid())], check=True, stdout=subprocess.DEVNULL)
"""


#: The events printed per game: callgrind's name for each, and ours (``--caches`` adds the others).
EVENTS = (("Ir", "instructions"), ("I1mr", "instruction-cache misses"), ("Bcm", "mispredicted branches"),
          ("Bim", "mispredicted indirect jumps"))


def counted(tree: Path, args: argparse.Namespace, games: int) -> dict[str, int]:
    """What callgrind counted (event -> total) while ``games`` seeded games were played."""
    with tempfile.TemporaryDirectory() as scratch:
        script, out = Path(scratch) / "play.py", Path(scratch) / "callgrind.out"
        script.write_text(PLAY, encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0",
               "CARDTOOLS_NATIVE": "1" if args.compiled else "0"}
        simulate = ["--cache-sim=yes", "--branch-sim=yes"] if args.caches else []
        subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no", *simulate,
                        f"--callgrind-out-file={out}", sys.executable,
                        str(script), args.game, args.variant, str(games), str(args.players)],
                       env=env, cwd=tree, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        text = out.read_text()
        names = re.search(r"^events: (.+)$", text, re.M).group(1).split()
        totals = map(int, re.search(r"^totals: (.+)$", text, re.M).group(1).split())
        return dict(zip(names, totals))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tta", help="the game (default tta)")
    parser.add_argument("--variant", default="first-game", help="its variant, '' for the base game (default first-game)")
    parser.add_argument("--games", type=int, default=8, help="seeded random games played (default 8)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--tree", type=Path, action="append", help="a checkout to measure (default this one; repeatable)")
    parser.add_argument("--compiled", action="store_true", help="use the compiled modules (default: Python)")
    parser.add_argument("--caches", action="store_true", help="also count instruction-cache misses and "
                        "mispredicted branches (simulated; twice as slow)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("needs valgrind (Debian: apt install valgrind)")
    print(f"{args.games} seeded random {args.players}-player games of {args.game}"
          f"{' (' + args.variant + ')' if args.variant else ''}, "
          f"{'compiled' if args.compiled else 'Python'}, python {sys.version.split()[0]}")
    for tree in args.tree or [HERE]:
        tree = tree.resolve()
        played = counted(tree, args, args.games)
        print(f"{tree}: " + ", ".join(f"{played[event] / args.games / 1e6:,.2f} M {name}"
                                      for event, name in EVENTS if event in played) + " per game")


if __name__ == "__main__":
    main()

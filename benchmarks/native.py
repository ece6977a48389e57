"""Compiled against Python: random 4-player games/s/core of each engine, its compiled modules and its
Python modules measured side by side (docs/simulation.md § Compiled engine modules).

A shared machine's speed drifts within minutes, so one process of each runs at the same time, one on
each of the first two cores, and then again with the cores swapped; each line gives both figures
and their ratio. Needs two cores and a build (pip install -e .); CPU seconds of each process.
Run: python benchmarks/native.py [--rounds 2] [--aoc 800] [--tta 80] [--seven-ages 10]
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import cpu, machine, play_random  # noqa: E402

RULES = {"aoc": "cardtools.games.aoc.rules", "tta": "cardtools.games.tta.rules",
         "7ages": "cardtools.games.seven_ages.rules"}
DECKS = (("aoc", None, "Age of Civilization"), ("tta", "first-game", "Through the Ages, first game"),
         ("7ages", None, "7 Ages"))


def worker(game_id: str, variant: str, games: int, core: int) -> None:
    """In a child process: play on one core, print games per CPU second."""
    from cardtools.core.loader import load_deck

    os.sched_setaffinity(0, {core})
    game = importlib.import_module(RULES[game_id]).Game(load_deck(game_id, variant or None))
    seconds, _ = cpu(play_random, game, 4, range(games))
    print(games / seconds)


def side_by_side(game_id: str, variant: str | None, games: int, compiled_core: int) -> tuple[float, float]:
    """Compiled on one core and Python on the other, at the same time: (compiled, Python) games/s."""
    runs = []
    for setting, core in (("1", compiled_core), ("0", 1 - compiled_core)):
        env = {**os.environ, "CARDTOOLS_NATIVE": setting}
        runs.append(subprocess.Popen([sys.executable, __file__, "--worker", game_id, variant or "", str(games),
                                      str(core)], env=env, stdout=subprocess.PIPE, text=True))
    compiled, python = (float(run.communicate()[0]) for run in runs)
    return compiled, python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="pairs of runs (each on both core orders; default 2)")
    parser.add_argument("--aoc", type=int, default=800, help="Age of Civilization games per run (default 800)")
    parser.add_argument("--tta", type=int, default=80, help="Through the Ages first games per run (default 80)")
    parser.add_argument("--seven-ages", type=int, default=10, help="7 Ages games per run (default 10)")
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        game_id, variant, games, core = args.worker
        worker(game_id, variant, int(games), int(core))
        return
    if len(os.sched_getaffinity(0)) < 2:
        raise SystemExit("needs two cores: one for each side")
    import cardtools.engine.state  # noqa: F401  (so that the header counts what a compiled run uses)

    print(f"compiled against Python, random 4-player games/s/core; {machine()}")
    games = {"aoc": args.aoc, "tta": args.tta, "7ages": args.seven_ages}
    for game_id, variant, title in DECKS:
        for _ in range(args.rounds):
            for core in (0, 1):
                compiled, python = side_by_side(game_id, variant, games[game_id], core)
                print(f"{title:30} compiled {compiled:8.1f}  Python {python:8.1f}  ratio {compiled / python:5.2f}")


if __name__ == "__main__":
    main()

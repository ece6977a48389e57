"""Reference sheet speed: milliseconds to build each shipped game's sheet (A4), warm.

A sheet is regenerated with every build, so it should stay well under a second per game
(DESIGN.md §3.7). The first build of a game includes compiling its card text templates.
Run: python benchmarks/reference.py
"""

from __future__ import annotations

import statistics
from pathlib import Path

from timing import timed

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.render.reference import build_reference
from cardtools.render.units import PAPERS

REPO = Path(__file__).resolve().parent.parent
RUNS = 5


def main() -> None:
    workspace = Workspace(REPO)
    print(f"{'game':<8} {'pages':>5} {'first ms':>9} {'warm ms (median of 5)':>22}")
    for game in workspace.games():
        deck = load_deck(game, workspace=workspace)
        results = []
        (first,) = timed(lambda: results.append(build_reference(deck, workspace, PAPERS["a4"])[1]), 1)
        warm = timed(lambda: build_reference(deck, workspace, PAPERS["a4"]), RUNS)
        print(f"{game:<8} {results[0].pages:>5} {first * 1000:>9.0f} {statistics.median(warm) * 1000:>22.0f}")


if __name__ == "__main__":
    main()

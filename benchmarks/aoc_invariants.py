"""Age of Civilization invariants over 10,000 seeded random games, every variant and player count.

Checks after every move (cardtools.games.aoc.invariants): the game ends after 6 rounds with a
turn per player per round, coins/workers/score never negative, at most 3 civilization cards,
every action paid for exactly; and that a replayed seed gives the same log (every 10th game).
Prints the count of games and violations, and one digest over all game logs (the fingerprint to
compare between versions: a change must be explained).
Run: python benchmarks/aoc_invariants.py [--games 10000]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import checked_games  # noqa: E402

from cardtools.core.loader import load_deck  # noqa: E402
from cardtools.games.aoc.invariants import play_checked  # noqa: E402
from cardtools.games.aoc.rules import Game  # noqa: E402

#: (variant, players, share of the games)
CONFIGS = [(None, 2, 2), (None, 3, 2), (None, 4, 2), ("drafting", 2, 1), ("drafting", 3, 1), ("drafting", 4, 1),
           ("solo", 1, 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    shares = sum(share for *_, share in CONFIGS)
    fingerprint = hashlib.sha256()
    total = bad = replays = mismatched = 0
    start = time.perf_counter()
    print(f"{'variant':>8}  {'players':>7}  {'games':>6}  {'violations':>10}  {'replayed':>8}  {'differ':>6}")
    for variant, players, share in CONFIGS:
        game = Game(load_deck("aoc", variant))
        games = args.games * share // shares
        results, replayed, differ = checked_games(play_checked, game, players, range(games), fingerprint,
                                                  f"{variant or 'base'} {players}p")
        violations = sum(1 for r in results if r.violations)
        print(f"{variant or 'base':>8}  {players:>7}  {games:>6}  {violations:>10}  {replayed:>8}  {differ:>6}")
        total, bad, replays, mismatched = total + games, bad + violations, replays + replayed, mismatched + differ
    elapsed = time.perf_counter() - start
    print(f"{total} games, {bad} with violations, {mismatched} of {replays} replays differ; "
          f"{elapsed:.1f} s ({total / elapsed:.0f} checked games/s)")
    print(f"fingerprint of all logs: {fingerprint.hexdigest()}")


if __name__ == "__main__":
    main()

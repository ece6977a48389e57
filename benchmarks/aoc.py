"""Age of Civilization engine speed: random-agent games per second per core, at 2, 3 and 4 players.

Target (issue 4): >= 1,000 four-player games per second per core. Timed in CPU seconds of this
process (the figure per core, whatever else the machine runs), best of several rounds.
Run: python benchmarks/aoc.py [--games 2000] [--rounds 3] [--variant drafting]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from cardtools.core.loader import load_deck
from cardtools.games.aoc.rules import Game


def play_random(game: Game, players: int, seeds: range) -> int:
    """Play one game per seed with uniformly random moves; returns the number of decisions."""
    decisions = 0
    for seed in seeds:
        state = game.new_state(players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            moves = state.legal_actions()
            state.apply(moves[rng.randrange(len(moves))])
            decisions += 1
    return decisions


def measure(game: Game, players: int, games: int, rounds: int) -> tuple[float, float]:
    """(games per CPU second, decisions per game), best of ``rounds``."""
    best = float("inf")
    decisions = 0
    for _ in range(rounds):
        start = time.process_time()
        decisions = play_random(game, players, range(games))
        best = min(best, time.process_time() - start)
    return games / best, decisions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per measurement (default 2000)")
    parser.add_argument("--rounds", type=int, default=3, help="measurements per player count; the best counts")
    parser.add_argument("--variant", help="a variant of the deck (drafting, solo)")
    args = parser.parse_args()
    game = Game(load_deck("aoc", args.variant))
    counts = [1] if game.rules["virtual_opponent"] else [2, 3, 4]
    play_random(game, counts[-1], range(50))  # warm-up
    print(f"Age of Civilization{f' ({args.variant})' if args.variant else ''}, random agents, "
          f"python {sys.version.split()[0]}")
    print(f"{'players':>7}  {'games/s/core':>12}  {'decisions/game':>14}  {'decisions/s':>11}")
    for players in counts:
        rate, per_game = measure(game, players, args.games, args.rounds)
        print(f"{players:>7}  {rate:>12,.0f}  {per_game:>14.1f}  {rate * per_game:>11,.0f}")


if __name__ == "__main__":
    main()

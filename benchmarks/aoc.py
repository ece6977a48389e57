"""Age of Civilization engine speed: random games per second per core at 2, 3 and 4 players, greedy
games per second, search iterations per second, and the ratio against a hand-coded loop of the
same rules (benchmarks/aoc_baseline.py) measured in the same run.

Targets (issue 13, 4 players): random >= 5,000 games/s/core, greedy >= 300 games/s, mcts >= 5,000
iterations/s. Before timing, the engine and the hand-coded loop play the same seeded games with the
same random choices and must end with the same scores, workers and coins (so the yardstick plays
the same rules). Times are CPU seconds of this process (a figure per core, whatever else the machine
runs), the best of alternating rounds; the load average is printed, since a loaded machine slows
every figure (compare the ratios, measured side by side).
With --digest N: one digest of the logs of N seeded greedy 4-player games instead (a speed-up of the
engine or the agents must leave it as it was).
Run: python benchmarks/aoc.py [--games 2000] [--rounds 3] [--check 300] [--digest 100]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import aoc_baseline  # noqa: E402
from timing import cpu, greedy_digest, greedy_rate, machine, search_rate  # noqa: E402

from cardtools.core.loader import load_deck  # noqa: E402
from cardtools.games.aoc.rules import Game  # noqa: E402
from cardtools.sim.agents import RandomAgent  # noqa: E402
from cardtools.sim.play import play_counted  # noqa: E402


def play_engine(game: Game, players: int, seeds: range) -> list:
    """Play one game per seed with uniformly random moves; (score, workers, coins) per player."""
    ends = []
    for seed in seeds:
        state = game.new_state(players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            moves = state.legal_actions()
            state.apply(moves[rng.randrange(len(moves))])
        ends.append(list(zip(state.score, state.workers, state.coins)))
    return ends


def play_baseline(cards: aoc_baseline.Cards, players: int, seeds: range) -> list:
    return [aoc_baseline.play(cards, players, seed) for seed in seeds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random games per measurement (default 2000)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating measurements; the best counts (default 3)")
    parser.add_argument("--check", type=int, default=300, help="games per player count that must end alike (default 300)")
    parser.add_argument("--greedy", type=int, default=40, help="4-player greedy games to time (default 40)")
    parser.add_argument("--digest", type=int, default=0, help="print one digest of this many seeded greedy 4-player "
                        "games' logs instead (a speed-up must not change it)")
    args = parser.parse_args()
    deck = load_deck("aoc")
    if args.digest:
        print(f"{args.digest} greedy games: {greedy_digest(Game(deck), args.digest)}")
        return
    game, cards = Game(deck), aoc_baseline.Cards(deck)
    for players in (2, 3, 4):
        seeds = range(args.check)
        if play_engine(game, players, seeds) != play_baseline(cards, players, seeds):
            raise SystemExit(f"the hand-coded loop ends games differently at {players} players: fix it first")
    print(f"Age of Civilization, {machine()}; {3 * args.check} games checked to end alike in both")
    print(f"random agents      {'players':>7}  {'engine g/s':>10}  {'hand-coded g/s':>14}  {'ratio':>5}  "
          f"{'decisions/game':>14}")
    for players in (2, 3, 4):
        seeds = range(args.games)
        best = {"engine": float("inf"), "baseline": float("inf")}
        for _ in range(args.rounds):
            best["engine"] = min(best["engine"], cpu(play_engine, game, players, seeds)[0])
            best["baseline"] = min(best["baseline"], cpu(play_baseline, cards, players, seeds)[0])
        moves = sum(play_counted(game, players, [RandomAgent()] * players, s)[1] for s in range(200)) / 200
        print(f"{'':18} {players:>7}  {args.games / best['engine']:>10,.0f}  {args.games / best['baseline']:>14,.0f}  "
              f"{best['engine'] / best['baseline']:>5.2f}  {moves:>14.1f}")
    print(f"greedy agents, 4 players: {greedy_rate(game, args.greedy):,.1f} games/s/core")
    print(f"mcts, 4 players: {search_rate(game, 4, 100, 10, 2):,.0f} iterations/s/core (decisions of rounds 1 and 2)")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()

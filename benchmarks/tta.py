"""Through the Ages engine speed and invariants: random first games (variant first-game) per second per
core at 2, 3 and 4 players, greedy games per second, search iterations per second; random full games
(the base game, Ages A-IV with aggressions, wars and pacts) per second per core at 4 players; with
--invariants N, N seeded random games per player count of each deck in --variants (default: the first
game and the full game; ``all``: the full game and every shipped variant) checked move by move
(cardtools/games/tta/invariants.py); with --fingerprint N, one digest over the logs of N seeded random
games per player count, of the first game and of the full game (a change that keeps the rules keeps it).

Targets: >= 150 random 4-player first games/s/core (issue 14); >= 60 random 4-player full games/s/core
and >= 5 greedy full games/s/core (issue 15). Times are CPU seconds of this process,
the best of --rounds measurements; the load average is printed, since a loaded machine slows every
figure.
Run: python benchmarks/tta.py [--games 200] [--rounds 2] [--invariants 5000 [--variants all]] [--fingerprint 200]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
import time

from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import cpu, greedy_games, greedy_rate, machine, play_random, search_rate  # noqa: E402

from cardtools.core.loader import load_deck  # noqa: E402
from cardtools.core.variants import variant_names  # noqa: E402
from cardtools.engine.contract import new_game, random_move  # noqa: E402
from cardtools.engine.log import digest  # noqa: E402
from cardtools.games.tta.invariants import violations  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per measurement (default 200)")
    parser.add_argument("--rounds", type=int, default=2, help="measurements; the best counts (default 2)")
    parser.add_argument("--greedy", type=int, default=10, help="4-player greedy games to time (default 10)")
    parser.add_argument("--invariants", type=int, default=0, help="seeded games per player count to check (default 0)")
    parser.add_argument("--variants", default="first-game,base",
                        help="decks whose invariants are checked: comma-separated variant names, 'base' for the full "
                             "game, 'all' for the full game and every shipped variant (default first-game,base)")
    parser.add_argument("--fingerprint", type=int, default=0, help="seeded games per player count to digest (default 0)")
    args = parser.parse_args()
    game = new_game(load_deck("tta", "first-game"))
    print(f"Through the Ages (first-game), {machine()}")
    if game.facts.unplayed:
        print(f"not played yet: {'; '.join(game.facts.unplayed)}")
    print(f"random agents {'players':>7}  {'games/s/core':>12}  {'moves/game':>10}")
    for players in (2, 3, 4):
        best, moves = float("inf"), 0
        for _ in range(args.rounds):
            seconds, moves = cpu(play_random, game, players, range(args.games))
            best = min(best, seconds)
        print(f"{'':13} {players:>7}  {args.games / best:>12,.1f}  {moves / args.games:>10,.1f}")
    print(f"greedy agents, 4 players: {greedy_rate(game, args.greedy):,.1f} games/s/core")
    print(f"mcts, 4 players: {search_rate(game, 4, 50, 5, 3):,.0f} iterations/s/core (decisions of rounds 1-3)")
    full = new_game(load_deck("tta"))
    best, moves = float("inf"), 0
    for _ in range(args.rounds):
        seconds, moves = cpu(play_random, full, 4, range(args.games))
        best = min(best, seconds)
    print(f"full game (base), 4 players, random moves (never resigning, a concession): "
          f"{args.games / best:,.1f} games/s/core, {moves / args.games:,.1f} moves/game")
    rate, moves = greedy_games(full, args.greedy)
    print(f"full game (base), 4 players, greedy agents: {rate:,.1f} games/s/core, {moves:,.1f} moves/game")
    if args.invariants:
        for name in decks_named(args.variants):
            checked = full if name == "base" else new_game(load_deck("tta", name))
            start = time.monotonic()
            found = [v for players in (2, 3, 4) for seed in range(args.invariants)
                     for v in violations(checked, players, seed, random.Random(seed))]
            print(f"invariants, {name}: {3 * args.invariants:,} games at 2-4 players in "
                  f"{time.monotonic() - start:,.0f} s: "
                  + ("all hold" if not found else f"{len(found)} violations, first: {found[0]}"), flush=True)
    if args.fingerprint:
        for name, printed in (("first game", game), ("full game", full)):
            print(f"fingerprint of {3 * args.fingerprint:,} seeded random {name}s' logs: "
                  f"{fingerprint(printed, args.fingerprint)}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


def decks_named(spec: str) -> list[str]:
    """The decks --variants names: 'base' is the full game, 'all' the full game and every shipped variant."""
    if spec == "all":
        return ["base", *variant_names(Path(__file__).parent.parent / "decks" / "tta")]
    return [name.strip() for name in spec.split(",") if name.strip()]


def fingerprint(game, games: int) -> str:
    """One digest over the logs of seeded random games at 2-4 players: same rules, same digest."""
    found = hashlib.sha256()
    for players in (2, 3, 4):
        for seed in range(games):
            state, rng = game.new_state(players, seed, log=True), random.Random(seed)
            while not state.is_terminal():
                state.apply(random_move(state, state.legal_actions(), rng))
            found.update(digest(state.log).encode())
    return found.hexdigest()


if __name__ == "__main__":
    main()

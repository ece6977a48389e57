"""Report speed: seconds to build the balance report (`cardtools report`) of a run of N synthetic
rows holding K cards, without reading files: the figure is the statistics' own cost.

The rows look like a run's: games of P players, P games per deal (seats rotated), one winner per
game, and per player about H cards of K (some popular, some rare) in two card lists, so that every
part of the report has work: cards, cards per agent (with --agents 2 or more), dominant cards and
the pairs of cards held together. Goal: a report of 80,000 rows (20,000 four-player games of
Through the Ages) in well under 30 s; it took 7 min 40 s when every card and pair re-read the rows.
Times are CPU seconds of this process (the figure whatever else the machine runs) and wall seconds.
Run: python benchmarks/report.py [--rows 80000] [--cards 90] [--held 6] [--players 4] [--agents 1]
Against another checkout (the same rows): PYTHONPATH=/path/to/checkout python benchmarks/report.py
"""

from __future__ import annotations

import argparse
import random
import time

import cardtools
from cardtools.sim.report import build_report


def synthetic_run(rows: int, cards: int, held: int, players: int, agents: int,
                  seed: int = 1) -> tuple[dict, list[dict]]:
    """A manifest and ``rows`` records (rounded up to whole deals) of made-up games."""
    rng = random.Random(seed)
    names = [f"card_{i:03d}" for i in range(cards)]
    weights = [1 / (1 + i % 30) for i in range(cards)]          # a few cards in most hands, many rare
    lineup = [f"agent_{i}" for i in range(agents)]
    games = -(-rows // players // players) * players
    out = []
    for game in range(games):
        winner = rng.randrange(players)
        for seat in range(players):
            hand = sorted(set(rng.choices(names, weights, k=held)))
            out.append({"game": game, "deal": game // players, "seat": seat,
                        "agent": lineup[(seat + game) % agents], "score": rng.randrange(10, 60) + 15 * (seat == winner),
                        "rank": 1 if seat == winner else 2, "winner": seat == winner,
                        "win": 1.0 if seat == winner else 0.0, "moves": 300, "deal_seed": game // players,
                        "agent_seed": game, "wonders": hand[::3], "technologies": hand[1::3] + hand[2::3],
                        "culture": rng.randrange(50)})
    manifest = {"configuration": {"game": "synthetic", "variant": None, "ban": [], "players": players,
                                  "games": games, "agents": [lineup[s % agents] for s in range(players)],
                                  "seed": seed, "chunk": 100},
                "deck": {"name": "Synthetic", "cards": {n: {"name": n, "type": "card"} for n in names}},
                "cardtools": cardtools.__version__, "fingerprints": {}}
    return manifest, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=80_000)
    parser.add_argument("--cards", type=int, default=90)
    parser.add_argument("--held", type=int, default=6, help="cards drawn per player (repeats drop out)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agents", type=int, default=1)
    args = parser.parse_args()
    manifest, rows = synthetic_run(args.rows, args.cards, args.held, args.players, args.agents)
    wall, cpu = time.perf_counter(), time.process_time()
    report = build_report(manifest, rows)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"cardtools {cardtools.__file__}")
    print(f"{len(rows):,} rows ({report['run']['deals']:,} deals), {args.cards} cards, "
          f"{sum(len(r['wonders']) + len(r['technologies']) for r in rows) / len(rows):.1f} held per row, "
          f"{args.agents} agent(s): report in {cpu:.2f} s CPU ({wall:.2f} s wall); "
          f"{len(report['interactions']):,} pairs tested")


if __name__ == "__main__":
    main()

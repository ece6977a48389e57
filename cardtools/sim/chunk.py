"""Playing one chunk of a run: the only function any backend runs on a worker.

Every backend (in-process, local processes, Dask) calls ``play_chunk`` with the same bundle and
plan, so backends cannot diverge. A chunk's records are one row per game and seat, in game and
seat order; what a row holds is described by ``COLUMNS`` (docs/simulation.md).
"""

from __future__ import annotations

from cardtools.sim.bundle import DeckBundle, open_game
from cardtools.sim.plan import Plan
from cardtools.sim.play import play_counted

#: The columns every game's records have, in order; the engine's ``record(player)`` adds more.
COLUMNS = {
    "game": "index of the game in the run (0-based)",
    "deal": "index of the deal: the games of a deal start from the same shuffle, seats rotated",
    "seat": "0-based seat; seat 0 moves first",
    "agent": "the agent at this seat, as written in --agents",
    "score": "final score",
    "rank": "final place, 1 = winner (tied players share a place)",
    "winner": "true for every player in first place",
    "win": "share of the win: 1 / number of players in first place, else 0",
    "moves": "decisions made in the game, by all players (its length)",
    "deal_seed": "the engine's seed (cardtools play GAME --seed DEAL_SEED deals the same cards)",
    "agent_seed": "seed of the agents' random streams in this game",
}

#: What each of those columns holds: reading a run's records checks it (a file edited by hand).
KINDS = {"game": int, "deal": int, "seat": int, "agent": str, "score": (int, float), "rank": int, "winner": bool,
         "win": (int, float), "moves": int, "deal_seed": int, "agent_seed": int}


class GameFailed(RuntimeError):
    """The engine or an agent failed in a game; the message says how to reproduce it."""


def play_chunk(bundle: DeckBundle, plan: Plan, chunk: int) -> tuple[int, list[dict]]:
    """The records of chunk ``chunk``: ``(chunk, rows)``."""
    game = open_game(bundle)
    agents = {spec.label: spec.build() for spec in plan.lineup}
    rows: list[dict] = []
    for g in plan.games_of(chunk):
        seating = plan.seating(g)
        deal_seed, agent_seed = plan.deal_seed(g), plan.agent_seed(g)
        try:
            state, moves = play_counted(game, plan.players, [agents[s.label] for s in seating], deal_seed,
                                        agent_seed=agent_seed)
            records = [state.record(p) for p in range(plan.players)]
        except Exception as exc:  # noqa: BLE001 — any failure is reported with the game that shows it
            raise GameFailed(f"game {g} (deal seed {deal_seed}, agent seed {agent_seed}, seats "
                             f"{', '.join(s.label for s in seating)}) failed: {type(exc).__name__}: {exc}") from None
        ranks, scores = state.ranks(), state.scores()
        winners = ranks.count(1)
        for seat in range(plan.players):
            clash = COLUMNS.keys() & records[seat].keys()
            if clash:
                raise GameFailed(f"the {plan.game} engine's record() uses reserved column names: {', '.join(sorted(clash))}")
            rows.append({"game": g, "deal": g // plan.players, "seat": seat, "agent": seating[seat].label,
                         "score": scores[seat], "rank": ranks[seat], "winner": ranks[seat] == 1,
                         "win": 1 / winners if ranks[seat] == 1 else 0.0, "moves": moves,
                         "deal_seed": deal_seed, "agent_seed": agent_seed, **records[seat]})
    return chunk, rows

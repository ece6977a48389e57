"""One game between agents, from a seed: the unit simulation runs are made of.

The engine's chance comes from ``seed`` (its shuffles); each seat's agent gets its own RNG stream
derived from ``agent_seed`` (by default the same seed), so changing one agent never changes
another's randomness, and the same deal can be replayed with other agent streams.
"""

from __future__ import annotations

import random
from typing import Sequence

from cardtools.sim.agents import Agent


class EndlessGame(RuntimeError):
    """The game did not end within the moves its facts allow (``GameFacts.max_moves``)."""


def agent_rng(seed: int, seat: int) -> random.Random:
    return random.Random(f"agent {seed} {seat}")


def play(game, players: int, agents: Sequence[Agent], seed: int, log: bool = True):
    """Play one game to the end; returns the final state (with its log when ``log``)."""
    return play_counted(game, players, agents, seed, log)[0]


def play_counted(game, players: int, agents: Sequence[Agent], seed: int, log: bool = False,
                 agent_seed: int | None = None) -> tuple[object, int]:
    """Play one game to the end; returns the final state and the number of moves made."""
    if len(agents) != players:
        raise ValueError(f"{players} players need {players} agents, got {len(agents)}")
    state = game.new_state(players, seed, log=log)
    rngs = [agent_rng(seed if agent_seed is None else agent_seed, seat) for seat in range(players)]
    moves, limit = 0, game.facts.max_moves
    while not state.is_terminal():
        if moves == limit:
            raise EndlessGame(f"the game did not end after {limit:,} moves")
        seat = state.current_player
        state.apply(agents[seat].choose(state, state.legal_actions(), rngs[seat]))
        moves += 1
    return state, moves

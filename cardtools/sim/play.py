"""One game between agents, from a seed: the unit simulation runs are made of.

The engine's own RNG (owned by the state) shuffles; each seat's agent gets its own RNG stream
derived from the same seed, so changing one agent never changes another's randomness.
"""

from __future__ import annotations

import importlib
import random
from typing import Sequence

from cardtools.core.deck import Deck
from cardtools.games import game_module
from cardtools.sim.agents import Agent


def new_game(deck: Deck):
    """The deck's rules engine (``Game``); ValueError when its game has none."""
    module = game_module(deck.game)
    name = getattr(module, "RULES", None) if module else None
    if name is None:
        raise ValueError(f"game '{deck.game}' has no rules engine yet")
    return importlib.import_module(name).Game(deck)


def agent_rng(seed: int, seat: int) -> random.Random:
    return random.Random(f"agent {seed} {seat}")


def play(game, players: int, agents: Sequence[Agent], seed: int, log: bool = True):
    """Play one game to the end; returns the final state (with its log when ``log``)."""
    if len(agents) != players:
        raise ValueError(f"{players} players need {players} agents, got {len(agents)}")
    state = game.new_state(players, seed, log=log)
    rngs = [agent_rng(seed, seat) for seat in range(players)]
    while not state.is_terminal():
        seat = state.current_player
        state.apply(agents[seat].choose(state, state.legal_actions(), rngs[seat]))
    return state

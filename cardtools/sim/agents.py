"""Agents: who picks a move when a player must decide (simulation-notes §4.2).

An agent answers ``choose(state, legal_actions, rng) -> action`` for the player to move
(``state.current_player``). Randomness comes only from the ``rng`` it is given (one stream per
seat), so a game is reproducible from its seed. Engines provide ``clone()``, ``apply()`` and
``features(player)`` (named whole numbers such as score and coins) for agents that look ahead.
"""

from __future__ import annotations

import random
from typing import Mapping, Protocol, Sequence

from cardtools.core.diagnostics import did_you_mean


class Agent(Protocol):
    name: str

    def choose(self, state, legal_actions: Sequence[int], rng: random.Random) -> int: ...


class RandomAgent:
    """Uniform over the legal moves: the baseline, and the fastest way to find rule holes."""

    name = "random"

    def choose(self, state, legal_actions: Sequence[int], rng: random.Random) -> int:
        return legal_actions[rng.randrange(len(legal_actions))]


class GreedyAgent:
    """One step of look-ahead: the move after which a weighted sum of the mover's features is
    highest (ties broken at random). Weights will come from YAML profiles; these are a start."""

    name = "greedy"
    DEFAULT_WEIGHTS = {"score": 4, "coins": 1, "workers": 2, "technologies": 2, "wonders": 2, "military": 1}

    def __init__(self, weights: Mapping[str, int] | None = None):
        self.weights = dict(weights or self.DEFAULT_WEIGHTS)

    def choose(self, state, legal_actions: Sequence[int], rng: random.Random) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        me = state.current_player
        best: list[int] = []
        best_value = None
        for move in legal_actions:
            after = state.clone()
            after.apply(move)
            features = after.features(me)
            value = sum(w * features.get(name, 0) for name, w in self.weights.items())
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[rng.randrange(len(best))]


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}


def make_agent(name: str) -> Agent:
    """An agent by name; ValueError names the known ones."""
    if name not in AGENTS:
        raise ValueError(f"unknown agent '{name}'{did_you_mean(name, AGENTS)}; agents: {', '.join(AGENTS)}")
    return AGENTS[name]()

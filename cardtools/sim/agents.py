"""Agents: who picks a move when a player must decide (simulation-notes §4.2).

An agent answers ``choose(state, legal_actions, rng) -> action`` for the player to move
(``state.current_player``). Randomness comes only from the ``rng`` it is given (one stream per
seat and game), so a game is reproducible from its seeds. Agents that look ahead use the
engine's ``clone()``, ``apply()`` and ``features(player)`` (named numbers such as score and
coins), and ``foresee(move, after)``: the game takes the chosen move's clone over; the search
agent also uses ``determinize(player, rng)`` (``cardtools.sim.mcts``).

On the command line an agent is written ``random``, ``greedy[:PROFILE]`` (a play style from
``templates/agents/<game>/PROFILE.yaml``, or a profile file's path) or ``mcts[:ITERATIONS]``.
``resolve_agent`` turns that text into an ``AgentSpec``: plain data (the profile's weights are
read once, by whoever starts the run) that any worker process can ``build()`` into an agent.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, Sequence

from cardtools.core.diagnostics import did_you_mean
from cardtools.engine.contract import random_move

#: The greedy agent's profile when none is named.
DEFAULT_PROFILE = "balanced"
#: The search agent's iterations per decision when none are given.
DEFAULT_ITERATIONS = 100
#: At most (about a minute a decision at the measured ~2,000 iterations/s): more is a typo, not a plan.
MAX_ITERATIONS = 100_000


class Agent(Protocol):
    name: str

    def choose(self, state, legal_actions: Sequence[int], rng: random.Random) -> int: ...


class RandomAgent:
    """Uniform over the legal moves (concessions such as resigning left out): the baseline, and the
    fastest way to find rule holes."""

    name = "random"

    def choose(self, state, legal_actions: Sequence[int], rng: random.Random) -> int:
        return random_move(state, legal_actions, rng)


class GreedyAgent:
    """One step of look-ahead: the move after which a weighted sum of the mover's features is
    highest (ties broken at random). The weights are a play style (``AgentSpec`` reads them from
    a profile)."""

    name = "greedy"

    def __init__(self, weights: Mapping[str, float]):
        self.weights = tuple(weights.items())

    def choose(self, state, legal_actions: Sequence[int], rng: random.Random) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        me = state.current_player
        best: list[tuple[int, object]] = []      # (move, the state after it): the chosen one is kept
        best_value = None
        weights = self.weights
        for move in legal_actions:
            after = state.clone()
            after.apply(move)
            features = after.features(me)
            value = 0
            for name, w in weights:
                value += w * features.get(name, 0)
            if best_value is None or value > best_value:
                best, best_value = [(move, after)], value
            elif value == best_value:
                best.append((move, after))
        move, after = best[rng.randrange(len(best))]
        state.foresee(move, after)
        return move


KINDS = ("random", "greedy", "mcts")


@dataclass(frozen=True)
class AgentSpec:
    """An agent as plain data: ``label`` as the designer wrote it (``greedy:aggressive``), its kind
    and parameters (``weights`` of a greedy profile, ``iterations`` of the search)."""

    label: str
    kind: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)

    def build(self) -> Agent:
        if self.kind == "random":
            return RandomAgent()
        if self.kind == "greedy":
            return GreedyAgent(self.params["weights"])
        from cardtools.sim.mcts import MctsAgent

        return MctsAgent(self.params["iterations"])

    def to_json(self) -> dict:
        return {"label": self.label, "kind": self.kind, **self.params}


def resolve_agent(text: str, game: str, features: list[str], workspace) -> AgentSpec:
    """The agent written ``text`` for ``game``, whose engine reports ``features`` (a profile may
    weigh only those); ValueError for an unknown agent or a bad parameter, ``DiagnosticError``
    for a faulty profile file."""
    label = text.strip()
    kind, _, arg = label.partition(":")
    if kind not in KINDS:
        raise ValueError(f"unknown agent '{kind}'{did_you_mean(kind, KINDS)} (agents: random, greedy[:PROFILE], "
                         f"mcts[:ITERATIONS])")
    if kind == "random":
        if arg:
            raise ValueError(f"agent 'random' takes no parameter, got '{label}'")
        return AgentSpec(label, kind)
    if kind == "greedy":
        from cardtools.sim.profiles import load_profile

        profile = load_profile(arg or DEFAULT_PROFILE, game, features, workspace)
        return AgentSpec(label, kind, {"profile": profile.name, "weights": profile.weights})
    if arg and not (arg.isdigit() and 0 < int(arg) <= MAX_ITERATIONS):
        raise ValueError(f"agent 'mcts' takes 1 to {MAX_ITERATIONS:,} iterations per decision (mcts:200), got '{label}'")
    return AgentSpec(label, kind, {"iterations": int(arg) if arg else DEFAULT_ITERATIONS})


def parse_lineup(text: str | None, players: int) -> list[str]:
    """``--agents``: one agent per seat, comma-separated, or one for every seat; default random."""
    names = [n.strip() for n in (text or "random").split(",")]
    if len(names) == 1:
        return names * players
    if len(names) != players or not all(names):
        raise ValueError(f"{players} players need {players} agents (or one for all), got {len(names)}: '{text}'")
    return names

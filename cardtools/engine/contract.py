"""The engine contract: a game's facts, its ``Game`` and its ``State``, in the shape of OpenSpiel.

A rules module declares its facts as data at the top (``GameFacts``), a ``Game`` that compiles
the deck once and creates states, and a ``State`` with a handful of small methods. ``sim`` and
the scenario runner use nothing else, so every engine is driven the same way; the conformance
suite (``engine.conformance``) checks that an engine keeps the promises written here.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Protocol, Sequence

from cardtools.core.deck import Deck
from cardtools.core.plugins import plugin

#: ``current_player`` once the game is over (OpenSpiel's value).
TERMINAL = -4


class UnplayedRules(ValueError):
    """The deck's rule parameters ask for rules the engine does not play yet (a partial engine says
    so rather than play another game under the same name)."""


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What an agent or a runner may know about a game before playing it (OpenSpiel's GameType and
    GameInfo). The number of players comes from the deck (``players`` in game.yaml)."""

    name: str
    #: "sequential": one player decides at a time (decisions out of turn included).
    dynamics: str = "sequential"
    #: "seeded": every chance event (a shuffle) is drawn from the state's seed, never from a move.
    chance: str = "seeded"
    #: "perfect" or "imperfect" (hidden zones: ``observation`` and ``determinize`` matter).
    information: str = "perfect"
    #: What ``returns()`` gives: "win share" (the winners share 1, the others 0) or "score".
    utility: str = "win share"
    min_utility: float = 0.0
    max_utility: float = 1.0
    #: A game that has not ended after this many moves is an engine bug, not a long game.
    max_moves: int = 100_000
    #: Rules of the game an engine does not play yet, each in a few words; `play` and `simulate` say
    #: them ("not played yet: …") so that a partial engine never passes for the whole game.
    unplayed: tuple[str, ...] = ()
    #: Move kinds a player makes only by choice, never by chance (resigning, CoL § RESIGN): random
    #: play leaves them out unless nothing else is legal, or a random player would resign at once.
    concessions: tuple[str, ...] = ()


class State(Protocol):
    """A position: whose decision it is, what they may do, and what each move leads to."""

    @property
    def current_player(self) -> int: ...            # the seat deciding now; TERMINAL at the end
    log: list[str] | None                           # the game's account, when asked for
    game: "Game"                                    # what created it (its facts, its concessions)

    def legal_actions(self) -> list[int]: ...         # sorted move ids; empty only at the end
    def apply(self, action: int) -> None: ...         # make a move, run on to the next decision
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...             # per seat, by the facts' utility
    def scores(self) -> list[int]: ...                # per seat, the game's victory count
    def ranks(self) -> list[int]: ...                 # per seat, 1 = winner (ties share a place)
    def clone(self) -> "State": ...                   # independent of the original
    def foresee(self, action: int, after: "State") -> None: ...   # after: a clone with action applied,
                                                    # which the next apply(action) takes over
    def action_to_string(self, action: int) -> str: ...   # ``perform research writing``
    def string_to_action(self, text: str) -> int: ...     # its inverse, for the legal moves
    def observation(self, player: int) -> dict: ...   # what the seat may see, as plain data
    def determinize(self, player: int, rng: random.Random) -> "State": ...  # hidden zones dealt again
    def snapshot(self) -> dict: ...                   # everything, as plain data (scenario `expect:`)
    def features(self, player: int) -> dict[str, int]: ...  # named numbers for evaluating agents
    def record(self, player: int) -> dict[str, Any]: ...    # what a simulation stores per seat


class Game(Protocol):
    """The deck compiled once, with its rule parameters; it only creates states."""

    facts: GameFacts
    deck: Deck
    concessions: frozenset[int]                     # the move ids of the facts' concessions

    def new_state(self, players: int, seed: int, log: bool = False) -> State: ...
    def arrange(self, players: int, seed: int, setup: dict) -> State: ...  # a scenario's ``setup:``


def random_move(state: State, legal: Sequence[int], rng: random.Random) -> int:
    """A uniformly random move of ``legal``, the game's concessions left out unless nothing else is
    legal: what random agents, search rollouts and the conformance walk play."""
    conceded = state.game.concessions
    if conceded and not conceded.isdisjoint(legal):      # (mostly none is legal: no list to copy)
        legal = [m for m in legal if m not in conceded] or legal
    return legal[_below(rng, len(legal))]


def _below(rng: random.Random, n: int) -> int:
    """``rng.choice``'s own index, drawn the way CPython's ``Random._randbelow`` draws it (the fewest
    random bits, redrawn while out of range), so games stay those ``rng.choice`` played — without
    its two Python-level calls at every move of every random game and rollout."""
    if not n:
        raise IndexError("no legal move to choose from")
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def shuffle(rng: random.Random, items: list) -> None:
    """``rng.shuffle(items)``, the same order (CPython's Fisher-Yates, each index drawn by ``_below``),
    compiled with the engine: the standard library's runs as Python, at every deck a game shuffles."""
    for i in range(len(items) - 1, 0, -1):
        j = _below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


class NoEngine(ValueError):
    """The game has no rules engine (yet)."""


def new_game(deck: Deck) -> Game:
    """The deck's rules engine; ``NoEngine`` when its game has none."""
    found = plugin(deck.game)
    if found is None or found.rules is None:
        raise NoEngine(f"game '{deck.game}' has no rules engine yet")
    return importlib.import_module(found.rules).Game(deck)

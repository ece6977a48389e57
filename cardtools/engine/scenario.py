"""Scenario setup: a scenario file's ``setup:`` turned into a state, in the game's own words.

The scenario runner (``sim.scenario``) calls ``game.arrange(players, seed, setup)``; a game
raises ``SetupError`` with the path (inside ``setup``) of a value it cannot arrange, and the
runner reports it at that line of the scenario file.
"""

from __future__ import annotations

from cardtools.core.diagnostics import did_you_mean


class SetupError(Exception):
    """A ``setup:`` value the game cannot arrange; ``path`` is relative to ``setup``."""

    def __init__(self, path: tuple, message: str):
        self.path = tuple(path)
        self.message = message
        super().__init__(message)


def seat_named(state, name: str, path: tuple) -> int:
    """The seat a scenario names (``P1`` …); SetupError for a name not in this game."""
    names = [state.seat_name(seat) for seat in range(state.n)]
    if name not in names:
        raise SetupError(path, f"'{name}' is not a player of this {state.n}-player game ({', '.join(names)})")
    return names.index(name)


class Ownership:
    """Cards handed out by a scenario's setup. A card of a ``unique`` kind exists once (a
    civilization card): giving it twice is an error, and it leaves the markets and decks. A
    ``distinct`` kind may be owned by several players but once by each (a technology: every player
    has their own technology card); other kinds may repeat (copies of a card in a hand)."""

    def __init__(self, kinds: dict[str, tuple[str, ...]], unique: frozenset[str] = frozenset(),
                 distinct: frozenset[str] = frozenset()):
        self.kinds = kinds          # what a setup key may hold: key -> the deck's cards of that kind
        self.unique = unique
        self.distinct = unique | distinct
        self.taken: set[str] = set()

    def give(self, key: str, cards: list[str], path: tuple) -> tuple[str, ...]:
        """The cards of ``key`` given to one player, checked; SetupError at the offending one."""
        known = self.kinds[key]
        for i, card in enumerate(cards):
            if card not in known:
                raise SetupError((*path, i), f"'{card}' is not one of the {key} of this deck{did_you_mean(card, known)}")
            if (key in self.distinct and card in cards[:i]) or (key in self.unique and card in self.taken):
                raise SetupError((*path, i), f"'{card}' is given twice")
            if key in self.unique:
                self.taken.add(card)
        return tuple(cards)

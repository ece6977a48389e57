"""Validation checks for Through the Ages that a card's schema cannot express.

A card's copies may differ between player counts only as the game's setup removes them
(Code of Laws § SETUP › DECK SETUP): copies marked 3+ are left out with 2 players, copies marked 4
with 2 or 3 players, and every pact with 2 players. The ``markings`` field says how many copies
carry each marking, so the counts by player count must follow from it.
"""

from __future__ import annotations

from typing import Mapping

from cardtools.core.deck import Card, Deck
from cardtools.core.diagnostics import Diagnostic, error

#: The fewest players with which a copy carrying the marking is used.
MARKING_MIN_PLAYERS = {"3+": 3, "4": 4}
#: Only technologies of civil decks I-III carry markings.
MARKED_DECK = "civil"
MARKED_AGES = ("I", "II", "III")
#: Card types removed entirely below a player count.
TYPE_MIN_PLAYERS = {"pact": 3}


def check_player_counts(deck: Deck) -> list[Diagnostic]:
    """Each card's counts by player count agree with its markings (and pacts vanish at 2)."""
    found = []
    for card in deck.cards:
        markings = card.get("markings") or {}
        if markings and (card.get("deck") != MARKED_DECK or card.get("age") not in MARKED_AGES):
            loc = deck.locate(card, "markings")
            found.append(error(loc.path, loc.line, loc.col, "markings",
                               f"{card.id}: only civil cards of Ages I-III carry player-count markings"))
            continue
        full = card.copies(deck.manifest.max_players)
        for players in deck.manifest.player_counts:
            expected, why = expected_copies(card, full, markings, players)
            actual = card.copies(players)
            if actual != expected:
                loc = deck.locate(card, "count")
                found.append(error(loc.path, loc.line, loc.col, "count",
                                   f"{card.id}: {actual} {copies(actual)} at {players} players, but {why}"))
                break
    return found


def expected_copies(card: Card, full: int, markings: Mapping[str, int], players: int) -> tuple[int, str]:
    """The copies used at ``players`` and the reason, given the copies used at full player count."""
    min_players = TYPE_MIN_PLAYERS.get(card.type)
    if min_players is not None and players < min_players:
        return 0, f"{card.type} cards are not used with fewer than {min_players} players"
    removed = sum(n for mark, n in markings.items() if players < MARKING_MIN_PLAYERS[mark])
    marks = ", ".join(f"{n} marked {mark}" for mark, n in sorted(markings.items())) or "none marked"
    return full - removed, f"its markings leave {full - removed} of its {full} {copies(full)} ({marks})"


def copies(n: int) -> str:
    return "copy" if n == 1 else "copies"

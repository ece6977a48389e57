"""The check tying Age of Civilization's rule parameters to its cards.

The parameters themselves (``decks/aoc/game.yaml`` ``rules:``, a variant's changes) are checked
against ``schemas/aoc/rules.schema.json`` like every game's; what a schema cannot see is whether
the deck has the time-track cards the number of rounds needs.
"""

from __future__ import annotations

from cardtools.core.deck import Deck
from cardtools.core.diagnostics import Diagnostic, error


def check(deck: Deck) -> list[Diagnostic]:
    """As many rounds as the time track allows (SETUP 4: the permanent card covers 3 cards and moves
    one card a round, so the track holds rounds + 2 cards)."""
    rounds = deck.rules.get("rounds")
    if not isinstance(rounds, int) or isinstance(rounds, bool):
        return []                                   # the rules schema reports it
    track = sum(c.copies(deck.manifest.max_players) for c in deck.of_type("action", "calamity")
                if c.get("board", "time_track") == "time_track")
    if track == rounds + 2:
        return []
    loc = deck.locate_rule("rounds")
    return [error(loc.path, loc.line, loc.col, "rules",
                  f"rules.rounds: {rounds} rounds need {rounds + 2} time-track cards; the deck has {track}")]

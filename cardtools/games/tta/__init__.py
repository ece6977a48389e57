"""Through the Ages (2015): what the deck data alone cannot check.

The card database is `decks/tta/`; `docs/rules/tta-cards.md` describes its types and sources.
"""

from cardtools.games.tta.checks import check_player_counts

CHECKS = [check_player_counts]

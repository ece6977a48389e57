"""Through the Ages (2015): what the deck data alone cannot check (cards, board tables), and the game's own verbs.

The card database is `decks/tta/`; `docs/rules/tta-cards.md` describes its types, sources and
effects. The verbs (``verbs.py``) have schema and text but no runtime until a rules engine exists.
"""

from cardtools.games.tta.board_checks import check_boards
from cardtools.games.tta.checks import check_player_counts

CHECKS = [check_player_counts, check_boards]

VERBS_MODULE = "cardtools.games.tta.verbs"

"""Through the Ages (2015): what the deck data alone cannot check (cards, board tables), the game's own
verbs (``verbs.py``) and its rules engine (``rules.py``, with ``vocabulary.py``, ``board.py``,
``strength.py``, ``views.py`` and ``scenario.py``).

The card database is `decks/tta/`; `docs/rules/tta-cards.md` describes its types, sources and
effects; `docs/rules/tta.md` is the rules specification the engine follows, with what it does not
play yet in its banner.
"""

from cardtools.core.plugins import GamePlugin
from cardtools.games.tta.board_checks import check_boards
from cardtools.games.tta.checks import check_player_counts

PLUGIN = GamePlugin(
    "tta",
    checks=(check_player_counts, check_boards),
    verbs="cardtools.games.tta.verbs",
    rules="cardtools.games.tta.rules",
    # every TtA verb with a runtime
    runs=frozenset({"build", "develop", "increase_population", "colonize", "take_cards", "regain", "discard",
                    "produce", "retire", "mark_wonder", "destroy", "remove", "ruin", "strongest", "weakest",
                    "highest", "lowest", "built", "last_round", "replaced_leader", "price", "take_cost",
                    "stages_per_action", "seize", "attacking", "end_pact", "substitute"}),
)

"""7 Ages (Australian Design Group, Collector's Edition): validation checks and the rules engine.

The deck (decks/7ages) holds the 165 civilisation cards, the artefacts they print, and the data
files the rules need: the map, leader types, glory categories, the progress track, the cost
chart and the counter mix, and the facts of the rulebook's examples those files must keep. Schemas
check each file's shape; these checks tie the files together. ``rules`` is the engine (docs/rules/7ages.md): part 1
plays the board and the empires' special rules (``specials.py``); it defers the cards' other effect
fields — events, the artefacts' option 16 powers — and part 2 plays every event, one verb at a time
(``events.py``: the verbs with a runtime are ``runs``).
"""

from cardtools.core.plugins import GamePlugin
from cardtools.games.seven_ages.card_checks import check_artefacts, check_cards
from cardtools.games.seven_ages.counter_checks import check_counters
from cardtools.games.seven_ages.example_checks import check_examples
from cardtools.games.seven_ages.map_checks import check_map
from cardtools.games.seven_ages.table_checks import check_tables
from cardtools.games.seven_ages.verbs import RUNS

PLUGIN = GamePlugin("7ages", checks=(check_map, check_tables, check_counters, check_examples, check_cards,
                                     check_artefacts),
                    verbs="cardtools.games.seven_ages.verbs",
                    rules="cardtools.games.seven_ages.rules", runs=RUNS,
                    defers=frozenset({"event.effects", "power", "penalty"}))

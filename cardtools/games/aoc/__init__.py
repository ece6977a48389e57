"""Age of Civilization: its own verbs (``verbs.py``), rules engine (``rules.py``), rule parameters
(``params.py``), solo achievements (``achievements.py``) and scenario setup (``scenario.py``).

Source: seeds/003_f54a9293e38b5e67.txt; the rules specification with citations is docs/rules/aoc.md.
"""

from cardtools.core.plugins import GamePlugin
from cardtools.games.aoc import achievements, params

PLUGIN = GamePlugin(
    "aoc",
    checks=(params.check, achievements.check),
    verbs="cardtools.games.aoc.verbs",
    rules="cardtools.games.aoc.rules",
    runs=frozenset({"sacrifice", "slot", "workers", "civilizations"}),
)

"""Age of Civilization: its own verbs (``verbs.py``), rules engine (``rules.py``), rule parameters
(``params.py``), solo achievements (``achievements.py``) and scenario setup (``scenario.py``).

Source: seeds/003_f54a9293e38b5e67.txt; the rules specification with citations is docs/rules/aoc.md.
"""

from cardtools.games.aoc import achievements, params

VERBS_MODULE = "cardtools.games.aoc.verbs"
RULES = "cardtools.games.aoc.rules"
SCENARIO = "cardtools.games.aoc.scenario"
CHECKS = [params.check, achievements.check]

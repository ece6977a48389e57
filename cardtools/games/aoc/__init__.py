"""Age of Civilization: its own verbs (``verbs.py``); rules engine in ``rules.py``.

Source: seeds/003_f54a9293e38b5e67.txt; the rules specification with citations is docs/rules/aoc.md.
"""

VERBS_MODULE = "cardtools.games.aoc.verbs"

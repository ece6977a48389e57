"""The games that ship with cardtools: one package per game, each registered as a plugin.

A game needs no Python to be validated and printed: a deck folder and schemas are enough. A game
package (``cardtools/games/<package>/``) adds what data cannot say — its own verbs, checks across
cards, a rules engine — and describes it with a ``GamePlugin`` (``cardtools.core.plugins``),
declared as an entry point in pyproject.toml. Nothing below this package imports it.
"""

"""Scenario setup: a scenario file's ``setup:`` turned into a state, in the game's own words.

The scenario runner (``sim.scenario``) calls ``game.arrange(players, seed, setup)``; a game
raises ``SetupError`` with the path (inside ``setup``) of a value it cannot arrange, and the
runner reports it at that line of the scenario file.
"""

from __future__ import annotations


class SetupError(Exception):
    """A ``setup:`` value the game cannot arrange; ``path`` is relative to ``setup``."""

    def __init__(self, path: tuple, message: str):
        self.path = tuple(path)
        self.message = message
        super().__init__(message)

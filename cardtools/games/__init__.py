"""The games that ship with cardtools, and the plug-in point for a game's own Python.

A game needs no Python to be validated and printed: a deck folder and schemas are enough.
A game package (``cardtools/games/<package>/``) adds what data cannot say: its effect
vocabulary, checks across cards, and a rules engine for simulation.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Callable

#: game id (the deck folder name) -> Python package
PACKAGES = {
    "aoc": "cardtools.games.aoc",
    "tta": "cardtools.games.tta",
    "7ages": "cardtools.games.seven_ages",
}


def game_module(game: str) -> ModuleType | None:
    name = PACKAGES.get(game)
    if name is None:
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def game_checks(game: str) -> list[Callable]:
    """Checks a game adds to validation: each takes a Deck and returns diagnostics."""
    module = game_module(game)
    return list(getattr(module, "CHECKS", ())) if module else []

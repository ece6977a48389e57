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
    """Checks beyond the schemas: effects (every game), then the game's own. Each takes a Deck."""
    from cardtools.effects import lint

    module = game_module(game)
    return [lint.check, *(getattr(module, "CHECKS", ()) if module else ())]


def has_engine(game: str) -> bool:
    """Whether the game has a rules engine (so every verb it uses must be able to run)."""
    module = game_module(game)
    return module is not None and hasattr(module, "RULES")

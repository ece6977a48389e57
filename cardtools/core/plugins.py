"""Where the layers below the games find them: a registry of game plugins and deck checks.

``core``, ``effects``, ``engine`` and ``sim`` never import ``cardtools.games``: a game package
describes itself with a ``GamePlugin`` record, and these layers look it up here by game id. The
registry fills itself from the entry points of installed packages (pyproject.toml):

* group ``cardtools.games``: ``aoc = "cardtools.games.aoc:PLUGIN"`` — one plugin per game;
* group ``cardtools.checks``: ``effects = "cardtools.effects.lint:check"`` — checks every deck gets.

A test or a designer's script registers a game that is not installed with ``register(plugin)``.
Entry points are read once, the first time a game is looked up (about 20 ms).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from cardtools.core.deck import Deck
    from cardtools.core.diagnostics import Diagnostic

GAMES_GROUP = "cardtools.games"
CHECKS_GROUP = "cardtools.checks"

Check = Callable[["Deck"], "list[Diagnostic]"]


@dataclass(frozen=True)
class GamePlugin:
    """What a game package adds to what data alone gives (docs/engines.md).

    ``rules`` names the module of the game's rules engine (it defines ``Game``, whose ``facts``
    are the game's facts and whose ``arrange`` sets up scenarios); ``runs`` lists the verbs that
    engine can run, so an engine can grow one verb at a time (a card using another verb is a
    validation warning, and the engine refuses a deck holding one). ``defers`` lists whole effect
    fields an engine leaves for later (7 Ages part 1: events and card specials), which it must say.
    """

    game: str                          # the deck folder's name
    checks: tuple[Check, ...] = ()     # validation beyond the schemas, each ``check(deck) -> diagnostics``
    verbs: str | None = None           # module declaring the game's own verbs
    rules: str | None = None           # module of the rules engine; None: the game is not playable yet
    runs: frozenset[str] = frozenset()  # verbs (core and the game's) the engine runs
    #: effect fields (game.yaml's card type ``effects``) the engine does not play yet: their verbs are
    #: not the engine's to run, its games play without them, and it says so (``GameFacts.unplayed``)
    defers: frozenset[str] = frozenset()


_plugins: dict[str, GamePlugin] = {}
_points: dict = {}           # game id -> entry point not loaded yet
_checks: list[Check] = []
_loaded = False


def register(plugin: GamePlugin) -> None:
    """Make a game known (replacing a plugin of the same game)."""
    _load()
    _points.pop(plugin.game, None)
    _plugins[plugin.game] = plugin


def unregister(game: str) -> None:
    """Forget a game registered by hand (tests)."""
    _plugins.pop(game, None)


def plugin(game: str) -> GamePlugin | None:
    """The game's plugin, or None for a game made of data only. Only this game's package is imported."""
    _load()
    point = _points.pop(game, None)
    if point is not None:
        found = point.load()
        if not isinstance(found, GamePlugin) or found.game != game:
            raise TypeError(f"entry point {game} = {point.value} is not the GamePlugin of game '{game}'")
        _plugins[game] = found
    return _plugins.get(game)


def plugins() -> list[GamePlugin]:
    """Every known game's plugin, by game id."""
    _load()
    return [p for p in map(plugin, sorted({*_points, *_plugins})) if p is not None]


def deck_checks(game: str) -> list[Check]:
    """Checks beyond the schemas for a deck of ``game``: those every deck gets, then the game's own."""
    found = plugin(game)
    return [*_checks, *(found.checks if found else ())]


def _load() -> None:
    """Read the entry points once (a game's own is loaded when it is first asked for)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    from importlib.metadata import entry_points

    _checks.extend(point.load() for point in entry_points(group=CHECKS_GROUP))
    for point in entry_points(group=GAMES_GROUP):
        _points.setdefault(point.name, point)

"""The rule parameters the Age of Civilization engine reads from ``deck.rules``, and their check.

The base game's values are in ``decks/aoc/game.yaml`` (``rules:``); a variant overrides some of
them. A missing or mistyped parameter is a diagnostic at the line that set it (or at ``rules:``),
reported by ``cardtools validate`` and raised when a game is created.
"""

from __future__ import annotations

from typing import Any, Callable

from cardtools.core.deck import Deck
from cardtools.core.diagnostics import Diagnostic, DiagnosticError, error
from cardtools.core.yamlfile import pointer_join

_NUMBER = (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0, "a whole number ≥ 0")
_FLAG = (lambda v: isinstance(v, bool), "true or false")

#: name -> (test, what it must be)
PARAMS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "rounds": _NUMBER,
    "starting_coins": _NUMBER,
    "civilization_market": _NUMBER,
    "wonder_market": _NUMBER,
    "wonder_market_per_player": _NUMBER,
    "max_civilizations": _NUMBER,
    "annex_worker_below": _NUMBER,
    "rest_coins": _NUMBER,
    "rest_workers": _NUMBER,
    "market_refill": (lambda v: v in ("after_pick", "round_end", "never"), "after_pick, round_end or never"),
    "bonus_coins": (lambda v: v == "on_card" or _NUMBER[0](v), "on_card or a whole number ≥ 0"),
    "first_rise_bonus": _FLAG,
    "draft_hand": _NUMBER,
    "plague_position": _NUMBER,
    "virtual_opponent": _FLAG,
    "achievements": _FLAG,
}


def check(deck: Deck) -> list[Diagnostic]:
    """Every parameter present, with a value of the right kind; as many rounds as the time track
    allows (SETUP 4: the permanent card covers 3 cards and moves one card a round)."""
    found = []
    for name, (test, what) in PARAMS.items():
        if name not in deck.rules:
            path, line, col = _where(deck, None)
            found.append(error(path, line, col, "rules", f"rules: missing parameter '{name}' ({what})"))
        elif not test(deck.rules[name]):
            path, line, col = _where(deck, name)
            found.append(error(path, line, col, "rules", f"rules.{name}: {deck.rules[name]!r} should be {what}"))
    track = sum(c.copies(deck.manifest.max_players) for c in deck.of_type("action", "calamity")
                if c.get("board", "time_track") == "time_track")
    if not found and track != deck.rules["rounds"] + 2:
        path, line, col = _where(deck, "rounds")
        found.append(error(path, line, col, "rules", f"rules.rounds: {deck.rules['rounds']} rounds need "
                                                     f"{deck.rules['rounds'] + 2} time-track cards; the deck has {track}"))
    return found


def rule_params(deck: Deck) -> dict[str, Any]:
    """The deck's rule parameters as a plain dict; raises with every problem."""
    found = check(deck)
    if found:
        raise DiagnosticError(found)
    return dict(deck.rules)


def _where(deck: Deck, name: str | None) -> tuple:
    """The variant line that set a parameter, else the manifest's; the manifest's ``rules:`` for a
    missing one (the base game must give every parameter)."""
    files = [deck.manifest.path]
    if name is not None and deck.variant is not None:
        files = [p for p in deck.documents if p.parent.name == "variants"] + files
    pointer = "/rules" if name is None else pointer_join("/rules", name)
    for path in files:
        doc = deck.documents[path]
        if name is None or pointer in doc.values:
            pos = doc.position(pointer)
            return path, pos.line, pos.col
    return deck.manifest.path, 1, 1

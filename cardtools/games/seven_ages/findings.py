"""Diagnostics for the 7 Ages checks, placed at the exact value in a card or data file."""

from __future__ import annotations

from typing import Any, Iterable

from cardtools.core.deck import Card
from cardtools.core.diagnostics import Diagnostic, Location, did_you_mean, error


def at_data(deck, code: str, message: str, *path: Any, name: str, related: tuple[Location, ...] = (),
            key: bool = False) -> Diagnostic:
    """An error at ``path`` inside the data file ``name`` (e.g. "map", "areas", 3, "grid"); at the
    mapping key itself with ``key``."""
    loc = deck.locate_data(name, *path, key=key)
    return error(loc.path, loc.line, loc.col, code, message, related=related)


def unknown_in_data(deck, what: str, value: str, known: Iterable[str], *path: Any, name: str,
                    key: bool = False) -> Diagnostic:
    return at_data(deck, "unknown-id", f"no {what} '{value}'{did_you_mean(value, known)}", *path, name=name, key=key)


def at_card(deck, card: Card, code: str, message: str, *path: Any, related: tuple[Location, ...] = ()) -> Diagnostic:
    """An error at ``path`` inside a card, its message starting with the card's id."""
    loc = deck.locate(card, *path)
    return error(loc.path, loc.line, loc.col, code, f"{card.id}: {message}", related=related)


def unknown_in_card(deck, card: Card, what: str, value: str, known: Iterable[str], *path: Any, where: str = "") -> Diagnostic:
    hint = f" ({where})" if where else ""
    return at_card(deck, card, "unknown-id", f"no {what} '{value}'{hint}{did_you_mean(value, known)}", *path)


def duplicate_ids(deck, name: str, section: str | None = None) -> list[Diagnostic]:
    """Entries of a data file's list (the file itself, or its ``section``) that reuse an earlier id."""
    data = deck.data.get(name)
    if data is None:
        return []
    entries = data[section] if section else data
    prefix = (section,) if section else ()
    first: dict[str, int] = {}
    found = []
    for i, entry in enumerate(entries):
        if entry["id"] in first:
            other = deck.locate_data(name, *prefix, first[entry["id"]], "id")
            found.append(at_data(deck, "duplicate-id", f"'{entry['id']}' is already defined at line {other.line}",
                                 *prefix, i, "id", name=name, related=(other,)))
        else:
            first[entry["id"]] = i
    return found

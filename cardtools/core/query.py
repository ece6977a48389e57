"""Selecting and describing cards: listings (``cardtools list`` / ``show``) and the ``--only``
selections of the printing commands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from cardtools.core.deck import PROVISIONAL, Card, Deck, thaw
from cardtools.core.diagnostics import Location, did_you_mean
from cardtools.core.schemas import readable


def select(deck: Deck, *, types: Iterable[str] = (), provisional: bool = False, players: int | None = None,
           where: Mapping[str, str] | None = None) -> list[Card]:
    """Cards matching every given filter; ``where`` compares fields as text (``age=I``)."""
    types = set(types)
    chosen = []
    for card in deck.cards:
        if types and card.type not in types:
            continue
        if provisional and not card.provisional:
            continue
        if players is not None and card.copies(players) == 0:
            continue
        if where and any(not _equals(card.get(k), v) for k, v in where.items()):
            continue
        chosen.append(card)
    return chosen


def _equals(value: Any, text: str) -> bool:
    """Whether a field's value is ``text`` as written on the command line: yes/no fields as in YAML
    (``true``, also ``True``), everything else as its text."""
    if isinstance(value, bool):
        return text.lower() == str(value).lower()
    return str(value) == text


def field_names(deck: Deck) -> set[str]:
    """Every field some card of the deck has: a ``--where`` on another would silently list nothing."""
    return {name for card in deck.cards for name in card.fields}


class SelectionError(ValueError):
    """An ``--only`` word that names nothing, or a selection of no card."""


def only(deck: Deck, words: Iterable[str]) -> list[Card]:
    """The cards an ``--only`` list names: card ids, ``tag:X`` and ``type:X`` (any of them); every
    card when the list is empty. A word that names nothing, or a selection of no card, is an error
    that says what would have matched."""
    words = [w.strip() for w in words if w.strip()]
    if not words:
        return list(deck.cards)
    ids = {c.id for c in deck}
    tags = sorted({t for c in deck for t in c.tags})
    types = list(deck.manifest.card_types)
    wanted: dict[str, set[str]] = {"id": set(), "tag": set(), "type": set()}
    for word in words:
        kind, _, value = word.rpartition(":") if ":" in word else ("id", "", word)
        known = {"id": ids, "tag": tags, "type": types}.get(kind)
        if known is None:
            raise SelectionError(f"'{word}': use a card id, tag:NAME or type:NAME")
        if value not in known:
            raise SelectionError(_unknown(deck, kind, value, ids, tags, types))
        wanted[kind].add(value)
    chosen = [c for c in deck if c.id in wanted["id"] or c.type in wanted["type"] or set(c.tags) & wanted["tag"]]
    if not chosen:
        raise SelectionError(f"--only {','.join(words)} selects no card")
    return chosen


def _unknown(deck: Deck, kind: str, value: str, ids, tags, types) -> str:
    if kind == "tag":
        if not tags:
            return f"no card of {deck.game} has tags; select by id or type:NAME ({', '.join(types)})"
        return f"no card of {deck.game} has the tag '{value}'{did_you_mean(value, tags)}"
    if kind == "type":
        return f"'{value}' is not a card type of {deck.game}{did_you_mean(value, types)}"
    for other, names in (("type", types), ("tag", tags)):
        if value in names:
            return f"'{value}' is not a card id; for every card of that {other}, write {other}:{value}"
    return f"'{value}' is not a card id of {deck.game}{did_you_mean(value, sorted(ids))}"


@dataclass(frozen=True)
class Invented:
    """A provisional fact in a data file (the map, a track, a table): where it is and why."""

    data: str      # the data file's name in the manifest
    path: str      # readable path inside it, e.g. "areas[12]"
    reasons: tuple[str, ...]
    location: Location


def provisional_data(deck: Deck) -> list[Invented]:
    """Every `source:` in the deck's data files that says `provisional:`, with its position."""
    found: list[Invented] = []

    def walk(value: Any, path: tuple) -> None:
        if isinstance(value, Mapping):
            reasons = provisional_reasons(value.get("source"))
            if reasons:
                found.append(Invented(name, readable(path), reasons, deck.locate_data(name, *path, "source")))
            for key, item in value.items():
                if key != "source":
                    walk(item, path + (key,))
        elif isinstance(value, tuple):
            for i, item in enumerate(value):
                walk(item, path + (i,))

    for name, data in deck.data.items():
        walk(data, ())
    return found


def provisional_reasons(source: Any) -> tuple[str, ...]:
    entries = (source,) if isinstance(source, str) else tuple(source or ())
    return tuple(e[len(PROVISIONAL):].strip() for e in entries if isinstance(e, str) and e.startswith(PROVISIONAL))


def count_text(card: Card, players: int | None = None) -> str:
    if players is not None:
        return str(card.copies(players))
    count = card.count
    if isinstance(count, int):
        return str(count)
    return " ".join(f"{p}p:{n}" for p, n in sorted(count.items()))


def row(card: Card, players: int | None = None) -> dict[str, Any]:
    return {
        "id": card.id,
        "name": card.name,
        "type": card.type,
        "count": card.copies(players) if players is not None else thaw(card.count),
        "source": list(card.sources),
        "provisional": list(card.provisional),
        "file": f"{card.file.name}",
    }


def table(rows: list[list[str]], headers: list[str], max_width: int = 60) -> str:
    """A plain-text table; long cells are cut with an ellipsis so rows stay on one line."""
    def cut(text: str) -> str:
        return text if len(text) <= max_width else text[: max_width - 1] + "…"

    cells = [[cut(str(c)) for c in r] for r in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    return "\n".join(lines)

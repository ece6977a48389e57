"""Card text: one plain-text string per effect field of a card.

STAND-IN (print-and-play branch). The real module, which generates English from a card's
effects, is being written in parallel and replaces this file at merge. Only the contract is
used by rendering:

    card_text(deck, card) -> dict[str, str]

one entry per effect field of the card's type (``deck.manifest.card_types[type].effect_fields``),
in that order. Text is plain, with icon tokens such as ``{coin}`` and ``**bold**`` spans, and
paragraphs separated by ``\\n``. This stand-in knows no effects: it returns the card's ``text:``
override (a string goes to the first effect field, a mapping is read field by field) and an
empty string for every other field.
"""

from __future__ import annotations

from typing import Mapping

from cardtools.core.deck import Card, Deck


def card_text(deck: Deck, card: Card) -> dict[str, str]:
    card_type = deck.manifest.card_types.get(card.type)
    fields = card_type.effect_fields if card_type else ("effects",)
    override = card.get("text")
    if isinstance(override, str):
        return {name: (override if i == 0 else "") for i, name in enumerate(fields)}
    if isinstance(override, Mapping):
        return {name: str(override.get(name, "")) for name in fields}
    return {name: "" for name in fields}

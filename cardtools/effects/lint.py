"""Effect checks that run with `cardtools validate`: compile every card, generate every text.

A game whose rules engine does not exist yet still gets every check except running: its verbs
without a runtime compile to a closure that refuses to run (``EngineMissing``).
"""

from __future__ import annotations

from cardtools.core.deck import Deck, field_path
from cardtools.core.diagnostics import Diagnostic, error, warning
from cardtools.core.workspace import Workspace
from cardtools.effects.compile import compile_deck
from cardtools.effects.text import TextError, TextRenderer
from cardtools.effects.vocabulary import load_vocabulary


def check(deck: Deck) -> list[Diagnostic]:
    vocab, found = load_vocabulary(Workspace(deck.manifest.path.parents[2]), deck.game)
    if found:
        return found
    if vocab is None:
        return _effects_without_vocabulary(deck)
    _, found = compile_deck(deck, vocab)
    renderer = TextRenderer(vocab, deck, style="print")
    for card in deck.cards:
        if "text" in card.fields:
            loc = deck.locate(card, "text", key=True)
            found.append(warning(loc.path, loc.line, loc.col, "text-override",
                                 f"{card.id}: hand-written text replaces the text generated from its effects"))
        try:
            renderer.card(card)
        except (TextError, Exception) as exc:  # a template bug must name the card, not crash validation
            loc = deck.locate(card)
            found.append(error(loc.path, loc.line, loc.col, "text", f"{card.id}: cannot generate its text: {exc}"))
    return found


def _effects_without_vocabulary(deck: Deck) -> list[Diagnostic]:
    found = []
    for card in deck.cards:
        for field in deck.manifest.card_types[card.type].effect_fields:
            if card.part(field):
                loc = deck.locate(card, *field_path(field), key=True)
                found.append(error(loc.path, loc.line, loc.col, "effect",
                                   f"{card.id}: effects need templates/text/{deck.game}/vocabulary.yaml"))
    return found

"""Effect checks that run with `cardtools validate`: compile every card, generate every text.

A game whose rules engine does not exist yet still gets every check except running: its verbs
without a runtime compile to a closure that refuses to run (``EngineMissing``). A game whose
engine is still growing gets a warning for each card using a verb the engine does not run yet:
`play` and `simulate` refuse such a card (``engine.compiled``).
"""

from __future__ import annotations

from cardtools.core.deck import Deck, field_path
from cardtools.core.diagnostics import Diagnostic, DiagnosticError, error, warning
from cardtools.core.workspace import Workspace
from cardtools.effects.compile import Compiler, compile_card
from cardtools.effects.text import TemplateFailure, TextRenderer
from cardtools.effects.vocabulary import load_vocabulary


def check(deck: Deck) -> list[Diagnostic]:
    workspace = deck.workspace or Workspace(deck.manifest.path.parents[2])
    vocab, found = vocabulary(workspace, deck.game)
    if found:
        return list(found)
    if vocab is None:
        return _effects_without_vocabulary(deck)
    # A card's result depends on the card, and for its text on what it reads from other cards:
    # a deck of the same run (the base deck, its variants) that has the very same card, and in
    # which those reads give the same answers, reuses it.
    known = workspace.memo(("lint", deck.game), dict)
    try:
        renderer = TextRenderer(vocab, deck, style="print")
    except DiagnosticError as exc:  # a broken template file: report it with the deck's other problems
        return list(exc.diagnostics)
    compiler = None
    found = []
    for card in deck.cards:
        key = (id(card.fields), card.file, card.pointer, tuple(sorted(card.patches.items())))
        held = known.get(key)
        if held is None or held[0] is not card.fields or \
                any(renderer.helpers.resolve(k) != v for k, v in held[2].items()):
            compiler = compiler or Compiler(vocab, deck)
            renderer.lookups = {}
            held = known[key] = (card.fields, _check_card(deck, card, compiler, renderer), renderer.lookups)
            renderer.lookups = None
        found += held[1]
    return list(dict.fromkeys(found))  # a template that fails fails for every card using it: once


def vocabulary(workspace: Workspace, game: str):
    """The game's vocabulary and its problems, read once per run."""
    return workspace.memo(("vocabulary", game), lambda: load_vocabulary(workspace, game))


def _check_card(deck: Deck, card, compiler: Compiler, renderer: TextRenderer) -> list[Diagnostic]:
    compiled, found = compile_card(compiler, deck, card)
    for path, verb in compiled.unrunnable if compiled else ():
        loc = deck.locate(card, *path)
        found.append(warning(loc.path, loc.line, loc.col, "engine",
                             f"{card.id}: the {deck.game} engine does not run '{verb}' yet; play and simulate "
                             f"refuse this card"))
    if "text" in card.fields:
        loc = deck.locate(card, "text", key=True)
        found.append(warning(loc.path, loc.line, loc.col, "text-override",
                             f"{card.id}: hand-written text replaces the text generated from its effects"))
    try:
        renderer.card(card)
    except TemplateFailure as exc:  # the template's fault: said at its line
        found.append(error(exc.at.path, exc.at.line, exc.at.col, "template", str(exc)))
    except Exception as exc:  # a template bug must name the card, not crash validation
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

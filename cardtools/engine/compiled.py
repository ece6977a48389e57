"""The deck's abilities, compiled once for an engine — which refuses cards it cannot run yet.

An engine grows one verb at a time: its plugin lists the game's verbs it runs (``runs``). A card
using another one is a warning in ``cardtools validate``; here, where a game is about to be played,
it stops everything with one error naming every such card and verb, so nothing pretends to run.
A variant that removes those cards plays.
"""

from __future__ import annotations

from cardtools.core.deck import Deck
from cardtools.core.diagnostics import DiagnosticError
from cardtools.core.plugins import plugin
from cardtools.effects.compile import Compiler, compile_card, compile_deck


class UnrunnableDeck(ValueError):
    """The deck has cards whose abilities use verbs the engine does not run yet."""


def compile_abilities(deck: Deck, vocab) -> dict[str, dict[str, tuple]]:
    """card id -> effect field -> abilities; ``DiagnosticError`` for effects that do not compile,
    ``UnrunnableDeck`` for cards the engine cannot run."""
    compiled, problems = compile_deck(deck, vocab)
    if problems:
        raise DiagnosticError(problems)
    refused = {cid: sorted({verb for _, verb in c.unrunnable}) for cid, c in compiled.items() if c.unrunnable}
    if refused:
        cards = "; ".join(f"{cid} ({', '.join(verbs)})" for cid, verbs in refused.items())
        raise UnrunnableDeck(f"the {deck.game} engine does not run every verb of these {len(refused)} cards yet: "
                             f"{cards}. Play a variant that removes them (`remove:` in a variant file)")
    deferred = deferred_fields(deck)
    return {cid: {f: a for f, a in c.abilities.items() if f not in deferred} for cid, c in compiled.items()}


def deferred_fields(deck: Deck) -> frozenset[str]:
    """The effect fields the deck's engine does not play yet (``GamePlugin.defers``)."""
    found = plugin(deck.game)
    return found.defers if found is not None else frozenset()


def words_played(deck: Deck) -> frozenset[str] | None:
    """The words (strings and mapping keys) written in the effect fields the engine plays, or None
    when it defers none: an engine that defers fields need give meaning only to the vocabulary's
    words its played fields use (``engine.host.missing_words``)."""
    deferred = deferred_fields(deck)
    if not deferred:
        return None
    found: set[str] = set()
    for card in deck.cards:
        for name in deck.manifest.card_types[card.type].effect_fields:
            if name not in deferred:
                _words(card.get(name, ()), found)
    return frozenset(found)


def _words(node, found: set[str]) -> None:
    if isinstance(node, str):
        found.add(node)
    elif isinstance(node, dict):
        found.update(node)
        for value in node.values():
            _words(value, found)
    elif isinstance(node, (list, tuple)):
        for value in node:
            _words(value, found)


def plays_effects(deck: Deck) -> bool:
    """Whether the deck's engine plays any card effect field (an engine may defer them all: the
    vocabulary's words then need no meaning yet)."""
    deferred = deferred_fields(deck)
    return any(f not in deferred for t in deck.manifest.card_types.values() for f in t.effect_fields)


def compile_field(deck: Deck, vocab, field: str) -> dict[str, tuple[tuple, tuple[str, ...]]]:
    """One effect field the engine defers, compiled as if it played it: card id -> (abilities, the
    verbs the engine does not run yet). An engine that grows a deferred field one card at a time
    (7 Ages' events) plays the cards whose verbs all run and names the others."""
    compiler = Compiler(vocab, deck)
    found, problems = {}, []
    for card in deck.cards:
        if field not in deck.manifest.card_types[card.type].effect_fields:
            continue
        result, wrong = compile_card(compiler, deck, card, only=field)
        problems += wrong
        if result is not None:
            found[card.id] = (result.abilities[field], tuple(sorted({verb for _, verb in result.unrunnable})))
    if problems:
        raise DiagnosticError(problems)
    return found

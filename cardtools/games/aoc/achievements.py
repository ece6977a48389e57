"""The solo game's achievements (SOLO GAME › Variants in GAME PLAY 3): achievement cards whose
condition, written in the effect language, is checked for the player at game end."""

from __future__ import annotations

from typing import Callable

from cardtools.core.deck import Deck, thaw
from cardtools.core.diagnostics import Diagnostic, error
from cardtools.core.workspace import Workspace
from cardtools.effects.compile import CompileError, Compiler
from cardtools.effects.runtime import Ctx
from cardtools.effects.text import renderer_for
from cardtools.effects.vocabulary import load_vocabulary


def compile_conditions(deck: Deck, vocab) -> tuple[dict[str, Callable], list[Diagnostic]]:
    """Each achievement's condition as a closure; diagnostics at the YAML position of a bad one."""
    compiler = Compiler(vocab, deck)
    conditions, found = {}, []
    for card in deck.of_type("achievement"):
        try:
            conditions[card.id] = compiler.condition(thaw(card.get("condition")), ())
        except CompileError as exc:
            loc = deck.locate(card, "condition", *exc.path)
            found.append(error(loc.path, loc.line, loc.col, "effect", f"{card.id}: {exc.message}"))
    return conditions, found


def check(deck: Deck) -> list[Diagnostic]:
    """For `cardtools validate`: every achievement condition compiles."""
    vocab, found = load_vocabulary(Workspace(deck.manifest.path.parents[2]), deck.game)
    if found or vocab is None:
        return found
    return compile_conditions(deck, vocab)[1]


def evaluate(state) -> list[dict]:
    """Every achievement, with whether player 0 (the solo player) has unlocked it."""
    game = state.game
    renderer = renderer_for(game.deck, "plain")
    out = []
    for card in game.deck.of_type("achievement"):
        achieved = bool(game.conditions[card.id](state, Ctx(0, card.id)))
        text = renderer.render("condition", thaw(card.get("condition")))
        out.append({"id": card.id, "name": card.name, "requires": text, "achieved": achieved})
    return out

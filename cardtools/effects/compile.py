"""Compile a deck's effects once into closures (no eval, no generated code).

``compile_deck(deck, vocab)`` returns every card's abilities, per effect field, ready for an
engine; problems the schema cannot see (an `event:` word the trigger does not carry, an ability
naming a trigger's argument wrongly …) are diagnostics at the YAML position of the offending value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from cardtools.core.deck import Card, Deck, field_path
from cardtools.core.diagnostics import Diagnostic, error
from cardtools.core.plugins import plugin
from cardtools.effects.registry import SchemaParts, Verb, verbs
from cardtools.effects.runtime import Ability, Modifier, Targets, Triggered, constant, gains_of, sequence
from cardtools.effects.vocabulary import Vocabulary

#: Keys an ability may have besides its verb.
TRIGGERED_KEYS = {"when", "do", "if"}
STATIC_KEYS = {"modify", "who", "if"}
STATIC_WHO = ("you", "others", "all")


class EngineMissing(RuntimeError):
    """Raised if an effect is run that its game's engine cannot run (no engine, or not that verb yet)."""


class CompileError(Exception):
    def __init__(self, path: tuple, message: str):
        self.path = path
        self.message = message
        super().__init__(message)


@dataclass(frozen=True)
class CompiledCard:
    card: Card
    abilities: Mapping[str, tuple[Ability, ...]]  # effect field -> abilities
    #: (path in the card, verb) of every verb its game's engine does not run yet
    unrunnable: tuple[tuple[tuple, str], ...] = ()


class Compiler:
    """Compiles one card's effect trees; verbs call back into it for their sub-trees."""

    def __init__(self, vocab: Vocabulary, deck: Deck | None):
        self.vocab = vocab
        self.deck = deck
        self.verbs = verbs(vocab)
        self._event_words: Mapping[str, Any] = {}
        self._labeller = None
        found = plugin(vocab.game)
        self.engine = found if found is not None and found.rules is not None else None
        #: (path, verb) of each use of a verb the engine does not run, since the last ``compile_card``
        self.unrunnable: list[tuple[tuple, str]] = []

    # -- helpers for verbs ------------------------------------------------------------------------
    def fail(self, path: tuple, message: str):
        raise CompileError(tuple(path), message)

    def label(self, node: Any) -> str:
        """A short plain-text description of an effect (names the options of a decision)."""
        if self._labeller is None:
            from cardtools.effects.text import TextRenderer

            self._labeller = TextRenderer(self.vocab, self.deck, style="plain")
        try:
            return self._labeller.effect(node)
        except Exception:  # a label is a courtesy: never let it stop compilation
            return _verb_of(node) or "option"

    def check_measure(self, kind: str, name: Any, path: tuple) -> None:
        table = {"count": self.vocab.counts, "stat": self.vocab.stats, "event": self._event_words}[kind]
        if name not in table:
            where = "this ability's trigger" if kind == "event" else f"the vocabulary's {kind}s"
            known = ", ".join(table) or "none"
            self.fail(path, f"'{name}' is not one of {where} ({known})")

    # -- kinds ----------------------------------------------------------------------------------
    def _verb(self, kind: str, node: Any, path: tuple) -> tuple[Verb, Any]:
        if not isinstance(node, dict) or not node:
            self.fail(path, f"expected a {kind} (a mapping naming one verb)")
        known = self.verbs[kind]
        names = [k for k in node if k in known]
        if len(names) != 1:
            self.fail(path, f"a {kind} names exactly one verb of: {', '.join(known)}")
        verb = known[names[0]]
        extra = set(node) - {verb.name} - set(verb.companions(SchemaParts(self.vocab)) if verb.companions else ())
        if extra:
            self.fail(path, f"unexpected key(s) beside '{verb.name}': {', '.join(sorted(extra))}")
        return verb, (node if verb.companions else node[verb.name])

    def _run(self, kind: str, node: Any, path: tuple):
        verb, args = self._verb(kind, node, path)
        if not self._runs(verb):
            return self.refuse(path, verb.name)
        return verb.runtime(args, self, path if verb.companions else path + (verb.name,))

    def _runs(self, verb: Verb) -> bool:
        """Whether the game's engine runs the verb: core verbs run on every engine (the engine is
        the ``Host`` they call), a game's own verbs only once its plugin lists them in ``runs``."""
        return verb.runtime is not None and (self.engine is None or verb.game is None or verb.name in self.engine.runs)

    def refuse(self, path: tuple, name: str, what: str | None = None):
        """A use of a verb the game's engine cannot run (yet): it checks out, is noted under ``name``, and
        refuses to run, saying ``what`` it cannot run (default: the verb). A game's verb runtime calls
        this for the shapes of a verb its engine does not play."""
        game, what = self.vocab.game, what or name
        reason = f"the {game} engine does not run it yet" if self.engine else f"{game} has no rules engine yet"
        if self.engine is not None:
            self.unrunnable.append((path, name))

        def refuse(*_):
            raise EngineMissing(f"'{what}' cannot run: {reason}")
        return refuse

    def effect(self, node: Any, path: tuple):
        if isinstance(node, (list, tuple)):
            if not node:
                self.fail(path, "an empty list of effects does nothing")
            return sequence([self.effect(n, path + (i,)) for i, n in enumerate(node)])
        return self._run("effect", node, path)

    def value(self, node: Any, path: tuple):
        if isinstance(node, bool) or not isinstance(node, (int, dict)):
            self.fail(path, "expected a whole number or a value such as {count: technologies}")
        if isinstance(node, int):
            return constant(node)
        return self._run("value", node, path)

    def condition(self, node: Any, path: tuple):
        return self._run("condition", node, path)

    def targets(self, node: Any, path: tuple) -> Targets:
        if isinstance(node, str):
            word = self.verbs["target"].get(node)
            if word is not None and word.runtime is not None and word.schema(None) is None:
                return word.runtime(None, self, path)
            if node in self.vocab.targets:
                return Targets(lambda st, ctx, name=node: st.target(ctx, name))
            self.fail(path, f"unknown target '{node}'")
        found = self._run("target", node, path)
        return found if isinstance(found, Targets) else Targets(found)  # a verb that refuses to run

    # -- abilities ------------------------------------------------------------------------------
    def ability(self, node: Any, path: tuple, card: str, field: str) -> Ability:
        if not isinstance(node, dict):
            self.fail(path, "an ability is a mapping: {when: …, do: …} or {modify: …}")
        if "when" in node:
            self._only(node, TRIGGERED_KEYS, path)
            trigger, arg = self._trigger(node["when"], path + ("when",))
            self._event_words = self.vocab.triggers[trigger].event
            try:
                effect = self.effect(node.get("do"), path + ("do",)) if "do" in node else self.fail(
                    path, "a triggered ability needs `do:`")
                condition = self.condition(node["if"], path + ("if",)) if "if" in node else None
            finally:
                self._event_words = {}
            return Triggered(trigger, arg, effect, condition, card, field, None if condition else gains_of(effect))
        if "modify" in node:
            self._only(node, STATIC_KEYS, path)
            who = node.get("who", "you")
            if who not in STATIC_WHO:
                self.fail(path + ("who",), f"a modifier applies to one of: {', '.join(STATIC_WHO)}")
            verb, args = self._verb("modifier", node["modify"], path + ("modify",))
            compiled = (verb.runtime(args, self, path + ("modify", verb.name)) if self._runs(verb)
                        else {"refuse": self.refuse(path + ("modify",), verb.name)})
            condition = self.condition(node["if"], path + ("if",)) if "if" in node else None
            return Modifier(verb.name, compiled, who, condition, card, field, verb.subjects(args))
        self.fail(path, "an ability needs `when:` (with `do:`) or `modify:`")

    def _only(self, node: dict, allowed: set, path: tuple) -> None:
        extra = sorted(set(node) - allowed)
        if extra:
            self.fail(path + (extra[0],), f"unexpected key '{extra[0]}' in this ability ({', '.join(sorted(allowed))})")

    def _trigger(self, node: Any, path: tuple) -> tuple[str, str | None]:
        name, arg = (node, None) if isinstance(node, str) else next(iter(node.items()), (None, None))
        if name not in self.vocab.triggers:
            self.fail(path, f"unknown trigger '{name}'")
        trigger = self.vocab.triggers[name]
        if (trigger.arg is None) != (arg is None):
            self.fail(path, f"trigger '{name}' " + ("takes no argument" if trigger.arg is None
                                                  else f"needs a {trigger.arg}: {{{name}: …}}"))
        return name, arg


def compile_card(compiler: Compiler, deck: Deck, card: Card, only: str | None = None) -> tuple[CompiledCard | None,
                                                                                              list[Diagnostic]]:
    """A card's effect fields (``only``: that one field, noting its unrunnable verbs even if the engine
    defers it — an engine that grows a deferred field one ability at a time asks which run)."""
    fields = deck.manifest.card_types[card.type].effect_fields if only is None else (only,)
    out: dict[str, tuple[Ability, ...]] = {}
    compiler.unrunnable = []
    deferred = compiler.engine.defers if compiler.engine is not None and only is None else frozenset()
    for field in fields:
        nodes = card.part(field, ())
        abilities = []
        noted = len(compiler.unrunnable)
        for i, node in enumerate(nodes):
            try:
                abilities.append(compiler.ability(node, (*field_path(field), i), card.id, field))
            except CompileError as exc:
                loc = deck.locate(card, *exc.path)
                return None, [error(loc.path, loc.line, loc.col, "effect", f"{card.id}: {exc.message}")]
        if field in deferred:          # checked; the engine does not play this field yet
            del compiler.unrunnable[noted:]
        out[field] = tuple(abilities)
    return CompiledCard(card, out, tuple(compiler.unrunnable)), []


def compile_deck(deck: Deck, vocab: Vocabulary) -> tuple[dict[str, CompiledCard], list[Diagnostic]]:
    """Every card's abilities, compiled once; diagnostics for the cards that could not be."""
    compiler = Compiler(vocab, deck)
    compiled, found = {}, []
    for card in deck.cards:
        result, problems = compile_card(compiler, deck, card)
        found += problems
        if result is not None:
            compiled[card.id] = result
    return compiled, found


def _verb_of(node: Any) -> str | None:
    return next((k for k in node if k not in ("then", "else")), None) if isinstance(node, dict) else None


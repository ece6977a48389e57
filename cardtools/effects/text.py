"""Card text generated from effects, through one Jinja2 template per verb (always sandboxed).

Two styles: ``print`` writes icon tokens (``2 {coin}``) for the renderer to draw, ``plain`` writes
words (``2 coins``) for terminals and logs. Templates render lower-case fragments; an ability adds
its trigger (``**Every turn end:**``) and makes a sentence. Templates live in
``templates/text/core/verbs.yaml`` and ``templates/text/<game>/verbs.yaml``; the helpers they may call
are the methods of ``_Helpers`` (documented in docs/effects.md).
"""

from __future__ import annotations

import functools
import re
import weakref
from dataclasses import dataclass
from typing import Any, Mapping

from jinja2 import Template, TemplateError, TemplateSyntaxError

from cardtools.core import sandbox
from cardtools.core.deck import Card, Deck
from cardtools.core.diagnostics import DiagnosticError, Location, did_you_mean, error
from cardtools.core.workspace import BUILTIN, Workspace
from cardtools.core.yamlfile import load_yaml, pointer_from_path
from cardtools.effects.registry import verbs
from cardtools.effects.vocabulary import Noun, Vocabulary

STYLES = ("print", "plain")
#: Key of the text generated from a card's fields by its type's template (``types.yaml``).
SUMMARY = "summary"
_TOKEN = re.compile(r"\{([a-z][a-z0-9_]*)\}")
_PLAIN = re.compile(r"\\([{}*\\])|\*\*|\{([a-z][a-z0-9_]*)\}")  # an escaped character, bold, an icon


#: One sandbox for every template: helpers come in with each render, so a compiled template can be
#: shared by all renderers (compiling them was a noticeable part of validating a deck).
_ENV = sandbox.Sandbox()


@functools.lru_cache(maxsize=None)
def _template(source: str):
    return _ENV.from_string(source)


class TextError(Exception):
    """A template failed (a bug in a template, or a verb without one)."""


class TemplateFailure(TextError):
    """A template that raised while rendering: reported at the template's line, once, whichever
    card met it first."""

    def __init__(self, at: Location, message: str):
        super().__init__(message)
        self.at = at


@dataclass(frozen=True)
class TextTemplate:
    """One verb's (or card type's) template, compiled, and where it is written."""

    name: str  # "effect.pay", "types.wonder"
    template: Template
    at: Location

    def render(self, **context: Any) -> str:
        try:
            return sandbox.run(self.template.render, **context)
        except TextError:  # a template it renders (a nested effect) failed, or a verb has none
            raise
        except Exception as exc:  # noqa: BLE001 - a designer's template may raise anything; say where
            message = exc.message if isinstance(exc, TemplateError) and exc.message else f"{type(exc).__name__}: {exc}"
            raise TemplateFailure(self.at, f"{self.name}: {message}") from None


class TextRenderer:
    def __init__(self, vocab: Vocabulary, deck: Deck | None, style: str = "print"):
        if style not in STYLES:
            raise ValueError(f"style must be one of {STYLES}")
        self.vocab, self.deck, self.style = vocab, deck, style
        self.verbs = verbs(vocab)
        self.helpers = _Helpers(self)
        self.lookups: dict | None = None  # when a dict: what rendering read from other cards
        self.templates = load_templates(vocab)
        self.type_templates = load_templates(vocab, "types.yaml").get("types", {})

    # -- kinds ----------------------------------------------------------------------------------
    def render(self, kind: str, node: Any, **extra: Any) -> str:
        name, args = self._split(kind, node)
        template = self.templates.get(kind, {}).get(name)
        if template is None:
            raise TextError(f"no text template for {kind} '{name}'")
        return _squash(template.render(a=args, verb=name, **self.helpers.scope, **extra))

    def _split(self, kind: str, node: Any) -> tuple[str, Any]:
        if isinstance(node, str) and kind == "target":
            return node, None
        known = self.verbs[kind]
        name = next((k for k in node if k in known), None) if isinstance(node, dict) else None
        if name is None:
            raise TextError(f"not a {kind}: {node!r}")
        return name, (node if known[name].companions else node[name])

    def effect(self, node: Any) -> str:
        if isinstance(node, (list, tuple)):
            merged = self._merged(list(node))
            return merged if merged is not None else "; ".join(self.effect(n) for n in node)
        return self.render("effect", node)

    def _merged(self, nodes: list) -> str | None:
        """Several effects of one verb that differ in a single argument, as one clause when the
        verb has an ``effect_list`` template (Raid: "destroy … of Age III or earlier and another of
        Age II or earlier", not the whole clause twice); None otherwise."""
        if len(nodes) < 2 or not all(isinstance(n, dict) for n in nodes):
            return None
        split = [self._split("effect", n) for n in nodes]
        name = split[0][0]
        template = self.templates.get("effect_list", {}).get(name)
        if template is None or any(n != name for n, _ in split):
            return None
        args = [a for _, a in split]
        if not all(isinstance(a, dict) and a.keys() == args[0].keys() for a in args):
            return None
        if len([k for k in args[0] if any(a[k] != args[0][k] for a in args)]) > 1:
            return None
        return _squash(template.render(a=args, verb=name, **self.helpers.scope))

    def ability(self, node: Mapping, trigger: str | None = None) -> str:
        """One ability as a sentence; ``trigger``: the trigger's text when given (several merged)."""
        if "when" in node:
            text = self.effect(node["do"])
            if "if" in node:
                text = f"if {self.render('condition', node['if'])}, {text}"
            trigger = self.trigger(node["when"]) if trigger is None else trigger
            return f"{self.bold(trigger + ':')} {text}." if trigger else sentence(text) + "."
        holder = {"you": "you", "others": "other players", "all": "every player"}[node.get("who", "you")]
        text = self.render("modifier", node["modify"], holder=holder)
        if "if" in node:
            return f"While {self.render('condition', node['if'])}, {text}."
        return sentence(text) + "."

    def bold(self, text: str) -> str:
        return f"**{text}**" if self.style == "print" else text

    def abilities(self, nodes) -> str:
        """One sentence per ability; lasting abilities under the same condition share one sentence
        ("While you have a library, …; …") instead of repeating it."""
        out: list[str] = []
        nodes = list(nodes)
        i = 0
        while i < len(nodes):
            node, j = nodes[i], i + 1
            if "modify" in node and "if" in node:
                while j < len(nodes) and "modify" in nodes[j] and nodes[j].get("if") == node["if"] \
                        and nodes[j].get("who", "you") == node.get("who", "you"):
                    j += 1
            elif "when" in node and self.trigger(node["when"]):  # "**A, B or C:** discard this artefact."
                while j < len(nodes) and "when" in nodes[j] and nodes[j]["do"] == node["do"] \
                        and nodes[j].get("if") == node.get("if") and self.trigger(nodes[j]["when"]):
                    j += 1
            if j - i > 1 and "when" in node:
                out.append(self.ability(node, self._triggers([n["when"] for n in nodes[i:j]])))
            elif j - i > 1:
                holder = {"you": "you", "others": "other players", "all": "every player"}[node.get("who", "you")]
                parts = [self.render("modifier", n["modify"], holder=holder) for n in nodes[i:j]]
                out.append(f"While {self.render('condition', node['if'])}, {'; '.join(parts)}.")
            else:
                out.append(self.ability(node))
            i = j
        return "\n".join(out)

    def _triggers(self, nodes: list) -> str:
        """Several triggers of one ability: "When you perform Fish or Trade" when they differ only in
        their argument, else "A, b or c"."""
        names = {next(iter(n)) if isinstance(n, dict) else n for n in nodes}
        spec = self.vocab.triggers[next(iter(names))] if len(names) == 1 else None
        if spec is not None and all(isinstance(n, dict) for n in nodes) and "{arg}" in spec.text:
            return spec.text.replace("{arg}", join([self.helpers.member(spec.arg, next(iter(n.values())))
                                                    for n in nodes], "or"))
        texts = [self.trigger(n) for n in nodes]
        return join(texts[:1] + [t[:1].lower() + t[1:] for t in texts[1:]], "or")

    def trigger(self, node: Any) -> str:
        name, arg = (node, None) if isinstance(node, str) else next(iter(node.items()))
        text = self.vocab.triggers[name].text
        if arg is not None:
            text = text.replace("{arg}", self.helpers.member(self.vocab.triggers[name].arg, arg))
        return text

    def card(self, card: Card) -> dict[str, str]:
        """Text of the card: ``summary`` (from its type's template over its fields, if the game has
        one) and one text per effect field; a `text:` override wins (and is linted)."""
        fields = self.deck.manifest.card_types[card.type].effect_fields if self.deck else ("effects",)
        hand = overrides(card.get("text"), fields)
        if self.style == "plain":
            hand = {f: words(t, self.vocab) for f, t in hand.items()}
        out = {}
        summary = self.type_templates.get(card.type)
        if summary is not None:
            out[SUMMARY] = sentence(_squash(summary.render(**{**self.helpers.scope, "card": card.fields})))
        out.update({f: hand[f] if f in hand else self.abilities(card.part(f, ())) for f in fields})
        return out


class _Helpers:
    """Functions templates may call. Each returns a fragment in the renderer's style."""

    def __init__(self, r: TextRenderer):
        self.r = r
        self._members: dict[str, dict[str, str]] = {}
        v = r.vocab
        self.scope = {
            "effect": r.effect, "condition": lambda n: r.render("condition", n),
            "value": lambda n: self.measure(n),
            "modifier": lambda n, holder="you": r.render("modifier", n, holder=holder),
            "effects": lambda ns: [r.effect(n) for n in ns],
            "conditions": lambda ns: [r.render("condition", n) for n in ns],
            "values": lambda ns: [self.measure(n) for n in ns],
            "amount": self.amount, "amounts": self.amounts, "subject": self.subject, "who": self.who,
            "member": self.member, "members": self.members, "card": self.card, "part": self.part,
            "cards": lambda ids: [self.card(i) for i in ids], "join": join, "noun": self.noun,
            "stat_word": self.stat_word, "of": lambda a: a if isinstance(a, str) else a["of"],
            "whose": self.whose, "event_noun": self.event_noun, "times": self.times, "scaled": self.scaled,
            "rewards": self.rewards,
            "signed": self.signed, "comparison": self.comparison, "printed": self.printed,
            "amount_list": self.amount_list, "signed_list": self.signed_list,
            "all_zero": lambda values: all(v == 0 for v in values.values()), "victory": v.resources.get(v.victory) if v.victory else None,
            "ties": v.ties, "resources": v.resources, "stats": v.stats,
        }

    # nouns and numbers
    def word(self, noun: Noun, n: int) -> str:
        if self.r.style == "print" and noun.icon:
            return "{" + noun.icon + "}"
        return noun.one if n == 1 else noun.many

    def noun(self, group: str, name: str, n: int = 2) -> str:
        return self.word(getattr(self.r.vocab, group)[name], n)

    def stat_word(self, name: str) -> str:
        return self.word(self.r.vocab.stats[name], 1)

    def event_noun(self, name: str, n: int = 2) -> str:
        for trigger in self.r.vocab.triggers.values():
            if name in trigger.event:
                return self.word(trigger.event[name], n)
        return name

    def _measured(self, value) -> tuple[str, dict, Noun | None]:
        verb = next(iter(value))
        spec = value[verb] if isinstance(value[verb], dict) else {"of": value[verb]}
        tables = {"count": self.r.vocab.counts, "stat": self.r.vocab.stats}
        if verb in tables:
            return verb, spec, tables[verb].get(spec["of"])
        if verb == "event":
            for trigger in self.r.vocab.triggers.values():
                if spec["of"] in trigger.event:
                    return verb, spec, trigger.event[spec["of"]]
        return verb, spec, None

    def amount(self, value: Any, unit: Noun | None, absolute: bool = False, after: str = "") -> str:
        """'2 {coin}', '1 {coin} per technology (maximum 3)', '{coin} equal to …'.

        ``after`` is a word placed right after the quantity: '1 {coin} less per {military}'.
        """
        after = f" {after}" if after else ""
        if isinstance(value, int):
            n = abs(value) if absolute else value
            if unit is None:
                return f"{n}{after}"
            if unit.choice and n == 1:
                return f"{article(self.word(unit, 1))} {self.word(unit, 1)}{after}"
            return f"{n} {self.word(unit, n)}{after}"
        verb, spec, thing = self._measured(value)
        if thing is not None:
            times = spec.get("times", 1)
            if verb == "stat" and times == 1 and spec.get("per", 1) == 1 and not after and "who" not in spec:
                cap = f" (maximum {spec['max']})" if "max" in spec else ""
                return f"{self.word(unit, 2)} equal to {self.measure(value)}{cap}" if unit else self.measure(value)
            n = abs(times) if absolute else times
            per = spec.get("per", 1)
            each = f"per {self.word(thing, 1)}" if per == 1 else f"per {per} {self.word(thing, 2)}"
            if "who" in spec:
                each += f" of {self.who(spec['who'])}"
            head = f"{n} {self.word(unit, n)}" if unit is not None else str(n)
            text = f"{head}{after} {each}"
            if spec.get("round") == "up":
                text += ", rounded up"
            if "max" in spec:
                text += f" (maximum {spec['max']})"
            return text
        if verb == "held" and unit is not None and self.r.vocab.resources.get(value[verb]) == unit:
            return f"all {self.word(unit, 2)}{after}"
        unit_text = f"{self.word(unit, 2)}{after} " if unit is not None else f"{after.strip()} " if after else ""
        return f"{unit_text}equal to {self.measure(value)}"

    def signed(self, value: Any) -> int:
        """-1 when the amount is negative (literal or scaled by a negative `times`), else 1."""
        if isinstance(value, int):
            return -1 if value < 0 else 1
        verb, spec, _ = self._measured(value)
        return -1 if spec.get("times", 1) < 0 else 1

    def amount_list(self, values: Mapping, relative: bool) -> list[str]:
        """Resource amounts; ``relative`` reads them as changes ('1 {coin} less')."""
        units = self.r.vocab.resources
        if not relative:
            return [self.amount(v, units[k]) for k, v in values.items()]
        return [self.amount(v, units[k], absolute=True, after="less" if self.signed(v) < 0 else "more")
                for k, v in values.items()]

    def signed_list(self, values: Mapping, group: str) -> list[str]:
        """Changes with their sign: '+1 {military} per 2 technologies'."""
        nouns = getattr(self.r.vocab, group)
        return [f"{'-' if self.signed(v) < 0 else '+'}{self.amount(v, nouns[k], absolute=True)}"
                for k, v in values.items()]

    def printed(self, card: Mapping) -> list[str]:
        """A card's printed symbols: its whole-number fields named like the vocabulary's stats."""
        shown = {k: card[k] for k in self.r.vocab.stats if isinstance(card.get(k), int) and card[k]}
        return self.signed_list(shown, "stats")

    def amounts(self, args: Mapping, group: str) -> str:
        nouns = getattr(self.r.vocab, group)
        return join([self.amount(v, nouns[k]) for k, v in args.items() if k in nouns])

    def measure(self, value: Any) -> str:
        if isinstance(value, int):
            return str(value)
        return self.r.render("value", value)

    def comparison(self, pair: list, relation: str) -> str:
        """'you have at least 5 technologies', 'your {military} is more than 2', or a general form."""
        left, right = pair
        if isinstance(left, dict) and len(left) == 1 and isinstance(right, int):
            verb, spec, thing = self._measured(left)
            plain = thing is not None and set(spec) == {"of"}
            if plain and verb == "count":
                fewer = {"less than": "fewer than"}.get(relation, relation)
                return f"you have {fewer} {right} {self.word(thing, right)}"
            if plain and verb == "stat":
                return f"your {self.word(thing, 1)} is {relation} {right}"
        return f"{self.measure(left)} is {relation} {self.measure(right)}"

    def whose(self, spec: Any) -> str:
        if isinstance(spec, dict) and "who" in spec:
            return f"{self.who(spec['who'])} has"
        return "you have"

    def scaled(self, spec: Any, text: str) -> str:
        """A measured number with its scaling said: 'half the number of areas (rounded down)',
        '… divided by 3 (rounded up)', '2 times …', '… (at most 3)'. A plain name is unscaled."""
        if not isinstance(spec, Mapping):
            return text
        per, times = spec.get("per", 1), spec.get("times", 1)
        if per != 1:
            rounding = "up" if spec.get("round") == "up" else "down"
            text = (f"half {text}" if per == 2 else f"{text} divided by {per}") + f" (rounded {rounding})"
        if times != 1:
            text = f"{times} times {text}"
        if "max" in spec:
            text += f" (at most {spec['max']})"
        if "min" in spec:
            text += f" (at least {spec['min']})"
        return text

    def times(self, value: Any) -> str:
        if isinstance(value, int):
            return {1: "once", 2: "twice"}.get(value, f"{value} times")
        return f"as many times as {self.measure(value)}"

    # players and names
    def who(self, target: Any) -> str:
        if target is None or target == "you":
            return "you"
        return self.r.vocab.targets.get(target) if isinstance(target, str) and target in self.r.vocab.targets \
            else self.r.render("target", target)

    def subject(self, target: Any, base: str, third: str) -> str:
        if target is None or target == "you":
            return base
        return f"{self.who(target)} {third}"

    # What a card's text reads from other cards; recorded (``TextRenderer.lookups``) so that a
    # result can be reused in another deck where these still read the same.
    def member(self, set_name: str, name: str) -> str:
        return self.look(("member", set_name, name))

    def members(self, set_name: str, names) -> list[str]:
        return [self.member(set_name, n) for n in names]

    def card(self, card_id: str) -> str:
        return self.look(("card", card_id))

    def part(self, card_id: str, field: str) -> Any:
        """A field of another card (``part("minoans", "event.title")``), or its id when it is missing."""
        return self.look(("part", card_id, field))

    def look(self, key: tuple) -> Any:
        value = self.resolve(key)
        if self.r.lookups is not None:
            self.r.lookups[key] = value
        return value

    def resolve(self, key: tuple) -> Any:
        kind, name = key[0], key[1]
        if kind == "member":
            if name not in self._members:  # a deck never changes: look its sets up once
                self._members[name] = self.r.vocab.members(name, self.r.deck)
            return self._members[name].get(key[2], key[2].replace("_", " "))
        found = self.r.deck.get(name) if self.r.deck is not None else None
        if kind == "card":
            return found.name if found is not None else name.replace("_", " ")
        value = found.part(key[2]) if found is not None else None
        return name.replace("_", " ") if value is None else value

    def rewards(self, args: Mapping) -> str:
        unit = self.r.vocab.resources[args["gain"]]

        def places(values) -> str:
            named = [f"{ordinal(i + 1)} {self.amount(v, unit)}" for i, v in enumerate(values) if v]
            return join(named) if named else "nothing"

        if "by_players" in args:
            return "; ".join(f"with {k} players, {places(v)}" for k, v in sorted(args["by_players"].items()))
        return places(args["rewards"])


def load_templates(vocab: Vocabulary, name: str = "verbs.yaml") -> dict[str, dict[str, TextTemplate]]:
    """Core templates, then the game's (which may override a core verb's wording), compiled.

    ``verbs.yaml`` holds a template per verb by kind; ``types.yaml`` (game only) holds, under
    ``types:``, a template per card type rendering the card's printed numbers (``card`` in scope).
    Raises ``DiagnosticError`` with every problem (a syntax error, work beyond the sandbox's
    budget) at the template's line.
    """
    game_dir = vocab.path.parent
    core = game_dir.parent / "core" / name
    if not core.is_file():
        core = BUILTIN / "templates" / "text" / "core" / name
    merged: dict[str, dict[str, TextTemplate]] = {}
    problems = []
    for path in (core, game_dir / name):
        if not path.is_file():
            continue
        doc, found = _read(path, path.stat().st_mtime_ns)
        if found or doc is None or not isinstance(doc.data, dict):
            problems += found or [error(path, 1, 1, "template", "expected a mapping of kinds to verbs")]
            continue
        problems += _template_problems(doc)
        for kind, table in doc.data.items():
            if kind not in TEMPLATE_KINDS or not isinstance(table, dict):
                continue
            for verb, source in table.items():
                pos = doc.position(pointer_from_path((kind, verb)))
                at = Location(path, pos.line, pos.col)
                try:
                    if isinstance(source, str):
                        merged.setdefault(kind, {})[verb] = TextTemplate(f"{kind}.{verb}", _template(source), at)
                except TemplateSyntaxError as exc:
                    line = f" (line {exc.lineno} of the template)" if exc.lineno > 1 else ""
                    problems.append(error(at.path, at.line, at.col, "template", f"{kind}.{verb}: {exc.message}{line}"))
    if problems:
        raise DiagnosticError(problems)
    return merged


TEMPLATE_KINDS = ("effect", "effect_list", "value", "condition", "target", "modifier", "types")


def _template_problems(doc) -> list:
    """What schemas/text-templates.schema.json says, at the positions a designer needs."""
    found = []
    for kind, table in doc.data.items():
        if kind not in TEMPLATE_KINDS:
            pos = doc.position(f"/{kind}", key=True)
            found.append(error(doc.path, pos.line, pos.col, "template",
                               f"unknown kind '{kind}'{did_you_mean(kind, TEMPLATE_KINDS)}"))
        elif not isinstance(table, dict):
            pos = doc.position(f"/{kind}")
            found.append(error(doc.path, pos.line, pos.col, "template", f"{kind}: expected verb: template pairs"))
        else:
            for name, source in table.items():
                if not isinstance(source, str):
                    pos = doc.position(pointer_from_path((kind, name)))
                    found.append(error(doc.path, pos.line, pos.col, "template", f"{kind}.{name}: a template is text"))
    return found


@functools.lru_cache(maxsize=64)
def _read(path, mtime_ns: int):
    """A template file, parsed once while unchanged (every deck's renderer reads the same files)."""
    return load_yaml(path)


_RENDERERS: dict[tuple[int, str], TextRenderer] = {}


def renderer_for(deck: Deck, style: str = "print") -> TextRenderer | None:
    """The deck's renderer (cached while the deck lives); None when its game has no vocabulary."""
    key = (id(deck), style)
    if key not in _RENDERERS:
        from cardtools.effects.lint import vocabulary

        vocab, found = vocabulary(deck.workspace or Workspace(deck.manifest.path.parents[2]), deck.game)
        if found:
            raise DiagnosticError(found)
        if vocab is None:
            return None
        _RENDERERS[key] = TextRenderer(vocab, deck, style)
        weakref.finalize(deck, _RENDERERS.pop, key, None)
    return _RENDERERS[key]


def card_text(deck: Deck, card: Card, style: str = "print") -> dict[str, str]:
    """The text of each effect field of a card, generated from its effects (or its `text:` override)."""
    renderer = renderer_for(deck, style)
    if renderer is None:  # a game without a vocabulary: only hand-written text
        fields = deck.manifest.card_types[card.type].effect_fields
        return {f: "" for f in fields} | overrides(card.get("text"), fields)
    return renderer.card(card)


def overrides(override: Any, fields: tuple[str, ...]) -> dict[str, str]:
    """A card's hand-written `text:` per effect field: one string covers all its fields."""
    if override is None:
        return {}
    if isinstance(override, str):
        return {f: (override if i == 0 else "") for i, f in enumerate(fields)}
    return {f: override[f] for f in fields if f in override}


# -- small text utilities ---------------------------------------------------------------------------

def join(items, last: str = "and", sep: str = ",") -> str:
    items = [i for i in items if i]
    if len(items) <= 2:
        return f" {last} ".join(items)
    return f"{sep} ".join(items[:-1]) + f"{sep} {last} " + items[-1]


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def sentence(text: str) -> str:
    """Capitalise the first letter that is not inside an icon token or markup."""
    i = 0
    while i < len(text):
        if text[i] == "{":
            i = text.find("}", i) + 1 or len(text)
            continue
        if text[i].isalpha():
            return text[:i] + text[i].upper() + text[i + 1:]
        i += 1
    return text


def words(text: str, vocab: Vocabulary) -> str:
    """Print-style text as plain words: icon tokens become nouns, bold markers go, escaped
    characters (``\\{``) are themselves."""
    icons = {n.icon: n for table in (vocab.resources, vocab.stats, vocab.counts) for n in table.values() if n.icon}

    def replace(match: re.Match) -> str:
        if match.group(1):
            return match.group(1)
        noun = icons.get(match.group(2)) if match.group(2) else None
        return noun.many if noun else "" if match.group(0) == "**" else match.group(0)
    return _PLAIN.sub(replace, text)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def tokens(text: str) -> set[str]:
    """Icon tokens used in a text (the renderer checks it can draw each)."""
    return set(_TOKEN.findall(text))


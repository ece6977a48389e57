"""The registry of verbs: each declared once with its schema fragment, text template and runtime.

A verb belongs to one *kind* — the place in an effect tree where it may appear:

* ``effect``    does something (``gain``, ``choose``, ``if`` …);
* ``value``     computes a whole number (``count``, ``stat`` …; a plain integer is a value too);
* ``condition`` is true or false (``most``, ``has`` …);
* ``target``    names players (``others``, ``least`` …; also plain words like ``you``);
* ``modifier``  is a continuous change inside ``modify:`` (``cost``, ``stat``, ``forbid`` …).

Core verbs serve every game; a game package adds its own with ``game=``. The text template of a
verb is looked up by name in ``templates/text/core/verbs.yaml`` or ``templates/text/<game>/verbs.yaml``.
A verb whose runtime needs an engine that does not exist yet is declared with ``runtime=None``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from cardtools.core.schemagen import CARD_IDS
from cardtools.core.plugins import plugin, plugins

KINDS = ("effect", "value", "condition", "target", "modifier")


@dataclass(frozen=True)
class Verb:
    name: str
    kind: str
    schema: Callable[["SchemaParts"], dict]
    runtime: Callable[..., Any] | None
    game: str | None = None  # None: a core verb, available to every game
    doc: str = ""
    #: Keys that may stand beside the verb in its mapping (``if`` has ``then`` and ``else``); the
    #: first one is required. The runtime then receives the whole mapping.
    companions: Callable[["SchemaParts"], dict] | None = None
    #: A vocabulary section that must be non-empty for the verb to make sense in a game
    #: (``draw`` needs ``decks``); games without it do not offer the verb.
    needs: str | None = None
    #: For a modifier: which part of its argument names what it changes, so engines index it by
    #: that subject — a key of the argument (``"of"``: the action whose cost changes), ``ITSELF``
    #: (the argument is the subject: ``forbid: trade``) or ``KEYS`` (each key: ``stat: {military: 1}``).
    subject: str | None = None

    def available(self, vocab) -> bool:
        return self.needs is None or bool(getattr(vocab, self.needs))

    def subjects(self, args: Any) -> tuple[str, ...]:
        """What a use of this modifier changes (its argument as written in the deck)."""
        if self.subject is None:
            return ()
        if self.subject == ITSELF:
            return (args,)
        if self.subject == KEYS:
            return tuple(args)
        return (args[self.subject],)


ITSELF, KEYS = "<itself>", "<keys>"


_VERBS: dict[tuple[str | None, str, str], Verb] = {}


def declare(name: str, kind: str, schema: Callable[["SchemaParts"], dict], runtime: Callable | None = None, *,
            game: str | None = None, doc: str = "", companions: Callable | None = None,
            needs: str | None = None, subject: str | None = None) -> Verb:
    if kind not in KINDS:
        raise ValueError(f"unknown verb kind {kind!r}")
    key = (game, kind, name)
    if key in _VERBS:
        raise ValueError(f"verb {name!r} ({kind}) declared twice")
    verb = Verb(name, kind, schema, runtime, game, doc, companions, needs, subject)
    _VERBS[key] = verb
    return verb


def verb(name: str, kind: str, schema: Callable[["SchemaParts"], dict], *, game: str | None = None, doc: str = "",
         companions: Callable | None = None, needs: str | None = None, subject: str | None = None):
    """Decorator form of ``declare``: the decorated function is the verb's runtime factory.

    The factory is called once per use in a deck as ``factory(args, compiler, path)`` and returns
    the closure that runs (see ``effects.runtime`` for the closure signatures of each kind).
    """
    def register(factory: Callable) -> Callable:
        declare(name, kind, schema, factory, game=game, doc=doc or (factory.__doc__ or "").strip(),
                companions=companions, needs=needs, subject=subject)
        return factory
    return register


def verbs(vocab) -> dict[str, dict[str, Verb]]:
    """The verbs a game's vocabulary can use, by kind then name (a game verb may shadow a core one)."""
    game = vocab.game
    _load(game)
    out: dict[str, dict[str, Verb]] = {k: {} for k in KINDS}
    for (owner, kind, name), v in sorted(_VERBS.items(), key=lambda item: (item[0][0] is not None, item[0][2])):
        if (owner is None or owner == game) and v.available(vocab):
            out[kind][name] = v
    return out


def all_verbs() -> list[Verb]:
    for found in plugins():
        _load(found.game)
    return list(_VERBS.values())


def _load(game: str | None) -> None:
    """Import the modules that declare verbs: the core set and the game's own (its plugin names it)."""
    import cardtools.effects.core  # noqa: F401 - registers the core verbs
    found = plugin(game) if game is not None else None
    if found is not None and found.verbs is not None:
        importlib.import_module(found.verbs)


#: The largest number an effect may write (as an amount, a factor, a reward): beyond any game, and
#: small enough that no effect runs away (``repeat`` a trillion times).
LIMIT = 10_000
BOUNDED = {"minimum": -LIMIT, "maximum": LIMIT}


class SchemaParts:
    """Building blocks a verb's schema fragment uses; refers to the generated document's $defs."""

    effect = {"$ref": "#/$defs/effect"}
    value = {"$ref": "#/$defs/value"}
    condition = {"$ref": "#/$defs/condition"}
    target = {"$ref": "#/$defs/target"}
    modifier = {"$ref": "#/$defs/modifier"}
    count = {"$ref": "#/$defs/count_name"}
    stat = {"$ref": "#/$defs/stat_name"}
    resource = {"$ref": "#/$defs/resource_name"}
    card = {"$ref": CARD_IDS}  # the id of any card of the deck (generated next to the effect schema)

    def __init__(self, vocab):
        self.vocab = vocab

    def member(self, set_name: str) -> dict:
        return {"$ref": f"#/$defs/set_{set_name}"}

    def amounts(self, nouns: dict, description: str, **extra: Any) -> dict:
        """An object whose keys are nouns (resources, decks) with amounts, plus extra options."""
        props = {name: {**self.value, "description": f"{n.many}"} for name, n in nouns.items()}
        props.update(extra)
        return {"type": "object", "additionalProperties": False, "properties": props,
                "minProperties": 1, "description": description}

    def measure(self, of: dict, description: str) -> dict:
        """A counted or measured thing, with optional scaling: ``technologies`` or
        ``{of: technologies, per: 2, times: 1, max: 3, min: 0, who: …}``."""
        scaling = {
            "of": of,
            "who": {**self.target, "description": "Whose (default: yours)."},
            "per": {"type": "integer", **BOUNDED, "minimum": 1,
                    "description": "Divide by this, rounding down ('per 2 technologies')."},
            "times": {"type": "integer", **BOUNDED,
                      "description": "Multiply by this ('2 coins per worker'); negative to subtract."},
            "max": {"type": "integer", **BOUNDED, "description": "Cap on the result ('maximum 3')."},
            "min": {"type": "integer", **BOUNDED, "description": "Floor on the result."},
            "round": {"enum": ["down", "up"], "description": "How `per` rounds (default: down)."},
        }
        return {"if": {"type": "string"}, "then": of,
                "else": {"type": "object", "additionalProperties": False, "required": ["of"], "properties": scaling},
                "description": description}

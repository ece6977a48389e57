"""The ability index: what the cards in play do, for whom, kept ready for the engine.

An actor's cards change rarely (a card gained, a leader elected) while the engine asks about
triggers and modifiers at every move, so both are indexed once per change: triggers by
``(trigger, argument)`` per actor (``Powers``), modifiers by verb and subject across the table
(``ModifierIndex``: an opponent's ban reaches you). Which subject a modifier changes is declared
on its verb (``Verb.subject``), never in a game's table. Everything here is immutable, so cloned
states share it.

Running triggered abilities (``run_abilities``) adds an ability's fixed gains directly — the
compiler found them (``Triggered.gains``) — and calls the compiled effect only for the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Mapping

from cardtools.effects.runtime import HALT, Ability, Ctx, Modifier, NO_EVENT, Option, Pending, Triggered, constant_of

TriggerKey = tuple[str, "str | None"]
Owned = tuple[int, Modifier]  # (owner, modifier)
_UNKNOWN = object()


@dataclass(frozen=True, slots=True)
class Powers:
    """One actor's abilities in force, and the numbers printed on their cards (``printed``: stat
    name -> sum, e.g. military strength symbols)."""

    triggers: Mapping[TriggerKey, tuple[Triggered, ...]] = field(default_factory=dict)
    modifiers: tuple[Modifier, ...] = ()
    printed: Mapping[str, int] = field(default_factory=dict)
    #: trigger key -> the summed fixed gains of its abilities when that is all they do (else None),
    #: worked out on first use
    _sums: dict = field(default_factory=dict, compare=False, repr=False)
    #: whether a modifier reaches other actors than its owner; whether all are fixed (no condition,
    #: constant amounts); the statistics a modifier that is not fixed changes (``_flags``)
    reaching: bool = field(init=False, compare=False, repr=False)
    fixed: bool = field(init=False, compare=False, repr=False)
    loose: frozenset = field(init=False, compare=False, repr=False)

    def summed(self, key: TriggerKey) -> tuple[tuple[str, int], ...] | None:
        """The fixed gains of every ability with this trigger, summed per resource — or None if one
        of them does more than gain (its effect must run)."""
        found = self._sums.get(key, _UNKNOWN)
        if found is _UNKNOWN:
            totals: dict[str, int] = {}
            for ability in self.triggers.get(key, ()):
                if ability.gains is None:
                    totals = None
                    break
                for resource, n in ability.gains:
                    totals[resource] = totals.get(resource, 0) + n
            found = self._sums[key] = None if totals is None else tuple(totals.items())
        return found

    def __post_init__(self):
        _flags(self, self.modifiers)

    @classmethod
    def of(cls, abilities: Iterable[Ability], printed: Mapping[str, int]) -> "Powers":
        return _NO_POWERS.plus(tuple(abilities), printed)

    def plus(self, abilities: tuple[Ability, ...], printed: Mapping[str, int]) -> "Powers":
        """These powers and one more card's (cheaper than rebuilding them all); ``printed``: the
        printed numbers with that card."""
        triggers = dict(self.triggers)
        modifiers = self.modifiers
        for ability in abilities:
            if isinstance(ability, Modifier):
                modifiers += (ability,)
            else:
                key = (ability.trigger, ability.arg)
                triggers[key] = triggers.get(key, ()) + (ability,)
        # built without the frozen dataclass's __init__ and __post_init__: the engine makes one at
        # every card gained, and the flags of unchanged modifiers are carried over
        new = object.__new__(Powers)
        _set(new, "triggers", triggers)
        _set(new, "modifiers", modifiers)
        _set(new, "printed", printed)
        _set(new, "_sums", {})
        if modifiers is self.modifiers:
            _set(new, "reaching", self.reaching)
            _set(new, "fixed", self.fixed)
            _set(new, "loose", self.loose)
        else:
            _flags(new, modifiers)
        return new


    def printing(self, printed: Mapping[str, int]) -> "Powers":
        """These abilities with other printed numbers (a worker moved): what depends on the abilities
        alone — the flags, the summed gains — carried over rather than worked out again."""
        new = object.__new__(Powers)
        for name in _POWERS_FIELDS:
            _set(new, name, getattr(self, name))
        _set(new, "printed", printed)
        return new


#: Sets an attribute of a frozen record being built (the dataclass's own ``__init__`` does the same).
_set = object.__setattr__
_POWERS_FIELDS = Powers.__slots__


def _flags(powers: Powers, modifiers: tuple[Modifier, ...]) -> None:
    """``reaching``, ``fixed`` and ``loose`` of powers with these modifiers: what ``set_powers`` asks
    at every change."""
    _set(powers, "reaching", any(m.who != "you" for m in modifiers))
    _set(powers, "fixed", all(m.fixed for m in modifiers))
    _set(powers, "loose", frozenset(s for m in modifiers if m.verb == "stat" and not m.fixed for s in m.subjects))


_NO_POWERS = Powers()


@dataclass(frozen=True, slots=True)
class ModifierIndex:
    """Every modifier in play, by verb and subject (``("cost", "research")``) and by verb."""

    by_subject: Mapping[tuple[str, str], tuple[Owned, ...]] = field(default_factory=dict)
    by_verb: Mapping[str, tuple[Owned, ...]] = field(default_factory=dict)
    #: Whether a modifier in play reads more than the cards in play (``volatile_fields``): what
    #: modifiers give must then be recomputed at every question, not once per change of cards.
    volatile: bool = False
    #: The (verb, subject) pairs a volatile modifier changes (``("stat", "science")``): what modifiers
    #: give any other subject still follows from the cards in play alone.
    volatile_subjects: frozenset = frozenset()
    #: Whether every modifier in play is ``fixed`` (no condition, constant amounts): what they make of
    #: an actor's numbers then follows from this index alone (``tables``).
    fixed: bool = True
    #: actor -> the rules module's table, shared by every state with this index (when ``fixed`` and
    #: the rules module says its tables read only the modifiers: ``BaseState.TABLES_FROM_MODIFIERS``)
    tables: dict = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, powers: Iterable[Powers], volatile_fields: frozenset = frozenset()) -> "ModifierIndex":
        by_subject: dict[tuple[str, str], list[Owned]] = {}
        by_verb: dict[str, list[Owned]] = {}
        unsettled: set[tuple[str, str]] = set()
        volatile, fixed = False, True
        for owner, power in enumerate(powers):
            for mod in power.modifiers:
                fixed = fixed and mod.fixed
                by_verb.setdefault(mod.verb, []).append((owner, mod))
                for subject in mod.subjects:
                    by_subject.setdefault((mod.verb, subject), []).append((owner, mod))
                if (mod.card, mod.field) in volatile_fields:
                    volatile = True
                    unsettled.update((mod.verb, subject) for subject in mod.subjects)
        # built without the frozen dataclass's __init__ (interpreted): the engine makes one whenever
        # an actor's modifiers change
        new = object.__new__(cls)
        _set(new, "by_subject", {k: tuple(v) for k, v in by_subject.items()})
        _set(new, "by_verb", {k: tuple(v) for k, v in by_verb.items()})
        _set(new, "volatile", volatile)
        _set(new, "volatile_subjects", frozenset(unsettled))
        _set(new, "fixed", fixed)
        _set(new, "tables", {})
        return new

    def get(self, verb: str, subject: str) -> tuple[Owned, ...]:
        return self.by_subject.get((verb, subject), ())

    def all(self, verb: str) -> tuple[Owned, ...]:
        return self.by_verb.get(verb, ())

    def applies(self, state, verb: str, subject: str, actor: int) -> bool:
        """Whether a modifier of this verb and subject is in force for ``actor`` (``forbid: trade``)."""
        mods = self.by_subject.get((verb, subject))
        return mods is not None and any(mod.applies(state, owner, actor) for owner, mod in mods)


def adjusted(base: int, state, mods: Iterable[Owned], actor: int, *, key: str, floor: int = 0) -> int:
    """A number after modifiers: ``set`` replaces it (the last one wins), then every ``add`` is summed.

    Each modifier carries ``{"set": {key: value}}`` and/or ``{"add": {key: value}}`` in its args.
    """
    value = base
    mods = tuple(mods)
    for owner, mod in mods:
        if "set" in mod.args and key in mod.args["set"] and mod.applies(state, owner, actor):
            value = _amount(mod.args["set"][key], state, owner, mod)
    for owner, mod in mods:
        if "add" in mod.args and key in mod.args["add"] and mod.applies(state, owner, actor):
            value += _amount(mod.args["add"][key], state, owner, mod)
    return max(floor, value)


def _amount(value, state, owner: int, mod: Modifier) -> int:
    """A modifier's amount: a printed number as it is, anything else worked out for its owner."""
    n = constant_of(value)
    return n if n is not None else value(state, Ctx(owner, mod.card))


def fold_gains(abilities: Mapping[str, Mapping[str, tuple]], counters: Iterable[str]) -> dict:
    """The abilities with ``gains`` kept only where every resource is a counter the engine adds
    itself (a technology gained is a choice: its effect must run)."""
    counters = frozenset(counters)

    def fold(ability):
        if isinstance(ability, Triggered) and ability.gains and not all(r in counters for r, _ in ability.gains):
            return replace(ability, gains=None)
        return ability
    return {card: {f: tuple(map(fold, abs_)) for f, abs_ in fields.items()} for card, fields in abilities.items()}


def run_abilities(state, actor: int, abilities: tuple[Triggered, ...], event: Mapping[str, Any] = NO_EVENT) -> Pending | None:
    """Run triggered abilities in order (those whose condition holds); a decision carries the rest
    with it. Fixed gains are added through ``state.add(actor, gains, card)``."""
    for i, ability in enumerate(abilities):
        if ability.gains is not None:
            state.add(actor, ability.gains, ability.card)
            continue
        ctx = Ctx(actor, ability.card, event)
        if ability.condition is not None and not ability.condition(state, ctx):
            continue
        pending = ability.effect(state, ctx)
        if pending is not None and pending is not HALT:
            rest = abilities[i + 1:]
            return pending.then(lambda st: run_abilities(st, actor, rest, event)) if rest else pending
    return None


def in_chosen_order(state, actor: int, abilities: tuple[Triggered, ...], prompt: str,
                    label: Callable[[str], str]) -> Pending | None:
    """Run abilities in the order their owner chooses, one decision per ability left (an "any order"
    rule); options are labelled by card (``label(card id)``), numbered when a card has several."""
    if len(abilities) <= 1:
        return run_abilities(state, actor, abilities)
    labels = [label(ab.card) for ab in abilities]
    labels = [f"{text} ({i + 1})" if labels.count(text) > 1 else text for i, text in enumerate(labels)]

    def first(i):
        def run(st):
            rest = abilities[:i] + abilities[i + 1:]
            st.then(lambda s: in_chosen_order(s, actor, rest, prompt, label))
            return run_abilities(st, actor, abilities[i:i + 1])
        return run
    return Pending(actor, prompt, tuple(Option(text, first(i)) for i, text in enumerate(labels)))


def volatile_fields(cards: Iterable[tuple[str, Mapping[str, Any]]], volatile_counts: frozenset[str]) -> frozenset:
    """``(card id, effect field)`` of the modifiers whose result may change while their owner's cards
    do not: those with a condition, reading another player's things, or reading a count that
    changes without cards changing (``volatile_counts``: coins, workers, the round …)."""
    found = set()
    for card, fields in cards:
        for name, nodes in fields.items():
            if any(isinstance(n, Mapping) and "modify" in n and ("if" in n or _reads_volatile(n["modify"], volatile_counts))
                   for n in nodes):
                found.add((card, name))
    return frozenset(found)


def _reads_volatile(node, counts: frozenset[str]) -> bool:
    if isinstance(node, Mapping):
        if "who" in node:
            return True
        counted = node.get("count")
        if counted is not None and (counted.get("of") if isinstance(counted, Mapping) else counted) in counts:
            return True
        return any(_reads_volatile(v, counts) for v in node.values())
    if isinstance(node, (list, tuple)):
        return any(_reads_volatile(v, counts) for v in node)
    return False

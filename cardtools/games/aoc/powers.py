"""What the cards in play do: the abilities in force for each player, indexed for the engine.

A player's cards change rarely (a rise, an annex, a technology, a wonder) while the engine asks
about triggers and modifiers at every move, so both are indexed once per change: triggers by
``(trigger, argument)`` per player, modifiers by what they change across all players (a Vikings
player's ban reaches the others). Everything here is immutable, so cloned states share it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from cardtools.effects.runtime import Ability, Modifier, Triggered

TriggerKey = tuple[str, "str | None"]
Owned = tuple[int, Modifier]  # (owner, modifier)


@dataclass(frozen=True)
class Powers:
    """One player's abilities in force: main ability of the main civilization (CIVILIZATIONS),
    legacy abilities of every civilization card, technologies and wonders."""

    triggers: Mapping[TriggerKey, tuple[Triggered, ...]]
    modifiers: tuple[Modifier, ...]
    printed_military: int  # military strength symbols on the cards (ROUND END 3, note)

    @classmethod
    def of(cls, abilities: Iterable[Ability], printed_military: int) -> "Powers":
        triggers: dict[TriggerKey, list[Triggered]] = {}
        modifiers = []
        for ability in abilities:
            if isinstance(ability, Modifier):
                modifiers.append(ability)
            else:
                triggers.setdefault((ability.trigger, ability.arg), []).append(ability)
        return cls({k: tuple(v) for k, v in triggers.items()}, tuple(modifiers), printed_military)

    def plus(self, abilities: tuple[Ability, ...], military: int) -> "Powers":
        """These powers and one more card's (cheaper than rebuilding them all)."""
        if not abilities:
            return Powers(self.triggers, self.modifiers, self.printed_military + military)
        triggers = dict(self.triggers)
        modifiers = self.modifiers
        for ability in abilities:
            if isinstance(ability, Modifier):
                modifiers += (ability,)
            else:
                key = (ability.trigger, ability.arg)
                triggers[key] = triggers.get(key, ()) + (ability,)
        return Powers(triggers, modifiers, self.printed_military + military)


#: Which argument of each modifier verb says what it changes (an action, a rule, a hazard).
MODIFIER_KEYS = {"cost": "of", "workers": "of", "slot": "action", "forbid": "action", "allow": "rule",
                 "immune": "hazard"}


@dataclass(frozen=True)
class ModifierIndex:
    """Every modifier in play, by verb and what it changes (``("cost", "research")``) and by verb."""

    by_subject: Mapping[tuple[str, str], tuple[Owned, ...]] = field(default_factory=dict)
    by_verb: Mapping[str, tuple[Owned, ...]] = field(default_factory=dict)
    #: Whether a modifier in play reads more than the cards in play (see ``volatile_fields``), so
    #: what modifiers give must be recomputed at every question instead of once per card change.
    volatile: bool = False
    #: Whether some player's slots differ from the public ones (private slots, upcoming actions).
    personal_slots: bool = False

    @classmethod
    def of(cls, powers: Iterable[Powers], volatile_fields: frozenset = frozenset()) -> "ModifierIndex":
        by_subject: dict[tuple[str, str], list[Owned]] = {}
        by_verb: dict[str, list[Owned]] = {}
        volatile = False
        for owner, power in enumerate(powers):
            for mod in power.modifiers:
                volatile = volatile or (mod.card, mod.field) in volatile_fields
                by_verb.setdefault(mod.verb, []).append((owner, mod))
                if mod.verb in MODIFIER_KEYS:
                    by_subject.setdefault((mod.verb, mod.args[MODIFIER_KEYS[mod.verb]]), []).append((owner, mod))
        return cls({k: tuple(v) for k, v in by_subject.items()}, {k: tuple(v) for k, v in by_verb.items()},
                   volatile, "slot" in by_verb or "allow" in by_verb)

    def get(self, verb: str, subject: str) -> tuple[Owned, ...]:
        return self.by_subject.get((verb, subject), ())

    def all(self, verb: str) -> tuple[Owned, ...]:
        return self.by_verb.get(verb, ())


#: Counts that change without any card changing (the others — technologies, wonders, civilization
#: cards — change only with the cards).
VOLATILE_COUNTS = frozenset({"workers", "score", "upcoming_actions"})


def volatile_fields(cards) -> frozenset[tuple[str, str]]:
    """``(card id, effect field)`` of the modifiers whose result may change while their owner's cards
    do not: those with a condition, reading a volatile count, or reading another player's things."""
    found = set()
    for card, fields in cards:
        for name, nodes in fields.items():
            if any(isinstance(n, Mapping) and "modify" in n and ("if" in n or _reads_volatile(n["modify"]))
                   for n in nodes):
                found.add((card, name))
    return frozenset(found)


def _reads_volatile(node) -> bool:
    if isinstance(node, Mapping):
        if "who" in node:  # another player's cards or counts: they change without ours changing
            return True
        counted = node.get("count")
        if counted is not None:
            name = counted.get("of") if isinstance(counted, Mapping) else counted
            if name in VOLATILE_COUNTS:
                return True
        return any(_reads_volatile(v) for v in node.values())
    if isinstance(node, (list, tuple)):
        return any(_reads_volatile(v) for v in node)
    return False

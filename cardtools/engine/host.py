"""A host driven by the game's vocabulary: what ``coins``, ``technologies`` or ``military`` mean,
declared as data by the rules module instead of written as if-chains.

The compiled effects act on a state through the ``Host`` protocol (effects.runtime). ``Host``
here implements it from four tables a rules module declares:

* ``RESOURCES``: a ``Counter`` (a number each actor holds, kept in the state attribute of the same
  name, one entry per actor; optionally capped by a rule parameter) or ``Cards`` (cards gained by
  choosing: gaining one calls the state's ``gain_<resource>(ctx, actor)``);
* ``COUNTS``: ``Size(zone)`` (cards in one of the actor's zones), ``Held(counter)`` or
  ``Computed(method)`` (the state's ``method(actor)``);
* ``STATS``: ``Printed(field, zones)``: the numbers printed in that card field on the actor's cards
  in those zones (``printed``, kept in ``Powers.printed``) plus every ``stat`` modifier in force;
* ``OWNED``: the zones whose cards an actor owns (``has: writing``).

The engine refuses to start when its vocabulary names a word these tables leave out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from cardtools.effects.runtime import Ctx, Pending, run_all


@dataclass(frozen=True, slots=True)
class Counter:
    """A number each actor holds. ``limit``: the rule parameter capping it (gains stop there);
    ``reserved``: another counter, the part of this one that cannot be lost or paid (workers placed)."""

    limit: str | None = None
    reserved: str | None = None


@dataclass(frozen=True, slots=True)
class Cards:
    """Cards gained by choosing, one at a time (``gain_<resource>(ctx, actor)`` asks which), kept in
    ``zone``; ``lost``: whether losing them means anything (if not, losing them does nothing)."""

    zone: str
    lost: bool = False


@dataclass(frozen=True, slots=True)
class Size:
    zone: str        # how many cards the actor has there


@dataclass(frozen=True, slots=True)
class Held:
    counter: str     # the actor's counter


@dataclass(frozen=True, slots=True)
class Computed:
    method: str      # ``state.method(actor)``


@dataclass(frozen=True, slots=True)
class Printed:
    field: str               # the card field whose numbers count (plus ``stat`` modifiers) …
    zones: tuple[str, ...]   # … on the actor's cards in these zones


def missing_words(vocab, resources: Mapping, counts: Mapping, stats: Mapping, used=None) -> list[str]:
    """The vocabulary's words the engine's tables give no meaning to (only those in ``used``, the
    words of the effect fields it plays, when it defers some: ``engine.compiled.words_played``)."""
    def needed(words, known):
        return [w for w in words if w not in known and (used is None or w in used)]
    return ([f"resource '{r}'" for r in needed(vocab.resources, resources)]
            + [f"count '{c}'" for c in needed(vocab.counts, counts)]
            + [f"stat '{s}'" for s in needed(vocab.stats, stats)])


class Host:
    """Mixin for a state: the ``Host`` protocol from the rules module's tables. The state provides
    ``game`` (with ``rules`` and ``word``), ``mods`` (a ModifierIndex), ``powers`` (per actor),
    ``actors()``, ``note`` and ``who``; zones and counters are its attributes, one entry per actor."""

    __slots__ = ()

    RESOURCES: Mapping[str, Counter | Cards] = {}
    COUNTS: Mapping[str, Size | Held | Computed] = {}
    STATS: Mapping[str, Printed] = {}
    OWNED: tuple[str, ...] = ()

    # -- resources -------------------------------------------------------------------------------
    def gain(self, ctx: Ctx, actor: int, resource: str, amount: int) -> Pending | None:
        """Counters grow (up to their limit); cards are chosen one at a time."""
        if amount <= 0:
            return None
        kind = self.RESOURCES[resource]
        if isinstance(kind, Counter):
            self.add(actor, ((resource, amount),), ctx.card)
            return None
        choose = getattr(self, f"gain_{resource}")
        if amount == 1:
            return choose(ctx, actor)
        return run_all(self, [lambda st: choose(ctx, actor)] * amount)

    def add(self, actor: int, gains: tuple[tuple[str, int], ...], card: str) -> None:
        """Fixed gains of counters (a card's ``gain: {coins: 2}``), each up to its limit."""
        for resource, amount in gains:
            values = getattr(self, resource)
            limit = self.RESOURCES[resource].limit
            if limit is not None:
                amount = min(amount, self.game.rules[limit] - values[actor])
            if amount > 0:
                values[actor] += amount
                if self.log is not None:
                    self.changed(actor, resource, amount, card)
                    self.note(f"  {self.who(actor)} +{self.game.word(amount, resource)} ({self.game.name(card)})")

    def changed(self, actor: int, resource: str, delta: int, cause: str) -> None:
        """Record a change of a counter and what caused it (a card, or a rule's name) while the game
        is logged: the conformance suite checks that scores change only with a recorded cause."""
        self.changes.append((actor, resource, delta, cause))

    def holding(self, actor: int, resource: str) -> int:
        """How much of a resource the actor has (a reserved part included)."""
        kind = self.RESOURCES[resource]
        if isinstance(kind, Counter):
            return getattr(self, resource)[actor]
        return len(getattr(self, kind.zone)[actor])

    def spendable(self, actor: int, resource: str) -> int:
        """What the actor may lose or pay of a counter: all of it but the reserved part."""
        kind = self.RESOURCES[resource]
        held = getattr(self, resource)[actor]
        return held - getattr(self, kind.reserved)[actor] if kind.reserved else held

    def lose(self, ctx: Ctx, actor: int, resource: str, amount: int) -> None:
        """Counters shrink, never below zero nor into their reserved part."""
        kind = self.RESOURCES[resource]
        if isinstance(kind, Cards):
            if kind.lost:
                getattr(self, f"lose_{resource}")(ctx, actor, amount)
            return
        amount = min(amount, self.spendable(actor, resource))
        if amount > 0:
            getattr(self, resource)[actor] -= amount
            if self.log is not None:
                self.changed(actor, resource, -amount, ctx.card)
                self.note(f"  {self.who(actor)} -{self.game.word(amount, resource)} ({self.game.name(ctx.card)})")

    def pay(self, ctx: Ctx, actor: int, resource: str, amount: int) -> bool:
        """Pay a counter if all of it is available; cards cannot pay."""
        if not isinstance(self.RESOURCES[resource], Counter) or self.spendable(actor, resource) < amount:
            return False
        self.lose(ctx, actor, resource, amount)
        return True

    def take_from(self, ctx: Ctx, giver: int, taker: int, resource: str, amount: int) -> Pending | None:
        """`transfer`: the giver loses up to the amount and the taker gains what was lost. A game
        whose loss is a choice (TtA: food or resources in any mix) overrides it and asks."""
        n = min(amount, self.holding(giver, resource))
        self.lose(ctx, giver, resource, n)
        self.gain(ctx, taker, resource, n)
        return None

    # -- counts and statistics --------------------------------------------------------------------
    def count(self, ctx: Ctx | None, actor: int, name: str) -> int:
        kind = self.COUNTS[name]
        if isinstance(kind, Size):
            return len(getattr(self, kind.zone)[actor])
        if isinstance(kind, Held):
            return getattr(self, kind.counter)[actor]
        return getattr(self, kind.method)(actor)

    def printed(self, actor: int) -> dict[str, int]:
        """Each statistic's printed numbers on the actor's cards (for ``Powers``, when they change)."""
        found = {}
        for name, kind in self.STATS.items():
            values, total = self.game.printed[kind.field], 0
            for zone in kind.zones:
                for card in getattr(self, zone)[actor]:
                    total += values.get(card, 0)
            found[name] = total
        return found

    def stat(self, ctx: Ctx | None, actor: int, name: str) -> int:
        """Printed numbers on the actor's cards, plus every ``stat`` modifier in force for them;
        kept until the actor's cards change (unless a modifier of this statistic reads more than cards)."""
        known = self.statistics[actor]
        if known is not None and name in known:
            return known[name]
        value = self.powers[actor].printed.get(name, 0)
        for owner, mod in self.mods.by_subject.get(("stat", name), ()):       # (the index's ``get`` without its call)
            if mod.applies(self, owner, actor):
                value += mod.args["add"][name](self, Ctx(owner, mod.card))
        if ("stat", name) not in self.mods.volatile_subjects:
            if known is None:
                known = self.statistics[actor] = {}
            known[name] = value
        return value

    def rivals(self, ctx: Ctx, actor: int, name: str) -> list[int]:
        """The other actors' values of a statistic."""
        return [self.stat(ctx, a, name) for a in self.actors() if a != actor]

    def ranking(self, ctx: Ctx, name: str) -> list[list[int]]:
        """Actors from the highest statistic down, tied ones together."""
        values = {a: self.stat(ctx, a, name) for a in self.actors()}
        return [[a for a in values if values[a] == v] for v in sorted(set(values.values()), reverse=True)]

    def players(self):
        """Every actor effects may address, in order."""
        return self.actors()

    def holders(self, name: str):
        """The actors the ``most`` / ``least`` targets compare on a statistic: every player, unless a
        game's player holds it for several actors (7 Ages: glory is the player's, not each empire's)."""
        return self.players()

    def has(self, ctx: Ctx, actor: int, card: str) -> bool:
        """Whether the actor owns the card (in one of the ``OWNED`` zones)."""
        return any(card in getattr(self, zone)[actor] for zone in self.OWNED)

    def param(self, name: str) -> int:
        """A rule parameter (the manifest's ``rules:`` with a variant's changes)."""
        return self.game.rules[name]

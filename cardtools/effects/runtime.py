"""What compiled effects produce and what engines consume.

An effect compiles to ``fn(state, ctx) -> Pending | None``. It mutates ``state`` through the methods
of ``Host`` (the game's state implements them) and returns ``None`` when it has finished, or a
``Pending`` decision when a player must choose. Choices are never made here: the engine offers a
pending decision's options through ``legal_actions()`` and calls the chosen option's ``resume``.

Closures capture only immutable things (card ids, numbers, other closures); the state is always
passed in. So a pending decision can be shared by cloned states (tree search clones states freely).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple, Protocol, Sequence

NO_EVENT: Mapping[str, Any] = MappingProxyType({})


class Ctx(NamedTuple):
    """Who an effect works for (the actor: a seat, or in some games one of a seat's empires),
    which card it comes from, and what the triggering event carried. A tuple: cheap to make."""

    player: int
    card: str
    event: Mapping[str, Any] = NO_EVENT

    def for_player(self, player: int) -> "Ctx":
        return Ctx(player, self.card, self.event)


class Option(NamedTuple):
    """One answer to a decision. A tuple: immutable, so clones share it, and cheap to make (a
    decision's options are made afresh whenever it is carried on with ``then``)."""

    label: str
    resume: Callable[[Any], "Pending | None"]  # called with the state the choice was made in


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision a player must take before the effect can go on."""

    player: int
    prompt: str
    options: tuple[Option, ...]

    def then(self, rest: Callable[[Any], "Pending | None"]) -> "Pending":
        """The same decision, followed (whatever is chosen) by ``rest``."""
        return Pending(self.player, self.prompt, tuple(
            Option(o.label, _chain(o.resume, rest)) for o in self.options))


#: Returned by an effect that could not happen (``pay`` without the means): the effects after it in
#: its list are skipped. Never reaches the engine (``settle``).
HALT = Pending(-1, "halt", ())


def _chain(first: Callable[[Any], Pending | None], rest: Callable[[Any], Pending | None]):
    def run(state):
        pending = first(state)
        if pending is HALT:
            return None
        return pending.then(rest) if pending is not None else rest(state)
    return run


def run_all(state, steps: Sequence[Callable[[Any], Pending | None]], start: int = 0) -> Pending | None:
    """Run steps in order; a step that asks for a decision carries the remaining steps with it."""
    return _in_order(state, steps, start, None)


def sequence(steps: Sequence["Effect"]) -> "Effect":
    """Effects run one after the other with the same context (a YAML list of effects)."""
    steps = tuple(steps)
    if len(steps) == 1:
        return steps[0]
    run = lambda state, ctx: _in_order(state, steps, 0, ctx)  # noqa: E731
    gains = [gains_of(s) for s in steps]
    if all(g is not None for g in gains):
        run.gains = tuple(g for part in gains for g in part)
    return run


def _in_order(state, steps, start: int, ctx) -> Pending | None:
    """The loop behind both: ``ctx`` None means steps take the state alone."""
    for i in range(start, len(steps)):
        pending = steps[i](state) if ctx is None else steps[i](state, ctx)
        if pending is not None:
            if pending is HALT:
                return None
            if i + 1 == len(steps):
                return pending
            return pending.then(lambda st, j=i + 1: _in_order(st, steps, j, ctx))
    return None


def settle(pending: Pending | None) -> Pending | None:
    """What an engine receives from running an effect: a real decision, or None."""
    return None if pending is HALT else pending


Effect = Callable[[Any, Ctx], "Pending | None"]
Condition = Callable[[Any, Ctx], bool]
Value = Callable[[Any, Ctx], int]


def constant(n: int) -> Value:
    """A value that is always ``n``. It carries ``.constant``, so engines can fold it into a table
    instead of calling it (the effect compiler's constant folding)."""
    def value(state, ctx):
        return n
    value.constant = n
    return value


def constant_of(value: Value) -> int | None:
    """The number a value always gives, or None if it depends on the game."""
    return getattr(value, "constant", None)


def gains_of(effect: Effect) -> tuple[tuple[str, int], ...] | None:
    """The fixed amounts an effect gives its owner and nothing else (``gain: {coins: 2}``), or None:
    an engine may add them directly instead of running the effect (they are equivalent)."""
    return getattr(effect, "gains", None)


@dataclass(frozen=True, slots=True)
class Targets:
    """Players an effect addresses. ``choose`` means one of ``players`` is picked by ctx.player."""

    resolve: Callable[[Any, Ctx], list[int]]
    choose: bool = False
    you_only: bool = False  # the common case, kept fast

    def apply(self, state, ctx: Ctx, action: Callable[[Any, Ctx], Pending | None], prompt: str) -> Pending | None:
        """Run ``action`` for each addressed player (ctx switched to that player), or ask who."""
        if self.you_only:
            return action(state, ctx)
        players = self.resolve(state, ctx)
        if self.choose:
            if not players:
                return None
            return Pending(ctx.player, prompt, tuple(
                Option(f"player {p}", lambda st, p=p: action(st, ctx.for_player(p))) for p in players))
        return _each(state, ctx, action, tuple(players), 0)


def _each(state, ctx: Ctx, action: Callable[[Any, Ctx], Pending | None], players: tuple[int, ...],
          start: int) -> Pending | None:
    """``action`` for each of ``players`` from ``start`` (ctx switched to them), in ``run_all``'s way —
    a decision carries the players after it with it, HALT ends them — without a step made per player."""
    for i in range(start, len(players)):
        pending = action(state, ctx.for_player(players[i]))
        if pending is not None:
            if pending is HALT:
                return None
            if i + 1 == len(players):
                return pending
            return pending.then(lambda st, j=i + 1: _each(st, ctx, action, players, j))
    return None


@dataclass(frozen=True, slots=True)
class Triggered:
    """``when: <trigger> do: <effect>`` — run by the engine when the trigger happens to the owner.
    ``gains``: the effect's fixed gains for the owner when that is all it does (``gains_of``)."""

    trigger: str
    arg: str | None
    effect: Effect
    condition: Condition | None
    card: str
    field: str
    gains: tuple[tuple[str, int], ...] | None = None


@dataclass(frozen=True, slots=True)
class Modifier:
    """``modify: {<verb>: args}`` — a continuous change the engine asks about (costs, stats, rules).

    ``args`` holds compiled values (closures) where the YAML had amounts. ``who`` says which players
    it applies to relative to its owner; ``condition`` must hold for it to apply. ``subjects`` are
    what it changes (the action whose cost, the statistic …), as its verb declares (``Verb.subject``).
    """

    verb: str
    args: Mapping[str, Any]
    who: str
    condition: Condition | None
    card: str
    field: str
    subjects: tuple[str, ...] = ()
    #: Whether what it changes is the same whatever happens: no condition, constant amounts.
    fixed: bool = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "fixed", self.condition is None and _constants(self.args))

    def applies(self, state, owner: int, player: int) -> bool:
        if self.who == "you" and player != owner or self.who == "others" and player == owner:
            return False
        return self.condition is None or self.condition(state, Ctx(owner, self.card))


Ability = Triggered | Modifier


def _constants(args: Any) -> bool:
    if callable(args):
        return constant_of(args) is not None
    if isinstance(args, Mapping):
        return all(_constants(v) for v in args.values())
    return True


class Host(Protocol):
    """What the core verbs need from a game's state. Resource and stat names are the vocabulary's."""

    def gain(self, ctx: Ctx, player: int, resource: str, amount: int) -> Pending | None: ...
    def holding(self, player: int, resource: str) -> int: ...
    def lose(self, ctx: Ctx, player: int, resource: str, amount: int) -> None: ...
    def pay(self, ctx: Ctx, player: int, resource: str, amount: int) -> bool: ...
    def take_from(self, ctx: Ctx, giver: int, taker: int, resource: str, amount: int) -> Pending | None: ...
    def count(self, ctx: Ctx, player: int, name: str) -> int: ...
    def stat(self, ctx: Ctx, player: int, name: str) -> int: ...
    def rivals(self, ctx: Ctx, player: int, name: str) -> list[int]: ...  # the others' values (solo: a virtual one)
    def ranking(self, ctx: Ctx, name: str) -> list[list[int]]: ...  # players by place, ties grouped
    def players(self) -> Sequence[int]: ...
    def holders(self, name: str) -> Sequence[int]: ...  # whom most / least compare on a statistic
    def has(self, ctx: Ctx, player: int, card: str) -> bool: ...
    def perform(self, ctx: Ctx, player: int, action: str, without: frozenset[str]) -> Pending | None: ...
    def param(self, name: str) -> int: ...
    def draw(self, ctx: Ctx, player: int, deck: str, amount: int) -> Pending | None: ...
    def target(self, ctx: Ctx, name: str) -> list[int]: ...

"""Turn and phase flow: an agenda of steps, pending decisions, and turn-order strategies.

A game runs as steps: plain functions ``step(state) -> Pending | None``. Most run at once, when a
move is applied. A step that needs a decision returns a ``Pending`` (effects.runtime): the
decision is offered through ``legal_actions()`` to its owner — any player, on their turn or not —
and the chosen option's ``resume`` carries on. Steps scheduled for later (``then``: the rest of a
turn, every player's round-end abilities) wait on the agenda, a stack the state runs until a
decision is needed or nothing is left. Hooks are steps too: a rules module fires its triggers
(``turn_end``, ``round_end`` …) from the steps of its agenda.

Steps and options capture no state (it is passed in), so a cloned state shares them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from cardtools.effects.runtime import HALT, Pending

Step = Callable[[Any], "Pending | None"]


class Agenda:
    """Mixin for a state: ``pending`` (the decision waited for) and ``agenda`` (steps to come)."""

    __slots__ = ()

    pending: Pending | None
    agenda: list[Step]

    def then(self, *steps: Step) -> None:
        """Schedule steps to run in this order, before anything already scheduled."""
        self.agenda.extend(reversed(steps))

    def now(self, *steps: Step) -> "Pending | None":
        """Run steps in this order at once, as ``then(*steps)`` would have them run, without the round
        trip through the agenda: when one asks for a decision (returned, for the caller to return)
        or schedules steps of its own, the rest wait on the agenda after those."""
        agenda = self.agenda
        base = len(agenda)
        for i, step in enumerate(steps):
            pending = step(self)
            if pending is not None or len(agenda) > base:
                agenda[base:base] = reversed(steps[i + 1:])
                return pending
        return None

    def settle(self, pending: Pending | None) -> None:
        """After a step: wait for its decision, or run the agenda on until one is needed."""
        if pending is not None:
            self.ask(pending)
        agenda = self.agenda
        while self.pending is None and agenda:
            pending = agenda.pop()(self)
            if pending is not None:
                self.ask(pending)

    def ask(self, pending: Pending | None) -> None:
        """Wait for a decision; one with a single option is no decision: it is taken at once."""
        while pending is not None and pending is not HALT:
            if len(pending.options) != 1:
                self.pending = pending
                return
            pending = pending.options[0].resume(self)


@dataclass(frozen=True, slots=True)
class Rotation:
    """A turn order around the table: ``+1`` clockwise (seat order), ``-1`` counter-clockwise."""

    step: int = 1

    def order(self, first: int, n: int) -> list[int]:
        """Every seat once, from ``first``."""
        return [(first + self.step * i) % n for i in range(n)]

    def at(self, first: int, i: int, n: int) -> int:
        """The seat ``i`` places after ``first``."""
        return (first + self.step * i) % n

    def next(self, seat: int, n: int) -> int:
        """The seat after ``seat``."""
        return (seat + self.step) % n


CLOCKWISE, COUNTER_CLOCKWISE = Rotation(1), Rotation(-1)


class Tasks:
    """Mixin for a state whose turn runs as a queue of *tasks* that pause for move decisions.

    A task is a plain tuple ``(name, *args)`` run by the state's ``task_<name>(*args)``; the queue is
    data (list it in the state's ``COPIED`` so a clone copies it). A task that needs a decision calls
    ``wait(kind, actor, *context)``: the game then offers ``options_<kind>(*context)`` as its legal
    moves (``moves``), and the move's handler ``move_<kind>`` calls ``done()`` to carry on. Tasks
    push the tasks they lead to at the front of the queue (``queue[:0] = [...]``). When the queue
    runs out, ``next_tasks()`` gives the next ones (a new turn). 7 Ages uses it: a turn of markers
    resolved action by action, a trade waiting for both sides' cards, a conflict round by round.
    """

    __slots__ = ()

    queue: list[tuple]
    step: tuple | None          # the decision waited for: (kind, *context)

    def next_tasks(self) -> list[tuple]:
        raise NotImplementedError

    def proceed(self) -> None:
        """Run tasks until one waits for a decision or the game is over."""
        while self.step is None and not self.over:
            if not self.queue:
                self.queue = self.next_tasks()
            task = self.queue.pop(0)
            getattr(self, f"task_{task[0]}")(*task[1:])

    def wait(self, kind: str, actor: int, *context) -> None:
        """The decision of ``kind`` for ``actor``; ``context`` goes to ``options_<kind>``."""
        self.step = (kind, *context)
        self.player = actor

    def done(self) -> None:
        """The decision was taken: carry on."""
        self.step = None
        self.proceed()

    def moves(self) -> list[int]:
        return getattr(self, f"options_{self.step[0]}")(*self.step[1:])

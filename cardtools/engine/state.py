"""``BaseGame`` and ``BaseState``: the engine contract's machinery, so a rules module holds only rules.

A rules module subclasses both (docs/engines.md; the toy game in tests/fixtures/toy is a complete
example). It declares, as data on its State: ``RESOURCES``, ``COUNTS``, ``STATS``, ``OWNED``
(engine.host), ``ZONES`` (engine.zones), ``RANKING`` (engine.ranking); and on its Game: ``FACTS``
(engine.contract) and ``MOVES`` (engine.moves: kinds with their argument domains). It writes:

* ``State.setup()`` — the table after setup (``self.chance()`` shuffles);
* ``State.moves()`` — the legal move ids of the actor to play when no decision is pending;
* ``State.move_<kind>(*args)`` — one per kind of move: apply it, return a ``Pending`` or None;
* ``State.snapshot()``, ``features(seat)``, ``record(seat)`` — the state as data;
* ``Game.arrange(players, seed, setup)`` — scenario setup (engine.scenario helps).

The base gives the rest: ``current_player``, ``legal_actions`` (decisions included), ``apply``,
ranking and returns, ``clone``, the move words, ``observation``, ``determinize``, the log, the
ability index (``set_powers``, per-actor ``table``), and the vocabulary host.

Actors and seats: effects act for an *actor* (``Ctx.player``, a decision's ``player``); a seat
decides for its actors (``seat_of``). In most games actors are seats; 7 Ages' players act through
several empires each. Counters are kept per actor, ``per_seat`` zones per seat.
"""

from __future__ import annotations

import random
from types import MemberDescriptorType
from typing import Any, Callable, Mapping

from cardtools.core.deck import Deck
from cardtools.core.diagnostics import DiagnosticError, error
from cardtools.core.workspace import Workspace
from cardtools.effects.runtime import NO_EVENT, Pending
from cardtools.effects.vocabulary import require_vocabulary
from cardtools.engine import zones
from cardtools.engine.abilities import ModifierIndex, Powers, fold_gains, run_abilities, volatile_fields
from cardtools.engine.compiled import compile_abilities, plays_effects, words_played
from cardtools.engine.contract import TERMINAL, GameFacts, shuffle
from cardtools.engine.flow import Agenda
from cardtools.engine.host import Computed, Counter, Held, Host, missing_words
from cardtools.engine.log import Words, line
from cardtools.engine.moves import MoveCodec
from cardtools.engine.ranking import Ranking


class BaseGame:
    """The deck compiled once, its rule parameters and move codec; creates states."""

    FACTS: GameFacts
    MOVES: Callable[["BaseGame"], list]        # (game) -> [(kind, [domain, …]), …] in id order
    State: type["BaseState"]
    #: Log nouns beyond the vocabulary's resources (``{"bonus coins": "bonus coin"}``).
    WORDS: dict[str, str] = {}

    def __init__(self, deck: Deck, abilities: dict[str, dict[str, tuple]] | None = None):
        """``abilities`` (card id -> effect field -> abilities) replaces the compiled ones (benchmarks)."""
        self.deck = deck
        self.facts = self.FACTS
        self.rules = rule_parameters(deck)
        self.vocab = require_vocabulary(deck.workspace or Workspace(deck.manifest.path.parents[2]), deck.game)
        state = self.State
        missing = (missing_words(self.vocab, state.RESOURCES, state.COUNTS, state.STATS, words_played(deck))
                   if plays_effects(deck) else [])
        if missing:
            raise ValueError(f"the {deck.game} engine gives no meaning to its vocabulary's {', '.join(missing)}")
        counters = [r for r, kind in state.RESOURCES.items() if isinstance(kind, Counter)]
        self.abilities = fold_gains(compile_abilities(deck, self.vocab) if abilities is None else abilities, counters)
        volatile = {name for name, kind in state.COUNTS.items() if isinstance(kind, (Held, Computed))}
        self.volatile = volatile_fields(((c.id, {f: c.get(f, ()) for f in deck.manifest.card_types[c.type].effect_fields})
                                         for c in deck.cards), frozenset(volatile))
        self.names = {c.id: c.name for c in deck.cards}
        #: card field -> card id -> the number printed there (the fields statistics count)
        self.printed = {kind.field: {c.id: c.get(kind.field) for c in deck.cards if c.get(kind.field)}
                        for kind in state.STATS.values()}
        self.word = Words(self.vocab, self.WORDS)
        self.codec = MoveCodec(self.MOVES())
        self.handlers: dict[int, tuple[Callable, tuple]] = {}
        decisions = [k for k in self.codec.kinds if k.decision]
        if len(decisions) != 1:
            raise ValueError("a game's moves need exactly one kind answering decisions (an OPTION argument)")
        self.decision = decisions[0]
        kinds = [self.codec.kind[name] for name in self.facts.concessions]
        self.concessions = frozenset(m for k in kinds for m in range(k.base, k.base + k.size))
        missing = [k.name for k in self.codec.kinds if not k.decision and not hasattr(state, k.handler)]
        if missing:
            raise ValueError(f"the {deck.game} engine has no {', '.join(f'move_{m}' for m in missing)}")

    def handler(self, move: int) -> tuple[Callable, tuple]:
        """The state's method applying ``move`` (its class's function: no bound method made at each
        move) and its argument values, remembered per move id: agents ask again and again."""
        kind, values = self.codec.decode(move)
        found = self.handlers[move] = (getattr(self.State, kind.handler), values)
        return found

    def name(self, card: str) -> str:
        return self.names.get(card, card)

    def new_state(self, players: int, seed: int, log: bool = False) -> "BaseState":
        """A game after setup, waiting for the first decision; ``log`` keeps a readable account."""
        self.check_players(players)
        return self.State(self, players, seed, log)

    def check_players(self, players: int) -> None:
        """ValueError for a number of players the game is not for."""
        lo, hi = self.deck.manifest.min_players, self.deck.manifest.max_players
        if not lo <= players <= hi:
            raise ValueError(f"{self.deck.manifest.name} is for {lo}-{hi} players")


def _slot_copier(slots: list[str], copied: tuple[str, ...] = ()) -> Callable[[Any, Any], None]:
    """A function copying the given slots from one object to another, the ``copied`` ones as copies
    of theirs (``.copy()``): one statement per slot, which Python specialises (a loop of
    getattr/setattr costs several times more; clones are frequent)."""
    body = "".join(f"\n    b.{name} = a.{name}{'.copy()' if name in copied else ''}" for name in slots) or "\n    pass"
    scope: dict = {}
    exec(f"def copy_slots(a, b):{body}", scope)
    return scope["copy_slots"]


def rule_parameters(deck: Deck) -> dict[str, Any]:
    """The deck's rule parameters. An engine reads them only through the game's rules schema
    (``rules_schema`` in game.yaml), which the loader has checked them against."""
    if deck.manifest.rules_schema is None:
        raise DiagnosticError([error(deck.manifest.path, 1, 1, "rules",
                                     "a game with a rules engine needs `rules_schema:` in game.yaml")])
    return dict(deck.rules)


class Chance(random.Random):
    """The generator of one chance event (``BaseState.chance``): ``random.Random``, with the kit's
    compiled ``shuffle`` (``contract.shuffle``: the same order from the same seed)."""

    def shuffle(self, x) -> None:
        shuffle(self, x)


class Slotted(type):
    """The metaclass of states: a state keeps its attributes in ``__slots__`` (no ``__dict__``), so that
    Python 3.11 specialises attribute and method look-ups on it (a per-instance dict of more than 30
    keys is never specialised). A class's slots are the names its body declares: ``FIELDS`` plus the
    counters of ``RESOURCES``, the ``ZONES`` and ``COPIED``; a class-level value of a slotted name
    (in the body or a mixin) becomes the default each new state starts with."""

    def __new__(mcs, name, bases, ns, **kwargs):
        if "__slots__" not in ns:
            inherited = {s for base in bases for k in base.__mro__ for s in k.__dict__.get("__slots__", ())}
            declared = [*ns.get("FIELDS", ()),
                        *(r for r, kind in ns.get("RESOURCES", {}).items() if isinstance(kind, Counter)),
                        *(z.name for z in ns.get("ZONES", ())), *ns.get("COPIED", ())]
            ns["__slots__"] = tuple(n for n in dict.fromkeys(declared) if n not in inherited)
            ns["_body_defaults"] = {n: ns.pop(n) for n in ns["__slots__"] if n in ns}
        return super().__new__(mcs, name, bases, ns, **kwargs)


class BaseState(Agenda, Host, metaclass=Slotted):
    """A position. Subclasses declare their tables and write the rules (see the module doc)."""

    __slots__ = ("game", "n", "seed", "log", "changes", "pending", "agenda", "over", "_legal", "powers",
                 "mods", "tables", "statistics", "_ahead")

    ZONES: tuple[zones.Zone, ...] = ()
    RANKING: Ranking
    #: Snapshot keys listing the mover's options, hidden from the others in an imperfect game.
    MOVE_VIEWS: tuple[str, ...] = ("legal",)
    #: Whether ``build_table(actor)`` reads nothing but the modifiers in force (``self.mods``): then,
    #: while they are all fixed, the tables are kept with the modifier index (a state and its clones
    #: share it until their modifiers change) and made again only when the modifiers change.
    TABLES_FROM_MODIFIERS: bool = False
    #: Further mutable attributes (lists, dicts) a clone must copy rather than share.
    COPIED: tuple[str, ...] = ()
    #: The attributes of a game's state (beyond the kit's and those RESOURCES, ZONES, COPIED name).
    FIELDS: tuple[str, ...] = ()
    _copied: tuple[str, ...] = ()
    #: (name, value) of the slots a new state starts with (class-level values of slotted names)
    _defaults: tuple[tuple[str, Any], ...] = ()
    #: (state, other): copies every slot of ``state`` to ``other`` (built once per class)
    _copy_slots: Callable[["BaseState", "BaseState"], None]
    #: (state, other): the same, with copies of the ``_copied`` attributes (``clone``)
    _clone_slots: Callable[["BaseState", "BaseState"], None]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._copied = tuple(dict.fromkeys(
            [r for r, kind in cls.RESOURCES.items() if isinstance(kind, Counter)]
            + [z.name for z in cls.ZONES if z.per_seat] + ["agenda", *cls.COPIED]))
        slots = [s for k in reversed(cls.__mro__) for s in k.__dict__.get("__slots__", ())]
        defaults = {}                    # (a mixin's class-level value, then a body's, nearest class last)
        for k in reversed(cls.__mro__):
            defaults.update((n, v) for n, v in k.__dict__.items()
                            if n in slots and not isinstance(v, MemberDescriptorType))
            defaults.update(k.__dict__.get("_body_defaults", {}))
        cls._defaults = tuple(defaults.items())
        cls._copy_slots = staticmethod(_slot_copier(slots))
        cls._clone_slots = staticmethod(_slot_copier(slots, cls._copied))

    def __init__(self, game: BaseGame, players: int, seed: int, log: bool = False):
        for name, value in self._defaults:
            setattr(self, name, value)
        self._ahead = None
        self.game = game
        self.n = players
        self.seed = seed
        self.log: list[str] | None = [] if log else None
        #: (actor, counter, change, cause) of every counter change the host made, while logged
        self.changes: list[tuple[int, str, int, str]] = []
        self.pending: Pending | None = None
        self.agenda = []
        self.over = False
        self._legal: list[int] | None = None
        actors = len(self.actors())
        for name, kind in self.RESOURCES.items():
            if isinstance(kind, Counter):
                setattr(self, name, [0] * actors)
        for zone in self.ZONES:
            setattr(self, zone.name, [()] * players if zone.per_seat else ())
        self.powers = (Powers(),) * actors
        self.mods = ModifierIndex()
        # Caches per actor, shared by a state and its clones: what is filled in holds for every state
        # sharing the list (it follows from their common cards), and ``set_powers``, which alone
        # clears an entry, gives the state a list of its own first.
        self.tables: list[Any] = [None] * actors          # per actor: the rules module's table
        self.statistics: list[dict | None] = [None] * actors   # per actor: the statistics worked out
        self.setup()
        self.settle(None)

    # -- to write in a rules module ---------------------------------------------------------------
    def setup(self) -> None:
        """The table after setup."""
        raise NotImplementedError

    def moves(self) -> list[int]:
        """The sorted legal move ids of the actor to play, when no decision is pending."""
        raise NotImplementedError

    def unlisted(self, move: int) -> bool:
        """Whether ``move``, which ``legal_actions()`` does not list, may be made now (``apply``,
        ``string_to_action``, scenario files): a primitive move of a game that offers agents macros
        instead (docs/engines.md § 3). False by default."""
        return False

    def note_move(self, kind: str, *values, private: bool = False) -> None:
        """A primitive move in the log, in a scenario's words (``» unit sword latium``): a macro logs
        the moves it expands to, a move made directly the same line, so either replays the game.
        ``private``: the arguments only the mover knows go in brackets (``» discard [romans]``)."""
        if self.log is not None:
            words = " ".join(str(v) for v in values if v is not None)
            self.log.append(line(f"» {kind}", words) if private else f"» {kind} {words}".rstrip())

    def to_move(self) -> int:
        """The seat to play when no decision is pending (default: ``self.player``)."""
        return self.seat_of(self.player)

    def snapshot(self) -> dict:
        raise NotImplementedError

    # -- the OpenSpiel interface --------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """Who decides now: the owner of a pending decision (on their turn or not), else the player to
        move; TERMINAL at the end."""
        if self.pending is not None:
            return self.seat_of(self.pending.player)
        if self.over:
            return TERMINAL
        return self.to_move()

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[int]:
        """The moves of the current player, sorted (computed once per decision)."""
        if self._legal is None:
            if self.pending is not None:
                base = self.game.decision.base
                self._legal = list(range(base, base + len(self.pending.options)))
            else:
                self._legal = [] if self.over else self.moves()
        return self._legal

    def apply(self, action: int) -> None:
        """Make a move (one of legal_actions()), then run the game on to the next decision."""
        if self._ahead is not None:
            foreseen, after = self._ahead
            self._ahead = None
            if action == foreseen:               # played already, on a clone (``foresee``)
                self._copy_slots(after, self)
                return
        if action not in (self._legal or self.legal_actions()) and not self.unlisted(action):
            raise ValueError(f"illegal move {action} ({self.action_to_string(action)}); legal: "
                             + ", ".join(self.action_to_string(a) for a in self.legal_actions()))
        self._legal = None
        if self.pending is None:
            handler, values = self.game.handlers.get(action) or self.game.handler(action)
            pending = handler(self, *values)
        else:
            option = self.pending.options[action - self.game.decision.base]
            self.pending = None
            pending = option.resume(self)
        if pending is not None or self.agenda:
            self.settle(pending)

    def scores(self) -> list[int]:
        """Each seat's score: the ranking's first value (its actors' together)."""
        return [self.rank_value(seat, self.RANKING.order[0]) for seat in range(self.n)]

    def ranks(self) -> list[int]:
        return self.RANKING.ranks(self)

    def decided_by(self) -> str:
        """What decided the winner: a value of the ranking, or ``shared``."""
        return self.RANKING.decided_by(self)

    def returns(self) -> list[float]:
        """The winners share 1."""
        return Ranking.shares(self.ranks())

    def rank_value(self, seat: int, name: str) -> int:
        """A ranking value of a seat: the counter ``name`` of its actors, added up."""
        values = getattr(self, name)
        return sum(values[a] for a in self.actors() if self.seat_of(a) == seat)

    def clone(self) -> "BaseState":
        """An independent copy: mutable tables copied, everything immutable (cards, powers, pending
        decisions, agenda steps) and the caches (tables, statistics) shared. No random generator is
        copied: chance is derived from the seed."""
        new = object.__new__(self.__class__)
        self._clone_slots(self, new)
        new._ahead = None
        if self.log is not None:
            new.log = list(self.log)
            new.changes = list(self.changes)
        return new

    def foresee(self, action: int, after: "BaseState") -> None:
        """``after`` is a clone of this state with ``action`` applied (an agent's look-ahead): the next
        ``apply(action)`` takes it over rather than play the move again (a greedy agent plays each
        legal move once, the chosen one included). Any other move forgets it."""
        self._ahead = (action, after)

    def action_to_string(self, action: int) -> str:
        """A move in words, with card ids: what scenario files write in `do:`."""
        decision = self.game.decision
        if decision.base <= action < decision.base + decision.size:
            index = action - decision.base
            options = self.pending.options if self.pending is not None else ()
            return f"{decision.name} {options[index].label if index < len(options) else index}"
        return self.game.codec.words(action)

    def string_to_action(self, text: str) -> int:
        """The legal move written ``text`` (ValueError if none): by the codec, or a pending decision's
        option by its label."""
        words = " ".join(text.split())
        move = self.game.codec.parse(words)
        if move is None:
            move = next((m for m in self.legal_actions() if self.action_to_string(m) == words), None)
        if move is None or (move not in self.legal_actions() and not self.unlisted(move)):
            raise ValueError(f"'{text}' is not a legal move here")
        return move

    def observation(self, seat: int) -> dict:
        """What ``seat`` may see (engine.zones)."""
        return zones.observe(self, seat, self.ZONES, self.MOVE_VIEWS)

    def determinize(self, seat: int, rng: random.Random) -> "BaseState":
        """A copy in which what ``seat`` cannot see is dealt again at random (search agents)."""
        new = zones.deal_again(self, seat, rng, self.ZONES)
        new._legal = None
        return new

    # -- chance, actors, log ---------------------------------------------------------------------
    def chance(self, *purpose) -> random.Random:
        """A random generator for one chance event, derived from the game's seed and ``purpose``
        (never stored: a clone has nothing to copy, the same seed deals the same)."""
        return Chance(" ".join(map(str, (self.seed, *purpose))) if purpose else self.seed)

    def actors(self) -> range:
        """Who effects act for: the seats, unless a game has actors of its own (``seat_of``)."""
        return range(self.n)

    def seat_of(self, actor: int) -> int:
        return actor

    def seat_name(self, seat: int) -> str:
        """A seat's name in logs, snapshots and scenario files: ``P1`` for seat 0."""
        return f"P{seat + 1}"

    def who(self, actor: int) -> str:
        """An actor's name in the log: its seat's, unless the game names its actors."""
        return self.seat_name(self.seat_of(actor))

    def note(self, text: str, private: str | None = None) -> None:
        if self.log is not None:
            self.log.append(line(text, private))

    # -- the ability index --------------------------------------------------------------------------
    def fire(self, actor: int, trigger: str, arg: str | None = None, event: Mapping[str, Any] = NO_EVENT,
             card: str | None = None) -> Pending | None:
        """Run the actor's abilities with this trigger (only ``card``'s, for "when you … this"). Fixed
        gains are added at once, summed when the game is not logged (no line per card to write)."""
        key = (trigger, arg)
        abilities = self.powers[actor].triggers.get(key)
        if not abilities:
            return None
        if card is not None:
            abilities = tuple(ab for ab in abilities if ab.card == card)
        elif self.log is None:
            summed = self.powers[actor].summed(key)
            if summed is not None:
                self.add(actor, summed, "")
                return None
        return run_abilities(self, actor, abilities, event)

    def add_powers(self, actor: int, card: str, zone: str, abilities: tuple) -> None:
        """``card`` joined the actor's ``zone``: its ``abilities`` join theirs (``Powers.plus``), its
        printed numbers the statistics that count that zone (``STATS``)."""
        before = self.powers[actor]
        printed = before.printed
        for name, kind in self.STATS.items():
            number = self.game.printed[kind.field].get(card) if zone in kind.zones else None
            if number:
                printed = {**printed, name: printed.get(name, 0) + number}
        self.set_powers(actor, before.plus(abilities, printed))

    def set_powers(self, actor: int, powers: Powers, moved: tuple[str, ...] | None = None) -> None:
        """An actor's cards changed: re-index modifiers if theirs changed, and forget what depended on
        them — the actor's statistics (moved by the printed numbers alone while their modifiers stay
        the same: only the names in ``moved`` when the caller knows which printed numbers changed, else
        every name; those a modifier that is not fixed changes, ``Powers.loose``, forgotten: such a
        modifier may read the cards), and their table if their modifiers changed or read their cards;
        everyone's, if a modifier of theirs (before or after) reaches other actors."""
        before = self.powers[actor]
        self.powers = self.powers[:actor] + (powers,) + self.powers[actor + 1:]
        changed = before.modifiers is not powers.modifiers and before.modifiers != powers.modifiers
        if changed:
            self.mods = ModifierIndex.of(self.powers, self.game.volatile)
        if before.reaching or powers.reaching:
            self.tables = [None] * len(self.powers)
            self.statistics = [None] * len(self.powers)
        else:
            statistics = self.statistics = self.statistics.copy()    # (shared with clones: see __init__)
            known = statistics[actor]
            if known and not changed:
                # the same modifiers: only the printed numbers moved (a worker placed); a statistic only
                # constant modifiers change moves with them
                old, new, loose = before.printed, powers.printed, powers.loose
                if moved is None:
                    statistics[actor] = {name: value + new.get(name, 0) - old.get(name, 0) for name, value in known.items()
                                         if name not in loose}
                else:                   # (a name twice in ``moved`` is set twice to the same)
                    updated = statistics[actor] = known.copy()
                    for name in moved:
                        if name in known:
                            updated[name] = known[name] + new.get(name, 0) - old.get(name, 0)
                    for name in loose:
                        updated.pop(name, None)
            else:
                statistics[actor] = None
            if changed or not powers.fixed:
                tables = self.tables = self.tables.copy()
                tables[actor] = None

    def table(self, actor: int):
        """What the modifiers in force make of the actor's numbers (costs, slots …: ``build_table``),
        kept until their cards change — or recomputed every time if a modifier reads more than cards.
        (Statistics are kept the same way, by ``stat``.)"""
        found = self.tables[actor]
        if found is None:
            mods = self.mods
            if self.TABLES_FROM_MODIFIERS and mods.fixed:
                found = mods.tables.get(actor)
                if found is None:
                    found = mods.tables[actor] = self.build_table(actor)
            else:
                found = self.build_table(actor)
            if not mods.volatile:
                self.tables[actor] = found
        return found

    def build_table(self, actor: int):
        raise NotImplementedError

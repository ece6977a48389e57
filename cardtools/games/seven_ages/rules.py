"""7 Ages: the standard game's sequence of play (seeds/001_f19afe02b0a671da.txt), on the engine kit.

Part 1 of the engine (issue 16; docs/rules/7ages.md is the specification, with our readings marked
*judgment*). This module holds the state, set-up, the turn (action markers, their resolution 1 → 7
from the First player, end of turn) and the game end; the actions are in ``actions.py``, Manoeuvre
and conflict in ``conflict.py``, Harvest glory in ``glory.py``. Not played yet, and said so by
``GameFacts.unplayed`` (``LEFT_OUT``): the optional rules not played yet (options.py; 11: ``secret.py``). The
cards' events are in ``events.py``. The empires' special rules are in ``specials.py``, leaders in ``leaders.py``,
religions and governments beyond playing their cards in ``beliefs.py``.

The turn runs as a queue of tasks (``engine.flow.Tasks``): ``task_<name>`` methods, each pushing the
tasks it leads to; a decision is ``wait(kind, actor)``, its legal moves ``options_<kind>``, its move
``move_<kind>``, which calls ``done()`` to carry on.

Players act through empires: the kit's *actors* are empire slots, ``seat × maximum empires`` of
them (§ Playing the game: the maximum per player). A slot holds one empire at a time; its glory
stays the player's after the empire is discarded (a seat's glory is its slots' sum).
"""

from __future__ import annotations

import re

from dataclasses import replace
from types import MappingProxyType

from cardtools.engine.contract import GameFacts, UnplayedRules, shuffle
from cardtools.engine.flow import CLOCKWISE, Tasks
from cardtools.engine.host import Counter
from cardtools.engine.moves import OPTION
from cardtools.engine.ranking import Ranking
from cardtools.engine.state import BaseGame, BaseState
from cardtools.engine.zones import HIDDEN, OWNER, SEAT, Zone
from cardtools.games.seven_ages import secret, views
from cardtools.games.seven_ages.actions import PROFILES, Actions
from cardtools.games.seven_ages.beliefs import Beliefs, double_sided
from cardtools.games.seven_ages.canal import GreatCanal
from cardtools.games.seven_ages.clocks import COLLAPSE, Clocks
from cardtools.games.seven_ages.conflict import COMMITS, Manoeuvre
from cardtools.games.seven_ages.crusades import Crusades, crusade_cards
from cardtools.games.seven_ages.counters import Counters
from cardtools.games.seven_ages.artefacts import ArtefactBook, Artefacts
from cardtools.games.seven_ages.events import EventBook, Events
from cardtools.games.seven_ages.forum import Forum
from cardtools.games.seven_ages.glory import Glory
from cardtools.games.seven_ages.kingdoms import CommonUnits, common_counters
from cardtools.games.seven_ages.leaders import Leaders
from cardtools.games.seven_ages.moves import GOING, Primitives
from cardtools.games.seven_ages.neutral_kingdoms import NeutralKingdoms
from cardtools.games.seven_ages.options import Options, left_out, refusal, refused
from cardtools.games.seven_ages.specials import Specials
from cardtools.engine.tallied import TalliedDict, TalliedList, stamp
from cardtools.games.seven_ages.temples import Temples
from cardtools.games.seven_ages.warfare import Warfare
from cardtools.games.seven_ages.terrain import TerrainChart
from cardtools.games.seven_ages.trade import TradeCards
from cardtools.games.seven_ages.votes import Votes
from cardtools.games.seven_ages.worldmap import WorldMap

FACTS = GameFacts("7 Ages", information="imperfect")

LEVELS = 7         # § PROGRESS TRACK: 7 levels an age
#: The seven actions in their order (§ Sequence of play) and the Wild card (§ Wild card).
ACTIONS = ("start", "production", "trade", "manoeuvre", "destiny", "civilise", "discard")
#: Markers a player may put on an empire: one per action (Start empire does nothing there: § Playing
#: the game) and the Wild card, whose action is named when it is placed *(judgment, § 16)*.
EMPIRE_MARKERS = ACTIONS[1:] + tuple(f"wild_{a}" for a in ACTIONS[1:])
#: The Wild cards a player may have free, all free while one is (``_free_markers``).
WILD_MARKERS = frozenset(m for m in EMPIRE_MARKERS if m.startswith("wild_"))
#: The action a marker on an empire turns over as: its own, or the one a Wild card names (``task_reveal``).
MARKER_ACTION = {m: a for a in ACTIONS for m in (a, f"wild_{a}")}
#: The non-empire marker: Start empire, Destiny or Civilise only (§ Playing the game).
EXTRA_MARKERS = ("start", "destiny", "civilise", "none")
#: Players as move words (an event played on a player: events.py).
SEATS = tuple(f"P{i}" for i in range(1, 8))


class State(Primitives, Actions, Beliefs, Manoeuvre, Glory, Leaders, Specials, CommonUnits, Events, Artefacts, Votes,
            Clocks, Options, Temples, Warfare, NeutralKingdoms, TradeCards, Forum, GreatCanal, Crusades,
            Tasks, BaseState):
    """A position: the deck and hands, the empires (one per slot), the map, the turn's markers."""

    RESOURCES = {"glory": Counter(), "money": Counter(), "progress": Counter(), "elite": Counter(),
                 "extra_go": Counter()}               # option 16: a Forum's '+1 go' markers (forum.py)
    ZONES = (Zone("deck", HIDDEN, pool="cards", view=("deck",)),
             Zone("hand", OWNER, per_seat=True, pool="cards", view=("players", SEAT, "hand")),
             Zone("bids", OWNER, per_seat=True, pool="cards", view=("players", SEAT, "bid")),
             Zone("offer", OWNER, per_seat=True, pool="cards", view=("players", SEAT, "offer")),
             Zone("drawn", OWNER, per_seat=True, pool="cards", view=("players", SEAT, "conflict_card")),
             Zone("discards"))
    LEVELS = LEVELS
    #: ``areas_of``: (the owners' stamp it was read at, empire -> its areas)
    _areas_of: tuple = (None, {})
    #: ``in_play``: (the empires' stamp it was read at, the slots with an empire)
    _in_play: tuple = (None, ())
    ACTIONS = ACTIONS
    #: § Winning the game: glory, then the most advanced empire; first, option 16's General AI (clocks.py)
    RANKING = Ranking(("crowned", "glory", "advanced"))
    COPIED = ("empire", "colour", "capital", "homeland", "marks", "extra", "family", "units", "owner", "city",
              "artefacts", "on_card", "beliefs", "unrestricted", "wild_used", "queue", "moved", "across", "invaders",
              "played", "started", "gained", "leaders", "berth", "parent")
    FIELDS = ("_areas_of", "_artefact_index", "_by_verb", "_changes_read", "_in_play", "_index_seen", "_markers_held",
              "_on_map", "avoided", "bidders", "cadence", "censured", "chosen", "clocks", "commits", "common",
              "common_built", "crowned", "cup", "defended", "destiny_hands", "discarded", "disorder", "drafted",
              "draws", "events_drawn", "ever_held", "extra2", "fight", "first", "forts", "great_temples", "grudges",
              "halved", "hocked", "holy_wars", "invaded", "kingdom", "lost", "marched", "moment", "no_elephants",
              "owned", "partial", "per", "picks", "playable", "player", "ranges", "reach_from", "religion_played",
              "removed", "reshuffles", "seat_slots", "seated", "seen", "shifted", "spare", "stack", "step",
              "strategist", "streak", "sworn", "temples", "temporary", "track", "traded", "traded_value", "treaties",
              "turn", "wave", "went_again")

    def __init__(self, game, players: int, seed: int, log: bool = False):
        self.per = game.max_empires(players)          # empire slots per seat: the kit's actors
        self.seat_slots = tuple(range(seat * self.per, (seat + 1) * self.per) for seat in range(players))  # slots_of
        super().__init__(game, players, seed, log)

    # -- set-up (§ Preparing to play; § Who goes first?) -------------------------------------------
    def setup(self) -> None:
        game, n = self.game, self.n
        slots = n * self.per
        self.empire: list[str | None] = [None] * slots
        self.seated = stamp()                             # a new stamp at each write of empire (engine/tallied.py)
        self.colour: list[str | None] = [None] * slots
        self.capital: list[str | None] = [None] * slots
        self.homeland: list[str | None] = [None] * slots
        self.marks: list[str | None] = [None] * slots      # face-down marker on each empire this turn
        self.extra: list[str | None] = [None] * n          # the non-empire marker, per seat
        self.family: list[str | None] = [None] * n
        self.started: list[tuple[str, ...]] = [()] * n     # every empire each player started
        self.gained: list[tuple[str, ...]] = [()] * n      # every artefact each player played (records)
        self.beliefs: list[tuple[str, ...]] = TalliedList([()] * slots)  # religions and governments held
        self.on_card: list[tuple[str, ...]] = TalliedList([()] * slots)  # artefact markers on the empire's card
        self.unrestricted: list[frozenset[str]] = [frozenset()] * slots   # icons lifted by a trade
        self.wild_used: list[bool] = [False] * slots
        self.units: dict[str, tuple[str, ...]] = {}       # area -> unit types of its controller
        self.owner: dict[str, int] = {}                   # area -> slot of the empire with units there
        self.owned = stamp()                              # a new stamp at each write of owner (engine/tallied.py)
        self.kingdom: dict[str, tuple[str, ...]] = {}     # option 10: area -> its kingdom units (neutral_kingdoms.py)
        self.city: dict[str, int] = {}                    # area -> city value
        self.artefacts: dict[str, tuple[str, ...]] = TalliedDict()   # area -> artefact markers
        self.track: dict[str, int] = {}                   # option 16: blue marker -> its progress level (artefacts.py)
        self.ranges: dict[int, tuple] = {}                # slot -> (what its Range depends on, the Range): area_range
        self.clocks: dict[str, int] = {}                  # option 16: World war's marker, the climate clock (clocks.py)
        self.censured: frozenset[int] = frozenset()       # option 16: empires censured this action (clocks.py)
        self.wave = 0                                     # option 16: a Manoeuvre's second move (World war)
        self.halved: int | None = None                    # option 16: a Production's unit costs so far, halved
        self.crowned: int | None = None                   # option 16: the player General AI made the winner
        self.avoided = False                              # option 16: a disorder marker avoided (artefacts.py)
        self.grudges: tuple = ()                          # option 16: (empire, its liberator) this Manoeuvre
        self.streak = 0                                   # option 16: empires in a row that halved their income
        self.lost: dict[int, int] = {}                    # option 16: empire -> the turn another player's took an area
        self.defended: dict[tuple, int] = {}              # option 16: (defender, attacker) -> the turn of a conflict
        self.treaties: tuple = ()                         # option 16: Peace treaties' ((area, empire, age) × 2)
        self.great_temples: dict[str, str] = {}           # option 16: area -> the religion of its Great Temple
        self.went_again: dict[int, int] = {}              # option 16: empire -> the turn it spent a '+1 go' (forum.py)
        self.holy_wars: dict[str, str] = {}               # option 16: area -> the religion of its Holy war (crusades.py)
        self.marched: frozenset[int] = frozenset()        # option 16: empires that moved this Manoeuvre (crusades.py)
        self.forts: frozenset[str] = frozenset()
        self.disorder: frozenset[str] = frozenset()
        self.ever_held: frozenset[str] = frozenset()      # religions and governments held by someone
        self.leaders: list[tuple] = [()] * slots          # per empire: (name, types, area) (leaders.py)
        self.cup = self.leader_cup()                      # unnamed leaders and 'no leader' markers
        self.seen: frozenset[str] = frozenset()           # named leaders that have appeared
        self.draws = 0                                    # draws from the cup so far (their chance)
        self.moved: dict[str, int] = {}                   # Manoeuvre: units that marched into an area
        self.across: dict[str, str] = {}                  # Manoeuvre: area -> the area units entered from
        self.invaders: dict[str, tuple[str, ...]] = {}    # Manoeuvre: the active empire's units in another's area
        self.strategist: str | None = None                # Manoeuvre: a Strategist's second move from this area
        self.invaded: frozenset[str] = frozenset()        # Manoeuvre: land areas units entered from the sea
        self.sworn: frozenset[int] = frozenset()          # Manoeuvre: empires whose seas ships passed without 2:1
        self.berth: dict[str, frozenset[int]] = {}        # port -> the coasts its ships lie on (conflict.py)
        self.common = (None,) * len(game.common_units)    # where each Kingdoms counter is (kingdoms.py)
        self.no_elephants = False                         # elephants left the game (an empire in age 7)
        self.common_built = 0                             # common units built in this Production
        self.parent: list[str | None] = [None] * slots    # a Successor State's parent empire (specials.py)
        self.queue: list[tuple] = []                      # tasks of the turn still to run
        self.traded: frozenset[int] = frozenset()         # empires that traded this turn
        self.shifted: frozenset[int] = frozenset()        # empires that gained or lost an area this turn (votes.py)
        self.fight: tuple | None = None                   # the conflict being fought (conflict.py)
        self.commits: tuple = (None, None)                # units each side commits this round
        self.picks: tuple[str, ...] = ()                  # units picked one at a time for a commit
        self.religion_played = False                      # Civilise: a religion card played this action
        self.stack: tuple = ()                            # events played and not resolved yet (events.py)
        self.events_drawn = 0                             # events' random picks so far (their chance)
        self.temporary: tuple = ()                        # events' changes in force for a while (events.py)
        self.traded_value: dict[int, int] = {}            # trade values of the last trade (events.py)
        self.step: tuple | None = None                    # the decision waited for: (kind, *context)
        self.partial: tuple = ()                          # what its primitive moves did so far (moves.py)
        self.turn, self.first, self.reshuffles = 0, 0, 0
        cards = list(game.cards)
        self.chance().shuffle(cards)
        self.hand, self.deck = self.deal(cards)          # § Preparing to play; options 1 and 4 (options.py)
        self.discards: tuple[str, ...] = ()
        self.bids = [()] * n
        self.offer = [()] * n
        self.drawn = [()] * n
        self.bidders: tuple[int, ...] = tuple(range(n))   # § Who goes first?: who still plays a card
        self.played: list[tuple[int, ...]] = [()] * n     # the values each player played for it
        if self.log is not None:
            self.note(f"set-up: {n} players, {len(game.colours)} empire colours, at most {self.per} empires "
                      f"each; {len(self.hand[0])} cards dealt to each player")
        self.queue = self.before_bids() + [("bid", p) for p in self.bidders] + [("bids_shown",)]
        self.proceed()

    def actors(self) -> range:
        return range(self.n * self.per)

    def wait(self, kind: str, actor: int, *context) -> None:
        """A new decision: no primitive move made at it yet (moves.py)."""
        self.partial = ()
        super().wait(kind, actor, *context)

    def seat_of(self, slot: int) -> int:
        return slot // self.per

    def who(self, slot: int) -> str:
        card = self.empire[slot]
        seat = self.seat_name(self.seat_of(slot))
        return f"{seat}'s {self.game.name(card)}" if card else seat

    def slots_of(self, seat: int) -> range:
        return self.seat_slots[seat]

    def in_play(self) -> list[int]:
        """The slots with an empire, in order; remembered until the empires are written (``_in_play``: their
        stamp, ``seated``), handed out as a new list each time."""
        known = self._in_play
        if known[0] != self.seated:
            known = self._in_play = (self.seated, tuple(s for s, card in enumerate(self.empire) if card is not None))
        return list(known[1])

    def seat_order(self) -> list[int]:
        """Every seat, from the First player clockwise (§ Actions)."""
        return CLOCKWISE.order(self.first, self.n)

    def rank_value(self, seat: int, name: str) -> int:
        """``advanced``: the seat's most advanced empire's level (§ Winning the game's tie-break); a
        counter: its slots' sum (a seat's actors are its slots)."""
        if name == "advanced":
            return max((self.progress[s] for s in self.slots_of(seat) if self.empire[s]), default=0)
        if name == "crowned":                        # option 16: General AI's owner wins (clocks.py)
            return int(seat == self.crowned)
        return sum(map(getattr(self, name).__getitem__, self.slots_of(seat)))

    def next_tasks(self) -> list[tuple]:
        """The queue ran out: a new turn (engine.flow.Tasks runs the turn's tasks)."""
        return [("new_turn",)]

    # -- § Who goes first? ---------------------------------------------------------------------------
    def task_bid(self, seat: int) -> None:
        if not self.hand[seat]:                          # an empty hand plays the deck's top card
            self.bids[seat] = self.draw_cards(1)
            return
        self.wait("bid", seat * self.per)

    def options_bid(self) -> list[int]:
        ids = self.game.ids["bid"]
        return sorted({ids[c] for c in self.hand[self.seat_of(self.player)]})

    def move_bid(self, card: str) -> None:
        seat = self.seat_of(self.player)
        self.take_from_hand(seat, card)
        self.bids[seat] = (card,)
        self.done()

    def task_bids_shown(self) -> None:
        """The highest card goes first; tied players play again (§ Who goes first?). Families are then
        taken in order of the cards played, equal cards nearest the winner's left first."""
        value = self.game.value
        shown = {p: value[self.bids[p][0]] for p in self.bidders}
        if self.log is not None:
            self.note("who goes first: " + ", ".join(f"{self.seat_name(p)} plays {self.game.name(self.bids[p][0])} "
                                                      f"({shown[p]})" for p in self.bidders))
        for p in self.bidders:
            self.played[p] += (shown[p],)
        self.discards += tuple(self.bids[p][0] for p in self.bidders)
        self.bids = [()] * self.n
        best = max(shown.values())
        tied = tuple(p for p in self.bidders if shown[p] == best)
        if len(tied) > 1:
            self.bidders = tied
            self.queue[:0] = [("bid", p) for p in tied] + [("bids_shown",)]
            return
        self.first = tied[0]
        self.note(f"{self.seat_name(self.first)} takes the turn marker: First player")
        order = sorted(range(self.n), key=lambda p: (tuple(-v for v in self.played[p]), (p - self.first) % self.n))
        self.queue[:0] = [("family", p) for p in order] + self.after_families()

    def task_family(self, seat: int) -> None:
        self.wait("family", seat * self.per)

    def options_family(self) -> list[int]:
        ids = self.game.ids["family"]
        return [ids[f] for f in self.game.families if f not in self.family]

    def move_family(self, family: str) -> None:
        seat = self.seat_of(self.player)
        self.family[seat] = family
        self.note(f"{self.seat_name(seat)} takes the {self.game.family_names[family]} family")
        self.done()

    # -- the turn (§ Playing the game; § Actions; § End of turn) ---------------------------------------
    def task_new_turn(self) -> None:
        self.task_expire("turn")
        self.turn += 1
        self.note(f"== turn {self.turn}: First player {self.seat_name(self.first)}")
        self.marks = [None] * len(self.marks)
        self.extra = [None] * self.n
        self.wild_used = [False] * len(self.wild_used)
        self.traded = frozenset()
        self.shifted = frozenset()
        self.queue = self.before_marks() + [("mark", s) for p in self.seat_order() for s in self.slots_of(p)   # options.py
                                            if self.empire[s] is not None]
        self.queue += [("extra", p) for p in self.seat_order()] + self.before_reveal() + [("reveal",)]

    def task_mark(self, slot: int) -> None:
        """A marker on every empire, while markers last (7 actions' and the Wild card)."""
        if self.empire[slot] is not None and self._free_markers(self.seat_of(slot)) - {"start"}:
            self.wait("mark", slot)

    def _free_markers(self, seat: int) -> frozenset[str]:
        """One marker per action and one Wild card per player (§ Playing the game; § Wild card); more
        with option 5 (options.py ``marker_allowance``). Made once per game for each allowance and the
        markers the player has placed (``Game.free_markers``)."""
        used = (*map(self.marks.__getitem__, self.slots_of(seat)), self.extra[seat], self.second_extra(seat))
        key = self.allowance_key(seat), used
        free = self.game.free_markers.get(key)
        if free is None:
            allowance = self.marker_allowance(seat)
            free = {m for m in ACTIONS if used.count(m) < allowance[m]}
            if sum(1 for m in used if m in WILD_MARKERS) < allowance["wild"]:
                free |= WILD_MARKERS
            free = self.game.free_markers[key] = frozenset(free)
        return free

    def options_mark(self) -> list[int]:
        free = self._free_markers(self.seat_of(self.player))
        ids = self.game.ids["mark"]
        return sorted(ids[m] for m in EMPIRE_MARKERS if m in free)

    def move_mark(self, marker: str) -> None:
        self.marks[self.player] = marker
        if self.log is not None:
            self.note(f"{self.who(self.player)}: a marker face down", private=marker)
        self.done()

    def task_extra(self, seat: int) -> None:
        """A player below the maximum may put one marker on no empire (§ Playing the game)."""
        if sum(1 for s in self.slots_of(seat) if self.empire[s]) < self.per:
            self.wait("extra", seat * self.per)

    def options_extra(self) -> list[int]:
        free = self._free_markers(self.seat_of(self.player))
        ids = self.game.ids["extra"]
        return sorted(ids[m] for m in EXTRA_MARKERS if m == "none" or m in free)

    def move_extra(self, marker: str) -> None:
        seat = self.seat_of(self.player)
        if marker != "none":
            self.place_extra(seat, marker)                # a second with option 5 (options.py)
            self.note(f"{self.seat_name(seat)}: a marker face down on no empire", private=marker)
        self.done()

    def task_reveal(self) -> None:
        """Actions 1 → 7; in each, the First player's markers, then the others clockwise (§ Actions).
        A marker acts only for its empire; a Wild card becomes the action it names (§ Wild card)."""
        turned: dict[str, list[tuple]] = {action: [] for action in ACTIONS}    # each marker read once
        for seat in self.seat_order():
            for marker in (self.extra[seat], self.second_extra(seat)):
                if marker in turned:
                    turned[marker].append(("act", marker, seat, None))
            for s in self.slots_of(seat):
                action = MARKER_ACTION.get(self.marks[s])
                if action is not None:
                    turned[action].append(("act", action, seat, s))
        tasks = []
        for action in ACTIONS:
            tasks += self.before_action(action)          # options.py
            tasks += self.alternated(turned[action]) if action == "manoeuvre" else turned[action]   # option 5
        self.queue = tasks + [("end_turn",)]

    def task_act(self, action: str, seat: int, slot: int | None) -> None:
        self.settle_common()
        if slot is not None:
            marker = self.marks[slot]
            if marker is None:            # turned over already (a trade partner's Trade) or discarded
                return
            self.marks[slot] = None
            wild = marker.startswith("wild_")
            if wild:
                self.wild_used[slot] = True
            card = self.empire[slot]
            if card is None:              # § Actions: its empire was discarded *(judgment, § 16.3)*
                if action != "destiny":
                    return
            elif self.log is not None:
                self.note(f"-- {self.who(slot)} turns over {'its Wild card as ' if wild else ''}{action}")
        else:
            self.turn_extra(seat, action)                 # options.py: option 5's second one too
            self.note(f"-- {self.seat_name(seat)} turns over the non-empire marker: {action}")
        if slot is not None and self.temporary and self.passes(slot, action):     # an event's change
            self.note(f"  {self.who(slot)}: the {action} is a pass (an event)")
            return
        if slot is not None and self.option_16():
            self.censured = frozenset()
            self.temples_kept()                          # a Great Temple's religion shrank (artefacts.py)
            self.forums_kept()                           # a Forum gone: its '+1 go' markers too (forum.py)
            self.crusades_kept()                         # a Holy war's empire took its religion (crusades.py)
            if self.heresy_vote(slot):                   # option 16: a Vote action instead (votes.py)
                return
            if self.forum_offered(action, seat, slot):   # a Forum: the action or a pass (forum.py)
                return
        self.task_acting(action, seat, slot)

    def task_acting(self, action: str, seat: int, slot: int | None) -> None:
        """The action starts: option 16's moments at the start of an action first."""
        if slot is not None and self.option_16():
            self.fire_artefacts("each_action", slot)     # Mars landing
            if self.moment_due("before_action", slot):   # Buddhism, Christianity, the Oracle, Satellites
                self.queue[:0] = [("artefact_moment", "before_action", slot), ("action", action, seat, slot)]
                return
        self.task_action(action, seat, slot)

    def task_action(self, action: str, seat: int, slot: int | None) -> None:
        """The action is carried out; an event's change "this action" ends with it."""
        waiting = len(self.queue)
        getattr(self, f"action_{action}")(seat, slot)
        if self.game.rules["marines"]:                   # option 14: marines left at sea (warfare.py)
            self.queue.insert(len(self.queue) - waiting, ("marooned",))
        if self.game.events is not None or self.option_16():   # a change "this action" ends with the action
            self.queue.insert(len(self.queue) - waiting, ("expire", "action"))
        if slot is not None and self.option_16() and action == "manoeuvre":   # a Holy war's duty (crusades.py)
            self.queue.insert(len(self.queue) - waiting, ("holy_war_duty", slot))
        if slot is not None and self.option_16():          # a Forum's '+1 go': a second action (forum.py)
            self.queue.insert(len(self.queue) - waiting, ("forum_go", action, seat, slot))

    # -- end of turn (§ End of turn) -------------------------------------------------------------------
    def task_end_turn(self) -> None:
        """Free progress, Harvest glory, then the turn marker passes left (§ End of turn); events of
        Free progress and of the start of Harvest are played first (events.py)."""
        self.queue = [("window", "free_progress", ()), ("free_progress",), ("window", "harvest", ()),
                      ("harvest_start",)]

    def task_free_progress(self) -> None:
        if self.game.rules["cadenced_progress"]:             # option 9 instead (options.py)
            self.cadenced_progress()
            return
        for s in self.in_play():
            barred = self.free_progress_barred(s)
            if barred:
                self.note(f"{self.who(s)}: {barred}")
            elif self.wild_used[s] and not self.leaders_in(s, "ad"):   # § Wild card; Administrator
                self.note(f"{self.who(s)}: no free progress after a Wild card")
            else:
                self.advance(s, 1, "free progress")

    def free_progress_barred(self, slot: int, level: int | None = None) -> str | None:
        """Why the empire may not progress forward from ``level`` (its own) in Free progress, if it may not."""
        level = self.progress[slot] if level is None else level
        changed = self.in_force("forbid", slot) + self.in_force("allow", slot) if self.changing else ()
        if "free_progress" in changed:        # an event forbids it (Stagnation, card 60); World war
            by_event = any(v == "forbid" and c == "free_progress" and w in (None, slot) for w, _, v, c in self.temporary)
            return f"no free progress ({'an event' if by_event else 'World war'})"
        if (level in self.game.dark_ages and not self.leaders_in(slot, "sc")   # § Terms of play › Dark ages; Scientist
                and "free_dark_age_progress" not in changed):   # Age of reason, card 59
            return f"no free progress in a dark age (level {level})"
        return None

    def task_harvest_start(self) -> None:
        """Glory bought, then the categories (glory.py); an event's change applies to the total."""
        before = [self.rank_value(p, "glory") for p in range(self.n)]
        for s in self.in_play():
            self.fire_artefacts("harvest_start", s)      # option 16: the Nobel prizes (votes.py)
        empires = [s for p in self.seat_order() for s in self.slots_of(p) if self.empire[s] is not None]
        hock = [("hock", s) for s in empires] if self.game.rules["hocking"] else []     # option 15 (options.py)
        self.hocked = {}
        self.queue = ([("buy", s) for s in empires] + [("harvest",), ("harvest_changed", before)] + hock
                      + [("expire", "harvest"), ("turn_over",)])

    def task_harvest_changed(self, before: list[int]) -> None:
        if self.temporary:
            self.harvest_changed(before)

    def task_turn_over(self) -> None:
        """§ Winning the game: the turn an empire passes level 49 is the last; its player gains 7.
        A turn limit (a rule parameter) ends simulated games too."""
        beyond = self.game.beyond
        ended = [s for s in self.in_play() if self.progress[s] > beyond["level"]]
        limit = self.game.rules["turn_limit"]
        if ended:
            for s in ended:
                self.score(s, beyond["glory"], "beyond level 49")
                self.fire_artefacts("ends_game", s)      # option 16 (Moon landing)
            self.finish(f"{', '.join(self.who(s) for s in ended)} passed level {beyond['level']}")
        elif limit and self.turn >= limit:
            self.finish(f"the turn limit ({limit}) is reached")
        else:
            self.first = CLOCKWISE.next(self.first, self.n)         # § End of turn › The turn ends

    def finish(self, why: str) -> None:
        self.over = True
        self.step = None
        self.player = self.first * self.per
        if self.log is not None:
            self.note(f"== game end: {why}")
            ranks = self.ranks()
            for p in sorted(range(self.n), key=lambda q: ranks[q]):
                self.note(f"{ranks[p]}. {self.seat_name(p)}: {self.game.word(self.rank_value(p, 'glory'), 'glory')}, "
                          f"most advanced empire on level {self.rank_value(p, 'advanced')}")

    # -- shared rules ------------------------------------------------------------------------------
    def age(self, slot: int) -> int:
        """An empire's age: the row of its progress marker; beyond 49 it stays in age 7 (§ PROGRESS TRACK)."""
        return min(7, (max(self.progress[slot], 1) - 1) // LEVELS + 1)

    def game_age(self) -> int | None:
        """The age of the most advanced empire in play (§ 1. Start empire); None on an empty map."""
        levels = [self.progress[s] for s in self.in_play()]
        return min(7, (max(levels) - 1) // LEVELS + 1) if levels else None

    def advance(self, slot: int, levels: int, cause: str) -> None:
        """Progress ``levels`` (§ Terms of play › Progress level); immediate glory per level gained
        (§ End of turn › Harvest glory › Immediate glory: Benin)."""
        if levels <= 0:
            return
        before = self.age(slot)
        self.progress[slot] += levels
        if self.log is not None:
            self.note(f"{self.who(slot)} advances {levels} (level {self.progress[slot]}, {cause})")
            if self.age(slot) != before:
                self.note(f"{self.who(slot)} enters age {self.age(slot)}")
        if self.age(slot) != before:                 # § 6. Civilise › Removing leaders: a new age
            self.lose_leaders(slot, None, "a new age")
        if self.age(slot) != before:
            self.outdated_artefacts(slot)
            self.age_over(slot)                      # an event's change "until the age changes" ends
            self.fire_artefacts("changes_age", slot)     # option 16: artefacts discarded in a new age
            self.entered_age(slot)                       # option 16: World war ends (clocks.py)
            self.treaties_kept()                         # a Peace treaty ends (artefacts.py)
        if self.age(slot) == 7:                      # § 2 › Elephants: gone when an empire enters age 7
            self.elephants_leave()
        per_level = self.game.immediate(self.empire[slot], "progress_level")
        if per_level:
            self.score(slot, per_level * levels, "immediate glory: progress")

    def outdated_artefacts(self, slot: int) -> None:
        """An on-map artefact is discarded when its area's controller is outside the artefact's ages
        (§ 6. Civilise › Playing artefact cards)."""
        age = self.age(slot)
        for area in self.areas_of(slot):
            held = self.artefacts.get(area, ())
            kept = tuple(a for a in held if self.game.artefacts[a]["ages"][0] <= age <= self.game.artefacts[a]["ages"][1])
            if kept != held:
                if kept:
                    self.artefacts[area] = kept
                else:
                    del self.artefacts[area]
                self.note(f"  {self.who(slot)}: an artefact outside age {age} leaves {self.game.world.areas[area].name}")

    def score(self, slot: int, amount: int, cause: str) -> None:
        """Glory for the slot's player; never below zero for the player (§ Terms of play › Glory points)."""
        if amount < 0:
            amount = -min(-amount, self.rank_value(self.seat_of(slot), "glory"))
        short = False
        if amount > 0 and self.game.rules["secret_victory"]:      # option 11: the markers may run out
            amount, short = secret.paid(self, amount)
        if amount:
            self.glory[slot] += amount
            if self.log is not None:
                self.changed(slot, "glory", amount, cause)
                self.note(f"  {self.who(slot)} {'+' if amount > 0 else ''}{self.game.word(amount, 'glory')} ({cause})")
        if short and not self.over:
            self.finish("the glory markers ran out (option 11)")

    def earn(self, slot: int, amount: int, cause: str) -> None:
        """Money, at most 199 (§ 2. Production › Earning income)."""
        before = self.money[slot]
        self.money[slot] = min(self.game.money_cap, before + amount)
        if self.log is not None and amount:
            self.note(f"  {self.who(slot)} +{self.game.word(self.money[slot] - before, 'money')} ({cause})")

    def spend(self, slot: int, amount: int) -> None:
        assert 0 <= amount <= self.money[slot]
        self.money[slot] -= amount

    def draw_cards(self, count: int) -> tuple[str, ...]:
        """Cards from the deck; an empty deck is the discard pile shuffled (§ Terms of play › Card deck)."""
        out = self.from_discards(count) if self.temporary else ()         # an event's change (events.py)
        while len(out) < count:
            if not self.deck:
                if not self.discards:
                    break
                self.reshuffles += 1
                pile = list(self.discards)
                self.chance("reshuffle", self.reshuffles).shuffle(pile)
                self.deck, self.discards = tuple(pile), ()
                self.note("the discard pile is shuffled into a new deck")
            take = min(count - len(out), len(self.deck))
            out += self.deck[:take]
            self.deck = self.deck[take:]
        return out

    def take_from_hand(self, seat: int, card: str) -> None:
        hand = list(self.hand[seat])
        hand.remove(card)
        self.hand[seat] = tuple(hand)

    def areas_of(self, slot: int) -> list[str]:
        """The empire's areas, in the owners' order; remembered per empire until the owners are written
        (``_areas_of``: their stamp, ``owned``, so clones may share it: engine/tallied.py)."""
        known = self._areas_of
        if known[0] != self.owned:
            known = self._areas_of = (self.owned, {})
        found = known[1].get(slot)
        if found is None:
            found = known[1][slot] = tuple(a for a, s in self.owner.items() if s == slot)
        return list(found)

    # -- the state as data -------------------------------------------------------------------------
    def snapshot(self) -> dict:
        return views.snapshot(self)

    def observation(self, seat: int) -> dict:
        """The face-down markers of the other players are hidden (§ Playing the game); with option 11,
        their glory too."""
        view = views.hide_markers(self, super().observation(seat), seat)
        return secret.hidden(self, view, seat) if self.game.rules["secret_victory"] else view

    def determinize(self, seat: int, rng):
        """Hidden cards dealt again (the kit), and what else ``seat`` cannot see chosen anew: the other
        players' face-down markers (one per action, one Wild card) and an attacker's secret commit."""
        new = super().determinize(seat, rng)
        for other in range(self.n):
            slots = [s for s in self.slots_of(other) if new.marks[s] is not None] if other != seat else []
            actions = list(ACTIONS[1:])
            shuffle(rng, actions)
            wild = len(slots) > len(actions) or (slots and rng.random() < 0.5)
            for i, s in enumerate(slots):
                new.marks[s] = f"wild_{rng.choice(ACTIONS[1:])}" if wild and i == 0 else actions.pop()
            if other != seat and new.extra[other] is not None:
                used = set(new.marks[other * self.per:(other + 1) * self.per])
                new.extra[other] = rng.choice([m for m in ("start", "destiny", "civilise") if m not in used])
        self.determinize_options(new, seat, rng)
        if (new.fight is not None and new.commits[0] is not None and self.seat_of(new.fight[1]) != seat
                and not self.commits_shown()):
            new.commits = (rng.randint(1, len(new.fight[3])),) + new.commits[1:]
        return new

    def scores(self) -> list[int]:
        """Glory, the victory count (§ Winning the game): the ranking's first value, ``crowned``, only
        says who ended history with General AI or the Internet (option 16)."""
        return [self.rank_value(seat, "glory") for seat in range(self.n)]

    def features(self, seat: int) -> dict[str, int]:
        return views.features(self, seat)

    def record(self, seat: int) -> dict:
        return views.record(self, seat)


class Game(BaseGame):
    """The deck's cards, the map, the charts and counters, and the move codec."""

    FACTS = FACTS
    State = State

    def MOVES(self) -> list:
        """Layer 1 and 2 of docs/rules/7ages.md § 15: every decision the engine asks for."""
        return [("bid", [self.cards]), ("family", [self.families]), ("mark", [EMPIRE_MARKERS]),
                ("extra", [EXTRA_MARKERS]), ("start", [self.cards + ("none",)]), ("build", [PROFILES]),
                ("partner", [self.cards + ("deck",)]), ("offer", [self.cards]), ("march", [tuple(self.world.areas)]),
                ("open", [tuple(self.world.areas)]), ("land", [tuple(self.world.areas)]),
                ("fight", [tuple(self.world.areas)]),
                ("hold", []), ("commit", [COMMITS]), ("retreat", []), ("stand", []),
                ("destiny", [tuple(str(n) for n in range(4))]), ("promote", [tuple(self.named_leaders) + ("cup", "none")]),
                ("adopt", [self.beliefs + ("none",)]),
                ("play", [self.cards]), ("civilised", []), ("buy", [("none", "all")]), ("choose", [OPTION]),
                ("event", [self.cards + ("pass",)]), ("target", [self.cards + SEATS]),
                ("respond", [self.cards + ("pass",)]),
                ("escort", [tuple(self.world.areas)]), ("dismiss", [self.leader_words + ("none",)]),
                ("found", [self.religions + ("none",)]), ("drop", [self.beliefs + ("none",)]),
                ("dominant", [self.religions]), ("raze", []), ("spare", []),
                ("unload", [tuple(self.world.areas)]), ("pick", [tuple(self.unit_class)]), ("picked", []),
                ("redraw", []), ("keep", []), ("hock", [("none", "one")]), ("redeem", [self.cards + ("none",)]),
                ("shed", [self.cards]), ("cadence", [ACTIONS]), ("desecrate", [tuple(self.world.areas) + ("none",)]),
                ("cull", [self.cards]), ("draft", [ACTIONS + ("wild",)]),
                # the primitive moves the macros expand to, not listed to agents (moves.py)
                ("unit", [tuple(self.unit_class), tuple(self.world.areas)]), ("fort", [tuple(self.world.areas)]),
                ("elite", []), ("built", []), ("discard", [self.cards]), ("draw", []),
                ("take", [tuple(self.unit_class), tuple(self.world.areas)]), ("go", [tuple(self.world.areas), GOING]),
                ("glory", [tuple(str(n) for n in range(self.money_cap + 1))])]

    def __init__(self, deck, abilities=None):
        rules = deck.rules
        unplayed_options = refused(rules)                  # options.py; option 16's by _artefacts
        civs = deck.of_type("civilisation")
        self.cards = tuple(c.id for c in civs)
        self.value = {c.id: c.get("value", 0) for c in civs}
        self.empires = {c.id: c.get("empire") for c in civs}
        self.artefact_of = {c.id: c.get("artefact") for c in civs}
        self.artefacts = {a.id: a.fields for a in deck.of_type("artefact")}
        self.beliefs = tuple(sorted(a for a, fields in self.artefacts.items() if fields.get("group")))
        self.religions = tuple(b for b in self.beliefs if self.artefacts[b]["group"] == "religion")
        self.sided = double_sided(self.artefacts)           # group -> its double-sided markers' faces
        self.sided_groups = {group: tuple(b for b in self.beliefs if self.artefacts[b]["group"] == group)
                             for group in self.sided}
        self.world = WorldMap.of(deck)
        oceans = frozenset(a for a, area in self.world.areas.items() if area.kind == "ocean")
        self.offshore = {a: tuple(n for n in self.world.neighbours(a) if n not in oceans)   # reach_of
                         for a in self.world.areas}            # area -> its neighbours but ocean areas
        self.allowances: dict[tuple, dict[str, int]] = {}  # (sets, markers drafted) -> State.marker_allowance
        self.free_markers: dict[tuple, frozenset[str]] = {}  # (that, markers placed) -> State._free_markers
        self.walks: dict[str, MappingProxyType] = {}       # area -> areas crossed from it to each: State.distances
        self.chart = TerrainChart(self.world)
        self.collapsed = TerrainChart(self.world, COLLAPSE)     # option 16: after the climate clock's collapse
        self.counters = Counters.of(deck)
        self.common_units = common_counters(self.counters)
        track = deck.data["progress_track"]
        self.max_city = {a["age"]: a["max_city"] for a in track["ages"]}
        self.dark_ages = frozenset(track["dark_ages"]["levels"])
        self.beyond = track["beyond"]
        self.money_cap = 199                                   # § 2. Production › Earning income
        edition = rules["edition"]
        families = [f for f in self.counters.data["families"]
                    if edition == "deluxe" or f.get("expansion", "classic") == "classic"]
        self.families = tuple(f["id"] for f in families)
        self.family_names = {f["id"]: f["colours"]["dark"] + "/" + f["colours"]["light"] for f in families}
        colours = self.counters.colours()
        self.colours = tuple(f"{f['id']}_{shade}" for f in families for shade in f["colours"])
        self.colour_name = {c: colours[c][0] for c in self.colours}
        self.colour_family = {c: c.rsplit("_", 1)[0] for c in self.colours}
        self.colour_mix = {c: colours[c][1] for c in self.colours}
        self.glory_categories = {c["id"]: c for c in deck.data["glory_categories"]["categories"]}
        self.leader_type_names = {t["id"]: t["name"] for t in deck.data["leader_types"]["types"]}
        #: named leaders on the cards: move word (a slug) -> name, and back
        self.named_leaders = {slug(n["name"]): n["name"]
                              for e in self.empires.values() if e for named in e.get("named_leaders", {}).values()
                              for n in named}
        self.leader_slug = {name: word for word, name in self.named_leaders.items()}
        #: an unnamed leader's types -> its move word ("populist_religious")
        self.unnamed_slug = {tuple(e["types"]): slug("/".join(self.leader_type_names[t] for t in e["types"]))
                             for e in self.counters.data["leader_cup"]["leaders"]}
        self.leader_words = tuple(self.named_leaders) + tuple(self.unnamed_slug.values())
        self._units(deck.data["cost_chart"])
        super().__init__(deck, abilities)
        codec = self.codec
        self.ids = {kind: {values[0]: codec.id(kind, *values) for values in
                           (codec.kind[kind].values(i) for i in range(codec.kind[kind].size))}
                    for kind in ("bid", "family", "mark", "extra", "start", "build", "partner", "offer", "march",
                                 "open", "land", "fight", "commit", "destiny", "promote", "adopt", "play", "buy",
                                 "event", "target", "respond",
                                 "escort", "dismiss", "found", "drop", "dominant", "unload", "pick", "hock", "redeem",
                                 "shed", "cadence", "desecrate", "cull", "draft")}
        for kind in ("hold", "retreat", "stand", "raze", "spare", "picked", "redraw", "keep", "built", "draw"):
            self.ids[kind] = codec.id(kind)
        self.ids["civilised"] = codec.id("civilised")
        self.events, unplayed = self._events(deck, rules)
        self.artefact_book, lacking = self._artefacts(deck, rules, unplayed_options)
        self.crusade = crusade_cards(self.artefacts)          # option 16: the defender and its Holy war
        if unplayed_options:
            raise UnplayedRules(refusal(unplayed_options))
        self.facts = replace(FACTS, unplayed=unplayed + lacking + LEFT_OUT)

    def _events(self, deck, rules) -> tuple[EventBook | None, tuple[str, ...]]:
        """The events played, and what is said about the others: a deck plays its events when every one
        runs (the shipped decks do); a designer's deck with one that does not plays none and says why, or
        with ``partial_events`` plays those that run."""
        if not rules["events"]:
            return None, ()
        book = EventBook.of(deck, self.vocab, State.COUNTS)
        if not book.missing:
            return book, ()
        left = f"the events of {book.summary(self.name)}"
        if rules["partial_events"]:
            return book, (left,)
        return None, (f"{EVENTS}; not every event runs yet: {left}",)

    def _artefacts(self, deck, rules, unplayed: list[str]) -> tuple[ArtefactBook | None, tuple[str, ...]]:
        """Option 16: played once every artefact runs; until then refused (added to ``unplayed``), naming
        each artefact and why, or with ``partial_artefacts`` played as far as it runs, the others named
        (issue 17)."""
        if not rules["artefact_effects"]:
            return None, ()
        book = ArtefactBook.of(deck, self.vocab)
        if not book.missing:
            return book, ()
        left = f"option 16 for {book.summary(self.name)}"
        if not rules["partial_artefacts"]:
            unplayed.append(f"16 Artefact pre-requisites and effects (artefact_effects): not every artefact runs: {left}")
            return None, ()
        return book, (left,)

    def _units(self, chart: dict) -> None:
        """Unit types by class from the cost chart (§ Cost); the Kingdoms common units (elephants,
        nukes, Star Wars) are built from their own pools (kingdoms.py), not a colour's."""
        self.unit_class, self.unit_level, self.class_cost, self.class_kind = {}, {}, {}, {}
        self.negates_city = set()
        self.unit_names: dict[str, str] = {}
        self.class_units: dict[str, list[str]] = {}
        for cls in chart["classes"]:
            self.class_cost[cls["id"]] = cls["cost"]
            self.class_kind[cls["id"]] = cls["kind"]
            for u in cls["units"]:
                self.unit_class[u["id"]] = cls["id"]
                self.unit_level[u["id"]] = u["level"]
                self.unit_names[u["id"]] = u["name"]
                if u.get("negates_city"):
                    self.negates_city.add(u["id"])
                if not u.get("common"):
                    self.class_units.setdefault(cls["id"], []).append(u["id"])
        #: How each unit moves (``State.unit_kind``): its class's kind, but galleys, nukes and Star Wars their own.
        self.kind_of = {u: u if u in ("galley", "nuke", "star_wars") else self.class_kind[c]
                        for u, c in self.unit_class.items()}
        self.markers = {m["id"]: m for m in chart["markers"]}
        self.counter_of = {}
        for cid, c in self.counters.counters.items():
            for side in ("front", "back"):
                self.counter_of.setdefault(c[side], cid)

    def unit_name(self, unit: str) -> str:
        return self.unit_names[unit]

    def max_empires(self, players: int) -> int:
        """Colours ÷ players, rounded up (§ Playing the game: 15 and 4 → 4; 21 and 7 → 3)."""
        return -(-len(self.colours) // players)

    def check_players(self, players: int) -> None:
        super().check_players(players)
        if players > self.rules["max_players"]:
            raise ValueError(f"the {self.rules['edition']} game of 7 Ages is for 2-{self.rules['max_players']} players")

    def immediate(self, card: str | None, category: str) -> int:
        """The glory per occurrence of an immediate category on the empire's card (square icons)."""
        if card is None:
            return 0
        return sum(g.get("value", 1) for g in self.empires[card].get("glory", ()) if g["category"] == category)

    def arrange(self, players: int, seed: int, setup: dict) -> State:
        from cardtools.games.seven_ages.scenario import arrange

        return arrange(self, players, seed, setup)


def slug(name: str) -> str:
    """A leader's name as a move word: "Leif Erikson" -> leif_erikson."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


#: What the engine does not play yet (docs/rules/7ages.md, banner; § 18), printed by play and simulate.
LEFT_OUT = left_out()
EVENTS = "the cards' events: this deck is played without them, as the no-events variant plays it"

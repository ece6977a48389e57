"""Through the Ages: the rules of the Code of Laws (seeds/000_6e8fc3aad2efe530.txt, "CoL") and the
Handbook (seeds/002_acf4a7cbe95f6836.txt, "HB"), on the engine kit.

docs/rules/tta.md is the specification, section by section; each rule below names the section it
follows. Card abilities are never coded here: they are the deck's effects, compiled by the kit;
``vocabulary.py`` gives the effect words their meaning (what `build`, `develop`, a `price` change …
do), ``board.py`` reads the player board's numbers from ``decks/tta/boards.yaml``, ``politics.py`` plays
the full game's aggressions, wars, pacts and resigning, and ``ages.py`` the end of the game. Rule
parameters (``game.yaml`` `rules:`, overlaid by a variant such as ``first-game``) come from
``self.game.rules``.

What this engine does not play yet is stated once, in ``UNPLAYED`` (printed by ``cardtools play``
and ``simulate``, and in the spec's banner).
"""

from __future__ import annotations

from dataclasses import replace

from cardtools.effects.runtime import Ctx, Option, Pending
from cardtools.engine.abilities import Powers, run_abilities
from cardtools.engine.contract import GameFacts
from cardtools.engine.flow import CLOCKWISE
from cardtools.engine.host import Computed, Counter, Printed
from cardtools.engine.moves import OPTION
from cardtools.engine.ranking import Ranking
from cardtools.engine.state import BaseGame
from cardtools.engine.zones import HIDDEN, OWNER, PUBLIC, SEAT, Zone
from cardtools.games.tta import ages, verbs, views
from cardtools.games.tta.board import Board
from cardtools.games.tta.politics import Politics
from cardtools.games.tta.strength import army_strength
from cardtools.games.tta.vocabulary import COUNT_NAMES, URBAN_COUNTS, _without

AGES = ("A", "I", "II", "III", "IV")
#: Where printed symbols count: cards in play once, worker cards once per worker (CoL § YOUR STATISTICS).
ON_CARDS = ("play", "staffed")
#: Card types that take workers (CoL § YOUR PLAY AREA › TECHNOLOGY CARDS IN PLAY).
WORKED = ("farm", "mine", "urban_building", "military_unit")
#: What the engine does not play as the rulebooks say (docs/rules/tta.md, banner), by the cards it
#: concerns: said by `play` and `simulate` when the deck holds them.
UNPLAYED: dict[tuple[str, ...], str] = {}

FACTS = GameFacts("Through the Ages", information="imperfect", max_moves=20_000, concessions=("resign",))

#: Actions a once-per-turn ability may pay and gain and be known to do something (rules._use_probe).
ACTIONS_PAID = frozenset({"civil_actions", "military_actions"})

#: Bids offered above the last one (a decision has at most 64 options; forces rarely reach 60).
MAX_BIDS = 60

# Steps of a turn (CoL § COURSE OF THE TURN).
POLITICS, ACTIONS, DISCARD, OVER = "politics", "actions", "discard", "over"
#: The production phase's steps, all carried out at the end of a turn (CoL § PRODUCTION PHASE; a set: ``produce``
#: asks each step whether it is one, and keeps its own order).
PRODUCTION = frozenset({"points", "corruption", "food", "consumption", "resources"})


class State(Politics):
    """A position: the card row and decks, each player's cards, workers, tokens and actions."""

    RESOURCES = {"science": Counter(), "culture": Counter(), "political_actions": Counter(),
                 "military_resources": Counter(), "military_science": Counter(),
                 # carried by the board and the cards, not by a counter: vocabulary.py routes them
                 **{r: Counter() for r in ("food", "resources", "population", "civil_actions", "military_actions",
                                           "blue_tokens", "yellow_tokens", "food_or_resources")}}
    COUNTS = {name: Computed(f"count_{name}") for name in COUNT_NAMES}
    # A card that takes workers counts once per worker ("staffed" holds a card id per worker); any
    # other card once while in play (CoL § YOUR STATISTICS).
    STATS = {name: Printed(name, ON_CARDS) for name in (
        "civil_actions", "military_actions", "science", "culture", "strength", "happy", "blue_tokens",
        "yellow_tokens", "colonization", "culture_points", "food_production", "resource_production",
        "food_consumption", "discontent_workers", "civil_hand_limit", "military_hand_limit")}
    OWNED = ("play", "techs")
    # Card backs show their age (CoL § SETUP, § YOUR HAND): hidden cards are dealt again by age.
    ZONES = (Zone("row", PUBLIC, view=("card_row",)),
             Zone("civil_deck", HIDDEN, pool="civil", view=("civil_deck",), back="age"),
             Zone("military_deck", HIDDEN, pool="military", view=("military_deck",), back="age"),
             Zone("events", HIDDEN, pool="events", view=("events",), back="age"),
             # who prepared an event knows it (HB § PREPARING AN EVENT)
             Zone("future", HIDDEN, pool="future", view=("future_events",), back="age", placed_by="future_by"),
             # the top current event while Joan of Arc's owner knows it (`allow: peek_event`)
             Zone("peek", OWNER, per_seat=True, pool="events", view=("players", SEAT, "peeked_event"), back="age"),
             Zone("hand", PUBLIC, per_seat=True, view=("players", SEAT, "hand")),       # § 7.5 (choice)
             Zone("mhand", OWNER, per_seat=True, pool="military", view=("players", SEAT, "military_hand"),
                  back="age"),
             Zone("play", per_seat=True), Zone("techs", per_seat=True), Zone("staffed", per_seat=True),
             # Age III events set aside for the end (`end_game_events`, ages.py): dealt ones unseen even by
             # their owner until the end of Age I, then kept (known to the owner) or discarded unseen
             Zone("final_public", PUBLIC, view=("end_game_events",)),
             Zone("sealed", HIDDEN, per_seat=True, pool="final", view=("players", SEAT, "sealed_events")),
             Zone("kept", OWNER, per_seat=True, pool="final", view=("players", SEAT, "kept_events")),
             Zone("unused_final", HIDDEN, pool="final"))
    RANKING = Ranking(("culture",))        # CoL § GAME FLOW: most culture; ties share the victory
    #: Hidden from the other seats: a decision's options may name cards of a hidden hand.
    MOVE_VIEWS = ("legal", "pending")
    COPIED = ("tokens", "blue", "yellow", "pool", "civil_used", "military_used", "civil_temp", "military_temp",
              "wonder", "stages", "leader_ages", "elected", "tactic", "ruins", "marks", "boxed", "once_used", "skip_politics")
    FIELDS = ("active", "age", "attacking", "commons", "cost_tables", "discards", "exclusive", "failed", "future_by", "last_round",
              "pacts", "past", "player", "prices", "round", "starter", "step", "tactic_offers", "token_worth", "turn_flags", "turn_taken",
              "wars")

    # -- SETUP (CoL § SETUP; HB § SET UP; docs/rules/tta.md § 2) ----------------------------------------
    def setup(self) -> None:
        game, n, board = self.game, self.n, self.game.board
        self.hand = [()] * n
        self.mhand = [()] * n
        self.play = [tuple(c for c in game.initial if game.type[c] == "government")] * n
        self.techs = [tuple(c for c in game.initial if game.type[c] in WORKED)] * n
        workers = tuple(c for c, k in board.start_workers for _ in range(k))          # § PLAYER BOARD
        self.staffed = [workers] * n
        self.tokens = [{}] * n                              # blue tokens on farms and mines (replaced, never changed in place)
        #: per player (their tokens, food, resources): what ``holding`` found for those tokens (shared by clones)
        self.token_worth: list = [None] * n
        #: per player (key, worker_prices' answer) (shared by clones: the key is all it depends on)
        self.prices: list = [None] * n
        #: per player (military hand, common tactics, current tactic, tactic_moves' answer) (shared by clones)
        self.tactic_offers: list = [None] * n
        self.blue = [board.blue_squares] * n                # blue bank (16)
        self.yellow = [board.yellow_squares] * n            # yellow bank (18)
        self.pool = [board.start_pool] * n                  # unused workers
        self.civil_used, self.military_used = [0] * n, [0] * n
        self.civil_temp, self.military_temp = [0] * n, [0] * n       # actions for this turn only (§ 5.1)
        self.wonder = [None] * n                            # the unfinished wonder …
        self.stages = [0] * n                               # … and its stages built
        self.leader_ages = [frozenset()] * n                # HB § LEADERS: one leader per age, ever
        self.elected = [()] * n                             # every leader played, for simulation records
        self.once_used = [frozenset()] * n                  # once-per-game abilities used
        self.skip_politics = [False] * n                    # International Agreement: skip the next one
        self.tactic = [None] * n                            # current tactic
        self.ruins = [()] * n                               # (wonder, culture) turned to ruins (Ravages of Time)
        self.marks = [()] * n                               # (wonder, happy) marked by Homer (CoL § APPENDIX › HOMER)
        self.boxed = [(0, 0)] * n                           # (blue, yellow) tokens taken from the box, net
        self.commons: tuple[str, ...] = ()                  # common tactics area
        self.exclusive: tuple = ()                          # (seat, tactic) played this turn, made common next turn
        self.past: tuple[str, ...] = ()
        self.cost_tables: tuple = (None, None, None, None)  # vocabulary.costs
        self.discards: tuple[str, ...] = ()                 # the current age's military discard pile
        self.round, self.starter, self.player = 1, 0, 0     # § STARTING PLAYER: seat 0 (choice)
        self.active = tuple(range(n))                       # the players who have not resigned (§ RESIGN)
        self.wars: tuple = ()                               # politics.War in play (§ DECLARE A WAR)
        self.pacts: tuple = ()                              # (card, holder, partner, holder's side) (§ OFFER A PACT)
        self.attacking: tuple[int, int] | None = None       # (attacker, rival) while an attack's strength counts
        self.last_round: int | None = None
        self.step = ACTIONS
        self.turn_taken: tuple[str, ...] = ()               # civil cards taken this turn (§ PLAY AN ACTION CARD)
        self.turn_flags: frozenset = frozenset()            # replaced_leader, tactic, used:<card>
        self.events = self._shuffled("military", "A", ("events",))[:n + 2]             # § PREPARING THE EVENT DECK
        self.future: tuple[str, ...] = ()
        self.future_by: tuple[int | None, ...] = ()       # the seat that prepared each future event
        self.sealed, self.kept = [()] * n, [()] * n
        self.final_public: tuple[str, ...] = ()
        self.unused_final: tuple[str, ...] = ()
        if any(self.game.rules["end_game_events"].values()):
            ages.deal_final_events(self)
        self.age = 0
        civil = self._shuffled("civil", "A", ())                                         # § PREPARING THE CARD ROW
        spaces = len(board.row_costs)                   # 13 spaces (boards.yaml card_row)
        self.row = tuple(civil[:spaces])
        self.civil_deck = civil[spaces:]
        self.military_deck: tuple[str, ...] = ()             # Age A has no military deck to draw from
        for i, p in enumerate(CLOCKWISE.order(self.starter, n)):
            self.refresh(p, cards=True)
            # § INITIAL ACTIONS: the starting player has 1 civil action, each next player one more; no
            # military actions in the first round
            self.civil_used[p] = max(0, self.civil_total(p) - (i + 1))
            self.military_used[p] = self.stat(None, p, "military_actions")
        if self.log is not None:
            self.note("setup: card row " + ", ".join(self.game.name(c) for c in self.row))
        self._start_turn()

    def _shuffled(self, deck: str, age: str, purpose: tuple) -> tuple[str, ...]:
        """An age's deck for the players still in the game (CoL § RESIGN: set up as for their number)."""
        cards = list(self.game.decks.get((deck, age, len(self.active)), ()))     # a deck a variant emptied
        self.chance(deck, age, *purpose).shuffle(cards)
        return tuple(cards)

    # -- the moves -------------------------------------------------------------------------------------
    def moves(self) -> list[int]:
        if self.step == ACTIONS:
            return self.action_moves()
        ids = self.game.ids
        p = self.player
        if self.step == POLITICS:
            prepare, use, triggers = ids["prepare"], ids["use"], self.powers[p].triggers
            found = [ids["pass"]] + [prepare[c] for c in set(self.mhand[p]) if c in prepare]
            for ab in triggers.get(("political_action", None), ()):      # (loops: mostly none of either)
                found.append(use[ab.card])
            for ab in triggers.get(("once_per_game", None), ()):
                if ab.card not in self.once_used[p]:
                    found.append(use[ab.card])
            found += self.political_moves(p)
            found.sort()
            return found
        if self.step == DISCARD:
            return sorted(map(ids["discard"].__getitem__, set(self.mhand[p])))
        return []

    def action_moves(self) -> list[int]:
        """Every action the current player can do and pay (CoL § ACTION PHASE: only an action whose
        every step can be done and every cost paid), and ending the action phase."""
        p, game, ids = self.player, self.game, self.game.ids
        found = [ids["end"]]
        civil, military = self.actions_left(p)
        # (the calls below pass their arguments by position: a keyword argument takes the slow path of
        # Python 3.11's calls, asked at every action)
        found += map(ids["take"].__getitem__, self.takeable(p, civil, False))        # (in any order)
        if self.round == 1:                       # CoL § FIRST TURN: only taking cards
            return sorted(found)
        costs = self.costs(p)
        resources = self.payable(p, "resources")      # (read once: every build, upgrade and stage asks)
        if civil:
            if self.population_cost(p) is not None:
                found.append(ids["increase_population"])
            wonder = self.wonder[p]
            if wonder is not None:                # the next stage's cost (``stage_cost(p, 1)``) payable
                stages, built = game.fields[wonder]["stages"], self.stages[p]
                if built < len(stages) and stages[built] <= resources:
                    found.append(ids["build_stage"])
            science = self.science[p]
            for card in set(self.hand[p]):
                kind = game.type[card]
                if kind == "leader":
                    found.append(ids["elect"][card])
                elif kind == "action":
                    if card not in self.turn_taken and self.can_play(p, card):
                        found.append(ids["play"][card])
                elif (costs is None or costs.get((card, False), 0) <= science) and \
                        self.can_develop(p, card, False):       # (a known cost above the science: no)
                    found.append(ids["develop"][card])
                if kind == "government" and self.can_develop(p, card, True):            # (a revolution)
                    found.append(ids["revolution"][card])
        if not civil and military and self.allows(p, "revolution_with_military_actions"):     # Robespierre
            found += [ids["revolution"][c] for c in set(self.hand[p])
                      if game.type[c] == "government" and self.can_develop(p, c, revolution=True)]
        if civil or military:
            found += self.worker_moves(p, civil, military, costs is not None, resources)
        if military and "tactic" not in self.turn_flags:
            played, copied = self.tactic_moves(p)
            if military >= game.tactic_costs[0]:
                found += played
            if military >= game.tactic_costs[1]:
                found += copied
        for ability in self.powers[p].triggers.get(("once_per_turn", None), ()):
            use = ids["use"][ability.card]
            if use not in found and f"used:{ability.card}" not in self.turn_flags and self.can_use(p, ability.card):
                found.append(use)
        found.sort()            # (each move found once: a card's moves are asked once, of a set of cards)
        return found

    def can_use(self, p: int, card: str) -> bool:
        """Whether a once-per-turn ability can be used now: tried on a copy (``tries``), unless its
        leading pays cannot be paid (the pay skips the rest: nothing happens), or they can and only
        actions gained follow (then it always does something) — ``Game.use_pays``."""
        probe = self.game.use_pays.get(card)
        if probe is None:
            return self.tries(p, lambda st: st.move_use(card))
        pays, sure = probe
        for resource, n in pays:
            if self.holding(p, resource) < n:
                return False
        return sure or self.tries(p, lambda st: st.move_use(card))

    def tactic_moves(self, p: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The moves playing a tactic of ``p``'s military hand and copying a common tactic other than
        their current one (CoL § PLAY A TACTIC; HB § COPYING A TACTIC), before their military actions
        are counted: kept per player while the military hand, the common tactics and the current
        tactic stay the same objects (``tactic_offers``, shared by clones)."""
        mhand, commons, tactic = self.mhand[p], self.commons, self.tactic[p]
        known = self.tactic_offers[p]
        if known is not None and known[0] is mhand and known[1] is commons and known[2] is tactic:
            return known[3]
        ids = self.game.ids
        copied = set(commons)
        copied.discard(tactic)
        found = (tuple(map(ids["play_tactic"].__getitem__, self.game.tactics.intersection(mhand))),
                 tuple(map(ids["copy_tactic"].__getitem__, copied)))
        self.tactic_offers[p] = (mhand, commons, tactic, found)
        return found

    def worker_moves(self, p: int, civil: int, military: int, kept: bool, resources: int) -> list[int]:
        """Building, destroying and upgrading on the technologies in play (§ 5.2-5.3): civil actions for
        buildings, military ones for units; ``resources`` payable, and resources for military units this
        turn pay for units. Builds are read cheapest first from ``worker_prices`` (those within the
        resources), destroys and upgrades from the cards with workers. ``kept``: whether ``costs(p)``
        keeps the costs."""
        buildings, units, worked = self.worker_prices(p, kept)
        armed = resources + self.military_resources[p]          # (what units can be paid with)
        found = []
        if self.pool[p]:
            if civil:
                full: dict[str, bool] = {}        # urban building kind -> whether at the limit (asked once per kind)
                for cost, move, building, card in buildings:
                    if cost > resources:
                        break
                    if building is not None:
                        at_limit = full.get(building)
                        if at_limit is None:
                            at_limit = full[building] = not self.urban_room(p, card)
                        if at_limit:
                            continue
                    found.append(move)
            if military:
                for cost, move in units:
                    if cost > armed:
                        break
                    found.append(move)
        bach = ("allow", "upgrade_to_theater") in self.mods.by_subject and self.allows(p, "upgrade_to_theater")
        for card in set(self.staffed[p]):
            unit, destroy, upgrades = worked[card]
            if not (military if unit else civil):
                continue
            found.append(destroy)
            most = armed if unit else resources
            if bach:
                upgrade = self.game.ids["upgrade"]
                found += [upgrade[(card, to)] for to in self.upgrades(p, card, bach)
                          if self.upgrade_cost(p, card, to) <= most]
            elif upgrades:
                found += [move for cost, move in upgrades if cost <= most]
        return found

    def worker_prices(self, p: int, kept: bool) -> tuple[tuple, tuple, dict]:
        """What ``worker_moves`` reads: the (cost, build move, urban building kind, card) of the buildings
        and the (cost, build move) of the units ``p`` can build, cheapest first; for each technology,
        whether it is a unit, its destroy move, and the (cost, upgrade move) of its higher levels in
        play (CoL § UPGRADE). Kept per player while their technologies, the build price changes in play
        and the costs of their cards whose costs ``costs(p)`` does not keep stay the same — when it
        keeps costs (``kept``: the others then follow from the price changes alone)."""
        techs, unsettled = self.techs[p], self.cost_tables[3]
        key = (techs, self.mods.by_subject.get(("price", "build")),
               tuple(self.build_cost(p, c) for c in techs if c in unsettled) if unsettled else ())
        known = self.prices[p]
        if known is not None and known[0] == key:
            return known[1]
        game = self.game
        ids, held = game.ids, set(techs)
        buildings, units, worked = [], [], {}
        for card in techs:
            unit = game.type[card] == "military_unit"
            cost = self.build_cost(p, card)
            if unit:
                units.append((cost, ids["build"][card]))
            else:
                buildings.append((cost, ids["build"][card], game.buildings[card], card))
            worked[card] = (unit, ids["destroy"][card], tuple((self.upgrade_cost(p, card, to), ids["upgrade"][(card, to)])
                                                              for to in game.upgrade_to[card] if to in held))
        found = (tuple(sorted(buildings)), tuple(sorted(units)), worked)
        if kept:
            self.prices[p] = (key, found)
        return found

    # -- START-OF-TURN SEQUENCE and the politics phase (CoL § COURSE OF THE TURN) ----------------------
    def _start_turn(self) -> None:
        p = self.player
        self.turn_taken, self.turn_flags = (), frozenset()
        if self.log is not None:
            self.note(f"-- round {self.round}, {self.who(p)}'s turn: {self.civil_left(p)} civil and "
                      f"{self.military_left(p)} military actions; food {self.holding(p, 'food')}, resources "
                      f"{self.holding(p, 'resources')}, science {self.science[p]}, culture {self.culture[p]}")
        if self.round == 1:                       # CoL § FIRST TURN: no start-of-turn sequence, no politics
            self.step = ACTIONS
            return
        self.replenish(discard=True)              # § REPLENISH THE CARD ROW (it may end an age)
        for seat, tactic in self.exclusive:       # § MAKE TACTICS AVAILABLE
            if seat == p:
                self.commons += (tactic,)
                self.exclusive = tuple(e for e in self.exclusive if e[0] != p)
        rules = self.game.rules
        self.step = POLITICS if rules["political_actions"] and not self.skip_politics[p] else ACTIONS
        self.skip_politics[p] = False
        if self.step == POLITICS and self.allows(p, "peek_event"):
            self.peek_event(p)
        if self.over:
            return
        events = rules["automatic_events"] and self.round > 2 and p == self.round_opener()
        if events or self.wars or self.powers[p].triggers.get(("turn_start", None)):
            # (run after the event and the wars, which may change the abilities: without either and
            # without a turn-start ability, nothing to schedule)
            self.then(lambda st: st.fire(p, "turn_start"))
        if events:
            # seeds/004_b5d9e39f0ed938b2.txt § NORMAL TURN › EVENTS: on the starting player's turn after
            # the second round the top current event is revealed by itself (before the politics phase)
            self.then(lambda st: st.reveal_event(p))
        if self.wars:
            # § RESOLVE A WAR comes before the tactics and the politics phase, which it cannot change; it
            # waits on the agenda because the victor may have to choose (War over Technology)
            self.then(lambda st: st.resolve_wars(p))

    def peek_event(self, p: int) -> None:
        """`allow: peek_event` (Joan of Arc, CoL § CARD DESCRIPTION): at the start of the politics phase
        the player looks at the top card of the current events deck; it stays on top, known to them."""
        if any(self.peek) or not self.events:
            return
        self.peek[p], self.events = self.events[:1], self.events[1:]
        self.note(f"{self.who(p)} looks at the top current event", private=self.game.name(self.peek[p][0]))

    def move_pass(self) -> None:
        """No political action this turn (CoL § POLITICS PHASE)."""
        self.step = ACTIONS

    def move_prepare(self, card: str):
        """PREPARE AN EVENT (CoL § POLITICS PHASE; HB § PREPARING AN EVENT): the card goes face down
        on the future events deck, the player scores its level in culture, and the top current event
        is revealed and evaluated."""
        p = self.player
        self.mhand[p] = _without(self.mhand[p], card)
        self.future += (card,)
        self.future_by += (p,)
        level = self.game.age[card]
        self.score_culture(p, level, "preparing an event")
        if self.log is not None:
            self.note(f"{self.who(p)} prepares an event (+{level} culture)", private=self.game.name(card))
        self.political_done(p)
        return self.reveal_event(p)

    def political_done(self, p: int) -> None:
        """One political action is taken; a political action gained (Julius Caesar, once per game)
        allows another (CoL § POLITICS PHASE)."""
        if self.political_actions[p]:
            self.political_actions[p] -= 1
        else:
            self.step = ACTIONS

    def reveal_event(self, p: int):
        """CoL § CURRENT EVENTS, § EVALUATING AN EVENT: the top current event is evaluated, then goes
        to the past events; an empty current deck is replaced by the future deck, shuffled and sorted
        by age (HB § PREPARING AN EVENT)."""
        peeked = next((q for q in range(self.n) if self.peek[q]), None) if any(self.peek) else None
        if peeked is not None:                    # the top card, known to Joan of Arc's owner
            card, self.peek[peeked] = self.peek[peeked][0], ()
        elif self.events:
            card, self.events = self.events[0], self.events[1:]
        else:
            return None
        if not self.events:
            future = list(self.future)
            self.chance("future", self.round, p).shuffle(future)
            future.sort(key=self.game.age.__getitem__)
            self.events, self.future, self.future_by = tuple(future), (), ()
        if self.log is not None:
            self.note(f"  event revealed: {self.game.name(card)}")
        if self.game.type[card] == "territory":
            return self.bid(p, card, p, 0, None, frozenset(q for q in range(self.n) if q not in self.active))
        self.past += (card,)
        return run_abilities(self, p, self.game.resolved[card])

    # -- COLONIZATION (CoL § COLONIZATION; HB § COLONIZATION; docs/rules/tta.md § 8.3) -----------------
    def bid(self, revealer: int, land: str, bidder: int, high: int, leader: int | None, out: frozenset):
        """The auction, clockwise from the revealer: each bids more than the last bid, at most the force
        they could send, or passes for good. Nobody bids: the territory goes to the past events; the
        last one left colonizes."""
        if leader is not None and len(out) == self.n - 1:
            if self.log is not None:              # (each bid's line written only in a logged game)
                self.note(f"  {self.who(leader)} wins the bid for {self.game.name(land)} with {high}")
            return self.send(leader, land, high, (), ())
        if len(out) == self.n:
            self.past += (land,)
            if self.log is not None:
                self.note(f"  nobody bids for {self.game.name(land)}: it goes to the past events")
            return None
        while bidder in out or bidder == leader:
            bidder = CLOCKWISE.next(bidder, self.n)
            if bidder == leader and len(out) == self.n - 1:
                return self.bid(revealer, land, bidder, high, leader, out)

        def passes(st):
            if st.log is not None:
                st.note(f"  {st.who(bidder)} passes")
            return st.bid(revealer, land, CLOCKWISE.next(bidder, st.n), high, leader, out | {bidder})

        def raises(n):
            def run(st):
                if st.log is not None:
                    st.note(f"  {st.who(bidder)} bids {n}")
                return st.bid(revealer, land, CLOCKWISE.next(bidder, st.n), n, bidder, out)
            return run
        most = min(self.most_force(bidder), high + MAX_BIDS)
        options = (Option("pass", passes),) + tuple(Option(f"bid {n}", raises(n)) for n in range(high + 1, most + 1))
        return Pending(bidder, f"bid for {self.game.name(land)}?", options)

    def force(self, p: int, units: tuple[str, ...], bonus: tuple[str, ...]) -> int:
        """The colonization force: the units' strength, their armies under the current tactic (grouped
        anew), the colonization modifier and the bonus cards' colonization values (strength
        modifiers do not count)."""
        game = self.game
        found = sum(game.fields[u]["strength"] for u in units)
        tactic = self.tactic[p]
        if tactic is not None and units:
            levels: dict[str, list[int]] = {}
            for u in units:
                levels.setdefault(game.fields[u]["unit"], []).append(game.age[u])
            f = game.fields[tactic]
            found += army_strength(levels, f["army"], game.age[tactic], f["strength"],
                                   f.get("outdated_strength", f["strength"]), self.allows(p, "infantry_as_cavalry"))
        cards = sum(game.fields[b].get("colonization", 0) if game.type[b] == "military_bonus" else 1 for b in bonus)
        return found + self.stat(None, p, "colonization") + cards

    def most_force(self, p: int) -> int:
        """The largest force ``p`` could send (the most they may bid): every unit, every bonus card,
        and James Cook's two discards (docs/rules/tta.md § 12)."""
        units = tuple(c for c in self.staffed[p] if self.game.type[c] == "military_unit")
        if not units:
            return 0
        bonus = tuple(c for c in self.mhand[p] if self.game.type[c] == "military_bonus")
        cook = min(2, len(self.mhand[p]) - len(bonus)) if self.allows(p, "discard_for_colonization") else 0
        return self.force(p, units, bonus) + cook

    def send(self, p: int, land: str, bid: int, units: tuple[str, ...], extra: tuple[str, ...]):
        """The winner forms the force one choice at a time — a unit, a bonus card, a discard (James
        Cook) — and stops once it reaches the bid with at least one unit."""
        game = self.game
        options = []
        force = self.force(p, units, extra)
        if units and force >= bid:
            options.append(Option(f"send the force ({force})", lambda st: st.colonize(p, land, units, extra)))
        left = list(self.staffed[p])
        for u in units:
            left.remove(u)
        for u in dict.fromkeys(c for c in left if game.type[c] == "military_unit"):
            options.append(Option(f"send {game.label(u)}", lambda st, u=u: st.send(p, land, bid, units + (u,), extra)))
        hand = list(self.mhand[p])
        for c in extra:
            hand.remove(c)
        discards = sum(1 for c in extra if game.type[c] != "military_bonus")
        for c in dict.fromkeys(hand):
            if game.type[c] == "military_bonus":
                options.append(Option(f"play {game.label(c)}", lambda st, c=c: st.send(p, land, bid, units, extra + (c,))))
            elif discards < 2 and self.allows(p, "discard_for_colonization"):
                options.append(Option(f"discard {game.label(c)}", lambda st, c=c: st.send(p, land, bid, units, extra + (c,))))
        if not options:
            # never in a real game (nobody bids more than they can send); in a search's determinized copy
            # the bidder's hidden military cards were dealt again and may fall short: the force goes as it is
            options.append(Option(f"send the force ({force})", lambda st: st.colonize(p, land, units, extra)))
        return Pending(p, f"colonization force for {game.label(land)} (bid {bid})?", tuple(options))

    def colonize(self, p: int, land: str, units: tuple[str, ...], extra: tuple[str, ...]):
        """The units are sacrificed (their workers to the yellow bank), the cards discarded; the
        territory becomes a colony."""
        for u in units:
            self.staffed[p] = _without(self.staffed[p], u)
            self.yellow[p] += 1
        for c in extra:
            self.mhand[p] = _without(self.mhand[p], c)
            self.discards += (c,)
        if self.log is not None:
            self.note(f"  {self.who(p)} sends {', '.join(self.game.name(u) for u in units)}"
                      + (f" and {len(extra)} military card{'s' if len(extra) > 1 else ''}" if extra else ""))
        return self.gain_colony(p, land)

    # -- ACTION PHASE: civil actions (CoL § ACTION PHASE; docs/rules/tta.md § 5) -------------------------
    def move_take(self, card: str):
        return self.take(self.player, card)

    def take(self, p: int, card: str):
        """TAKE A NON-WONDER CARD / TAKE A WONDER (§ 4.4): pay the space's civil actions (and the
        surcharge and changes); a wonder goes into play unfinished, any other card to the hand."""
        i = self.row.index(card)
        cost = self.take_cost(p, card, i)
        self.spend_civil(p, cost)
        self.row = self.row[:i] + (None,) + self.row[i + 1:]
        self.turn_taken += (card,)
        kind = self.game.type[card]
        if self.log is not None:
            self.note(f"{self.who(p)} takes {self.game.name(card)} from space {i + 1} for "
                      f"{self.game.word(cost, 'civil actions')}")
        if kind == "wonder":
            self.wonder[p], self.stages[p] = card, 0
        else:
            self.hand[p] += (card,)
            if kind == "leader":
                self.leader_ages[p] |= {self.game.age[card]}
        return self.fire(p, "taken", self.game.trigger_kinds[card])

    def move_increase_population(self):
        """INCREASE POPULATION (§ 5.2): pay the food under the rightmost section still holding yellow
        tokens; one token becomes an unused worker."""
        p = self.player
        self.spend_civil(p, 1)
        return self.increase_population(p, self.population_cost(p), "increase population")

    def move_build(self, card: str):
        """BUILD A FARM, MINE, OR URBAN BUILDING / BUILD A MILITARY UNIT (§ 5.2, § 5.3)."""
        p = self.player
        self.spend(p, card, 1)
        return self.build(p, card, self.build_cost(p, card))

    def move_upgrade(self, old: str, new: str):
        """UPGRADE (§ 5.2-5.3): a worker moves to a higher level of the same kind, paying the difference."""
        p = self.player
        self.spend(p, old, 1)
        return self.upgrade(p, old, new, self.upgrade_cost(p, old, new))

    def move_destroy(self, card: str) -> None:
        """DESTROY A BUILDING / DISBAND A MILITARY UNIT: the worker goes back to the pool, nothing refunded."""
        p = self.player
        self.spend(p, card, 1)
        self.unstaff(p, card, "pool")
        if self.log is not None:
            self.note(f"{self.who(p)} {'disbands' if self.game.type[card] == 'military_unit' else 'destroys'} "
                      f"{self.game.piece(card)}")

    def move_build_stage(self):
        """BUILD A STAGE OF A WONDER (§ 5.2): a construction technology builds up to its number of
        stages for one action, their costs paid together (as many as can be paid)."""
        p = self.player
        self.spend_civil(p, 1)
        n = self.stages_per_action(p)
        while n > 1 and self.stage_cost(p, n) is None:
            n -= 1
        return self.build_stages(p, n, self.stage_cost(p, n))

    def move_develop(self, card: str):
        """DEVELOP A TECHNOLOGY (§ 5.2): pay its science cost and put it into play (a government: a
        peaceful change)."""
        p = self.player
        self.spend_civil(p, 1)
        return self.develop(p, card, self.science_cost(p, card, revolution=False), revolution=False)

    def move_revolution(self, card: str):
        """DECLARE A REVOLUTION (§ 5.2): all the civil actions and the lower science cost."""
        p = self.player
        self.pay_revolution(p)
        return self.develop(p, card, self.science_cost(p, card, revolution=True), revolution=True)

    def move_elect(self, card: str):
        """PLAY A LEADER (§ 5.2): from the hand into play; a leader in play is replaced and 1 civil
        action comes back (HB § REPLACING A LEADER)."""
        p = self.player
        self.spend_civil(p, 1)
        self.hand[p] = _without(self.hand[p], card)
        self.elected[p] += (card,)
        old = self.leader(p)
        steps = []
        if old is not None:
            self.play[p] = _without(self.play[p], old)
            self.civil_used[p] = max(0, self.civil_used[p] - 1)
            self.turn_flags |= {"replaced_leader"}
            self.note(f"{self.who(p)} replaces {self.game.name(old)} with {self.game.name(card)} (1 civil action back)")
            steps.append(lambda st: run_abilities(st, p, st.game.triggered(old, "replaced")))
            steps.append(lambda st: run_abilities(st, p, st.game.triggered(old, "left_play")))
        elif self.log is not None:
            self.note(f"{self.who(p)} plays the leader {self.game.name(card)}")
        self.play[p] += (card,)
        self.refresh(p, cards=True)
        self.then(*steps)
        return None

    def move_play(self, card: str):
        """PLAY AN ACTION CARD (§ 5.2): its effect, then it leaves the game."""
        p = self.player
        self.spend_civil(p, 1)
        self.hand[p] = _without(self.hand[p], card)
        if self.log is not None:
            self.note(f"{self.who(p)} plays {self.game.name(card)}")
        return run_abilities(self, p, self.game.triggered(card, "played"))

    def move_use(self, card: str):
        """A leader's once-per-turn ability (Hammurabi, Barbarossa: docs/rules/tta.md § 10.2) or a
        political-action ability (Alexander, Columbus) used as the political action."""
        p = self.player
        if self.step == POLITICS:
            once = self.game.triggered(card, "once_per_game")
            if once:                             # Julius Caesar: a second political action this turn
                self.once_used[p] |= {card}
                self.note(f"{self.who(p)} uses {self.game.name(card)} (once per game)")
                return run_abilities(self, p, once)
            self.political_done(p)
            self.note(f"{self.who(p)} uses {self.game.name(card)} as the political action")
            return run_abilities(self, p, self.game.triggered(card, "political_action"))
        self.turn_flags |= {f"used:{card}"}
        if self.log is not None:
            self.note(f"{self.who(p)} uses {self.game.name(card)}")
        return run_abilities(self, p, self.game.triggered(card, "once_per_turn"))

    # -- ACTION PHASE: military actions (§ 5.3) ---------------------------------------------------------
    def move_play_tactic(self, card: str) -> None:
        """PLAY A TACTIC: it becomes the player's exclusive and current tactic; it joins the common
        tactics at the start of their next turn (CoL § MAKE TACTICS AVAILABLE)."""
        p = self.player
        self.spend_military(p, self.game.rules["tactic_play_cost"])
        self.mhand[p] = _without(self.mhand[p], card)
        self.exclusive += ((p, card),)
        self.set_tactic(p, card, "plays")

    def move_copy_tactic(self, card: str) -> None:
        """COPY A TACTIC from the common tactics area (HB § COPYING A TACTIC)."""
        p = self.player
        self.spend_military(p, self.game.rules["tactic_copy_cost"])
        self.set_tactic(p, card, "copies")

    def set_tactic(self, p: int, card: str, how: str) -> None:
        self.tactic[p] = card
        self.turn_flags |= {"tactic"}           # playing and copying: at most once per turn (CoL § PLAY A TACTIC)
        self.restaffed(p)
        if self.log is not None:
            self.note(f"{self.who(p)} {how} the tactic {self.game.name(card)}: strength {self.stat(None, p, 'strength')}")

    # -- END-OF-TURN SEQUENCE (CoL § END-OF-TURN SEQUENCE; docs/rules/tta.md § 10.1) -------------------
    def move_end(self):
        """The action phase ends: turn-end abilities (§ 10.2, choice), then the end-of-turn sequence."""
        p = self.player
        if self.log is not None:
            self.note(f"{self.who(p)} ends the action phase")
        if not self.powers[p].triggers.get(("turn_end", None)):
            return self._discard_step(p)        # no turn-end ability: the agenda would run the step next
        self.then(lambda st: st._discard_step(p))
        return self.fire(p, "turn_end")

    def _discard_step(self, p: int) -> None:
        """1. Discard military cards down to the military action total (a decision per card; the
        limit is not asked of an empty hand)."""
        if self.mhand[p] and len(self.mhand[p]) > self.stat(None, p, "military_hand_limit"):
            self.step = DISCARD
        else:
            self._end_of_turn(p)

    def move_discard(self, card: str) -> None:
        p = self.player
        self.mhand[p] = _without(self.mhand[p], card)
        self.discards += (card,)
        if self.log is not None:
            self.note(f"{self.who(p)} discards a military card", private=self.game.name(card))
        self._discard_step(p)

    def _end_of_turn(self, p: int) -> None:
        """2. Uprising or 3. production; 4. draw military cards; 5. reset actions; the next turn."""
        if self.discontent(p) > self.pool[p]:
            self.note(f"  uprising: {self.discontent(p)} discontent workers, {self.pool[p]} unused — no production")
        else:
            self.produce(p, PRODUCTION)
        draws = self.military_left(p)
        if draws > 3:
            draws = 3
        if draws and self.round > 1:
            self.draw(None, p, "military", draws)
        self.civil_used[p] = self.military_used[p] = self.civil_temp[p] = self.military_temp[p] = 0
        self.military_resources[p] = self.military_science[p] = self.political_actions[p] = 0
        self._next_turn()

    def produce(self, p: int, steps) -> None:
        """PRODUCTION PHASE (CoL; HB § PRODUCTION PHASE): points, corruption, food, consumption and
        famine, resources — those of ``steps`` (an event may produce again: `produce`)."""
        log = self.log is not None
        if "points" in steps:
            science, culture = self.stat(None, p, "science"), self.stat(None, p, "culture")
            self.science[p] += science
            self.score_culture(p, culture, "production")
            if log:
                self.note(f"  {self.who(p)} scores {science} science and {culture} culture")
        if "corruption" in steps:
            corruption = self.game.board.corruption(self.blue[p])
            if corruption:
                lost = self.lose_tokens(p, "resources", corruption)
                if lost < corruption:
                    lost += self.lose_tokens(p, "food", corruption - lost)
                if log:
                    self.note(f"  corruption: {self.who(p)} loses {corruption}")
        plans = self.producing(p) if "food" in steps or "resources" in steps else None
        if "food" in steps:
            self.produce_tokens(p, plans["farm"], "food")
        if "consumption" in steps:
            eat = self.game.board.consumption(self.yellow[p])
            if eat:
                lost = self.lose_tokens(p, "food", eat)
                famine = 4 * (eat - lost)             # HB § CONSUMPTION: 4 culture per missing food
                if log:
                    self.note(f"  consumption: {self.who(p)} eats {lost} of {eat} food"
                              + (f"; famine: {famine} culture to lose" if famine else ""))
                if famine:
                    self.lose(Ctx(p, "famine"), p, "culture", famine)
        if "resources" in steps:
            self.produce_tokens(p, plans["mine"], "resources")

    def _next_turn(self) -> None:
        """Turns go clockwise, past players who resigned; after the player to the starting player's
        right, the round ends, and after the last round the game (CoL § GAME FLOW; HB § THE LAST ROUND)."""
        nxt = self.player
        while True:
            nxt = CLOCKWISE.next(nxt, self.n)
            if nxt == self.starter:
                if self.last_round == self.round:
                    self._game_end()
                    return
                self.round += 1
            if nxt in self.active:
                break
        self.player = nxt
        self._start_turn()

    # -- THE CARD ROW AND THE AGES (docs/rules/tta.md § 4) ------------------------------------------------
    def replenish(self, discard: bool) -> None:
        """CoL § REPLENISH THE CARD ROW: clear the leftmost spaces (by the number of players), slide
        the cards left, deal the current civil deck into the empty spaces; the deck running out ends
        the age (§ END OF AN AGE)."""
        spaces = len(self.row)
        # CoL § REPLENISH: the spaces cleared by the players remaining; the cards left (ids are never empty)
        row = list(filter(None, self.row[self.game.board.row_discard[len(self.active)]:] if discard else self.row))
        if self.age == 0:                         # Age A ends at the first replenishment (HB § END OF AGE A)
            row += self._deal(spaces - len(row))
            self._new_age(silent=True)
        while len(row) < spaces and self.civil_deck:
            row += self._deal(spaces - len(row))
            if not self.civil_deck:
                self.row = tuple(row)
                self._age_ends()
        self.row = tuple(row + [None] * (spaces - len(row)))

    def _deal(self, n: int) -> tuple[str, ...]:
        """Up to ``n`` cards from the top of the current civil deck."""
        dealt, self.civil_deck = self.civil_deck[:n], self.civil_deck[n:]
        return dealt

    def _new_age(self, silent: bool = False) -> None:
        """The next age's decks, shuffled, become current (CoL § END OF AN AGE 3)."""
        self.age += 1
        age = AGES[self.age]
        playable = self.age <= AGES.index(self.game.rules["last_age"])
        self.civil_deck = self._shuffled("civil", age, ()) if playable else ()
        self.military_deck = self._shuffled("military", age, ()) if playable else ()
        self.discards = ()
        if self.log is not None:
            self.note(f"  Age {age} begins" + ("" if playable else " with no decks"))
        if not playable and self.last_round is None:
            opener = self.player == self.round_opener()
            self.last_round = ages.last_round(self.game.rules["game_end"], self.round, opener)
            self.note(f"  the last round is round {self.last_round}")

    def _age_ends(self) -> None:
        """CoL § END OF AN AGE (Ages I and up): cards two ages old are antiquated — discarded from
        hands, leaders and unfinished wonders leave play —, every player loses 2 yellow tokens, and
        the next age begins."""
        ended = self.age
        old = ended - 1
        self.note(f"  Age {AGES[ended]} ends")
        if self.game.rules["global_conflicts"]:
            self.global_conflict()
        if ended == 1 and any(self.sealed):           # the set-aside events are looked at (ages.py)
            self.then(ages.keep_final_events)
        for p in self.active:
            game = self.game
            self.hand[p] = tuple(c for c in self.hand[p] if game.age[c] > old)
            self.mhand[p] = tuple(c for c in self.mhand[p] if game.age[c] > old)
            leader = self.leader(p)
            if leader is not None and game.age[leader] <= old:
                self.play[p] = _without(self.play[p], leader)
                self.refresh(p, cards=True)
            if self.wonder[p] is not None and game.age[self.wonder[p]] <= old:
                self.blue[p] += self.stages[p]          # HB § REMOVING … UNFINISHED WONDERS: tokens back
                self.wonder[p], self.stages[p] = None, 0
            self.box(p, 0, -min(2, self.yellow[p]))
        for card in [c for c, *_ in self.pacts if self.game.age[c] <= old]:       # antiquated pacts
            self.end_pact(card)
        self._new_age()

    def global_conflict(self) -> None:
        """`global_conflicts` (HB § VARIANTS › PEACEFUL GAME › GLOBAL CONFLICTS VARIANT): when Age I, II
        or III ends, each civilization scores its strength minus the weakest civilization's
        *(judgment: as the age ends, before its cards become antiquated)*."""
        strength = {p: self.stat(None, p, "strength") for p in self.active}
        weakest = min(strength.values())
        for p, n in strength.items():
            self.score_culture(p, n - weakest, "global conflict")
        if self.log is not None:
            self.note("  global conflict: " + ", ".join(f"{self.who(p)} +{n - weakest}" for p, n in strength.items()))

    # -- GAME END (CoL § GAME FLOW; HB § END OF YOUR FIRST GAME › FINAL SCORING; tta.md § 10.3, § 11.6) ------
    def _game_end(self) -> None:
        """Final scoring: the Age III events left in the events decks (the full game), then the
        variant's list of achievements (the first game's), then end-of-game bonuses (Bill Gates)."""
        self.note("== game end: final scoring")
        scoring = self.game.rules["final_scoring"]
        events = {"events_decks": ages.final_events, "set_aside": ages.set_aside_events,
                  "none": lambda st: ()}[scoring["age_iii_events"]](self)
        self.then(lambda st: ages.evaluate_final_events(st, events), lambda st: st._final_scoring(scoring))

    def _final_scoring(self, scoring) -> None:
        listed = any(scoring[k] for k in ("technology", "science_rating", "strength_rating", "happiness_rating",
                                          "production", "colony", "completed_wonder"))
        for p in CLOCKWISE.order(self.starter, self.n):
            if p not in self.active or not listed:
                continue
            parts = self.final_score(p, scoring)
            total = sum(parts.values())
            self.score_culture(p, total, "final scoring")
            if self.log is not None:
                self.note(f"  {self.who(p)}: +{total} culture ("
                          + ", ".join(f"{k} {v}" for k, v in parts.items() if v) + ")")
        self.then(*(lambda st, p=p: st.fire(p, "game_end") for p in CLOCKWISE.order(self.starter, self.n)
                    if p in self.active), lambda st: st._over())

    def _over(self) -> None:
        self.step = OVER
        self.over = True
        if self.log is not None:
            ranks = self.ranks()
            for p in sorted(range(self.n), key=lambda q: ranks[q]):
                self.note(f"{ranks[p]}. {self.who(p)}: {self.culture[p]} culture")

    def final_score(self, p: int, scoring) -> dict[str, int]:
        """The first game's scoring (`final_scoring`): technologies by age (the government counted
        `government_counts` times), ratings, production, colonies, completed wonders by age."""
        game = self.game
        tech = scoring["technology"]
        technologies = 0
        for card in self.techs[p] + self.play[p]:
            if game.is_technology(card):
                times = scoring["government_counts"] if game.type[card] == "government" else 1
                technologies += times * tech.get(AGES[game.age[card]], 0)
        wonders = scoring["completed_wonder"]
        return {"technologies": technologies,
                "science rating": scoring["science_rating"] * self.stat(None, p, "science"),
                "strength": scoring["strength_rating"] * self.stat(None, p, "strength"),
                "happiness": scoring["happiness_rating"] * self.stat(None, p, "happy"),
                "production": scoring["production"] * (self.stat(None, p, "food_production")
                                                       + self.stat(None, p, "resource_production")),
                "colonies": scoring["colony"] * sum(1 for c in self.play[p] if game.type[c] == "territory"),
                "wonders": sum(wonders.get(AGES[game.age[c]], 0) for c in self.play[p] if game.type[c] == "wonder")}

    # -- the state as data ----------------------------------------------------------------------------
    def snapshot(self) -> dict:
        return views.snapshot(self)

    def features(self, seat: int) -> dict[str, int]:
        """Named numbers greedy agents weigh; all 0 for a player who resigned, whose civilization has left
        play (CoL § RESIGN) — so that a greedy agent sees what resigning costs."""
        if seat not in self.active:
            return dict.fromkeys(self.features(self.active[0]), 0)
        return {"culture": self.culture[seat], "science": self.science[seat],
                "culture_rating": self.stat(None, seat, "culture"), "science_rating": self.stat(None, seat, "science"),
                "strength": self.stat(None, seat, "strength"), "happy": self.stat(None, seat, "happy"),
                "food": self.holding(seat, "food"), "resources": self.holding(seat, "resources"),
                "workers": len(self.staffed[seat]) + self.pool[seat],
                "civil_actions": self.stat(None, seat, "civil_actions"),
                "wonder_progress": self.wonder_progress(seat), "technologies": self.developed(seat)}

    def developed(self, seat: int) -> int:
        """Technologies developed (in play, not the initial ones): science spent shows only later."""
        game = self.game
        return sum(1 for c in self.techs[seat] + self.play[seat] if c not in game.initial and game.is_technology(c))

    def wonder_progress(self, seat: int) -> int:
        """Wonder progress: 1 for an unfinished wonder in play, its stages built, and every completed
        wonder's stages plus 1 (a wonder pays off only when complete: one-step look-ahead needs to see
        taking and building it as progress)."""
        fields = self.game.fields
        return ((self.wonder[seat] is not None) + self.stages[seat]
                + sum(len(fields[c]["stages"]) + 1 for c in self._completed(seat)))

    def record(self, seat: int) -> dict:
        """What a simulation stores for a player: every leader they played (a leader is replaced or
        leaves play at the end of its age, yet shaped the game), and the cards they ended with by kind
        (completed wonders, technologies developed, colonies), and their points and ratings."""
        game = self.game
        cards = [c for c in self.play[seat] + self.techs[seat] if c not in game.initial]
        kind = lambda *types: [c for c in cards if game.type[c] in types]  # noqa: E731
        return {"leaders": list(self.elected[seat]), "wonders": kind("wonder"),
                "technologies": kind("farm", "mine", "urban_building", "military_unit", "special_technology",
                                     "government"),
                "colonies": kind("territory"), "culture": self.culture[seat], "science": self.science[seat],
                "strength": self.stat(None, seat, "strength")}

    def refresh(self, p: int, cards: bool = False) -> None:
        """``p``'s cards or workers changed: statistics anew, and the abilities in force when cards
        changed (leader, completed wonders, special technologies, colonies, tactics)."""
        printed = self.printed(p)
        if not cards:
            self.reprint(p, printed)
            return
        before = self.civil_total(p), self.stat(None, p, "military_actions")
        abilities = []
        for card in self.play[p]:
            abilities += self.game.in_play[card]
        if self.pacts:                            # pacts bind their two parties (CoL § OFFER A PACT)
            abilities += self.pact_abilities(p)
        self.set_powers(p, Powers.of(abilities, printed))
        # CoL § WHEN YOUR ACTION TOTAL CHANGES: a decrease removes spent tokens first
        for used, lost in ((self.civil_used, before[0] - self.civil_total(p)),
                           (self.military_used, before[1] - self.stat(None, p, "military_actions"))):
            if lost > 0:                          # (compared: no min's or max's call)
                used[p] = used[p] - lost if used[p] > lost else 0


    def restaffed(self, p: int, on: str | None = None, off: str | None = None) -> None:
        """A worker was placed ``on`` a card and/or left ``off`` one (none: workers moved between the
        pool and the banks, a tactic changed): the printed numbers move by those cards' symbols, without a
        new sum over the cards (the powers' printed numbers are the cards', ``invariants.check``)."""
        symbols, names = self.game.symbols, self.game.symbol_names
        printed = self.powers[p].printed
        moved = (names[on] if on is not None else ()) + (names[off] if off is not None else ())
        if moved:
            printed = dict(printed)
            if on is not None:
                for name, value in symbols[on]:
                    printed[name] += value
            if off is not None:
                for name, value in symbols[off]:
                    printed[name] -= value
        self.reprint(p, printed, moved)

    def reprint(self, p: int, printed: dict[str, int], moved: tuple[str, ...] | None = None) -> None:
        """``p``'s printed numbers are now ``printed``, their cards in play the same: the abilities stay,
        only the statistics move — those of ``moved`` when known (``set_powers``); nothing to redo when
        the numbers and the player's modifiers, fixed and reaching nobody else, are the same."""
        old = self.powers[p]
        if (printed is old.printed or printed == old.printed) and old.fixed and not old.reaching:
            return
        self.set_powers(p, old.printing(printed), moved)


def _probe(node):
    """How to tell whether a played effect can be performed: ("build", spec),
    ("increase_population", spec) or ("develop", science cheaper) when its first action is one,
    ("try", None) when an action is further in (a choice) or its amount is not a number, None when it
    only gains."""
    if isinstance(node, (list, tuple)):
        return next((found for n in node if (found := _probe(n))), None)
    if not isinstance(node, dict):
        return None
    if "build" in node:
        return "build", verbs.build_spec(node["build"])
    if "increase_population" in node:
        return "increase_population", verbs.population_spec(node["increase_population"])
    if "develop" in node:
        cheaper = (node["develop"] or {}).get("cheaper", {}).get("science", 0)
        return ("develop", cheaper) if isinstance(cheaper, int) else ("try", None)
    if "when" in node and "if" not in node:
        return _probe(node.get("do"))
    return ("try", None) if _performs(node) else None


def _use_probe(effects) -> tuple | None:
    """A card's `once_per_turn` ability (one, without condition) as (its leading pays of fixed
    amounts, as (resource, amount); whether all that follows them is a fixed gain of actions of
    other kinds than those paid), or None when it neither starts with a pay nor does only that.
    A pay that cannot be paid skips what follows it (effects.core.pay): using the ability then
    changes nothing, so it is not offered; actions paid and others gained always change the player."""
    found = [n for n in effects if isinstance(n, dict) and n.get("when") == "once_per_turn"]
    if len(found) != 1 or found[0].keys() != {"when", "do"}:
        return None
    steps = found[0]["do"] if isinstance(found[0]["do"], (list, tuple)) else [found[0]["do"]]
    pays = []
    for step in steps:
        amounts = step.get("pay") if isinstance(step, dict) and len(step) == 1 else None
        if not isinstance(amounts, dict) or not all(isinstance(v, int) and v > 0 for v in amounts.values()):
            break
        pays.append(tuple(amounts.items()))
    if not pays:
        return None
    paid = {r for amounts in pays for r, _ in amounts}
    gains = steps[len(pays):]
    sure = bool(gains) and paid <= ACTIONS_PAID and all(
        isinstance(step, dict) and step.keys() == {"gain"} and isinstance(step["gain"], dict)
        and all(r in ACTIONS_PAID and r not in paid and isinstance(v, int) and v > 0 for r, v in step["gain"].items())
        for step in gains)
    return tuple(pair for amounts in pays for pair in amounts), sure


def _performs(node) -> bool:
    if isinstance(node, dict):
        return any(k in ("build", "develop", "increase_population") or _performs(v) for k, v in node.items())
    return isinstance(node, (list, tuple)) and any(_performs(v) for v in node)


def _stat_changes(node) -> tuple:
    """A card effect's ``modify: {stat: …}`` amounts, (statistic, amount)."""
    stat = node.get("modify", {}).get("stat") if isinstance(node, dict) else None
    return tuple(stat.items()) if isinstance(stat, dict) else ()


def _counted(amount) -> str | None:
    """The count an amount reads (``{count: theaters}``, ``{count: {of: labs, times: -1}}``), if any."""
    counted = amount.get("count") if isinstance(amount, dict) else None
    return counted.get("of") if isinstance(counted, dict) else counted


class Game(BaseGame):
    """The deck's cards by kind, ages and decks per player count, the board, the move codec."""

    FACTS = FACTS
    State = State
    WORDS = {"civil actions": "civil action", "military cards": "military card"}

    def __init__(self, deck, abilities=None):
        cards = deck.cards
        self.type = {c.id: c.type for c in cards}
        self.age = {c.id: AGES.index(c.get("age", "A")) for c in cards}
        self.fields = {c.id: c.fields for c in cards}
        self.initial = tuple(c.id for c in cards if c.get("initial"))
        self.board = Board.read(deck.data["boards"])
        self.decks = {}
        for n in range(deck.manifest.min_players, deck.manifest.max_players + 1):
            for c in cards:
                key = (c.get("deck"), c.get("age"), n)
                self.decks[key] = self.decks.get(key, ()) + (c.id,) * c.copies(n)
        self.worked = tuple(c.id for c in cards if c.type in WORKED)
        self.developed = tuple(c.id for c in cards if "science_cost" in c.fields)
        self.governments = tuple(c.id for c in cards if c.type == "government" and "revolution_cost" in c.fields)
        self.all_governments = frozenset(c.id for c in cards if c.type == "government")
        #: special technology -> those of its category at its level or higher (vocabulary.can_develop)
        self.as_high = {c.id: frozenset(d.id for d in cards if d.get("category") == c.get("category")
                                        and self.age[d.id] >= self.age[c.id])
                        for c in cards if c.type == "special_technology"}
        self.buildings = {c.id: c.get("building") for c in cards}         # urban building kind, or None
        self.civil = tuple(c.id for c in cards if c.get("deck") == "civil" and not c.get("initial"))
        self.military = tuple(c.id for c in cards if c.get("deck") == "military")
        self.tactics = frozenset(c.id for c in cards if c.type == "tactic")       # (action_moves)
        super().__init__(deck, abilities)
        #: military actions to play a tactic, to copy one (rule parameters, read at every action asked)
        self.tactic_costs = (self.rules["tactic_play_cost"], self.rules["tactic_copy_cost"])
        #: the political actions the rules allow (`political_actions`, asked at every politics phase)
        self.political = frozenset(self.rules["political_actions"])
        self.facts = replace(FACTS, unplayed=tuple(rule for cards, rule in UNPLAYED.items()
                                                   if any(c in self.type for c in cards)))
        ab = self.abilities
        self.resolved = {c: self.triggered(c, "resolved") for c in self.military}
        #: (workers on cards, tactic, Genghis Khan) -> the armies' strength (vocabulary.armies)
        self.armies: dict[tuple, int] = {}
        self._of_kinds: dict[frozenset, frozenset] = {}
        #: (cards in play, workers' cards) -> the symbols printed on them, summed (vocabulary.printed; also
        #: with no workers' cards, the start of a new sum): never stale, the key is all a sum depends on
        self.printed_sums: dict[tuple, dict] = {}
        #: workers' cards -> farm and mine -> the producing workers, highest levels first, and per card
        #: (vocabulary.producing): never stale, the key is all they depend on
        self.producers: dict[tuple, tuple] = {}
        #: card -> (statistic, number printed) for the statistics' fields (vocabulary.printed)
        self.symbols = {c.id: tuple((name, self.printed[kind.field][c.id]) for name, kind in State.STATS.items()
                                    if c.id in self.printed[kind.field]) for c in cards}
        #: card -> the statistics it prints (what a worker placed on it or taken off moves: restaffed)
        self.symbol_names = {card: tuple(name for name, _ in found) for card, found in self.symbols.items()}
        #: card -> the `kind` word it is for triggers (`taken: technology`, `taken: leader` …)
        self.trigger_kinds = {c.id: "technology" if self.is_technology(c.id) else c.type for c in cards}
        self.kinds = {c.id: frozenset(k for k in (c.type, c.get("building"), c.get("unit"),
                                                  "technology" if self.is_technology(c.id) else None) if k)
                      for c in cards}
        #: action cards whose effect performs an action: the first one, (verb, spec) — asked before the
        #: card is offered (vocabulary.can_play)
        self.probes = {c.id: probe for c in cards if c.type == "action" and (probe := _probe(c.get("effects", ())))}
        #: once-per-turn abilities: what can be told before trying one on a copy (State.can_use)
        self.use_pays = {c.id: probe for c in cards if (probe := _use_probe(c.get("effects", ())))}
        #: higher levels of the same kind, for each worker technology (CoL § UPGRADE)
        self.upgrade_to = {a: tuple(b for b in self.worked if self.same_kind(a, b) and self.age[b] > self.age[a])
                           for a in self.worked}
        self.in_play = {c.id: tuple(a for f in ("effects", "permanent") for a in ab.get(c.id, {}).get(f, ()))
                        if c.type in ("leader", "wonder", "special_technology", "territory") else ()
                        for c in cards}
        #: pact -> the holder's side (None: no sides) -> that party's abilities: `both` and its side's
        self.pact_sided = {c.id: bool(ab.get(c.id, {}).get("side_a")) for c in cards if c.type == "pact"}
        self.pact_powers = {c: {side: ab[c].get("both", ()) + (ab[c].get(f"side_{side.lower()}", ()) if side else ())
                                for side in ("A", "B", None)} for c in self.pact_sided}
        self.plural = {r: noun.many for r, noun in self.vocab.resources.items()}
        names = [c.name for c in cards]
        self.labels = {c.id: c.name if names.count(c.name) == 1 else f"{c.name} ({c.get('age')})" for c in cards}
        #: labs of Age I and up: what a token on one is worth while Bill Gates has labs produce resources
        #: (none when no card of the deck allows it: the first game's)
        gates = any(getattr(a, "verb", None) == "allow" and "labs_produce_resources" in a.subjects
                    for fields in ab.values() for found in fields.values() for a in found)
        self.lab_levels = {c.id: self.age[c.id] for c in cards
                           if gates and c.get("building") == "lab" and self.age[c.id]}
        self.token_values = {"food": {c.id: c.get("food") for c in cards if c.type == "farm"},
                             "resources": {**{c.id: c.get("resources") for c in cards if c.type == "mine"},
                                           **self.lab_levels}}
        #: (card, statistic) -> the urban buildings whose output that card's modifier of the statistic
        #: changes (vocabulary.urban_changes: CoL § APPENDIX › HOLLYWOOD, › INTERNET)
        self.urban_modifiers = {(c.id, stat): URBAN_COUNTS[name] for c in cards for node in c.get("effects", ())
                                for stat, amount in _stat_changes(node) if (name := _counted(amount)) in URBAN_COUNTS}
        #: card-row abilities: what taking the card itself costs (Taj Mahal, CoL § OTHER CIVIL CARDS IN PLAY)
        self.row_modifiers = {c: mods for c in self.civil
                              if (mods := tuple(a for a in ab.get(c, {}).get("effects", ())
                                                if getattr(a, "verb", None) == "take_cost"))}
        #: civil cards by what taking one asks (vocabulary.takeable): a leader or a card with a card-row
        #: ability (``row_priced``) can cost less than its space, a wonder more; of the others, a
        #: technology is never taken twice
        self.row_priced = frozenset(self.row_modifiers)
        self.cheaper_to_take = frozenset(c for c in self.civil if self.type[c] == "leader") | self.row_priced
        self.special_to_take = self.cheaper_to_take | {c for c in self.civil if self.type[c] == "wonder"}
        plain = [c for c in self.civil if c not in self.special_to_take]
        self.plain_technologies = frozenset(c for c in plain if self.is_technology(c))
        self.plain_others = frozenset(plain) - self.plain_technologies
        codec = self.codec
        singles = ("end", "increase_population", "build_stage", "pass", "resign")
        self.ids = {k: codec.id(k) for k in singles}
        for kind, domain in self._domains().items():
            self.ids[kind] = {v: codec.id(kind, *(v if isinstance(v, tuple) else (v,))) for v in domain}

    def _domains(self) -> dict:
        t = self.type
        kinds = lambda *ks: tuple(c for c in self.civil + self.initial + self.military if t[c] in ks)  # noqa: E731
        return {"take": self.civil, "build": self.worked, "destroy": self.worked,
                "upgrade": tuple((a, b) for a in self.worked for b in self.worked if (self.same_kind(a, b)
                                 and self.age[b] > self.age[a]) or (a != b and t[a] == "urban_building"
                                                                    and self.fields[b].get("building") == "theater")),
                "develop": kinds("farm", "mine", "urban_building", "military_unit", "special_technology",
                                 "government"),
                "revolution": kinds("government"), "elect": kinds("leader"), "play": kinds("action"),
                "use": tuple(c for c in self.civil if any(getattr(a, "trigger", None) in ("once_per_turn", "political_action",
                                                                                          "once_per_game")
                                                          for a in self.abilities.get(c, {}).get("effects", ()))),
                "play_tactic": kinds("tactic"), "copy_tactic": kinds("tactic"),
                "prepare": kinds("event", "territory"), "discard": self.military,
                "play_aggression": kinds("aggression"), "declare_war": kinds("war"), "offer_pact": kinds("pact"),
                "cancel_pact": kinds("pact")}

    def MOVES(self) -> list:
        d = self._domains()
        upgrade_from = tuple(dict.fromkeys(a for a, _ in d["upgrade"]))
        upgrade_to = tuple(dict.fromkeys(b for _, b in d["upgrade"]))
        return [("end", []), ("increase_population", []), ("build_stage", []), ("pass", []),
                ("take", [d["take"]]), ("build", [d["build"]]), ("upgrade", [upgrade_from, upgrade_to]),
                ("destroy", [d["destroy"]]), ("develop", [d["develop"]]), ("revolution", [d["revolution"]]),
                ("elect", [d["elect"]]), ("play", [d["play"]]), ("use", [d["use"]]),
                ("play_tactic", [d["play_tactic"]]), ("copy_tactic", [d["copy_tactic"]]),
                ("prepare", [d["prepare"]]), ("discard", [d["discard"]]), ("choose", [OPTION]),
                # the full game's political actions, after the first game's moves so that their ids stay
                ("resign", []), ("play_aggression", [d["play_aggression"]]), ("declare_war", [d["declare_war"]]),
                ("offer_pact", [d["offer_pact"]]), ("cancel_pact", [d["cancel_pact"]])]

    def label(self, card: str) -> str:
        """A card's name in a decision's options, with its age where cards share a name (Military
        Bonus I and II), so that every option reads differently."""
        return self.labels[card]

    def of_kinds(self, kinds: frozenset) -> frozenset:
        """The cards answering to one of these `kind` words (a condition's `built: [library]`, asked at
        every cost: remembered per set of words)."""
        found = self._of_kinds.get(kinds)
        if found is None:
            found = self._of_kinds[kinds] = frozenset(c for c, k in self.kinds.items() if k & kinds)
        return found

    def same_kind(self, a: str, b: str) -> bool:
        """Two worker technologies of the same type and building or unit kind (CoL § UPGRADE)."""
        fa, fb = self.fields[a], self.fields[b]
        return (self.type[a] == self.type[b] and fa.get("building") == fb.get("building")
                and fa.get("unit") == fb.get("unit"))

    def is_technology(self, card: str) -> bool:
        """A technology card in play: every civil card with a science cost, and the initial ones."""
        return "science_cost" in self.fields[card] or card in self.initial

    def piece(self, card: str) -> str:
        """What a worker on a card is, as a player says it: "a farm on Agriculture", "an infantry
        unit of Warriors" (the log names pieces, not technology cards)."""
        fields = self.fields[card]
        if fields.get("unit"):
            what = f"{fields['unit'].replace('_', ' ')} unit of"
        else:
            what = f"{fields.get('building') or self.type[card]} on"
        return f"{'an' if what[0] in 'aeiou' else 'a'} {what} {self.name(card)}"

    def triggered(self, card: str, trigger: str) -> tuple:
        return tuple(a for f in self.abilities.get(card, {}).values() for a in f
                     if getattr(a, "trigger", None) == trigger)

    def arrange(self, players: int, seed: int, setup: dict) -> State:
        from cardtools.games.tta.scenario import arrange

        return arrange(self, players, seed, setup)


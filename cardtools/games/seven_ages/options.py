"""7 Ages' optional rules (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › Optional Rules), as a
mixin of the state, and which of them the engine plays.

A variant switches an option on through its rule parameter (game.yaml ``rules:``, checked by
schemas/7ages/rules.schema.json). ``refused`` names every option a deck switches on that the engine
does not play yet, so that ``Game`` refuses the deck naming exactly those (``UnplayedRules``).
Option 11 is the events' (events.py), option 16 the artefacts' (artefacts.py, refused by
``Game._artefacts`` with the artefacts it lacks), option 10 ``neutral_kingdoms.py``'s. The options of
conflict and transport (6, 13, 14) are ``warfare.py``'s, Deus Vult! (12) is ``temples.py``'s.
docs/rules/7ages.md § 18 is the specification.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtools.games.seven_ages.actions import DESTINY_HAND
from cardtools.games.seven_ages.verbs import PLAYER_TARGETS


@dataclass(frozen=True)
class Option:
    number: int
    title: str
    rule: str          # its rule parameter
    played: bool

    def __str__(self) -> str:
        return f"{self.number} {self.title} ({self.rule})"


#: Options 1-15 (16, artefact_effects, is Game._artefacts'), and whether the engine plays each.
OPTIONS = (
    Option(1, "Total History", "total_history", True),
    Option(2, "Not the full deck", "not_the_full_deck", True),
    Option(3, "Redemption", "redemption", True),
    Option(4, "Enhanced start", "enhanced_start", True),
    Option(5, "Enhanced Play", "enhanced_play", True),
    Option(6, "Pursuit", "pursuit", True),
    Option(7, "Technology", "technology", True),
    Option(8, "Take that!", "take_that", True),
    Option(9, "Cadenced progress", "cadenced_progress", True),
    Option(10, "Neutral Kingdoms", "neutral_kingdoms", True),       # neutral_kingdoms.py
    Option(11, "Secret Victory", "secret_victory", True),           # secret.py
    Option(12, "Deus Vult!", "deus_vult", True),
    Option(13, "Quick conflict resolution", "quick_conflict", True),
    Option(14, "Marines", "marines", True),
    Option(15, "Hocking the crown jewels", "hocking", True),
)


def refused(rules) -> list[str]:
    """The options ``rules`` switch on that the engine does not play yet, each by number, title and
    parameter."""
    return [str(o) for o in OPTIONS if rules[o.rule] and not o.played]


def left_out() -> tuple[str, ...]:
    """What ``GameFacts.unplayed`` says of options 1-15 (option 16's is said by ``Game._artefacts``):
    nothing once all are played."""
    numbers = [str(o.number) for o in OPTIONS if not o.played]
    return ("the optional rules " + ", ".join(numbers),) if numbers else ()


def refusal(names: list[str]) -> str:
    return f"the 7ages engine does not play option(s) {', '.join(names)} yet (part 2, issue 17)"


class Options:
    """The rules of the options the engine plays, each a hook the standard sequence of play calls."""

    __slots__ = ()

    reach_from: int | None = None   # option 8: the empire taking the Civilise an event is played in
    extra2: tuple = ()         # option 5: each seat's second non-empire marker this turn (None: none)
    drafted: tuple = ()        # option 5: each seat's spare markers drafted this turn
    spare: tuple = ()          # option 5: the spare markers still to be drafted, face down
    removed: tuple = ()        # option 2: cards out of the game, face down
    hocked: dict = {}          # option 15: glory each empire sold this turn (replaced, never changed)
    destiny_hands: dict = {}   # option 7: (seat, slot) -> the hand its Destiny fills to this turn
    cadence: tuple = ()        # option 9: the actions on the boxes of CADENCE_BOXES this turn
    chosen: tuple = ()         # option 9: each slot's (empire, action) this turn (a Wild card's named action)
    discarded: tuple = ()      # option 9: (seat, trade number) of each empire its player discarded this turn

    # -- Preparing to play: 1) Total History, 3) Redemption, 4) Enhanced start ------------------------
    def deal(self, cards: list[str]) -> tuple[list[tuple[str, ...]], tuple[str, ...]]:
        """The hands and the deck from the shuffled ``cards`` (§ Preparing to play: 7 each). Option 4:
        10 each. Option 1: first 2 gold-border (unconditional age 1) empires each, shuffled apart, then
        the rest reshuffled and 5 more (8 with option 4) (§ 1, § 4) *(judgment: option 1 always deals
        them, so that the first empire's age 1 can be met)*."""
        rules, n = self.game.rules, self.n
        size = ENHANCED_HAND if rules["enhanced_start"] else HAND
        if not rules["total_history"]:
            return [tuple(cards[p * size:(p + 1) * size]) for p in range(n)], tuple(cards[n * size:])
        gold = [c for c in cards if self.game.empires[c] and self.game.empires[c]["ages"][0] == 1]
        rest = [c for c in cards if c not in gold]
        dealt = [tuple(gold[p * GOLD:(p + 1) * GOLD]) for p in range(n)]
        rest += gold[n * GOLD:]
        self.chance("total history").shuffle(rest)
        more = size - GOLD
        return [dealt[p] + tuple(rest[p * more:(p + 1) * more]) for p in range(n)], tuple(rest[n * more:])

    def first_empire_allowed(self, card: str) -> bool:
        """Option 1: the game's first empire must start in age 1 (§ 1): its card's ages begin at 1
        *(judgment: a conditional age 1, the Carthaginians', cannot hold before any empire is in play)*."""
        return not self.game.rules["total_history"] or any(self.started) or self.game.empires[card]["ages"][0] == 1

    def before_bids(self) -> list[tuple]:
        """Option 2's rounds and deal, then option 3: each player, clockwise from the dealer *(judgment:
        P1 deals)*, may discard cards and fill their hand to 6 (8 with option 4), before the game
        starts: no events (§ 3)."""
        rounds = self.game.rules["not_the_full_deck"]
        cull = [("sub_decks",)] + [("cull", p) for _ in range(rounds) for p in range(self.n)] + [("culled",)]
        redeem = [("redeem", p, 0) for p in range(self.n)] if self.game.rules["redemption"] else []
        return (cull if rounds else []) + redeem

    # -- 2) Not the full deck ----------------------------------------------------------------------------
    def task_sub_decks(self) -> None:
        """Option 2 (§ 2): the whole deck *(judgment: the "agreed number")* dealt equally face down as
        sub-decks, each in its player's hand to look at; the rest put aside (the deck)."""
        cards = [c for hand in self.hand for c in hand] + list(self.deck)
        self.chance("not the full deck").shuffle(cards)
        size = len(cards) // self.n
        self.hand = [tuple(cards[p * size:(p + 1) * size]) for p in range(self.n)]
        self.deck = tuple(cards[self.n * size:])
        self.note(f"Not the full deck: sub-decks of {size} cards, {len(self.deck)} put aside")

    def task_cull(self, seat: int) -> None:
        self.wait("cull", seat * self.per)

    def options_cull(self) -> list[int]:
        return self.hand_choices("cull")

    def move_cull(self, card: str) -> None:
        """A card of the sub-deck leaves the game face down; once everyone has, the sub-decks pass left
        (§ 2). The rounds are the rule parameter: the fixed policy standing for "until the majority are
        happy" *(judgment)*."""
        seat = self.seat_of(self.player)
        self.take_from_hand(seat, card)
        self.removed += (card,)
        self.note(f"{self.seat_name(seat)} removes a card of their sub-deck from the game", private=card)
        if seat == self.n - 1:
            self.hand = [self.hand[(p - 1) % self.n] for p in range(self.n)]
        self.done()

    def task_culled(self) -> None:
        """The sub-decks and the cards put aside, reshuffled, are the deck the hands are dealt from."""
        cards = [c for hand in self.hand for c in hand] + list(self.deck)
        self.chance("reshuffled").shuffle(cards)
        self.hand, self.deck = self.deal(cards)
        self.note(f"{len(self.removed)} cards are out of the game; {len(self.hand[0])} cards dealt to each player")

    def task_redeem(self, seat: int, discarded: int) -> None:
        self.wait("redeem", seat * self.per, discarded)

    def options_redeem(self, discarded: int) -> list[int]:
        return self.hand_choices("redeem", "none")

    def hand_choices(self, kind: str, *more: str) -> list[int]:
        """A move of ``kind`` for each card in the deciding player's hand, and the ``more`` words."""
        ids = self.game.ids[kind]
        return sorted({ids[c] for c in self.hand[self.seat_of(self.player)]} | {ids[m] for m in more})

    def move_redeem(self, card: str) -> None:
        """``redeem <card>`` discards it and asks again; ``redeem none`` ends, filling the hand if any
        card was discarded (a player who discards nothing keeps the hand dealt)."""
        seat, discarded = self.seat_of(self.player), self.step[1]
        if card != "none":
            self.take_from_hand(seat, card)
            self.discards += (card,)
            self.queue.insert(0, ("redeem", seat, discarded + 1))
        elif discarded:
            size = REDEEMED_HAND + (ENHANCED_HAND - HAND if self.game.rules["enhanced_start"] else 0)
            drawn = self.draw_cards(max(0, size - len(self.hand[seat])))
            self.hand[seat] += drawn
            self.note(f"{self.seat_name(seat)} redeems {discarded} card(s) and draws {len(drawn)} (Redemption)")
        self.done()

    def after_families(self) -> list[tuple]:
        """Option 4: once the families are chosen, each player clockwise from the First discards down
        to 6 cards; no events (§ 4)."""
        return [("shed", p) for p in self.seat_order()] if self.game.rules["enhanced_start"] else []

    def task_shed(self, seat: int) -> None:
        if len(self.hand[seat]) > SHED_TO:
            self.wait("shed", seat * self.per)

    def options_shed(self) -> list[int]:
        return self.hand_choices("shed")

    def move_shed(self, card: str) -> None:
        seat = self.seat_of(self.player)
        self.take_from_hand(seat, card)
        self.discards += (card,)
        self.note(f"{self.seat_name(seat)} discards a card (Enhanced start)", private=card)
        self.queue.insert(0, ("shed", seat))
        self.done()

    # -- Events' targets: 8) Take that! ---------------------------------------------------------------------
    def in_reach(self, targets: list, by: int, word: str | None, actor: int | None) -> list:
        """Option 8 (§ 8): the targets an event may have. In Civilise, empires within Range of the
        empire taking it (``actor``; of any of the player's empires for a non-empire Civilise); at other
        times an empire targeted, or named by the window (a conflict's side), must be within Range of
        one of the player's empires; a player targeted must have an empire within Range of one of
        them. An empire is within its own reach; an event's areas are its target empire's or next to
        the event's empire *(judgment: covered by the empire's Range)*; events on everyone choose no
        target *(judgment: not restricted)*. The engine plays artefacts only on the player's own
        empires (actions.py ``targets``), which meets the option's artefact rules, the stricter one too."""
        if not self.game.rules["take_that"]:
            return targets
        seat = self.seat_of(by)
        sources = [actor] if actor is not None else [s for s in self.slots_of(seat) if self.empire[s] is not None]
        reach = set(sources) | {o for s in sources for o in self.in_range(s, everyone=True)}
        if word in PLAYER_TARGETS:
            return [t for t in targets if any(s in reach for s in self.slots_of(self.seat_of(t)))]
        return [t for t in targets if t in reach]

    # -- The turn's markers: 5) Enhanced Play -----------------------------------------------------------------
    def enhanced_sets(self) -> tuple[int, int]:
        """Option 5 (§ 5): (sets of markers each player plays with, spare markers each drafts a turn):
        Deluxe 6 players 1 and 1, 4-5 players 1 and 2 (two spare sets), 3 players 2 sets, 2 players 3
        sets; Classic 4 players 1 and 1, 3 players 1 and 2, 2 players 2 sets *(judgment: "may play
        with 2 or 3 sets" read as the most the edition allows)*; 7 Deluxe or 5 Classic players: none."""
        deluxe = {2: (3, 0), 3: (2, 0), 4: (1, 2), 5: (1, 2), 6: (1, 1)}
        classic = {2: (2, 0), 3: (1, 2), 4: (1, 1)}
        return (deluxe if self.game.rules["edition"] == "deluxe" else classic).get(self.n, (1, 0))

    def before_marks(self) -> list[tuple]:
        """Option 5: at the start of the turn the spare set(s) go round from the First player, each
        player secretly drafting one marker (twice round with two sets), before the markers are placed."""
        if not self.game.rules["enhanced_play"]:
            return []
        self.drafted, self.extra2 = ((),) * self.n, (None,) * self.n
        picks = self.enhanced_sets()[1]
        self.spare = (*self.ACTIONS, "wild") * picks
        return [("draft", p) for _ in range(picks) for p in self.seat_order()]

    def task_draft(self, seat: int) -> None:
        self.wait("draft", seat * self.per)

    def options_draft(self) -> list[int]:
        ids = self.game.ids["draft"]
        return sorted({ids[m] for m in self.spare})

    def move_draft(self, marker: str) -> None:
        seat = self.seat_of(self.player)
        spare = list(self.spare)
        spare.remove(marker)
        self.spare = tuple(spare)
        self.drafted = tuple(d + (marker,) if p == seat else d for p, d in enumerate(self.drafted))
        self.note(f"{self.seat_name(seat)} draws a spare action marker", private=marker)
        self.done()

    def marker_allowance(self, seat: int) -> dict[str, int]:
        """How many markers of each action, and Wild cards (``wild``), the player has this turn; made once
        per game for each number of sets and markers drafted (``Game.allowances``: ``allowance_key``). Not
        to be changed."""
        key = self.allowance_key(seat)
        allowance = self.game.allowances.get(key)
        if allowance is None:
            sets, drafted = key
            allowance = self.game.allowances[key] = {m: sets for m in (*self.ACTIONS, "wild")}
            for marker in drafted:
                allowance[marker] += 1
        return allowance

    def allowance_key(self, seat: int) -> tuple[int, tuple[str, ...]]:
        """All a player's markers allowed depend on (``marker_allowance``): the sets of markers played with,
        and the markers it drafted (option 5)."""
        sets = self.enhanced_sets()[0] if self.game.rules["enhanced_play"] else 1
        return sets, self.drafted[seat] if self.drafted else ()

    def second_extra(self, seat: int) -> str | None:
        return self.extra2[seat] if self.extra2 else None

    def place_extra(self, seat: int, marker: str) -> None:
        """The non-empire marker; option 5: a player at least two empires below the maximum places a
        second one (§ 5), asked again."""
        if self.extra[seat] is None:
            self.extra[seat] = marker
            empires = sum(1 for s in self.slots_of(seat) if self.empire[s])
            if self.game.rules["enhanced_play"] and empires <= self.per - 2:
                self.queue.insert(0, ("extra", seat))
        else:
            self.extra2 = tuple(marker if p == seat else m for p, m in enumerate(self.extra2))

    def turn_extra(self, seat: int, action: str) -> None:
        """A non-empire marker turned over: the first, or option 5's second."""
        if self.extra[seat] == action:
            self.extra[seat] = None
        else:
            self.extra2 = tuple(None if p == seat else m for p, m in enumerate(self.extra2))

    def alternated(self, turned: list[tuple]) -> list[tuple]:
        """Option 5: in Manoeuvre each player turns over one marker in turn, from the First player,
        before anyone turns a second (§ 5); a player's own in empire order *(judgment: their choice)*.
        No player passes while holding a marker *(judgment: the engine turns every marker over)*."""
        if not self.game.rules["enhanced_play"]:
            return turned
        queues = [[t for t in turned if t[2] == seat] for seat in self.seat_order()]
        rounds = max((len(q) for q in queues), default=0)
        return [q[i] for i in range(rounds) for q in queues if i < len(q)]

    # -- 5. Destiny: 7) Technology -----------------------------------------------------------------------
    def before_action(self, action: str) -> list[tuple]:
        """Tasks at the start of an action, before its markers are turned over."""
        return [("technology",)] if action == "destiny" and self.game.rules["technology"] else []

    def task_technology(self) -> None:
        """Option 7: every Destiny marker is shown; one player alone fills to 7 each time; otherwise
        the most advanced empire's (ties: the First player, then nearest their left) fills to 7, the
        Destiny on no empire's or else the least advanced empire's (ties: furthest from the First
        player's left) to 5, the others to 6 (§ 7). An empire discarded before its Destiny is no
        empire *(judgment)*."""
        takers = [(seat, s) for seat in self.seat_order() for s in (None, *self.slots_of(seat))
                  if (s is None and "destiny" in (self.extra[seat], self.second_extra(seat)))
                  or (s is not None and self.marks[s] in ("destiny", "wild_destiny"))]
        if len({seat for seat, _ in takers}) == 1:
            self.destiny_hands = {taker: TECH_MOST for taker in takers}
            return
        turn = {seat: i for i, seat in enumerate(self.seat_order())}
        empires = [(seat, s) for seat, s in takers if s is not None and self.empire[s] is not None]
        most = min(empires, key=lambda t: (-self.progress[t[1]], turn[t[0]]), default=None)
        bare = [t for t in takers if t[1] is None or self.empire[t[1]] is None]
        least = (max(bare, key=lambda t: turn[t[0]]) if bare else
                 min((t for t in empires if t != most), key=lambda t: (self.progress[t[1]], -turn[t[0]]), default=None))
        self.destiny_hands = {taker: TECH_MOST if taker == most else TECH_LEAST if taker == least else DESTINY_HAND
                              for taker in takers}
        if self.log is not None and takers:
            self.note("Technology: " + ", ".join(f"{self.who(s) if s is not None else self.seat_name(seat)} fills "
                                                 f"to {size}" for (seat, s), size in self.destiny_hands.items()))

    def destiny_hand(self, seat: int, slot: int | None) -> int:
        """The hand a Destiny fills to: 6 (§ 5. Destiny), or option 7's 7, 6 or 5; one more with option 5
        *(judgment: "draw one card more" as one more in the hand)*."""
        size = self.destiny_hands.get((seat, slot), DESTINY_HAND) if self.game.rules["technology"] else DESTINY_HAND
        return size + int(self.game.rules["enhanced_play"])      # option 5: one card more (§ 5)

    # -- End of turn › Free progress: 9) Cadenced progress ----------------------------------------------
    def before_reveal(self) -> list[tuple]:
        """Option 9: once every marker is placed, the First player puts 3 of the 7 cadence markers face
        down on the 3 boxes of the Cadenced progress track (§ 9)."""
        return [("cadence", box) for box in range(len(CADENCE_BOXES))] if self.game.rules["cadenced_progress"] else []

    def task_cadence(self, box: int) -> None:
        if box == 0:
            self.cadence, self.discarded = (), ()
            self.chosen = tuple((card, m.removeprefix("wild_") if m else None) for card, m in zip(self.empire, self.marks))
        self.wait("cadence", self.first * self.per, box)

    def options_cadence(self, box: int) -> list[int]:
        ids = self.game.ids["cadence"]
        return sorted(i for action, i in ids.items() if action not in self.cadence)

    def move_cadence(self, action: str) -> None:
        self.cadence += (action,)
        self.note(f"{self.seat_name(self.first)} puts a cadence marker face down on '{CADENCE_BOXES[self.step[1]]}'",
                  private=action)
        self.done()

    def determinize_options(self, new, seat: int, rng) -> None:
        """What ``seat`` cannot see chosen anew: the cadence markers, the First player's (§ 9: face
        down); the other players' drafted spare markers and second non-empire markers (§ 5)."""
        if self.cadence and seat != self.first:
            others = sorted(set(self.game.ids["cadence"]) - set(self.cadence))
            new.cadence = tuple(rng.sample(others + list(self.cadence), len(self.cadence)))
        if self.drafted:
            new.drafted = tuple(d if p == seat else tuple(rng.choice((*self.ACTIONS, "wild")) for _ in d)
                                for p, d in enumerate(self.drafted))
            new.extra2 = tuple(m if p == seat or m is None else rng.choice(("start", "destiny", "civilise"))
                               for p, m in enumerate(self.extra2))

    def discarding(self, seat: int, slot: int) -> None:
        """Option 9 (b), (e): an empire its player discards counts for the player's other empires."""
        if self.game.rules["cadenced_progress"]:
            self.discarded += ((seat, self.trade_number(slot)),)

    def cadence_change(self, action: str | None, trade: int) -> tuple[int, int]:
        """(a), and (c) + (d), for an empire that chose ``action`` with this trade number (§ 9)."""
        no, no_if_poor, extra = self.cadence
        more = int(trade >= 2 and action == extra)
        less = int(action == no) + int(trade < 0 and action == no_if_poor)
        return more, less

    def cadenced_progress(self) -> None:
        """Option 9, instead of Free progress (§ 9): 1, +1 (a) trade at least +2 and the action in
        'extra progress if trade > 1', +1 (b) to one empire of a player whose discarded empire met (a)
        *(judgment: the player's first empire in turn order, the choice's fixed policy)*, -1 (c) the
        action in 'no progress', -1 (d) trade below 0 and the action in 'no progress if trade < 0',
        -1 (e) to every empire of a player whose discarded empire met (c) or (d), -1 (f) a Wild card
        without an Administrator. Forward progress stops in a dark age as Free progress does (a
        Scientist, an event's change); backward it always goes. The trade number is the card's for
        the empire's age *(judgment: "modified" read as the events' changes the card's number has
        none of here)*; a player eligible for 2 takes 2 *(judgment: the fixed policy)*."""
        if len(self.cadence) != len(CADENCE_BOXES):
            return
        self.note("cadenced progress: " + "; ".join(f"'{box}': {action}" for box, action in zip(CADENCE_BOXES, self.cadence)))
        bonus, malus = set(), set()
        for seat, trade in self.discarded:
            more, less = self.cadence_change("discard", trade)
            if more:
                bonus.add(seat)
            if less:
                malus.add(seat)
        favoured = {seat: next((s for s in self.slots_of(seat) if self.empire[s] is not None), None) for seat in bonus}
        for s in self.in_play():
            card, action = self.chosen[s] if s < len(self.chosen) else (None, None)
            action = action if card == self.empire[s] else None      # an empire started since
            more, less = self.cadence_change(action, self.trade_number(s))
            seat = self.seat_of(s)
            wild = int(self.wild_used[s] and not self.leaders_in(s, "ad"))
            levels = 1 + more + int(favoured.get(seat) == s) - less - int(seat in malus) - wild
            if levels < 0:
                self.regress(s, min(-levels, self.progress[s] - 1), "cadenced progress")
                continue
            barred = self.free_progress_barred(s) if levels else None
            if barred:
                self.note(f"{self.who(s)}: {barred}")
                continue
            if levels > 1 and self.free_progress_barred(s, self.progress[s] + 1):
                levels = 1                                # not through a dark age
            self.advance(s, levels, "cadenced progress")

    # -- 15) Hocking the crown jewels -------------------------------------------------------------------
    def task_hock(self, slot: int) -> None:
        """After Harvest glory, each empire clockwise from the First player's *(judgment: "going
        Clockwise after the First player")* may sell its player's glory, 1 for 5 money, at most one
        per undisordered city it controls this turn and never more than the player has (§ 15)."""
        if self.empire[slot] is not None and self.hockable(slot):
            self.wait("hock", slot)

    def hockable(self, slot: int) -> int:
        """Glory the empire may still sell this turn (§ 15: its undisordered cities, the player's glory)."""
        cities = sum(1 for a in self.areas_of(slot) if self.city.get(a) and a not in self.disorder)
        return min(cities - self.hocked.get(slot, 0), self.rank_value(self.seat_of(slot), "glory"))

    def options_hock(self) -> list[int]:
        ids = self.game.ids["hock"]
        return [ids["none"], ids["one"]]

    def move_hock(self, how: str) -> None:
        """``hock one`` sells one glory and asks again; ``hock none`` stops."""
        slot = self.player
        if how == "one":
            self.hocked = {**self.hocked, slot: self.hocked.get(slot, 0) + 1}
            self.score(slot, -1, "hocked: the crown jewels")
            self.earn(slot, HOCK_PRICE, "the crown jewels hocked")
            self.queue.insert(0, ("hock", slot))
        self.done()


#: The boxes of the Cadenced progress track, in the order the First player fills them (§ 9).
CADENCE_BOXES = ("no progress", "no progress if trade < 0", "extra progress if trade > 1")
#: Money for a glory hocked (§ 15).
HOCK_PRICE = 5
#: Cards dealt (§ Preparing to play; option 4: 10), gold-border empires each (option 1), the hand
#: Redemption fills to (option 3: 6, 8 with option 4), the hand after Enhanced start (option 4: 6).
HAND, ENHANCED_HAND, GOLD, REDEEMED_HAND, SHED_TO = 7, 10, 2, 6, 6
#: Destiny hands with Technology (option 7): the most advanced, the least or no empire (the others: 6).
TECH_MOST, TECH_LEAST = 7, 5

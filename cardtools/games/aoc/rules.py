"""Age of Civilization: the rules of the rulebook (seeds/003_f54a9293e38b5e67.txt), on the engine kit.

Each rule sits under the rulebook section that states it (SETUP, PLAYING THE GAME › 1. … 3.,
Turn End, ROUND END, GAME END, the variants), with the section named in its docstring or comment;
docs/rules/aoc.md is the specification with our readings. Card abilities are never coded here:
they are the deck's effects, compiled by the kit; ``vocabulary.py`` gives the effect words their
meaning (what `perform`, `slot`, `immune: war` … do) and ``views.py`` shows a state as data.
Rule parameters come from ``deck.rules`` (schemas/aoc/rules.schema.json).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from cardtools.core.diagnostics import DiagnosticError
from cardtools.effects.runtime import NO_EVENT, Ctx, run_all
from cardtools.engine.abilities import Powers, in_chosen_order, run_abilities
from cardtools.engine.contract import GameFacts
from cardtools.engine.flow import CLOCKWISE, COUNTER_CLOCKWISE
from cardtools.engine.host import Cards, Computed, Counter, Held, Printed, Size
from cardtools.engine.moves import OPTION
from cardtools.engine.ranking import Ranking
from cardtools.engine.state import BaseGame
from cardtools.engine.zones import HIDDEN, OWNER, SEAT, Zone
from cardtools.games.aoc import achievements, views
from cardtools.games.aoc.vocabulary import Meanings

#: 1-4 players (1 only with a virtual opponent: the solo variant); chance only at setup (shuffles
#: from the seed); the civilization deck's order is hidden, and so are hands in the drafting variant.
FACTS = GameFacts("Age of Civilization", information="imperfect")

# Steps of a turn, plus the draft before the first round (DRAFTING GAME › Variants in SETUP).
DRAFTING, CIVILIZATION, ACTIONS, OVER = "draft", "civilization", "actions", "over"


class State(Meanings):
    """A position: the table (markets, time track), each player's cards and counters, whose turn."""

    RESOURCES = {"coins": Counter(), "score": Counter(),
                 "workers": Counter(limit="max_workers", reserved="placed"),   # COMPONENTS: 5 tokens, 1 on the score
                 "technology": Cards("techs"), "wonder": Cards("wonders")}
    COUNTS = {"technologies": Size("techs"), "wonders": Size("wonders"), "civilizations": Size("civs"),
              "workers": Held("workers"), "score": Held("score"), "upcoming_actions": Computed("upcoming_actions")}
    STATS = {"military": Printed("military", ("civs", "techs"))}   # ROUND END 3: on civilizations and technologies
    OWNED = ("civs", "techs", "wonders")
    ZONES = (Zone("civ_deck", HIDDEN, pool="civilizations", view=("civ_deck",)),
             Zone("hand", OWNER, per_seat=True, pool="civilizations", view=("players", SEAT, "hand")),
             Zone("packs", OWNER, per_seat=True, pool="civilizations", view=("draft_packs", SEAT)),
             Zone("civs", per_seat=True), Zone("risen", per_seat=True),
             Zone("techs", per_seat=True), Zone("wonders", per_seat=True))
    RANKING = Ranking(("score", "workers", "coins"))   # GAME END: score, then workers, then coins
    MOVE_VIEWS = ("legal", "costs")
    #: (``offers`` is a cache shared with clones like the kit's tables: filled in per player, and
    #: replaced, never cleared in place, when the round changes)
    COPIED = ("placed", "doomed", "main", "market", "bonus", "used")
    FIELDS = ("acted", "last_payment", "offers", "player", "public_slots", "round", "starter", "step", "track", "turn",
              "virtual", "wonder_market")

    # -- SETUP (SOLO GAME and DRAFTING GAME › Variants in SETUP) ------------------------------------
    def setup(self) -> None:
        game, rules, n = self.game, self.game.rules, self.n
        rng = self.chance()
        self.coins = [rules["starting_coins"]] * n                              # SETUP 6
        self.placed = [0] * n       # workers on action slots this turn (3. Resolve Your Workers) …
        self.doomed = [0] * n       # … those of them on red slots
        self.main: list[str | None] = [None] * n
        self.round, self.starter, self.turn, self.player = 1, 0, 0, 0           # SETUP 7: seat 0 starts
        self.step = CIVILIZATION
        self.acted = False          # an action slot was used this turn (so no Rest)
        self.used: dict[str, int] = {}  # slots used this turn, by action (2A: each slot once in a turn)
        self.virtual = 0            # SOLO GAME: the virtual opponent's military strength
        self.last_payment: tuple[str, int, int] | None = None   # (action, coins, workers) of the last action
        wonders = list(game.wonders)
        rng.shuffle(wonders)                                                    # SETUP 2
        self.wonder_market = tuple(wonders[:rules["wonder_market"] + rules["wonder_market_per_player"] * n])
        civs = list(game.civilizations)
        rng.shuffle(civs)                                                       # SETUP 3
        drawn = rules["civilization_market"]
        self.market, self.bonus = civs[:drawn], [0] * drawn
        track = list(game.track_cards)                                          # SETUP 4
        fixed = rules["plague_position"]
        calamities = [c for c in track if c in game.calamities] if fixed else []
        for c in calamities:
            track.remove(c)
        rng.shuffle(track)
        for c in calamities:                                                    # SOLO › SETUP 3
            track.insert(fixed - 1, c)
        self.track = tuple(track)
        self._new_round()
        hand = rules["draft_hand"]
        if hand:                                                                # DRAFTING › SETUP
            self.packs = [tuple(civs[drawn + p * hand:drawn + (p + 1) * hand]) for p in range(n)]
            drawn += hand * n
            self.step = DRAFTING
        else:
            self.packs = []
        self.civ_deck = tuple(civs[drawn:])
        if self.log is not None:
            self.note(f"setup: time track {', '.join(game.name(c) for c in self.track)}; wonder market "
                      f"{', '.join(game.name(w) for w in self.wonder_market)}; civilization market "
                      f"{', '.join(game.name(c) for c in self.market)}")
        self._round_start_note()
        if self.step != DRAFTING:
            self._start_turn()

    # -- the moves ---------------------------------------------------------------------------------
    def moves(self) -> list[int]:
        if self.step == ACTIONS:
            return self._action_moves()
        if self.step == CIVILIZATION:
            return self._civilization_moves()
        if self.step == DRAFTING:
            ids = self.game.ids["draft"]
            return sorted(ids[c] for c in set(self.packs[self.player]))
        return []

    def _civilization_moves(self) -> list[int]:
        """Round 1: rise (1. Rise a Civilization); later: rise, annex or skip (FOLLOWING TURNS 1A-1C);
        from the market or the hand (DRAFTING › GAME PLAY 1)."""
        game = self.game
        hand = self.hand[self.player]
        rise = game.ids["rise"]
        moves = sorted([rise[c] for c in (set(self.market) | set(hand) if hand else self.market)])
        if self.round == 1:
            return moves
        return [game.skip_id, *moves, *[m + game.rise_to_annex for m in moves]]   # (annex ids follow rise ids)

    def _action_moves(self) -> list[int]:
        """Every action with a free slot the player can man and pay (2A. Takes Actions), Rest if no
        action was taken yet (2B), and ending the turn — in id order as they are listed."""
        p, game = self.player, self.game
        moves = [game.end_id] if self.acted else [game.end_id, game.rest_id]
        free = self.workers[p] - self.placed[p]
        if free <= 0:
            return moves
        kept = self.offers[p]             # (the modifiers and the table it was made from, the offer)
        offer = kept[2] if kept is not None and kept[1] is self.tables[p] and kept[0] is self.mods else self.offer(p)
        coins, used = self.coins[p], self.used
        for action, slots, need, cost, ids, per_target in offer:
            if need > free or (used and used.get(action, 0) >= slots):
                continue
            if per_target is None:
                if cost <= coins:
                    moves.append(ids[None])
                continue
            targets = game.researchable(self.techs[p])
            if not targets:
                if cost <= coins:
                    moves.append(ids[None])
            elif per_target:                                   # CIVILIZATIONS › Hittites
                moves += [ids[t] for t in targets if self.cost(p, action, t) <= coins]
            elif cost <= coins:
                moves += [ids[t] for t in targets]
        return moves

    # -- PLAYING THE GAME › 1. the civilization step -----------------------------------------------
    def move_rise(self, civ: str):
        """1. Rise: the card becomes the main civilization; workers are renewed to its population
        (1A: discard all, take the population; CIVILIZATIONS › Kongo: this is no sacrifice)."""
        p = self.player
        bonus = self._take(civ)
        self.civs[p] += (civ,)
        self.risen[p] += (civ,)
        self.main[p] = civ
        self.workers[p] = self.game.population[civ]
        self.reindex(p)
        if self.log is not None:
            self.note(f"{self.who(p)} rises {self.game.name(civ)}: {self.game.word(self.workers[p], 'workers')}, "
                      f"{self.game.word(bonus, 'bonus coins')}")
        self.step = ACTIONS
        triggers = self.powers[p].triggers
        if ("risen", None) not in triggers and ("gained", None) not in triggers:
            return None                          # (no card of theirs reacts: nothing to run)
        return self.now(lambda st: st.fire(p, "risen", event={"bonus_coins": bonus}, card=civ),
                        lambda st: st.fire(p, "gained", card=civ))

    def move_annex(self, civ: str):
        """1B. Annex: only its legacy ability counts; +1 worker, up to the limit."""
        p = self.player
        bonus = self._take(civ)
        self.civs[p] += (civ,)
        before = self.workers[p]
        self.workers[p] = min(before + 1, max(before, self.game.rules["max_workers"]))
        self.reindex(p)
        if self.log is not None:
            self.note(f"{self.who(p)} annexes {self.game.name(civ)}: +{self.game.word(self.workers[p] - before, 'workers')}, "
                      f"{self.game.word(bonus, 'bonus coins')}")
        self.step = ACTIONS
        return self.fire(p, "gained", card=civ)

    def move_skip(self) -> None:
        """1C. Skip the civilization step."""
        if self.log is not None:
            self.note(f"{self.who(self.player)} skips the civilization step")
        self.step = ACTIONS

    def _take(self, civ: str) -> int:
        """Take a civilization card from the market (with its bonus coins) or the hand; returns the
        bonus coins the player gets (1A; DRAFTING › GAME PLAY 2)."""
        p, rules = self.player, self.game.rules
        if civ in self.hand[p]:
            hand = list(self.hand[p])
            hand.remove(civ)
            self.hand[p] = tuple(hand)
            on_card = 0
        else:
            i = self.market.index(civ)
            self.market.pop(i)
            on_card = self.bonus.pop(i)
        if self.round == 1 and not rules["first_rise_bonus"]:
            bonus = 0
        else:
            bonus = on_card if rules["bonus_coins"] == "on_card" else rules["bonus_coins"]
        self.coins[p] += bonus
        if rules["market_refill"] == "after_pick":
            self._refill_market()
        return bonus

    def _refill_market(self) -> None:
        """1 bonus coin on each remaining market card, then a new card from the deck (1A)."""
        self.bonus = [b + 1 for b in self.bonus]
        if self.civ_deck:
            self.market.append(self.civ_deck[0])
            self.bonus.append(0)
            self.civ_deck = self.civ_deck[1:]

    # -- DRAFTING GAME › Variants in SETUP ----------------------------------------------------------
    def move_draft(self, civ: str) -> None:
        """Keep a card, pass the rest to the left; after the 3rd pick, the 4th card passed on is kept too."""
        p, n = self.player, self.n
        pack = list(self.packs[p])
        pack.remove(civ)
        self.packs[p] = tuple(pack)
        self.hand[p] += (civ,)
        if self.log is not None:
            self.note(f"{self.who(p)} drafts a civilization card", private=f"{self.game.name(civ)}")
        if p + 1 < n:
            self.player = p + 1
            return
        self.packs = [self.packs[(q - 1) % n] for q in range(n)]
        self.player = 0
        if len(self.packs[0]) == 1:
            for q in range(n):
                self.hand[q] += self.packs[q]
                if self.log is not None:
                    self.note(f"{self.who(q)} keeps the last card passed on", private=self.game.name(self.packs[q][0]))
            self.packs = []
            self.step = CIVILIZATION
            self.then(lambda st: st._start_turn())

    # -- PLAYING THE GAME › 2. actions (2A) or rest (2B) ----------------------------------------------
    def move_perform(self, action: str, target: str | None):
        """2A: place the workers on a free slot, pay the cost, then the action's effect."""
        p = self.player
        self.used[action] = self.used.get(action, 0) + 1
        self.acted = True
        need, cost, _, per_target = (self.tables[p] or self.table(p))[action]
        if per_target:                                            # CIVILIZATIONS › Hittites
            cost = self.cost(p, action, target)
        return self.carry_out(p, action, target, cost, need)

    def carry_out(self, p: int, action: str, target: str | None, cost: int, need: int):
        """Pay, place workers (red slots doom them: 3. Resolve), then the action's own effect, then
        the player's "when you perform" abilities."""
        self.coins[p] -= cost
        self.placed[p] += need
        red = self.game.slot_red[action]
        if red:
            self.doomed[p] += need
        self.last_payment = (action, cost, need)
        if self.log is not None:
            what = self.game.name(action) + (f" ({self.game.name(target)})" if target else "")
            self.note(f"{self.who(p)} performs {what}: pays {self.game.word(cost, 'coins')}, places "
                      f"{self.game.word(need, 'workers')}{' on a red slot' if red else ''}")
        pending = run_abilities(self, p, self.game.used[action], {"target": target} if target else NO_EVENT)
        if pending is not None:
            return pending.then(lambda st: st.fire(p, "performed", action))
        return self.fire(p, "performed", action)

    def move_rest(self):
        """2B. Rest: no action this turn; coins and a worker (up to the limit) at once; the turn ends."""
        p, rules = self.player, self.game.rules
        before = self.workers[p]
        self.coins[p] += rules["rest_coins"]
        self.workers[p] = min(before + rules["rest_workers"], max(before, rules["max_workers"]))
        if self.log is not None:
            self.note(f"{self.who(p)} rests: +{self.game.word(rules['rest_coins'], 'coins')}, "
                      f"+{self.game.word(self.workers[p] - before, 'workers')}")
        return self.move_end()

    # -- 3. Resolve Your Workers, Turn End ----------------------------------------------------------
    def move_end(self):
        """The turn ends: 3. Resolve Your Workers, then Turn End, then the next player."""
        p = self.player
        if self.log is not None:
            self.note(f"{self.who(p)} ends the turn")
        triggers = self.powers[p].triggers
        if ("turn_end", None) not in triggers and (not self.doomed[p] or ("sacrificed", None) not in triggers):
            self._resolve_workers(p)             # (no ability reacts: nothing can wait for a decision)
            return self._next_turn()
        return self.now(lambda st: st._resolve_workers(p), lambda st: st._turn_end(p), State._next_turn)

    def _resolve_workers(self, p: int):
        """3. Resolve: workers on white slots (or unplaced) come back; those on red slots are
        sacrificed (CIVILIZATIONS › Kongo: its coins come now)."""
        doomed = self.doomed[p]
        self.workers[p] -= doomed
        self.placed[p] = self.doomed[p] = 0
        if doomed:
            if self.log is not None:
                self.note(f"  {self.who(p)} sacrifices {self.game.word(doomed, 'workers')} from red slots")
            return self.fire(p, "sacrificed", event={"workers": doomed})
        return None

    def _turn_end(self, p: int):
        """Turn End: every "every turn end" ability, in the order the player chooses."""
        abilities = self.powers[p].triggers.get(("turn_end", None))
        return in_chosen_order(self, p, abilities, "which turn-end ability next?", self.game.name) if abilities else None

    def _next_turn(self):
        """Players take turns clockwise from the starting player (PLAYING THE GAME)."""
        self.turn += 1
        if self.turn < self.n:
            self.player = CLOCKWISE.at(self.starter, self.turn, self.n)
            self._start_turn()
            return None
        return self._round_end()

    def _start_turn(self) -> None:
        """A new turn: round 1 starts with a rise; later, a player with 3 civilization cards can only
        skip step 1 (FOLLOWING TURNS › IMPORTANT RULES)."""
        p = self.player
        self.used = {}
        self.acted = False
        if self.log is not None:
            self.note(f"-- {self.who(p)}'s turn (coins {self.coins[p]}, workers {self.workers[p]}, score {self.score[p]})")
        full = len(self.civs[p]) >= self.game.rules["max_civilizations"]
        if (self.round > 1 and full) or not (self.market or self.hand[p]):
            if self.log is not None:
                self.note(f"{self.who(p)} skips the civilization step ({'3 civilization cards' if full else 'no card left'})")
            self.step = ACTIONS
        else:
            self.step = CIVILIZATION

    # -- ROUND END -----------------------------------------------------------------------------------
    def _round_end(self):
        rules = self.game.rules
        self.starter = COUNTER_CLOCKWISE.next(self.starter, self.n)        # ROUND END 1
        if self.log is not None:
            self.note(f"== round {self.round} ends" + (f"; starter token to {self.who(self.starter)}" if self.n > 1 else ""))
        if rules["market_refill"] == "round_end":                            # SOLO › GAME PLAY 2
            self._refill_market()
        if rules["virtual_opponent"]:                                        # SOLO › GAME PLAY 2: before the move
            self.virtual += 1
            self.note(f"  the virtual opponent's military strength is now {self.virtual}")
        self.round += 1                                                      # ROUND END 2
        self._new_round()
        steps = []
        if self.round <= rules["rounds"]:
            new = self.track[self.round + 1]                                 # ROUND END 3: the new card
            symbol = self.game.symbol[new]
            if self.log is not None:
                self.note(f"  {self.game.name(new)} becomes available"
                          + {"war": " (War)", "sacrifice": " (Sacrifice)"}.get(symbol, ""))
            if symbol == "war":
                steps.append(lambda st: st._war())
            elif symbol == "sacrifice":
                steps.append(lambda st: st._everyone_sacrifices(new))
            steps.append(lambda st: run_abilities(st, st.starter, st.game.revealed.get(new, ())))
        steps += [lambda st, p=p: st.fire(p, "round_end") for p in self.seat_order()]
        steps.append(State._next_round)
        return self.now(*steps)

    def _war(self):
        """War: the least military strength sacrifices 1 worker; all tied players do (ROUND END 3).
        Solo: compared with the virtual opponent. Polynesia never sacrifices to war."""
        strength = {p: self.stat(None, p, "military") for p in range(self.n)}
        least = min(strength.values())
        if self.game.rules["virtual_opponent"]:
            least = min(least, self.virtual)
        losers = [p for p in self.seat_order() if strength[p] == least]
        if self.log is not None:
            self.note(f"  War: least military strength {least}: "
                      + (", ".join(self.who(p) for p in losers) or "only the virtual opponent"))
        steps = []
        for p in losers:
            if self.immune(p, "war"):
                self.note(f"  {self.who(p)} never sacrifices to war")
            else:
                steps.append(lambda st, p=p: st.sacrifice(Ctx(p, "war"), p, 1))
        return run_all(self, steps)

    def _everyone_sacrifices(self, card: str):
        """Sacrifice symbol: all players sacrifice 1 worker (ROUND END 3)."""
        return run_all(self, [lambda st, p=p: st.sacrifice(Ctx(p, card), p, 1) for p in self.seat_order()])

    def seat_order(self) -> list[int]:
        """Every seat, from the starting player clockwise."""
        return CLOCKWISE.order(self.starter, self.n)

    def _next_round(self) -> None:
        if self.round > self.game.rules["rounds"]:
            self._game_end()
            return
        self.turn = 0
        self.player = self.starter
        self._round_start_note()
        self._start_turn()

    def _new_round(self) -> None:
        """The slots everybody may use this round: the permanent card's and the 3 cards under it (2A);
        what each player may do with them is worked out again (``offer``)."""
        game = self.game
        self.public_slots = {c: game.slots[c] for c in (*game.permanent, *self.window()) if c in game.slots}
        self.offers: list[tuple | None] = [None] * self.n

    def window(self) -> tuple[str, ...]:
        """The 3 time-track cards under the permanent action card this round (2A; ROUND END 2)."""
        return self.track[self.round - 1:self.round + 2]

    def _round_start_note(self) -> None:
        if self.log is not None:
            names = [self.game.name(c) for c in self.game.permanent + self.window() if c in self.game.slots]
            self.note(f"== round {self.round}: available {', '.join(names)}; starter {self.who(self.starter)}")

    # -- GAME END ----------------------------------------------------------------------------------------
    def _game_end(self) -> None:
        """Every player's "game end" abilities, then the ranking."""
        self.round = self.game.rules["rounds"]
        self.note("== game end")
        steps = [lambda st, p=p: st.fire(p, "game_end") for p in self.seat_order()]
        steps.append(lambda st: st._finish())
        self.then(*steps)

    def _finish(self) -> None:
        self.step = OVER
        self.over = True
        self.player = self.starter
        if self.log is not None:
            ranks = self.ranks()
            for p in sorted(range(self.n), key=lambda q: ranks[q]):
                self.note(f"{ranks[p]}. {self.who(p)}: {self.game.word(self.score[p], 'score')}, "
                          f"{self.game.word(self.workers[p], 'workers')}, {self.game.word(self.coins[p], 'coins')}")
            if self.n > 1:
                self.note(f"decided by: {self.decided_by()}")
            for a in self.achievements() if self.game.rules["achievements"] else ():
                self.note(f"achievement {a['name']} ({a['requires']}): {'achieved' if a['achieved'] else 'not achieved'}")

    def returns(self) -> list[float]:
        """Winners share 1 (a shared victory splits it); solo: the final score."""
        return [float(self.score[0])] if self.n == 1 else super().returns()

    def achievements(self) -> list[dict]:
        """SOLO GAME › GAME PLAY 3: each achievement card's condition, checked for the player."""
        return achievements.evaluate(self)

    # -- the state as data -----------------------------------------------------------------------------
    def snapshot(self) -> dict:
        return views.snapshot(self)

    def features(self, player: int) -> dict[str, int]:
        """Named numbers describing a player's position (for agents that evaluate states)."""
        return {"score": self.score[player], "coins": self.coins[player], "workers": self.workers[player],
                "technologies": len(self.techs[player]), "wonders": len(self.wonders[player]),
                "civilizations": len(self.civs[player]), "military": self.stat(None, player, "military")}

    def record(self, player: int) -> dict[str, list[str] | int]:
        """What the player ended up with, for simulation records (cardtools.sim)."""
        civs, risen = self.civs[player], self.risen[player]
        return {"civilizations_risen": list(risen), "civilizations_annexed": [c for c in civs if c not in risen],
                "wonders": list(self.wonders[player]), "technologies": list(self.techs[player]),
                "coins": self.coins[player], "workers": self.workers[player],
                "military": self.stat(None, player, "military")}

    def __str__(self) -> str:
        return views.describe(self)

    # -- the cards in play ---------------------------------------------------------------------------------
    def reindex(self, p: int) -> None:
        """Recompute what ``p``'s cards do after a rise or annex (the main ability may change):
        1. Rise a Civilization: the main ability of the main civilization, the legacy ability of
        every civilization card; technologies and wonders always."""
        game = self.game
        abilities = []
        for civ in self.civs[p]:
            abilities += game.card_abilities(civ, civ == self.main[p])
        for card in self.techs[p] + self.wonders[p]:
            abilities += game.card_abilities(card, False)
        self.set_powers(p, Powers.of(abilities, self.printed(p)))

    def add_card(self, p: int, card: str, zone: str) -> None:
        """A technology or wonder joined ``p``'s cards (in ``zone``): its abilities join theirs."""
        self.add_powers(p, card, zone, self.game.card_abilities(card, False))


class Game(BaseGame):
    """The deck's cards by kind, their compiled abilities and the rule parameters."""

    FACTS = FACTS
    State = State
    WORDS = {"bonus coins": "bonus coin"}

    def MOVES(self) -> list:
        """end (2A: stop), rest (2B), skip (1C), rise / annex / draft a civilization card, perform an
        action (aimed at a technology when it gains one: Research), choose an option of a decision."""
        civs = self.civilizations
        return [("end", []), ("rest", []), ("skip", []), ("rise", [civs]), ("annex", [civs]), ("draft", [civs]),
                ("perform", [self.actions, (*self.technologies, None)]), ("choose", [OPTION])]

    def __init__(self, deck, abilities: dict[str, dict[str, tuple]] | None = None):
        self.civilizations = tuple(c.id for c in deck.of_type("civilization"))
        self.technologies = tuple(c.id for c in deck.of_type("technology"))
        self.wonders = tuple(c.id for c in deck.of_type("wonder"))
        self.actions = tuple(c.id for c in deck.of_type("action"))
        super().__init__(deck, abilities)
        if self.rules["virtual_opponent"]:           # SOLO GAME: the final score is what counts
            self.facts = replace(FACTS, utility="score", max_utility=float("inf"))
        codec = self.codec
        self.end_id, self.rest_id, self.skip_id = codec.id("end"), codec.id("rest"), codec.id("skip")
        self.ids = {"end": self.end_id, "rest": self.rest_id, "skip": codec.id("skip"),
                    **{kind: {c: codec.id(kind, c) for c in self.civilizations} for kind in ("rise", "annex", "draft")}}
        self.rise_to_annex = codec.kind["annex"].base - codec.kind["rise"].base
        self.perform_ids = {a: {t: codec.id("perform", a, t) for t in (*self.technologies, None)} for a in self.actions}
        permanent = deck.of_type("permanent")
        self.permanent = tuple(permanent[0].get("actions")) if permanent else ()
        self.track_cards = tuple(c.id for c in deck.of_type("action", "calamity")
                                 if c.get("board", "time_track") == "time_track")
        self.calamities = frozenset(c.id for c in deck.of_type("calamity"))
        self.population = {c.id: c.get("population") for c in deck.of_type("civilization")}
        self.requires = {t.id: tuple(t.get("requires", ())) for t in deck.of_type("technology")}
        self.symbol = {c.id: c.get("symbol", "none") for c in deck.of_type("action", "calamity")}
        self.slot_red = {a.id: a.get("slot") == "red" for a in deck.of_type("action")}
        self.slots = {a.id: a.get("slots", 1) for a in deck.of_type("action")}
        self.base_workers = {a.id: a.get("workers", 1) for a in deck.of_type("action")}
        self.base_cost = {a.id: a.get("cost", 0) for a in deck.of_type("action")}
        self.used = {a: self._triggered(a, "used") for a in self.actions}
        #: Actions whose own effect gains a technology (Research): the move names the technology,
        #: whose choice may change the cost (CIVILIZATIONS › Hittites).
        self.aimed = frozenset(a.id for a in deck.of_type("action") if _gains(a.get("effects", ()), "technology"))
        #: What each action asks when no modifier changes it, in move order (``build_table``'s
        #: table, shared by every player whose prices no modifier touches): workers, coins, move ids
        #: by target, whether it names a technology (False) or not (None)
        self.prices = {a: (self.base_workers[a], self.base_cost[a], self.perform_ids[a],
                           False if a in self.aimed else None) for a in self.actions}
        self.revealed = {c: self._triggered(c, "revealed") for c in set(self.track_cards)}
        self.conditions, problems = achievements.compile_conditions(deck, self.vocab)
        if problems:
            raise DiagnosticError(problems)
        self._card_powers: dict[tuple[str, str], tuple] = {}
        self._researchable: dict[tuple[str, ...], tuple[str, ...]] = {}

    def check_players(self, players: int) -> None:
        super().check_players(players)
        if players == 1 and not self.rules["virtual_opponent"]:
            raise ValueError("the 1-player game is the solo variant (--variant solo)")
        if players > 1 and self.rules["virtual_opponent"]:       # SOLO GAME: one player and a virtual opponent
            raise ValueError("the solo variant is for 1 player")

    def arrange(self, players: int, seed: int, setup: dict) -> State:
        """A state after setup with a scenario's changes (``scenario.py``); the log starts there."""
        from cardtools.games.aoc.scenario import arrange

        return arrange(self, players, seed, setup)

    def _triggered(self, card: str, trigger: str) -> tuple:
        return tuple(a for a in self.abilities.get(card, {}).get("effects", ()) if getattr(a, "trigger", None) == trigger)

    def card_abilities(self, card: str, as_main: bool) -> tuple:
        """The abilities a card gives its owner: a civilization's main ability only while it is the
        main civilization (1. Rise a Civilization), its legacy ability always."""
        key = (card, "main" if as_main else "other")
        found = self._card_powers.get(key)
        if found is None:
            fields = self.abilities.get(card, {})
            if card in self.population:
                found = (fields.get("main", ()) if as_main else ()) + fields.get("legacy", ())
            else:
                found = fields.get("effects", ())
            self._card_powers[key] = found
        return found

    def researchable(self, owned: tuple[str, ...]) -> tuple[str, ...]:
        """Technologies not in ``owned`` whose prerequisites are met: none, or at least one owned
        (KEY CONCEPTS; remembered per set of owned technologies, within a bound)."""
        found = self._researchable.get(owned)
        if found is None:
            if len(self._researchable) > 50_000:
                self._researchable.clear()
            found = tuple(t for t in self.technologies if t not in owned
                          and (not self.requires[t] or any(r in owned for r in self.requires[t])))
            self._researchable[owned] = found
        return found


def _gains(node, resource: str) -> bool:
    """Whether an effect tree contains a `gain` of ``resource``."""
    if isinstance(node, Mapping):
        gain = node.get("gain")
        return (isinstance(gain, Mapping) and resource in gain) or any(_gains(v, resource) for v in node.values())
    return isinstance(node, (list, tuple)) and any(_gains(v, resource) for v in node)

"""What Through the Ages' effect words mean (templates/text/tta/vocabulary.yaml) and the actions
both the rules and the cards' effects perform: the parts of the host the kit cannot derive from
tables. Food and resources are blue tokens on farms and mines, paid and gained by one fixed rule
(``board.py``; docs/rules/tta.md § 6); population, actions and the banks live on the player board;
statistics are the printed symbols (once per worker on cards that take workers) plus modifiers,
with the ratings' limits (§ 7). The TtA verbs of ``verbs.py`` call the methods at the end.
"""

from __future__ import annotations

from bisect import bisect_right

from cardtools.effects.runtime import Ctx, Option, Pending, run_all
from cardtools.engine.abilities import adjusted, run_abilities
from cardtools.engine.flow import CLOCKWISE
from cardtools.engine.state import BaseState
from cardtools.games.tta import board as tokens
from cardtools.games.tta.strength import army_strength

#: Resources carried by cards and the board rather than by a counter (rules.State.RESOURCES).
ON_BOARD = frozenset({"food", "resources", "population", "civil_actions", "military_actions", "blue_tokens",
                      "yellow_tokens", "food_or_resources"})
#: Statistics worked out from the board, to which modifiers add (CoL § YOUR STATISTICS).
DERIVED = frozenset({"food_production", "resource_production", "food_consumption", "discontent_workers",
                     "culture_points"})
#: The hand limits: the action totals, to which modifiers add (CoL § YOUR HAND › CIVIL CARDS, › MILITARY CARDS).
HAND_LIMITS = {"civil_hand_limit": "civil_actions", "military_hand_limit": "military_actions"}
#: Ratings never below 0 (CoL § YOUR STATISTICS); strength too, with its armies (``stat``).
FLOORED = frozenset({"science", "culture"})
FARM_MINE = {"food": "farm", "resources": "mine"}
#: The other kind of blue token's value, for a `substitute` (Trade Routes Agreement).
OTHER = {"food": "resources", "resources": "food"}
#: How many keys each table the game remembers (Game.armies, Game.printed_sums, Game.producers) holds before
#: starting afresh.
REMEMBERED = 4096

COUNT_NAMES = (
    "military_units", "infantry_and_artillery", "unit_kinds", "theaters", "labs", "lab_levels",
    "library_theater_pairs", "best_lab_or_library_level", "best_theater_culture", "best_mine_output",
    "lab_resource_production", "mine_production", "happy_from_temples_and_government",
    "happy_from_temples_theaters_wonders", "other_happy_cards", "colonies", "wonders", "age_a_wonders",
    "age_i_wonders", "age_ii_wonders", "age_iii_wonders", "technology_levels", "farm_and_mine_workers",
    "other_workers", "urban_output", "theater_library_culture", "unit_and_arena_levels",
    "special_and_government_levels", "urban_building_levels", "content_workers_above_ten",
    "age_iii_technologies", "distinct_kinds", "stronger_rivals", "richer_rivals")
#: The counts that measure urban buildings, by the buildings they read: a statistic modifier counted
#: by one (Shakespeare, Bach, Chaplin, Newton, Einstein, Meier) changes those buildings' output, which
#: Hollywood and the Internet score with the printed numbers (CoL § APPENDIX › HOLLYWOOD, › INTERNET).
URBAN_COUNTS = {"theaters": frozenset({"theater"}), "library_theater_pairs": frozenset({"library", "theater"}),
                "best_theater_culture": frozenset({"theater"}), "lab_levels": frozenset({"lab"}),
                "labs": frozenset({"lab"}), "best_lab_or_library_level": frozenset({"lab", "library"})}
URBAN = frozenset({"lab", "temple", "arena", "library", "theater"})


class Meanings(BaseState):
    """The TtA state's vocabulary and actions; the turn's rules are in ``rules.State``."""

    failed = False      # set when an action an effect asks for cannot be performed (§ 5.1)

    # -- actions and their tokens (CoL § CIVIL AND MILITARY ACTIONS; docs/rules/tta.md § 5.1) ----------
    def civil_total(self, p: int) -> int:
        return self.total(p, "civil_actions")

    # (the hot paths below floor and cap by comparisons rather than min's and max's calls, which parse
    # keywords at each call in Python 3.11)
    def civil_left(self, p: int) -> int:
        left = self.total(p, "civil_actions") - self.civil_used[p]
        return (left if left > 0 else 0) + self.civil_temp[p]

    def military_left(self, p: int) -> int:
        left = self.total(p, "military_actions") - self.military_used[p]
        return (left if left > 0 else 0) + self.military_temp[p]

    def actions_left(self, p: int) -> tuple[int, int]:
        """``(civil_left(p), military_left(p))``, the two totals looked up at once (at every action asked)."""
        known = self.statistics[p]
        if known is not None and "civil_actions" in known and "military_actions" in known:
            civil, military = known["civil_actions"], known["military_actions"]
        else:
            civil, military = self.total(p, "civil_actions"), self.total(p, "military_actions")
        civil -= self.civil_used[p]             # (floored at 0 by a comparison rather than max's call: asked
        military -= self.military_used[p]       # at every action)
        return ((civil if civil > 0 else 0) + self.civil_temp[p], (military if military > 0 else 0) + self.military_temp[p])

    def total(self, p: int, name: str) -> int:
        """An action total as the kit works it out (``stat`` adds nothing to it and sets no limit),
        looked up without ``stat``'s call (asked several times at every move)."""
        known = self.statistics[p]
        if known is not None and name in known:
            return known[name]
        return BaseState.stat(self, None, p, name)

    def spend_civil(self, p: int, n: int) -> None:
        """Actions gained for this turn are spent before the tokens (§ 5.1)."""
        temp = self.civil_temp[p]
        if not temp:                            # (the usual case: none gained)
            self.civil_used[p] += n
            return
        if n < temp:
            temp = n
        self.civil_temp[p] -= temp
        self.civil_used[p] += n - temp

    def spend_military(self, p: int, n: int) -> None:
        temp = self.military_temp[p]
        if not temp:
            self.military_used[p] += n
            return
        if n < temp:
            temp = n
        self.military_temp[p] -= temp
        self.military_used[p] += n - temp

    def spend(self, p: int, card: str, n: int) -> None:
        """Military units cost military actions, everything else civil ones (§ 5.2-5.3)."""
        (self.spend_military if self.game.type[card] == "military_unit" else self.spend_civil)(p, n)

    def leader(self, p: int) -> str | None:
        return next((c for c in self.play[p] if self.game.type[c] == "leader"), None)

    def government(self, p: int) -> str:
        return next(filter(self.game.all_governments.__contains__, self.play[p]))

    # -- costs after modifiers (CoL § ACTION PHASE; a cost never drops below 0: § 15 choice 2) ------------
    def kinds(self, card: str) -> frozenset:
        """The `kind` words a card answers to (`farm`, `lab`, `technology` …)."""
        return self.game.kinds[card]

    def costs(self, p: int) -> dict | None:
        """``p``'s build and science costs after the modifiers, remembered while the `price` changes
        and the development and revolution `cost` changes in play stay the same (a leader without
        any coming or going keeps them; clones share them: they depend on nothing else) — or None
        when one of those has a condition or reads the game, so each cost is worked out when asked;
        but a `price` change for some kinds of card only (Shakespeare's, for theaters and libraries)
        leaves out only those cards (``unsettled``: never kept in the tables)."""
        mods = self.mods
        known = self.cost_tables
        if known[0] is not mods:
            changes = (mods.all("price"), mods.get("cost", "develop"), mods.get("cost", "revolution"))
            if changes == known[2]:
                tables, unsettled = known[1], known[3]
            else:
                loose = [m for found in changes for _, m in found if not m.fixed]
                kept = all(m.verb == "price" and m.args["on"] for m in loose)
                tables = [{} for _ in range(self.n)] if kept else None
                unsettled = frozenset().union(*(self.game.of_kinds(m.args["on"]) for m in loose)) if kept else None
            known = self.cost_tables = (mods, tables, changes, unsettled)
        return None if known[1] is None else known[1][p]

    def settled_costs(self, p: int, card: str) -> dict | None:
        """``costs(p)`` if ``card``'s costs may be kept there, else None."""
        known = self.cost_tables
        if known[0] is not self.mods:             # (``costs``' own test, without its call when they stand)
            self.costs(p)
            known = self.cost_tables
        return None if known[1] is None or card in known[3] else known[1][p]

    def price(self, p: int, action: str, card: str, resource: str) -> int:
        """What `price` modifiers add to an action's cost for this card (Masonry, Architecture …)."""
        total = 0
        for owner, mod in self.mods.by_subject.get(("price", action), ()):      # (``mods.get`` without its call)
            args = mod.args
            if resource not in args["add"] or not mod.applies(self, owner, p):
                continue
            if args["on"] and not (args["on"] & self.game.kinds[card]):
                continue
            if args["ages"] and self.game.fields[card].get("age") not in args["ages"]:
                continue
            total += args["add"][resource](self, Ctx(owner, mod.card))
        return total

    def cost(self, p: int, action: str, base: int, resource: str) -> int:
        """A cost after the `cost` modifiers of an action (Moses, Hammurabi, Michelangelo)."""
        mods = self.mods.by_subject.get(("cost", action))       # (the index's ``get``, without its call)
        return adjusted(base, self, mods, p, key=resource) if mods else base if base > 0 else 0

    def take_cost(self, p: int, card: str, space: int) -> int:
        """§ 4.4: the space's civil actions, +1 per completed wonder for a wonder, and the changes:
        `cost` (take_leader, take_wonder) and the card's own `take_cost` while in the row (Taj Mahal)."""
        base = self.game.board.row_costs[space]
        kind = self.game.type[card]
        if kind == "wonder":
            base += self.count_wonders(p)
            mods = self.mods.by_subject.get(("cost", "take_wonder"))
            if mods:
                base = adjusted(base, self, mods, p, key="civil_actions")
        elif kind == "leader":
            base = self.cost(p, "take_leader", base, "civil_actions")
        for mod in self.game.row_modifiers.get(card, ()):
            if mod.condition is None or mod.condition(self, Ctx(p, card)):
                base += mod.args["add"].get("civil_actions", lambda s, c: 0)(self, Ctx(p, card))
        return base if base > 0 else 0

    def takeable(self, p: int, civil: int, ordered: bool = True) -> list[str]:
        """§ 4.4: the row's cards ``p`` can take with ``civil`` actions, each once (its first space), in
        row order: affordable; a wonder only without an unfinished one; a non-wonder within the civil
        hand limit, not a technology already held or in play, not a second leader of an age. Most
        cards cost their space's civil actions (costs grow left to right): those are taken as sets;
        the others, a wonder (one more per completed wonder), a leader (Hammurabi) or a card with a
        card-row ability (Taj Mahal), are asked one by one. Not ``ordered``: in any order (the caller
        sorts the moves)."""
        game, row = self.game, self.row
        within = bisect_right(game.board.row_costs, civil)
        # a leader costs its space unless a `cost` change for taking leaders is in force (Hammurabi)
        leaders_cheaper = ("cost", "take_leader") in self.mods.by_subject
        beyond = (game.cheaper_to_take if leaders_cheaper else game.row_priced).intersection(row[within:])
        if not within and not beyond:
            return []                             # (no civil action, and no card that can cost less than its space)
        offered = set(row[:within])
        known = self.statistics[p]                # (``stat``'s hand limit without its call when both are known)
        if known is not None and "civil_hand_limit" in known and "civil_actions" in known:
            room = len(self.hand[p]) < known["civil_hand_limit"] + known["civil_actions"]
        else:
            room = len(self.hand[p]) < self.stat(None, p, "civil_hand_limit")
        if not room and self.wonder[p] is not None:
            return []                             # (no room in the hand, and no wonder while one is unfinished)
        found = []
        if room:
            technologies = offered & game.plain_technologies
            if technologies:
                technologies.difference_update(self.hand[p], self.techs[p], self.play[p])
            found += technologies
            found += offered & game.plain_others
        special = offered & game.special_to_take
        special.update(beyond)
        for card in special:
            kind = game.type[card]
            if kind == "wonder":
                if self.wonder[p] is not None:
                    continue
            elif not room:
                continue
            if kind == "leader":
                if game.age[card] in self.leader_ages[p]:
                    continue
            elif kind != "wonder" and game.is_technology(card) and (
                    card in self.hand[p] or card in self.techs[p] or card in self.play[p]):
                continue
            if (kind == "leader" and not leaders_cheaper and card not in game.row_priced) or \
                    self.take_cost(p, card, row.index(card)) <= civil:      # (a plain leader is within reach)
                found.append(card)
        if ordered and len(found) > 1:
            found.sort(key=row.index)
        return found

    def population_cost(self, p: int, cheaper: int = 0, free: bool = False) -> int | None:
        """Food to increase population (§ 5.2), or None if impossible (empty bank, too little food)."""
        base = self.game.board.population_cost(self.yellow[p])
        if base is None:
            return None
        if free:
            food = 0
        else:                                     # (``cost`` without its call when no change is in play)
            mods = self.mods.by_subject.get(("cost", "increase_population"))
            food = (adjusted(base, self, mods, p, key="food") if mods else base) - cheaper
            if food < 0:
                food = 0
        return food if food <= self.payable(p, "food") else None

    def build_cost(self, p: int, card: str) -> int:
        known = self.settled_costs(p, card)
        if known is None:
            return self._build_cost(p, card)
        found = known.get(card)
        if found is None:
            found = known[card] = self._build_cost(p, card)
        return found

    def _build_cost(self, p: int, card: str) -> int:
        cost = self.game.fields[card]["build_cost"] + self.price(p, "build", card, "resources")
        return cost if cost > 0 else 0

    def upgrade_cost(self, p: int, old: str, new: str) -> int:
        """The difference of the two build costs, each with its modifiers (HB § CONSTRUCTION
        TECHNOLOGIES AND UPGRADING URBAN BUILDINGS)."""
        return max(0, self.build_cost(p, new) - self.build_cost(p, old))

    def military_pays(self, p: int, card: str) -> int:
        """Resources for military units this turn pay first for units (Patriotism: § 6.1 step 1)."""
        return self.military_resources[p] if self.game.type[card] == "military_unit" else 0

    def urban_room(self, p: int, card: str) -> bool:
        """HB § URBAN BUILDING LIMIT: buildings of one kind (all levels) up to the government's limit."""
        buildings = self.game.buildings
        building = buildings[card]
        if building is None:
            return True
        limit = self.game.fields[self.government(p)]["urban_limit"]
        return list(map(buildings.__getitem__, self.staffed[p])).count(building) < limit

    def upgrades(self, p: int, old: str, bach: bool | None = None) -> list[str]:
        """Higher levels of the same kind (CoL § UPGRADE); with Bach (``bach``: whether he is in force,
        asked when None), any theater for any urban building, kinds differing or levels equal, within
        the urban building limit (`allow: upgrade_to_theater`, J. S. Bach; CoL § APPENDIX › JOHANN
        SEBASTIAN BACH)."""
        game = self.game
        techs = self.techs[p]
        found = list(filter(techs.__contains__, game.upgrade_to[old]))
        if game.type[old] == "urban_building" and (self.allows(p, "upgrade_to_theater") if bach is None else bach):
            found += [c for c in self.techs[p] if c not in found and c != old and game.fields[c].get("building") == "theater"
                      and (game.fields[old]["building"] == "theater" or self.urban_room(p, c))]
        return found

    def pay_resources(self, p: int, card: str, cost: int) -> None:
        use = min(cost, self.military_pays(p, card))
        self.military_resources[p] -= use
        if cost - use:
            self.pay_tokens(p, "resources", cost - use)

    def build(self, p: int, card: str, cost: int):
        """An unused worker onto the card, paying its cost (CoL § BUILD …)."""
        self.pay_resources(p, card, cost)
        self.pool[p] -= 1
        self.staffed[p] += (card,)
        self.restaffed(p, on=card)
        if self.log is not None:
            self.note(f"{self.who(p)} builds {self.game.piece(card)} for {self.game.word(cost, 'resources')}")
        return self.fire(p, "built", self.game.fields[card].get("unit") and "military_unit" or self.game.type[card])

    def upgrade(self, p: int, old: str, new: str, cost: int):
        self.pay_resources(p, new, cost)
        staffed = list(self.staffed[p])
        staffed[staffed.index(old)] = new
        self.staffed[p] = tuple(staffed)
        self.restaffed(p, on=new, off=old)
        if self.log is not None:
            self.note(f"{self.who(p)} upgrades {self.game.piece(old)} to {self.game.name(new)} for "
                      f"{self.game.word(cost, 'resources')}")
        kind = self.game.type[new]
        return self.fire(p, "upgraded", "military_unit" if kind == "military_unit" else kind)

    def increase_population(self, p: int, food: int, why: str):
        self.pay_tokens(p, "food", food)
        self.yellow[p] -= 1
        self.pool[p] += 1
        self.restaffed(p)
        if self.log is not None:
            self.note(f"{self.who(p)} increases population for {self.game.word(food, 'food')} ({why})")
        return None

    # -- wonders (CoL § BUILD A STAGE OF A WONDER; HB § BUILDING A WONDER) -------------------------------
    def stages_per_action(self, p: int) -> int:
        return max([1] + [m.args["stages"] for _, m in self.mods.all("stages_per_action") if m.applies(self, _, p)])

    def stage_cost(self, p: int, n: int, cheaper: int = 0) -> int | None:
        """Resources for the next ``n`` stages of the unfinished wonder, None if unpayable or fewer left."""
        wonder = self.wonder[p]
        stages = self.game.fields[wonder]["stages"][self.stages[p]:]
        if len(stages) < n:
            return None
        cost = max(0, sum(stages[:n]) - cheaper)
        return cost if cost <= self.payable(p, "resources") else None

    def build_stages(self, p: int, n: int, cost: int):
        """Cover ``n`` stages with blue tokens (from the bank; an empty bank: from cards, § 6.4); the
        last one completes the wonder: its tokens go back, its symbols and effects apply."""
        self.pay_tokens(p, "resources", cost)
        for _ in range(n):
            self.take_blue(p, 1)
        self.stages[p] += n
        wonder = self.wonder[p]
        if self.log is not None:
            self.note(f"{self.who(p)} builds {n} stage{'s' if n > 1 else ''} of {self.game.name(wonder)} for "
                      f"{self.game.word(cost, 'resources')}")
        if self.stages[p] == len(self.game.fields[wonder]["stages"]):
            self.blue[p] += self.stages[p]
            self.wonder[p], self.stages[p] = None, 0
            self.play[p] += (wonder,)
            self.enter_play(p, wonder)
            self.refresh(p, cards=True)
            self.note(f"  {self.who(p)} completes {self.game.name(wonder)}")
            return self.fire(p, "completed", card=wonder)
        return None

    def enter_play(self, p: int, card: str) -> None:
        """A card with blue or yellow symbols entering play adds that many tokens from the box (§ 6.4)."""
        f = self.game.fields[card]
        self.box(p, f.get("blue_tokens", 0), f.get("yellow_tokens", 0))

    def card_tokens(self, p: int, card: str) -> tuple[int, int]:
        """The (blue, yellow) tokens a card in play brings from the box: its printed symbols, or a
        colony's permanent effect (HB § GAINING A COLONY: they go back to the box when it is lost)."""
        f = self.game.fields[card]
        found = [f.get("blue_tokens", 0), f.get("yellow_tokens", 0)]
        for m in self.game.in_play[card]:
            if getattr(m, "verb", None) == "stat":
                for i, resource in enumerate(("blue_tokens", "yellow_tokens")):
                    if resource in m.args.get("add", {}):
                        found[i] += m.args["add"][resource](self, Ctx(p, card))
        return found[0], found[1]

    def box(self, p: int, blue: int, yellow: int) -> None:
        """Tokens gained from the box into the banks, or lost to it: blue ones from the bank, then from
        farms and mines (§ 6.4); yellow ones from the bank only, at most what it holds (CoL § BLUE AND
        YELLOW TOKENS). The only way tokens appear or vanish: ``boxed`` keeps the count the invariants
        check."""
        if blue < 0:
            blue = -min(-blue, self.blue[p] + sum(self.tokens[p].values()))
            self.take_blue(p, -blue)
        else:
            self.blue[p] += blue
        yellow = max(yellow, -self.yellow[p])
        self.yellow[p] += yellow
        b, y = self.boxed[p]
        self.boxed[p] = (b + blue, y + yellow)

    def take_blue(self, p: int, n: int) -> None:
        """Blue tokens leave the bank; with the bank empty, from the lowest-value cards, a mine's before
        a farm's (§ 6.4, choice)."""
        for _ in range(n):
            if self.blue[p]:
                self.blue[p] -= 1
                continue
            held = self.tokens[p]
            found = sorted((self.game.fields[c].get("resources") or self.game.fields[c].get("food"),
                            self.game.type[c] != "mine", c) for c, k in held.items() if k)
            if found:
                card = found[0][2]
                self.tokens[p] = {**held, card: held[card] - 1}

    # -- technologies, governments, revolutions (CoL § DEVELOP A TECHNOLOGY, § DECLARE A REVOLUTION) -----
    def science_cost(self, p: int, card: str, revolution: bool, cheaper: int = 0) -> int:
        known = self.settled_costs(p, card)
        if known is None:
            cost = self._science_cost(p, card, revolution)
        else:
            key = (card, revolution)
            cost = known.get(key)
            if cost is None:
                cost = known[key] = self._science_cost(p, card, revolution)
        return max(0, cost - cheaper) if cheaper else cost

    def _science_cost(self, p: int, card: str, revolution: bool) -> int:
        """The printed cost (a government's lower one for a revolution), with `price` and `cost` changes."""
        f = self.game.fields[card]
        base = f["revolution_cost"] if revolution else f["science_cost"]
        action = "revolution" if revolution else "develop"
        return max(0, self.cost(p, action, base + self.price(p, "develop", card, "science"), "science"))

    def can_develop(self, p: int, card: str, revolution: bool, cheaper: int = 0, free_action: bool = False,
                    spent: int = 0) -> bool:
        """Affordable; not a technology already in play; a revolution needs every civil action
        available (CoL § DECLARE A REVOLUTION) — but ``spent``, those about to be spent first (an action
        card's own); a special technology not below one of its category in play."""
        game = self.game
        kind = game.type[card]
        if "science_cost" not in game.fields[card] or card in self.techs[p] or card in self.play[p]:
            return False
        if revolution and (kind != "government" or not self.can_revolt(p, free_action, spent)):
            return False
        if kind == "special_technology" and not game.as_high[card].isdisjoint(self.play[p]):
            return False        # only the higher level stays (§ 5.2): a lower one is not developed (choice)
        return self.science_cost(p, card, revolution, cheaper) <= self.science[p] and (
            not self.pacts or self.partner_can_pay(p))

    def partner_share(self, p: int) -> list[tuple[int, str, int, str]]:
        """(partner, resource, amount, pact) a pact partner pays toward ``p``'s development (`price`
        `partner_pays`: Scientific Cooperation; all or nothing, CoL § SCIENCE AND CULTURE POINTS)."""
        found = []
        for owner, mod in self.mods.get("price", "develop") if self.pacts else ():
            if mod.args["partner_pays"] and mod.applies(self, owner, p):
                for q in self.target(Ctx(owner, mod.card), "partner"):
                    found += [(q, r, v(self, Ctx(owner, mod.card)), mod.card)
                              for r, v in mod.args["partner_pays"].items()]
        return found

    def partner_can_pay(self, p: int) -> bool:
        return all(self.holding(q, r) >= n for q, r, n, _ in self.partner_share(p))

    def can_revolt(self, p: int, free_action: bool, spent: int = 0) -> bool:
        """A revolution needs every civil action available (CoL § DECLARE A REVOLUTION), the one a card
        giving it cost aside (``free_action``) and those about to be spent first (``spent``: an action
        card's own) — with Robespierre every military action of the total instead (`allow:
        revolution_with_military_actions`, CoL § APPENDIX › MAXIMILIEN ROBESPIERRE)."""
        if self.allows(p, "revolution_with_military_actions"):
            return not self.military_used[p]
        return (free_action or not self.civil_used[p]) and \
            self.civil_left(p) - spent >= self.civil_total(p) - (1 if free_action else 0)

    def pay_revolution(self, p: int, card_cost: str | None = None) -> None:
        """All the civil actions; with Robespierre all the military action total instead (not an extra
        action for this turn, Patriotism's), and no civil action for a card giving the revolution
        (``card_cost``: Breakthrough; CoL § APPENDIX › MAXIMILIEN ROBESPIERRE)."""
        if self.allows(p, "revolution_with_military_actions"):
            self.military_used[p] = self.stat(None, p, "military_actions")
            if card_cost == "action":
                self.civil_used[p] = max(0, self.civil_used[p] - 1)
        else:
            self.spend_civil(p, self.civil_left(p) if card_cost else self.civil_total(p))

    def develop(self, p: int, card: str, cost: int, revolution: bool):
        """Pay the science, put the technology into play; a government replaces the old one, a
        special technology the lower one of its category (CoL § DEVELOP A TECHNOLOGY)."""
        game = self.game
        self.science[p] -= cost
        for q, resource, n, pact in self.partner_share(p):
            self.lose(Ctx(q, pact), q, resource, n)
        self.hand[p] = _without(self.hand[p], card)
        kind = game.type[card]
        if kind in ("farm", "mine", "urban_building", "military_unit"):
            self.techs[p] += (card,)
        else:
            if kind == "government":
                old = self.government(p)
                self.play[p] = _without(self.play[p], old)
                before = self.civil_total(p), self.stat(None, p, "military_actions")
            elif kind == "special_technology":
                category = game.fields[card]["category"]
                self.play[p] = tuple(c for c in self.play[p] if game.fields[c].get("category") != category)
            self.play[p] += (card,)
            self.refresh(p, cards=True)
            if kind == "government" and revolution:           # the new actions of the kind paid come spent
                if self.allows(p, "revolution_with_military_actions"):
                    self.military_used[p] += max(0, self.stat(None, p, "military_actions") - before[1])
                else:
                    self.civil_used[p] += max(0, self.civil_total(p) - before[0])
        if self.log is not None:
            what = "declares a revolution to" if revolution else (
                "changes government to" if kind == "government" else "develops")
            self.note(f"{self.who(p)} {what} {game.name(card)} for {game.word(cost, 'science')}")
        # "when you develop a technology" (Leonardo, Newton), then "… a government" and the like
        steps = [lambda st: st.fire(p, "developed", "technology"), lambda st: st.fire(p, "developed", kind)]
        if revolution:
            steps.append(lambda st: st.fire(p, "revolution"))
        return run_all(self, steps)

    # -- tokens: food, resources, points (§ 6) ------------------------------------------------------------
    def token_cards(self, p: int, resource: str) -> list[tuple[int, str]]:
        """(value per token, card) of ``p``'s farms (food) or mines (resources) in play — and of labs that
        produce resources (Bill Gates) or still hold some (``resource_labs``)."""
        kind, types = FARM_MINE[resource], self.game.type
        values = self.game.token_values[resource]
        found = [(values[c], c) for c in self.techs[p] if types[c] == kind]
        if resource == "resources" and self.game.lab_levels:
            found += [(v, c) for c, v in self.resource_labs(p, held=True).items()]
        return found

    def resource_labs(self, p: int, held: bool = False) -> dict[str, int]:
        """`allow: labs_produce_resources` (Bill Gates, CoL § APPENDIX › BILL GATES): labs work as mines,
        each token worth the lab's level; after he leaves play, labs still holding tokens keep them
        for paying and change (``held``) but produce nothing. An Age A lab, level 0, produces nothing
        *(judgment: a token worth 0)*."""
        levels = self.game.lab_levels
        if self.allows(p, "labs_produce_resources"):
            return {c: levels[c] for c in self.techs[p] if c in levels}
        return {c: levels[c] for c, n in self.tokens[p].items() if n and c in levels} if held else {}

    def payable(self, p: int, resource: str) -> int:
        """Food or resources ``p`` can pay: held, plus what a `substitute` lets the other pay (what
        ``holding`` found for these tokens read without its call: asked at every action)."""
        known = self.token_worth[p]
        if known is not None and known[0] is self.tokens[p]:
            held = known[1] if resource == "food" else known[2]
        else:
            held = self.holding(p, resource)
        return held + self.substitutable(p, resource) if "substitute" in self.mods.by_verb else held

    def substitutable(self, p: int, resource: str) -> int:
        """`substitute` (Trade Routes Agreement: side A may pay up to 1 food in place of resources, side
        B the reverse; reference/tta-cards/military.csv): how much of ``resource`` one payment may
        take from the other kind — used only for what the player's own tokens of that kind do not
        cover *(judgment: the card's text is not in our seeds; per payment)*."""
        other = OTHER[resource]
        up_to = sum(m.args["up_to"] for owner, m in self.mods.all("substitute")
                    if m.args["instead_of"] == resource and m.args["pay"] == other and m.applies(self, owner, p))
        return min(up_to, self.holding(p, other))

    def pay_tokens(self, p: int, resource: str, amount: int) -> None:
        if amount <= 0:
            return
        if "substitute" in self.mods.by_verb:
            short = min(max(0, amount - self.holding(p, resource)), self.substitutable(p, resource))
            if short:
                amount -= short
                self.pay_tokens(p, OTHER[resource], short)
                if self.log is not None:
                    self.note(f"  {self.who(p)} pays {short} of it with {OTHER[resource]}")
        held, self.blue[p], paid = tokens.pay(self.tokens[p], self.game.token_values[resource], self.blue[p], amount,
                                              lambda: self.token_cards(p, resource))
        self.tokens[p] = held

    def lose_tokens(self, p: int, resource: str, amount: int) -> int:
        if amount <= 0:
            return 0
        held, self.blue[p], lost = tokens.lose(self.tokens[p], self.game.token_values[resource], self.blue[p], amount,
                                               lambda: self.token_cards(p, resource))
        self.tokens[p] = held
        return lost if lost < amount else amount

    def gain_tokens(self, p: int, resource: str, amount: int) -> int:
        held, self.blue[p], gained = tokens.gain(self.tokens[p], self.token_cards(p, resource), self.blue[p], amount)
        self.tokens[p] = held
        return gained

    def producing(self, p: int) -> dict[str, tuple]:
        """``p``'s farms' and mines' workers, highest levels first, and per card (``producers``): kept per
        workers' cards (``Game.producers``), unless labs produce too (Bill Gates: ``resource_labs``)."""
        game = self.game
        staffed = self.staffed[p]
        found = game.producers.get(staffed)
        if found is None:
            found = remember(game.producers, staffed, producers(game, staffed, {}))
        if game.lab_levels:
            labs = self.resource_labs(p)
            if labs:
                found = {**found, "mine": producers(game, staffed, labs)["mine"]}
        return found

    def produce_tokens(self, p: int, plan: tuple, resource: str) -> None:
        """One blue token per worker onto its card; short of tokens, the highest levels first
        (CoL § PRODUCTION PHASE). ``plan``: a kind's workers and workers per card, from ``producing``."""
        workers, placed = plan
        blue = self.blue[p]
        if not workers or not blue:
            return                                  # (no token moves: the tokens dict stays as it is)
        held = dict(self.tokens[p])
        if blue >= len(workers):
            for card, n in placed:                  # every worker produces: card by card
                held[card] = held.get(card, 0) + n
            self.blue[p] = blue - len(workers)
        else:
            workers = workers[:blue]
            for card in workers:
                held[card] = held.get(card, 0) + 1
            self.blue[p] = 0
        self.tokens[p] = held
        if self.log is not None:
            values = self.game.token_values[resource]      # farms', or mines' and labs'
            made = sum([values[c] for c in workers])
            self.note(f"  {self.who(p)} produces {self.game.word(made, resource)}")

    def score_culture(self, p: int, n: int, cause: str) -> None:
        if n > 0:
            self.culture[p] += n
            if self.log is not None:
                self.changed(p, "culture", n, cause)

    # -- the host: resources on the board (engine.host) -----------------------------------------------
    def holding(self, actor: int, resource: str) -> int:
        if resource in FARM_MINE:
            held = self.tokens[actor]
            known = self.token_worth[actor]
            if known is None or known[0] is not held:
                values = self.game.token_values
                food, resources = _worth(held, values["food"], values["resources"])
                known = self.token_worth[actor] = (held, food, resources)
            return known[1] if resource == "food" else known[2]
        if resource == "population":
            return self.pool[actor]
        if resource == "civil_actions":
            return self.civil_left(actor)
        if resource == "military_actions":
            return self.military_left(actor)
        if resource == "yellow_tokens":
            return self.yellow[actor]
        if resource == "blue_tokens":
            return self.blue[actor]
        if resource == "food_or_resources":
            return self.holding(actor, "food") + self.holding(actor, "resources")
        return super().holding(actor, resource)

    def add(self, actor: int, gains, card: str) -> None:
        for resource, amount in gains:
            if resource in ON_BOARD:
                self.gain(Ctx(actor, card), actor, resource, amount)
            elif resource == "culture":
                self.score_culture(actor, amount, card)
                if self.log is not None:
                    self.note(f"  {self.who(actor)} +{self.game.word(amount, 'culture')} ({self.game.name(card)})")
            else:
                super().add(actor, ((resource, amount),), card)

    def gain(self, ctx: Ctx, actor: int, resource: str, amount: int):
        """Food and resources as tokens (§ 6.2); population: a yellow token becomes an unused worker;
        actions gained are for this turn (§ 5.1); tokens come from the box."""
        if amount <= 0:
            return None
        if resource not in ON_BOARD:
            if resource == "culture":
                self.add(actor, ((resource, amount),), ctx.card)
                return None
            return super().gain(ctx, actor, resource, amount)
        if resource in FARM_MINE:
            amount = self.gain_tokens(actor, resource, amount)
        elif resource == "population":
            amount = min(amount, self.yellow[actor])
            self.yellow[actor] -= amount
            self.pool[actor] += amount
            self.restaffed(actor)
        elif resource == "civil_actions":
            self.civil_temp[actor] += amount
        elif resource == "military_actions":
            self.military_temp[actor] += amount
        elif resource == "yellow_tokens":
            self.box(actor, 0, amount)
            self.restaffed(actor)
        elif resource == "blue_tokens":
            self.box(actor, amount, 0)
        if self.log is not None and amount:
            self.note(f"  {self.who(actor)} +{self.game.word(amount, self.game.plural[resource])} ({self.game.name(ctx.card)})")
        return None

    def lose(self, ctx: Ctx, actor: int, resource: str, amount: int):
        if amount <= 0:
            return None
        if resource not in ON_BOARD:
            return super().lose(ctx, actor, resource, amount)
        if resource == "food_or_resources":
            return self._lose_either(ctx, actor, amount)
        if resource in FARM_MINE:
            amount = self.lose_tokens(actor, resource, amount)
        elif resource == "population":
            return self._lose_population(ctx, actor, amount)
        elif resource == "civil_actions":
            amount = min(amount, self.civil_left(actor))
            self.spend_civil(actor, amount)
        elif resource == "military_actions":
            amount = min(amount, self.military_left(actor))
            self.spend_military(actor, amount)
        elif resource == "yellow_tokens":
            amount = min(amount, self.yellow[actor])
            self.box(actor, 0, -amount)
            self.restaffed(actor)
        elif resource == "blue_tokens":
            amount = min(amount, self.blue[actor] + sum(self.tokens[actor].values()))
            self.box(actor, -amount, 0)
        if self.log is not None and amount:
            self.note(f"  {self.who(actor)} -{self.game.word(amount, self.game.plural[resource])} ({self.game.name(ctx.card)})")
        return None

    def pay(self, ctx: Ctx, actor: int, resource: str, amount: int) -> bool:
        if resource not in ON_BOARD:
            return super().pay(ctx, actor, resource, amount)
        if (self.payable(actor, resource) if resource in FARM_MINE else self.holding(actor, resource)) < amount:
            return False
        if resource in FARM_MINE:
            self.pay_tokens(actor, resource, amount)
        else:
            self.lose(ctx, actor, resource, amount)
        return True

    def _lose_either(self, ctx: Ctx, actor: int, amount: int, taker: int | None = None):
        """Lose food or resources in any mix (the loser's choice, CoL § FOOD AND RESOURCES); a taker
        (Plunder) gains what was lost (CoL § LOSING FOOD OR RESOURCES: taking from another player)."""
        food, res = self.holding(actor, "food"), self.holding(actor, "resources")
        amount = min(amount, food + res)
        splits = [(f, amount - f) for f in range(amount + 1) if f <= food and amount - f <= res]
        return Pending(actor, "lose which?", tuple(
            Option(f"{f} food and {r} resources", lambda st, f=f, r=r: st._lose_split(ctx, actor, f, r, taker))
            for f, r in splits))

    def _lose_split(self, ctx: Ctx, actor: int, food: int, res: int, taker: int | None = None) -> None:
        for resource, n in (("food", food), ("resources", res)):
            if taker is None:
                self.lose(ctx, actor, resource, n)
            else:
                super().take_from(ctx, actor, taker, resource, n)

    def take_from(self, ctx: Ctx, giver: int, taker: int, resource: str, amount: int):
        """`transfer`: food or resources in any mix are the giver's choice (``_lose_either``)."""
        if resource == "food_or_resources":
            return self._lose_either(ctx, giver, amount, taker)
        return super().take_from(ctx, giver, taker, resource, amount)

    def _lose_population(self, ctx: Ctx, actor: int, amount: int):
        """An unused worker goes back to the yellow bank; with none, a worker from a card the player
        chooses (§ 7.2)."""
        if amount <= 0:
            return None
        if self.pool[actor]:
            self.pool[actor] -= 1
            self.yellow[actor] += 1
            self.restaffed(actor)
            if self.log is not None:              # (the line written only in a logged game)
                self.note(f"  {self.who(actor)} loses a worker ({self.game.name(ctx.card)})")
            return self._lose_population(ctx, actor, amount - 1)
        cards = sorted(set(self.staffed[actor]))
        if not cards:
            return None

        def from_card(card):
            def run(st):
                st.unstaff(actor, card, "yellow")
                st.note(f"  {st.who(actor)} loses a worker from {st.game.name(card)} ({st.game.name(ctx.card)})")
                return st._lose_population(ctx, actor, amount - 1)
            return run
        return Pending(actor, "lose a worker from which card?",
                       tuple(Option(self.game.label(c), from_card(c)) for c in cards))

    def draw(self, ctx: Ctx, p: int, deck: str, amount: int):
        """Military cards from the current deck; an empty deck is the current age's discards,
        shuffled (CoL § DRAW MILITARY CARDS) — only that age's cards: the discards are sorted by their
        backs (HB § SUMMARY - DISCARDING CARDS) —; none in an age without decks, which has no such
        cards (CoL § DRAW MILITARY CARDS: no draws in Age IV; HB § NO CURRENT DECKS)."""
        drawn: tuple[str, ...] = ()
        while len(drawn) < amount:              # (the deck's top cards at once, the discards when it runs out)
            if not self.military_deck and self.discards:
                pile = [c for c in self.discards if self.game.age[c] == self.age]
                self.chance("discards", self.round, p, len(pile)).shuffle(pile)
                self.military_deck, self.discards = tuple(pile), ()
            if not self.military_deck:
                break
            k = amount - len(drawn)
            drawn += self.military_deck[:k]
            self.military_deck = self.military_deck[k:]
        self.mhand[p] += drawn
        if drawn and self.log is not None:
            self.note(f"  {self.who(p)} draws {self.game.word(len(drawn), 'military cards')}",
                      private=", ".join(self.game.name(c) for c in drawn))
        return None

    # -- statistics (CoL § YOUR STATISTICS; docs/rules/tta.md § 7) -------------------------------------
    def printed(self, actor: int) -> dict[str, int]:
        """The symbols printed on the actor's cards, a ruined wonder showing only its ruins' culture
        (CoL § APPENDIX › RAVAGES OF TIME) and a wonder marked by Homer one more happy face. (The
        kit's sum over the ``STATS`` zones, card by card through ``Game.symbols``: refreshed at every
        worker moved; the cards' sums kept per cards in play and workers, ``Game.printed_sums`` — and
        per cards in play without workers, from which a new placement of workers is summed.)"""
        play = self.play[actor]
        cards = (play, self.staffed[actor])          # (the ``ON_CARDS`` zones of rules.State)
        sums = self.game.printed_sums
        found = sums.get(cards)
        if found is None:
            in_play = sums.get((play, ()))
            if in_play is None:
                in_play = remember(sums, (play, ()), self.symbols_summed(dict.fromkeys(self.STATS, 0), play))
            found = remember(sums, cards, self.symbols_summed(dict(in_play), cards[1]))
        if not self.ruins[actor] and not self.marks[actor]:
            return found            # (shared, never changed: ``Powers.printed`` is replaced, not updated)
        found = dict(found)
        fields = self.game.fields
        for wonder, culture in self.ruins[actor]:
            for name in found:
                found[name] -= fields[wonder].get(name, 0)
            found["culture"] += culture
        for _, happy in self.marks[actor]:
            found["happy"] += happy
        return found

    def symbols_summed(self, found: dict[str, int], cards: tuple[str, ...]) -> dict[str, int]:
        """``found`` with the symbols printed on ``cards`` added."""
        symbols = self.game.symbols
        for card in cards:
            for name, value in symbols[card]:
                found[name] += value
        return found

    def stat(self, ctx, actor: int, name: str) -> int:
        known = self.statistics[actor]          # the kit's remembered value, without its call
        value = known[name] if known is not None and name in known else BaseState.stat(self, ctx, actor, name)
        # (the kinds in the order of how often they are asked; limits compared rather than with min's
        # and max's calls)
        if name in HAND_LIMITS:                 # (the most asked: at every action)
            total = HAND_LIMITS[name]
            return value + (known[total] if known is not None and total in known else self.total(actor, total))
        if name in FLOORED:
            return value if value > 0 else 0
        if name in DERIVED:
            return value + self.derived(actor, name)
        if name == "happy":
            return 8 if value > 8 else value if value > 0 else 0
        if name == "strength":
            value += self.armies(actor)
            return value if value > 0 else 0
        return value                            # the action totals, the tokens, colonization: as they are

    def derived(self, p: int, name: str) -> int:
        board = self.game.board
        if name == "discontent_workers":
            needed = board.happy_needed(self.yellow[p])
            if not needed:
                return 0                    # (happy faces are never below 0: not asked)
            discontent = needed - self.stat(None, p, "happy")
            return discontent if discontent > 0 else 0
        if name == "food_production":
            return self.production(p, "farm")
        if name == "resource_production":
            return self.production(p, "mine")
        if name == "food_consumption":
            return board.consumption(self.yellow[p])
        return self.culture[p]          # culture_points

    def discontent(self, p: int) -> int:
        return self.stat(None, p, "discontent_workers")

    def production(self, p: int, kind: str) -> int:
        values = self.game.token_values["food" if kind == "farm" else "resources"]
        return sum(values[c] for c in self.staffed[p] if self.game.type[c] == kind)

    def units(self, p: int) -> dict[str, list[int]]:
        found: dict[str, list[int]] = {}
        fields = self.game.fields
        for c in self.staffed[p]:
            unit = fields[c].get("unit")
            if unit:
                found.setdefault(unit, []).append(self.game.age[c])
        return found

    def armies(self, p: int) -> int:
        """The current tactic's armies (§ 9)."""
        tactic = self.tactic[p]
        if tactic is None:
            return 0
        flexible = ("allow", "infantry_as_cavalry") in self.mods.by_subject and self.allows(p, "infantry_as_cavalry")
        key = (self.staffed[p], tactic, flexible)
        found = self.game.armies.get(key)
        if found is None:               # the same workers under the same tactic: the same armies
            f = self.game.fields[tactic]
            found = remember(self.game.armies, key, army_strength(
                self.units(p), f["army"], self.game.age[tactic], f["strength"],
                f.get("outdated_strength", f["strength"]), flexible))
        return found

    def allows(self, p: int, rule: str) -> bool:
        """A named rule token in ``p``'s favour (docs/rules/tta.md § 12); mostly none is in play, which
        one look in the index tells."""
        mods = self.mods
        return ("allow", rule) in mods.by_subject and mods.applies(self, "allow", rule, p)

    # -- players by rank (CoL § EVALUATING AN EVENT; HB § COMPARING STATISTICS; tta.md § 7.4) ----------
    def by_rank(self, name: str) -> list[int]:
        """Players still in the game from the most to the least: a tie goes to the current player,
        then the nearer clockwise, who counts as having more."""
        n, current = self.n, self.player        # (decorated, not keyed: no lambda's call per player)
        ranked = sorted([(self.stat(None, q, name), -((q - current) % n), q) for q in self.active], reverse=True)
        return [q for _, _, q in ranked]

    def ranking(self, ctx: Ctx, name: str) -> list[list[int]]:
        """Places by a statistic (`rank`: Impact of Science's 14/7/0) break ties by turn order like any
        comparison (HB § THE FULL GAME › FINAL SCORING › AGE III EVENTS; CoL § EVALUATING AN EVENT)."""
        return [[q] for q in self.by_rank(name)]

    def rivals(self, ctx: Ctx, actor: int, name: str) -> list[int]:
        return [self.stat(ctx, q, name) for q in self.active if q != actor]

    def places(self, k: int) -> int:
        """"The two strongest" is one civilization in a 2-player game — or once only two players are
        left (CoL § RESIGN)."""
        return 1 if len(self.active) == 2 else k

    def players(self) -> list[int]:
        """Every player still in the game, clockwise from the current one: decisions by several
        players are made in that order (CoL § EVALUATING AN EVENT)."""
        order = CLOCKWISE.order(self.player, self.n)
        return order if len(self.active) == self.n else [q for q in order if q in self.active]

    def target(self, ctx: Ctx, name: str) -> list[int]:
        """`victim` (an aggression's) and `loser` (a war's) are named by the event being resolved
        (politics.py); `partner`: the other party to the pact the ability is on."""
        if name == "partner":
            return [q for q in self.parties(ctx.card) if q != ctx.player]
        return [ctx.event[name]]

    # -- counts (the vocabulary's `counts`) -----------------------------------------------------------
    def _staffed(self, p: int, key: str, *values) -> list[str]:
        fields = self.game.fields
        return [c for c in self.staffed[p] if fields[c].get(key) in values]

    def _completed(self, p: int, age: int | None = None) -> list[str]:
        game = self.game
        return [c for c in self.play[p] if game.type[c] == "wonder" and (age is None or game.age[c] == age)]

    def count_military_units(self, p): return len(self._staffed(p, "unit", "infantry", "cavalry", "artillery", "air_force"))
    def count_infantry_and_artillery(self, p): return len(self._staffed(p, "unit", "infantry", "artillery"))
    def count_unit_kinds(self, p): return len(self.units(p))
    def count_theaters(self, p): return len(self._staffed(p, "building", "theater"))
    def count_labs(self, p): return len(self._staffed(p, "building", "lab"))
    def count_lab_levels(self, p): return sum(self.game.age[c] for c in self._staffed(p, "building", "lab"))
    def count_library_theater_pairs(self, p):
        return min(len(self._staffed(p, "building", "library")), self.count_theaters(p))
    def count_best_lab_or_library_level(self, p):
        return max([self.game.age[c] for c in self._staffed(p, "building", "lab", "library")], default=0)
    def count_best_theater_culture(self, p):
        return max([self.game.fields[c].get("culture", 0) for c in self._staffed(p, "building", "theater")], default=0)
    def count_best_mine_output(self, p):
        values = self.game.token_values["resources"]
        return max([values[c] for c in self.staffed[p] if self.game.type[c] == "mine"], default=0)
    def count_lab_resource_production(self, p): return self.count_lab_levels(p) if self.allows(p, "labs_produce_resources") else 0
    def count_mine_production(self, p): return self.production(p, "mine")
    def count_happy_from_temples_and_government(self, p):
        f = self.game.fields
        return (sum(f[c].get("happy", 0) for c in self._staffed(p, "building", "temple"))
                + f[self.government(p)].get("happy", 0))
    def count_happy_from_temples_theaters_wonders(self, p):
        f = self.game.fields
        return (sum(f[c].get("happy", 0) for c in self._staffed(p, "building", "temple", "theater"))
                + sum(f[c].get("happy", 0) for c in self._completed(p)) + sum(h for _, h in self.marks[p]))
    def count(self, ctx, actor: int, name: str) -> int:
        """The counts of ``COUNTS``; "other" cards showing a happy face leave out the card asking
        (St. Peter's Basilica: CoL § APPENDIX › ST. PETER'S BASILICA)."""
        found = super().count(ctx, actor, name)
        if name == "other_happy_cards" and ctx is not None and ctx.card in self.play[actor] \
                and (self.game.fields[ctx.card].get("happy", 0) > 0 or ctx.card in {w for w, _ in self.marks[actor]}):
            found -= 1
        return found

    def count_other_happy_cards(self, p):
        f = self.game.fields
        marked = {w for w, _ in self.marks[p]}
        return (sum(1 for c in self.staffed[p] if f[c].get("happy", 0) > 0)
                + sum(1 for c in self.play[p] if f[c].get("happy", 0) > 0 or c in marked))
    def count_colonies(self, p): return sum(1 for c in self.play[p] if self.game.type[c] == "territory")
    def count_wonders(self, p):                 # (asked for every wonder within reach: no list of them made)
        return list(map(self.game.type.__getitem__, self.play[p])).count("wonder")
    def count_age_a_wonders(self, p): return len(self._completed(p, 0))
    def count_age_i_wonders(self, p): return len(self._completed(p, 1))
    def count_age_ii_wonders(self, p): return len(self._completed(p, 2))
    def count_age_iii_wonders(self, p): return len(self._completed(p, 3))
    def count_technology_levels(self, p):
        return sum(self.game.age[c] for c in self.techs[p] + self.play[p] if self.game.is_technology(c))
    def count_farm_and_mine_workers(self, p):
        return sum(1 for c in self.staffed[p] if self.game.type[c] in ("farm", "mine"))
    def count_other_workers(self, p): return len(self.staffed[p]) - self.count_farm_and_mine_workers(p)
    def count_urban_output(self, p):
        f = self.game.fields
        stats = ("culture", "science", "strength")
        return (sum(f[c].get(k, 0) for c in self.staffed[p] if self.game.type[c] == "urban_building" for k in stats)
                + self.urban_changes(p, stats, URBAN))
    def count_theater_library_culture(self, p):
        return (sum(self.game.fields[c].get("culture", 0) for c in self._staffed(p, "building", "theater", "library"))
                + self.urban_changes(p, ("culture",), frozenset({"theater", "library"})))

    def urban_changes(self, p: int, stats: tuple[str, ...], buildings: frozenset) -> int:
        """What the statistic modifiers in force for ``p`` that read the given urban buildings
        (``URBAN_COUNTS``) add to those statistics: Hollywood and the Internet count them as the
        buildings' output (CoL § APPENDIX › HOLLYWOOD, › INTERNET)."""
        reads = self.game.urban_modifiers
        return sum(mod.args["add"][stat](self, Ctx(owner, mod.card)) for stat in stats
                   for owner, mod in self.mods.get("stat", stat)
                   if reads.get((mod.card, stat), frozenset()) & buildings and mod.applies(self, owner, p))
    def count_unit_and_arena_levels(self, p):
        return sum(self.game.age[c] for c in self.staffed[p] if self.game.fields[c].get("unit")
                   or self.game.fields[c].get("building") == "arena")
    def count_special_and_government_levels(self, p):
        return sum(self.game.age[c] for c in self.play[p] if self.game.type[c] in ("special_technology", "government"))
    def count_urban_building_levels(self, p):
        return sum(self.game.age[c] for c in self.staffed[p] if self.game.type[c] == "urban_building")
    def count_content_workers_above_ten(self, p):
        workers = len(self.staffed[p]) + self.pool[p]
        return max(0, workers - self.discontent(p) - 10)
    def count_age_iii_technologies(self, p):
        return sum(1 for c in self.techs[p] + self.play[p] if self.game.is_technology(c) and self.game.age[c] == 3)
    def count_distinct_kinds(self, p):
        f = self.game.fields
        kinds = {f[c].get("unit") or f[c].get("building") for c in self.staffed[p] if self.game.type[c] in
                 ("military_unit", "urban_building")}
        return len(kinds) + len({f[c]["category"] for c in self.play[p] if self.game.type[c] == "special_technology"})
    def count_stronger_rivals(self, p):
        mine = self.stat(None, p, "strength")
        return sum(1 for q in self.active if q != p and self.stat(None, q, "strength") > mine)
    def count_richer_rivals(self, p):
        return sum(1 for q in self.active if q != p and self.culture[q] > self.culture[p])

    # -- what the TtA verbs do (verbs.py) -----------------------------------------------------------------
    def tries(self, p: int, act) -> bool:
        """Whether an action a card asks for can be performed (§ 5.1: otherwise the card cannot be
        played): tried on a copy, which must change and not fail."""
        copy = self.clone()
        copy.log = None
        before = copy.fingerprint(p)
        copy.failed = False
        act(copy)
        return not copy.failed and copy.fingerprint(p) != before

    def fingerprint(self, p: int) -> tuple:
        return (self.civil_used[p], self.military_used[p], self.civil_temp[p], self.military_temp[p], self.pool[p],
                self.yellow[p], self.blue[p], self.science[p], self.culture[p], self.staffed[p], self.play[p],
                self.stages[p], self.military_resources[p])

    def can_play(self, p: int, card: str) -> bool:
        """An action card whose effect performs an action is playable only if the action can be
        performed (HB § PERFORMING AN ACTION WITH A DISCOUNT); one that only gains always is. A build,
        a population increase or a development is asked directly (a revolution as after the card's
        own civil action is spent); an action further in is tried on a copy."""
        probe = self.game.probes.get(card)
        if probe is None:
            return True
        verb, spec = probe
        if verb == "build":
            return next(self.build_choices(p, *spec), None) is not None
        if verb == "increase_population":
            return self.population_cost(p, *spec) is not None
        if verb == "develop":
            return next(self.develop_choices(p, spec, card, spent=1), None) is not None
        return self.tries(p, lambda st: st.move_play(card))

    def effect_population(self, ctx: Ctx, cheaper: int, free: bool):
        """`increase_population`: the action without its civil action (§ 5.1)."""
        p = ctx.player
        food = self.population_cost(p, cheaper, free)
        if food is None:
            self.failed = True
            return None
        return self.increase_population(p, food, self.game.name(ctx.card))

    def effect_build(self, ctx: Ctx, what: frozenset, upgrade: str | None, age: str | None, cheaper: int,
                     free: bool):
        """`build`: build or upgrade one of ``what`` (a wonder stage too), the player choosing which."""
        options = self.build_options(ctx.player, what, upgrade, age, cheaper, free)
        if not options:
            self.failed = True
            return None
        return Pending(ctx.player, "build what?", tuple(options))

    def build_options(self, p: int, what: frozenset, upgrade: str | None, age: str | None, cheaper: int,
                      free: bool) -> list[Option]:
        """What a `build` can build or upgrade now, each with its cost."""
        game = self.game
        options = []
        for old, new, cost in self.build_choices(p, what, upgrade, age, cheaper, free):
            if old is None:
                options.append(Option(f"a stage of {game.label(self.wonder[p])}",
                                      lambda st, c=cost: st.build_stages(p, 1, c)))
            elif new is None:
                options.append(Option(f"build {game.label(old)}", lambda st, c=old, k=cost: st.build(p, c, k)))
            else:
                options.append(Option(f"upgrade {game.label(old)} to {game.label(new)}",
                                      lambda st, o=old, n=new, k=cost: st.upgrade(p, o, n, k)))
        return options

    def build_choices(self, p: int, what: frozenset, upgrade: str | None, age: str | None, cheaper: int,
                      free: bool):
        """``build_options`` one at a time, as (card, card upgraded to, cost): (None, None, cost) a
        wonder stage, (card, None, cost) a building or unit — whether there is one is asked without
        making them all."""
        game = self.game
        if "wonder_stage" in what and self.wonder[p] is not None:
            cost = 0 if free else self.stage_cost(p, 1, cheaper)
            if cost is not None:
                yield None, None, cost
        if free:
            cheaper = 10**6
        money = None                              # (resources, and for units with military resources: read once)
        answering = game.of_kinds(what)           # (the cards of those kinds: one look-up, not one per card)
        for card in self.techs[p]:
            if card not in answering or (age is not None and game.fields[card].get("age") != age):
                continue
            if money is None:
                resources = self.payable(p, "resources")
                money = (resources, resources + self.military_resources[p])
            most = money[game.type[card] == "military_unit"]          # (resources for units pay for units)
            if upgrade != "only" and self.pool[p]:
                cost = self.build_cost(p, card) - cheaper
                if cost < 0:
                    cost = 0
                if cost <= most and self.urban_room(p, card):
                    yield card, None, cost
            if upgrade and card in self.staffed[p]:
                for new in self.upgrades(p, card):
                    cost = self.upgrade_cost(p, card, new) - cheaper
                    if cost < 0:
                        cost = 0
                    if cost <= most:
                        yield card, new, cost

    def effect_develop(self, ctx: Ctx, cheaper: int):
        """`develop`: a technology from the hand, cheaper; a revolution still uses all the civil
        actions (CoL § APPENDIX › DEVELOPMENT OF CIVILIZATION; HB § PERFORMING AN ACTION, THEN GAINING
        A BENEFIT)."""
        p = ctx.player
        options = tuple(self.develop_choices(p, cheaper, ctx.card))
        if not options:
            self.failed = True
            return None
        return Pending(p, "develop what?", options)

    def develop_choices(self, p: int, cheaper: int, source: str, spent: int = 0):
        """``effect_develop``'s options one at a time (whether there is one is asked without making
        them all); ``source``: the card giving the development (its type decides how a revolution is
        paid); ``spent``: civil actions to be spent before (the action card's own, asked before it is
        played)."""
        for card in dict.fromkeys(self.hand[p]):
            if self.can_develop(p, card, False, cheaper):
                cost = self.science_cost(p, card, False, cheaper)
                yield Option(f"develop {self.game.label(card)}", lambda st, c=card, k=cost: st.develop(p, c, k, False))
            if self.game.type[card] == "government" and self.can_develop(p, card, True, cheaper, free_action=True,
                                                                        spent=spent):
                cost = self.science_cost(p, card, True, cheaper)

                def revolt(st, c=card, k=cost):
                    st.pay_revolution(p, st.game.type[source])
                    return st.develop(p, c, k, True)
                yield Option(f"revolution to {self.game.label(card)}", revolt)

    def effect_regain(self, ctx: Ctx, kind: str) -> None:
        """`regain`: a spent action comes back; none spent, nothing (CoL § SPENDING ACTIONS)."""
        p = ctx.player
        if kind == "civil_actions":
            self.civil_used[p] = max(0, self.civil_used[p] - 1)
        else:
            self.military_used[p] = max(0, self.military_used[p] - 1)

    def effect_retire(self, ctx: Ctx) -> None:
        """`retire`: this leader leaves play."""
        p = ctx.player
        if ctx.card in self.play[p]:
            self.play[p] = _without(self.play[p], ctx.card)
            self.refresh(p, cards=True)
            self.note(f"  {self.game.name(ctx.card)} leaves play")

    def effect_mark_wonder(self, ctx: Ctx, happy: int):
        """`mark_wonder` (Homer, CoL § APPENDIX › HOMER): his happy face goes onto a completed wonder,
        which counts it as printed there."""
        p = ctx.player
        wonders = self._completed(p)

        def mark(wonder):
            def run(st):
                st.marks[p] += ((wonder, happy),)
                st.refresh(p)
                st.note(f"  {st.who(p)} puts {happy} happy face on {st.game.name(wonder)}")
            return run
        if not wonders:
            return None
        return Pending(p, "which wonder gets the happy face?", tuple(Option(self.game.label(w), mark(w)) for w in wonders))

    def effect_produce(self, ctx: Ctx, steps: tuple[str, ...]) -> None:
        """`produce`: production steps carried out again (Good Harvest, Economic Progress)."""
        self.produce(ctx.player, steps)

    def effect_discard(self, ctx: Ctx, amount: int):
        """`discard`: military cards from the hand, the player choosing which."""
        p = ctx.player
        if amount <= 0 or not self.mhand[p]:
            return None

        def drop(card):
            def run(st):
                st.mhand[p] = _without(st.mhand[p], card)
                st.discards += (card,)
                return st.effect_discard(ctx, amount - 1)
            return run
        return Pending(p, "discard which military card?",
                       tuple(Option(self.game.label(c), drop(c)) for c in dict.fromkeys(self.mhand[p])))

    def unstaff(self, p: int, card: str, to: str) -> None:
        """A worker leaves a card for the worker pool (``"pool"``: destroyed, disbanded) or the yellow
        bank (``"yellow"``: population lost) (CoL § DESTROY A FARM, MINE, OR URBAN BUILDING; § WORKERS AND POPULATION)."""
        self.staffed[p] = _without(self.staffed[p], card)
        getattr(self, to)[p] += 1
        self.restaffed(p, off=card)

    def effect_destroy(self, ctx: Ctx, what: frozenset, age_up_to: int | None, recover: bool, gainer: int):
        """`destroy`: one of the player's buildings of these kinds; the worker returns to the pool; half
        the printed build cost, rounded up, goes to ``gainer`` (Raid: CoL § PLAY AN AGGRESSION, printed
        costs)."""
        p = ctx.player
        game = self.game
        cards = [c for c in dict.fromkeys(self.staffed[p]) if self.kinds(c) & what
                 and (age_up_to is None or game.age[c] <= age_up_to)]

        def destroy(card):
            def run(st):
                st.unstaff(p, card, "pool")
                st.note(f"  {st.who(p)} loses {st.game.name(card)}")
                if recover:
                    st.gain(ctx, gainer, "resources", -(-game.fields[card]["build_cost"] // 2))
            return run
        if not cards:
            return None
        return Pending(p, "destroy which?", tuple(Option(game.label(c), destroy(c)) for c in cards))

    def effect_remove(self, ctx: Ctx, what: frozenset, older: bool, per_level: dict, gainer: int):
        """`remove`: a card of these kinds leaves the player's play area (the owner chooses); ``gainer``
        gains ``per_level`` for each level of it (Infiltrate)."""
        p = ctx.player
        game = self.game
        cards = [c for c in self.play[p] if self.kinds(c) & what and (not older or game.age[c] < self.age)]
        if "unfinished_wonder" in what and self.wonder[p] is not None:
            cards.append(self.wonder[p])

        def remove(card):
            def run(st):
                if card == st.wonder[p]:
                    st.blue[p] += st.stages[p]
                    st.wonder[p], st.stages[p] = None, 0
                else:
                    st.play[p] = _without(st.play[p], card)
                    blue, yellow = st.card_tokens(p, card)
                    st.box(p, -blue, -yellow)
                    st.refresh(p, cards=True)
                st.note(f"  {st.who(p)} loses {game.name(card)}")
                return run_all(st, [lambda s, r=r, v=v: s.gain(ctx, gainer, r, v(s, ctx) * game.age[card])
                                    for r, v in per_level.items()])
            return run
        if not cards:
            return None
        return Pending(p, "remove which?", tuple(Option(game.label(c), remove(c)) for c in cards))

    def effect_ruin(self, ctx: Ctx, ages: frozenset, culture: int):
        """`ruin` (Ravages of Time, CoL § APPENDIX › RAVAGES OF TIME): a completed wonder turns to ruins,
        showing only culture; it still counts as a completed wonder of its age."""
        p = ctx.player
        ruined = {w for w, _ in self.ruins[p]}
        wonders = [w for w in self._completed(p) if self.game.fields[w].get("age") in ages and w not in ruined]

        def ruin(w):
            def run(st):
                st.ruins[p] += ((w, culture),)
                st.refresh(p, cards=True)
                st.note(f"  {st.who(p)}'s {st.game.name(w)} falls to ruins")
            return run
        if not wonders:
            return None
        return Pending(p, "which wonder falls to ruins?", tuple(Option(self.game.label(w), ruin(w)) for w in wonders))

    def effect_colonize(self, ctx: Ctx):
        """`colonize` from the hand without an auction (Christopher Columbus): the territory enters
        play, its permanent effect first, then its immediate one (CoL § COLONIZATION)."""
        p = ctx.player
        lands = [c for c in dict.fromkeys(self.mhand[p]) if self.game.type[c] == "territory"]
        if not lands:
            return None
        return Pending(p, "colonize which territory?", tuple(
            Option(self.game.label(c), lambda st, c=c: st.gain_colony(p, c)) for c in lands))

    def gain_colony(self, p: int, card: str):
        if card in self.mhand[p]:
            self.mhand[p] = _without(self.mhand[p], card)
        self.play[p] += (card,)
        self.refresh(p, cards=True)
        self.box(p, *self.card_tokens(p, card))
        if self.log is not None:
            self.note(f"  {self.who(p)} colonizes {self.game.name(card)}")
        return run_abilities(self, p, self.game.triggered(card, "colonized"))

    def effect_take_cards(self, ctx: Ctx, civil: int, replenish: bool, skip_politics: bool):
        """`take_cards` (International Agreement, CoL § APPENDIX › INTERNATIONAL AGREEMENT): take cards
        from the row by the usual rules, spending up to ``civil`` actions; then replenish without the
        discard."""
        p = ctx.player
        options = [Option("stop", lambda st: st._after_taking(p, replenish, skip_politics))]
        for card in self.takeable(p, civil):
            cost = self.take_cost(p, card, self.row.index(card))

            def take(st, card=card, cost=cost):
                st.civil_temp[p] += cost
                st.take(p, card)
                return st.effect_take_cards(ctx, civil - cost, replenish, skip_politics)
            options.append(Option(f"take {self.game.label(card)}", take))
        return Pending(p, "take which card?", tuple(options))

    def _after_taking(self, p: int, replenish: bool, skip_politics: bool) -> None:
        if replenish:
            self.replenish(discard=False)
        if skip_politics:
            self.skip_politics[p] = True


def remember(table: dict, key, value):
    """``table[key] = value`` for a table the game keeps across states (keys that never go stale), emptied
    once it holds ``REMEMBERED`` keys so that long simulations do not grow it without end."""
    if len(table) >= REMEMBERED:
        table.clear()
    table[key] = value
    return value


def producers(game, staffed: tuple[str, ...], labs: dict) -> dict[str, tuple]:
    """For farms and for mines (and ``labs``): the workers on them, the highest levels first (the order
    in which a short blue bank serves them: ``produce_tokens``), and the same as (card, workers) pairs.
    The workers are sorted once for both (a stable sort: each kind's workers in the order a sort of
    them alone gives)."""
    types = game.type
    ordered = sorted(staffed, key=game.age.__getitem__, reverse=True)
    found = {}
    for kind, extra in (("farm", ()), ("mine", labs)):
        workers = tuple([c for c in ordered if types[c] == kind or c in extra])
        placed: dict[str, int] = {}
        for card in workers:
            placed[card] = placed.get(card, 0) + 1
        found[kind] = (workers, tuple(placed.items()))
    return found


def _without(cards: tuple, card: str) -> tuple:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _worth(held: dict[str, int], food: dict[str, int], resources: dict[str, int]) -> tuple[int, int]:
    """What the tokens on cards are worth in food and in resources, by the cards' values (``holding``;
    one pass: a card is a farm, or a mine or a lab, never both)."""
    found_food = found_resources = 0
    for card, n in held.items():
        if n:
            value = food.get(card)
            if value is not None:
                found_food += value * n
            else:
                found_resources += resources.get(card, 0) * n
    return found_food, found_resources

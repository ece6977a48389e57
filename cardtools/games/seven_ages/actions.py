"""7 Ages actions 1, 2, 3, 5, 6 and 7 (seeds/001_f19afe02b0a671da.txt § Sequence of play), as a mixin
of the state (``rules.State``). Manoeuvre and conflict are in ``conflict.py``.

Each action runs at once where the rulebook leaves no choice and asks the seat where it does; a
choice that would explode into many primitive moves is offered as a macro option (docs/rules/7ages.md
§ 15): a build *profile* for Start empire and Production, a number of cards for Destiny. The fixed
policies the engine applies where a player would choose (which colour, where a unit or marker goes,
which disorder to remove, which cities to build) are listed in docs/rules/7ages.md § 16.
"""

from __future__ import annotations


from cardtools.games.seven_ages.kingdoms import COMMON
from cardtools.engine.tallied import stamp

#: Build profiles (macro options): how an empire spends its money in Start empire and Production.
PROFILES = ("save", "infantry", "best", "navy", "fort", "elite", "air")
START_PROFILES = ("infantry", "best", "navy", "fort", "air")
CITY_STEPS = (0, 1, 3, 5, 7)      # § 6. Civilise › Urbanise: a new city is 1, then 3, 5, 7
DESTINY_HAND = 6                  # § 5. Destiny: draw up to 6
ELITE_MAX = 3                     # § 2. Production › Building new units and markers
FIRST_HOLDER = 1                  # § 6. Civilise › Playing artefact cards: the first to hold one


class Actions:
    """Start empire, Production, Trade and progress, Destiny, Civilise, Discard empire."""

    __slots__ = ()

    #: (the play decision's step, its playable artefacts, its playable events): ``options_play``
    playable: tuple = (None, (), ())
    #: ``markers_held()``: (the writes of the map's and cards' markers it was counted at, the count)
    _markers_held: tuple = (None, None)

    # -- the empire's card ----------------------------------------------------------------------------
    def barbarian(self, slot: int) -> bool:
        """No cities or forts before a given age (§ Terms of play › Barbarian)."""
        before = self.game.empires[self.empire[slot]].get("restrictions", {}).get("no_cities_before")
        return before is not None and self.age(slot) < before

    def trade_number(self, slot: int) -> int:
        trade = self.game.empires[self.empire[slot]].get("trade", 0)
        return trade if isinstance(trade, int) else trade.get(str(self.age(slot)), 0)

    # -- action 1: Start empire (§ 1. Start empire) -----------------------------------------------------
    def action_start(self, seat: int, slot: int | None) -> None:
        """Only the non-empire marker starts an empire (§ Playing the game)."""
        if slot is None and any(self.empire[s] is None for s in self.slots_of(seat)):
            self.wait("start", seat * self.per)

    def options_start(self) -> list[int]:
        seat = self.seat_of(self.player)
        ids = self.game.ids["start"]
        if not self.free_colours(seat):                  # no colour free: no empire may start
            return [ids["none"]]
        age = self.game_age()
        return sorted({ids[c] for c in self.hand[seat] if self.eligible(seat, c, age)} | {ids["none"]})

    def free_colours(self, seat: int) -> list[str]:
        """A free colour: the player's dedicated ones first, else one of a family nobody took
        (§ Who goes first?; § 1. Start empire › Setting up a new empire)."""
        used = set(self.colour)
        own = self.family[seat]
        taken = set(self.family)
        family = self.game.colour_family
        order = [c for c in self.game.colours if family[c] == own]
        order += [c for c in self.game.colours if family[c] not in taken]
        return [c for c in order if c not in used]

    def start_areas(self, card: str, seat: int) -> list[str]:
        """The card's start areas, but those the player's own empires hold *(judgment)*: another
        player's empire there is converted (``convert``) or fought (§ 1. Start empire › What if
        someone else is already in my start area?). ``starts_also``: areas the card names by who
        holds them (the Byzantines: every Roman, Greek or Macedonian coastal area on the Eastern
        Mediterranean, § 1. Start empire)."""
        empire = self.game.empires[card]
        areas = list(empire.get("starts", ()))
        also = empire.get("starts_also", {})
        if also.get("parent"):                              # the Successor State (specials.py)
            parent = self.parent_for(seat)
            areas += [a for a in self.areas_of(parent) if self.game.world.areas[a].is_land] if parent is not None else []
        if "controlled_by" in also:
            world, sea = self.game.world, also.get("coastal_on")
            areas += [a for a, s in sorted(self.owner.items(), key=lambda item: world.areas[item[0]].index)
                      if self.empire[s] in also["controlled_by"] and a not in areas and world.areas[a].is_land
                      and (sea is None or any(sea in coast for coast in world.coasts(a)))]
        slot = next((s for s in self.slots_of(seat) if self.empire[s] == card), None)
        if slot is not None and self.temporary:
            areas = self.exodus(slot, areas)                # a change while it sets up (events.py)
        return [a for a in areas if a not in self.owner or self.seat_of(self.owner[a]) != seat]

    def eligible(self, seat: int, card: str, age: int | None) -> bool:
        """§ 1. Start empire › When is an empire eligible to start? (a colour being free): the game's
        ``age`` in the card's ages, or a conditional age whose condition holds, any empire on an empty
        map (None); a start area; a Pirate State near an empire."""
        empire = self.game.empires[card]
        if not empire or (not self.first_empire_allowed(card) if age is None      # option 1 (options.py)
                          else not self.in_its_ages(empire, age)) or not self.start_areas(card, seat):
            return False
        return not self.card_allows(card, "setup_near_empire") or self.near_empire(card, seat)

    def in_its_ages(self, empire: dict, age: int) -> bool:
        lo, hi = empire["ages"]
        if lo <= age <= hi:
            return True
        playing = {self.empire[s] for s in self.in_play()}
        for cond in empire.get("conditional_ages", ()):
            clo, chi = cond["ages"]
            if clo <= age <= chi and (cond.get("if_in_play") in playing if "if_in_play" in cond
                                      else cond.get("unless_in_play") not in playing):
                return True
        return False

    def start_level(self, card: str) -> int:
        """§ 1. Start empire › Setting up a new empire: the most advanced empire's level plus the
        offset, at least 1; on an empty map from the lowest age of the card (a positive offset counts
        from its leftmost space). A choice of level (the Byzantines) takes the higher."""
        empire = self.game.empires[card]
        setup = empire.get("setup", 0)
        offset = setup if isinstance(setup, int) else setup["offset"]
        levels = [self.progress[s] for s in self.in_play()]
        if not levels:
            leftmost = (empire["ages"][0] - 1) * 7 + 1
            return leftmost + max(offset, 0)
        level = max(1, max(levels) + offset)
        if not isinstance(setup, int):
            level = max([level] + [self.progress[s] for s in self.in_play() if self.empire[s] in setup["or_level_of"]])
        return level

    def move_start(self, card: str) -> None:
        seat = self.seat_of(self.player)
        if card == "none":
            self.note(f"{self.seat_name(seat)} starts no empire")
            self.done()
            return
        self.take_from_hand(seat, card)
        slot = next(s for s in self.slots_of(seat) if self.empire[s] is None)
        self.open_empire(slot, card, self.free_colours(seat)[0])
        if self.game.empires[card].get("starts_also", {}).get("parent"):
            self.parent[slot] = self.empire[self.parent_for(seat)]
        if self.game.events is None:
            self.task_set_up(slot)
            return
        self.queue[:0] = [("window", "start_setup", (slot,)), ("set_up", slot)]     # Exodus first (events.py)
        self.done()

    def task_set_up(self, slot: int) -> None:
        self.fire(slot, "starts")                        # the card's set-up specials (specials.py)
        self.halved = 0 if self.halving(slot) else None  # option 16: the build's total halved (clocks.py)
        self.wait("build", slot, "start")

    def open_empire(self, slot: int, card: str, colour: str) -> None:
        """Colour, progress marker and initial money (§ 1. Start empire › Setting up a new empire, ›
        Initial money)."""
        level = self.start_level(card)
        if not any(self.started):
            self.blue_markers_at_start(level)
        self.empire[slot], self.colour[slot] = card, colour
        self.seated = stamp()
        self.take_specials(slot)
        self.started[self.seat_of(slot)] += (card,)
        self.progress[slot], self.elite[slot], self.extra_go[slot] = level, 0, 0   # '+1 go': option 16 (forum.py)
        self.capital[slot] = self.homeland[slot] = None
        self.beliefs[slot], self.on_card[slot], self.unrestricted[slot] = (), (), frozenset()
        money = self.game.empires[card]["money"]
        age = self.age(slot)
        self.money[slot] = min(self.game.money_cap, money if isinstance(money, int)
                               else money["base"] + money["per_age"] * age)
        if self.log is not None:
            self.note(f"{self.seat_name(self.seat_of(slot))} starts the {self.game.name(card)} "
                      f"({self.game.colour_name[colour]}) on level {level} (age {age}) with "
                      f"{self.game.word(self.money[slot], 'money')}")

    def task_finish_start(self, slot: int) -> None:
        """Capital and homeland (§ 1. Start empire › Placing a capital): a liberated city first, else
        the richest start area *(judgment)*; an empire with no unit is discarded at once (§ 7. Discard
        empire)."""
        if self.empire[slot] is None:
            return
        starts = self.game.empires[self.empire[slot]].get("starts", ())
        self.forts -= {a for a in starts if a not in self.owner}     # § 4 › Vacant areas: a free fort left alone
        if self.temporary:
            self.task_expire("setup")                                # a change while it sets up (events.py)
        areas = self.areas_of(slot)
        if not areas:
            self.discard_empire(slot, "no unit on the map")
            return
        self.homeland[slot] = areas[0]
        if not self.barbarian(slot):
            best = max(areas, key=lambda a: (self.city.get(a, 0), self.area_income(slot, a), -self.game.world.areas[a].index))
            value = max(self.game.max_city[self.age(slot)], self.city.get(best, 0))
            self.city[best] = value
            self.capital[slot] = self.homeland[slot] = best
            if self.log is not None:
                self.note(f"  capital in {self.game.world.areas[best].name} (value {value})")
        self.queue[:0] = [("set_up_leader", slot), ("window", "start_empire", (slot,))]    # events: events.py

    # -- action 2: Production (§ 2. Production) -------------------------------------------------------
    def area_income(self, slot: int, area: str) -> int:
        income = self.chart.income(area, self.age(slot), self.city.get(area, 0))
        return self.income_changed(slot, area, income) if self.changing else income   # an event's or artefact's change

    def income(self, slot: int) -> int:
        """Undisordered areas' income; halved (0.5 up) without a capital or as a Barbarian
        (§ 2. Production › Earning income; § Terms of play › Modifiers)."""
        spared = self.unrest_spared(slot) if self.option_16() else set()      # the Temple of Diana
        total = sum(self.tithed(a, self.area_income(slot, a)) * (2 if self.leader_here(slot, "po", a) else 1)
                    for a in self.areas_of(slot) if a not in self.disorder or a in spared)   # Populist; temples.py
        if self.capital[slot] is None or self.barbarian(slot):
            total = (total + 1) // 2
        return self.total_changed(slot, total) if self.changing else total       # an event's or artefact's change

    def action_production(self, seat: int, slot: int | None) -> None:
        if slot is None or self.empire[slot] is None:
            return
        self.fire_artefacts("production_action", slot)       # option 16: Environmental sustainability
        self.queue[:0] = [("window", "production", (slot,)), ("produce", slot)]   # events first (events.py)

    def task_produce(self, slot: int) -> None:
        if self.empire[slot] is None:
            return
        self.earn(slot, self.income(slot), "income")
        if self.option_16():                                  # the climate clock (clocks.py)
            self.climate_moves(slot, self.income_halved(slot))
        self.maintain(slot)
        if self.empire[slot] is not None:
            self.common_built = 0
            self.halved = 0 if self.halving(slot) else None     # option 16: the build's total halved (clocks.py)
            self.wait("build", slot, "production")

    def maintain(self, slot: int) -> None:
        """1 money a unit (none for a Barbarian); unpaid units return to the pool and their land
        areas are disordered (§ 2. Production › Maintaining existing units). Which units go unpaid is
        the engine's choice: from the largest stacks *(judgment)*."""
        if self.barbarian(slot):
            return
        areas = self.areas_of(slot)
        count = sum(len(self.units[a]) for a in areas) - (self.free_upkeep(slot) if self.changing else 0)
        if self.option_16():                                   # Universal suffrage (artefacts.py)
            count = max(0, count - self.suffrage_relief(slot))
        unpaid = max(0, count - self.money[slot])
        self.spend(slot, count - unpaid)
        if self.log is not None:
            self.note(f"  maintenance: {self.game.word(count - unpaid, 'money')} for {count - unpaid} units")
        removed: dict[str, tuple[str, ...]] = {}          # option 10: what each area lost
        while unpaid:
            area = max(areas, key=lambda a: (len(self.units.get(a, ())), -self.game.world.areas[a].index))
            removed[area] = removed.get(area, ()) + self.units[area][-1:]
            self.lose_units(area, 1)
            unpaid -= 1
            if area in self.owner and self.game.world.areas[area].is_land:
                self.add_disorder(area)
        if self.log is not None and count > self.money[slot] + count - unpaid:
            self.note("  some units went unpaid")
        self.unmaintained(slot, removed)                   # option 10 (neutral_kingdoms.py)
        self.check_empty(slot)

    def options_build(self, when: str) -> list[int]:
        ids = self.game.ids["build"]
        return self.finishing() or [ids[p] for p in (START_PROFILES if when == "start" else PROFILES)]

    def move_build(self, profile: str) -> None:
        """Spend by the profile (primitive moves: moves.py), then the build is over (``built``)."""
        self.build(self.player, profile, start=self.step[1] == "start")
        self.move_built()

    def task_land(self, slot: int, area: str, units: tuple[str, ...]) -> None:
        if self.empire[slot] is None:
            return
        if area in self.kingdom:                         # option 10: a kingdom holds it (neutral_kingdoms.py)
            self.attack_kingdom(slot, area, units)
            return
        defender = self.owner.get(area)
        if defender is None or defender == slot:         # the area changed hands meanwhile
            self.place(slot, area, units)
            return
        self.note(f"  {self.who(slot)} sets up {len(units)} unit(s) in {self.game.world.areas[area].name}, "
                  f"held by {self.who(defender)}: conflict")
        self.fight = (area, slot, defender, units, self.units[area], (), (), 0, 0, 0, 0)
        self.queue[:0] = [("round",)]

    def pool_left(self, slot: int) -> dict[str, int]:
        """Counters of the empire's colour not on the map (§ Components: units are limited by the mix)."""
        game = self.game
        left = dict(game.counters.mixes[game.colour_mix[self.colour[slot]]]["counters"])
        for a in self.areas_of(slot):
            for u in self.units[a]:
                if game.counter_of[u] in left:          # not a Kingdoms counter (kingdoms.py)
                    left[game.counter_of[u]] -= 1
        return left

    def best_type(self, slot: int, cls: str, left: dict[str, int]) -> str | None:
        """The most advanced type of a class the empire's level allows with a counter in its pool
        (§ Cost; § 2. Production › Building new units and markers)."""
        game, level = self.game, self.progress[slot] + (self.built_ahead(slot) if self.changing else 0)
        early = self.option_16() and "ships_of_the_line_early" in self.in_force("allow", slot)      # Rutters
        for unit in reversed(game.class_units[cls]):
            if ((game.unit_level[unit] <= level or early and unit == "ship_of_the_line")
                    and left.get(game.counter_of[unit], 0) > 0):
                return unit
        return None

    def build(self, slot: int, profile: str, start: bool = False) -> None:
        """Spend by a profile, unit by unit (``build_unit``, moves.py). Placement: one unit per area, or
        as many as its city's value (at set-up, any number in each start area); ships in coastal areas
        (§ 2. Production › Building new units and markers; § 1. Start empire › Initial units)."""
        game = self.game
        restrictions = game.empires[self.empire[slot]].get("restrictions", {})
        unrestricted = self.unrestricted[slot] | (self.lifted(slot) if self.temporary else frozenset())
        if start:
            areas = self.start_areas(self.empire[slot], self.seat_of(slot))
            room = {a: 99 for a in areas}
        else:
            areas = sorted(self.areas_of(slot), key=lambda a: (a != self.capital[slot], -self.city.get(a, 0),
                                                              game.world.areas[a].index))
            anywhere = self.option_16() and "unlimited_placement" in self.in_force("allow", slot)   # World war
            room = {a: 99 if anywhere or self.leader_here(slot, "ad", a) else max(1, self.city.get(a, 0))  # Administrator
                    for a in areas if game.world.areas[a].is_land}
        if profile == "navy" and self.option_16():               # the Great Shipyard: any number of ships
            room.update(dict.fromkeys(self.yards(slot), 99))
        left = self.pool_left(slot)
        bought: list[str] = []
        if start:                                   # every start area gets a unit first
            for a in areas:
                self.buy_unit(slot, "infantry", [a], room, left, bought)
        if profile == "elite" and self.elite[slot] < ELITE_MAX:
            cost = self.elite_cost(slot)
            if cost <= self.money[slot]:
                self.buy_elite(slot, cost)
                bought.append(f"an elite marker ({cost})")
        if profile == "fort" and not self.barbarian(slot):
            for a in self.fort_sites(slot, areas):
                cost = self.fort_cost(slot, a)
                if cost <= self.money[slot]:
                    self.fortify(slot, a, cost)
                    bought.append(f"a fort in {game.world.areas[a].name}")
        if profile == "navy" and not (restrictions.get("no_ships_until_trade") and "ships" not in unrestricted):
            coast = [a for a in room if game.world.coastal(a)]
            while self.buy_unit(slot, "ships", coast, room, left, bought):
                pass
        if profile == "air" and not start:          # Star Wars, nukes (kingdoms.py), then aircraft
            self.build_common(slot, ("star_wars", "nuke"), room, bought)
        if profile == "best" and not start:
            self.build_common(slot, ("elephant",), room, bought)
        if profile == "air":                        # aircraft in its land areas, like other non-ships
            while self.buy_unit(slot, "aircraft", list(room), room, left, bought):
                pass
        if profile not in ("save", "air"):
            classes = ["infantry"]
            if profile == "best":
                classes = ["cavalry", "missile", "infantry"]
                if restrictions.get("no_cavalry_until_trade") and "cavalry" not in unrestricted:
                    classes.remove("cavalry")
            while any(self.buy_unit(slot, c, list(room), room, left, bought) for c in classes):
                pass
        if self.log is not None:
            self.note(f"  {self.who(slot)} builds ({profile}): " + (", ".join(bought) or "nothing")
                      + f"; {self.game.word(self.money[slot], 'money')} left")

    def buy_unit(self, slot: int, cls: str, where: list[str], room: dict, left: dict, bought: list) -> bool:
        """The best unit of a class in the first area with room, if affordable and in the pool."""
        game = self.game
        area = next((a for a in where if room.get(a, 0) > 0), None)
        unit = self.best_type(slot, cls, left)
        if unit is None or area is None:
            return False
        cost = self.unit_cost(slot, unit, area)
        if cost > self.money[slot]:
            return False
        room[area] -= 1
        left[game.counter_of[unit]] -= 1
        self.build_unit(slot, unit, area, cost)
        bought.append(f"{game.unit_name(unit)} in {game.world.areas[area].name}")
        return True

    def fort_sites(self, slot: int, areas: list[str]) -> list[str]:
        """Where the fort profile fortifies: the capital, then areas next to another empire."""
        sites = [a for a in areas if a not in self.forts and self.game.world.areas[a].is_land and self.owner.get(a) == slot
                 and (a == self.capital[slot] or any(self.owner.get(n, slot) != slot
                                                     for n in self.game.world.neighbours(a)))]
        return sites[:2]

    def place(self, slot: int, area: str, units: tuple[str, ...]) -> None:
        self.units[area] = self.units.get(area, ()) + units
        if self.owner.get(area) != slot:
            self.owner[area] = slot
            self.owned = stamp()
            self.claim_elephants(slot, area)
            self.area_shifted(slot)
            self.treaties_kept()                        # option 16: a Peace treaty's area occupied

    def lose_units(self, area: str, count: int) -> None:
        """Units return to the pool; an area left without units is vacant: its artefacts, fort and
        disorder go, and a capital there becomes a city (§ 4. Manoeuvre › Vacant areas)."""
        left = self.units[area][:-count] if count < len(self.units[area]) else ()
        self.units_to_pool(self.owner.get(area), len(self.units[area]) - len(left))      # option 16: Socialism
        if left:
            self.units[area] = left
        else:
            self.vacate(area)

    def vacate(self, area: str) -> None:
        slot = self.owner.pop(area, None)
        self.owned = stamp()
        self.area_shifted(slot)
        if slot is not None:                       # § 6. Civilise › Removing leaders: no unit left there
            self.lose_leaders(slot, area, "no unit left in its area")
        self.units.pop(area, None)
        self.berth.pop(area, None)
        self.artefacts.pop(area, None)
        if area in self.great_temples:             # option 16 (artefacts.py); replaced, never changed in place
            self.great_temples = {a: r for a, r in self.great_temples.items() if a != area}
        self.forts -= {area}
        self.disorder -= {area}
        if slot is not None and self.capital[slot] == area:
            self.capital[slot] = None

    def check_empty(self, slot: int) -> None:
        """An empire with no unit on the map is discarded at once (§ 7. Discard empire)."""
        if self.empire[slot] is not None and slot not in self.owner.values():
            self.discard_empire(slot, "no unit left on the map")

    # -- action 3: Trade and progress (§ 3. Trade and progress) ------------------------------------------
    def in_range(self, slot: int, everyone: bool = False) -> list[int]:
        """Other players' empires within Range (``area_range``); with ``everyone``, the player's own
        other empires too. Remembered with the Range (``ranges``: the map's owners are in its key)."""
        _, reach, partners, _ = self.range_known(slot)
        if everyone not in partners:
            seat, others = self.seat_of(slot), set(map(self.owner.get, reach)) - {None, slot}
            partners[everyone] = tuple(sorted(o for o in others if everyone or self.seat_of(o) != seat))
        return list(partners[everyone])

    def action_trade(self, seat: int, slot: int | None) -> None:
        """§ 3. Trade and progress › How to trade: a partner within Range, one that has not traded
        this turn if there is any; with none, the deck."""
        if slot is None or self.empire[slot] is None:
            return
        partners = [] if self.temporary and self.trades_with_deck(slot) else self.in_range(slot)   # events.py
        fresh = [p for p in partners if p not in self.traded]
        partners = fresh or partners
        if len(partners) > 1:
            self.wait("partner", slot, tuple(partners))
        else:
            self.begin_trade(slot, partners[0] if partners else -1)

    def options_partner(self, partners: tuple[int, ...]) -> list[int]:
        ids = self.game.ids["partner"]
        return sorted(ids[self.empire[p]] for p in partners)

    def move_partner(self, card: str) -> None:
        self.step = None
        self.begin_trade(self.player, self.empire.index(card))
        self.proceed()

    def begin_trade(self, slot: int, partner: int) -> None:
        if self.log is not None:
            self.note(f"  {self.who(slot)} trades with " + (self.who(partner) if partner >= 0 else "the deck"))
        sides = (slot, partner) if partner >= 0 else (slot,)      # events before the cards and after (events.py)
        tasks = [("window", "trade_before", sides), ("window", "trade", sides)] + self.trade_tasks(slot, partner)
        self.queue[:0] = tasks + [("trade_result", slot, partner), ("window", "trade_after", sides)]

    def task_offer(self, slot: int) -> None:
        """Each side plays a card face down; an empty hand plays the deck's top card (§ 3 › Trading)."""
        seat = self.seat_of(slot)
        if self.hand[seat]:
            self.wait("offer", slot)
        else:
            self.offer[seat] = self.draw_cards(1)

    def options_offer(self) -> list[int]:
        ids = self.game.ids["offer"]
        return sorted({ids[c] for c in self.hand[self.seat_of(self.player)]})

    def move_offer(self, card: str) -> None:
        seat = self.seat_of(self.player)
        self.take_from_hand(seat, card)
        self.offer[seat] = (card,)
        self.done()

    def trade_value(self, slot: int, card: str) -> int:
        """Card value + trade number + 1 per Scientist − 1 per disordered area (§ 3 › Trading)."""
        disordered = sum(1 for a in self.areas_of(slot) if a in self.disorder)
        changed = self.trade_changed(slot) if self.changing else 0          # an event's or artefact's change
        return self.game.value[card] + self.trade_number(slot) + self.leaders_in(slot, "sc") - disordered + changed

    def task_trade_result(self, slot: int, partner: int) -> None:
        """§ 3. Trade and progress › Effects of trading."""
        game, seat = self.game, self.seat_of(slot)
        if partner >= 0 and self.temporary and self.trade_split(slot, partner):   # both against the deck (events.py)
            self.queue[:0] = [("trade_result", slot, -1), ("trade_result", partner, -1)]
            return
        mine = self.offer[seat]                           # one card, two with Renaissance (trade.py)
        self.offer[seat] = ()
        if not mine:                                      # hand and deck both empty: no trade
            return
        if partner >= 0:
            pseat = self.seat_of(partner)
            theirs = self.offer[pseat]
            self.offer[pseat] = ()
            values = (self.offered_value(slot, mine), self.offered_value(partner, theirs))
            chose = (True, self.marks[partner] in ("trade", "wild_trade"))
            if chose[1]:                                  # the partner's own Trade marker is this trade
                self.wild_used[partner] |= self.marks[partner] == "wild_trade"
                self.marks[partner] = None
            higher = (self.progress[partner] > self.progress[slot], self.progress[slot] > self.progress[partner])
        else:
            drawn = self.draw_cards(1)
            if not drawn:
                self.discards += mine
                return
            theirs = drawn
            values = (self.offered_value(slot, mine), game.value[theirs[0]])   # the deck's card unmodified
            chose, higher = (True, False), (False, False)
        self.traded_value = {slot: values[0], partner: values[1]}
        if self.log is not None:
            self.note(f"  cards: {self.cards_named(mine)} → {values[0]} against {self.cards_named(theirs)} → {values[1]}")
        sides = (slot, partner)
        gains = [0, 0]
        if values[0] != values[1]:
            w = 0 if values[0] > values[1] else 1
            gains[w] = 1 + chose[w] + higher[w]
        elif chose[0] and chose[1]:
            lower = self.progress[slot] - self.progress[partner]
            if lower:
                gains[0 if lower < 0 else 1] = 1
        else:
            gains[0 if chose[0] else 1] = 1
        cards = (theirs, mine)
        for i, s in enumerate(sides):
            if s < 0:
                continue
            if self.option_16():                          # Capitalism, Universal suffrage (artefacts.py)
                self.fire_artefacts("trade_won" if values[i] > values[1 - i] else "trade_lost", s)
                if not gains[i]:
                    self.fire_artefacts("no_trade_progress", s)
            if gains[i]:
                levels = gains[i] + (self.levels_changed(s, slot, partner) if self.temporary else 0)
                if self.option_16():                      # Printing, Autocracy, World war (artefacts.py)
                    levels = self.trade_levels(s, i == 0, values[i] - values[1 - i], levels)
                self.advance(s, levels, "trade")
                if sides[1 - i] >= 0:
                    self.trade_elephant(s, sides[1 - i])
            if (not gains[i] or self.temporary and self.free_trade(s)) and not (
                    self.temporary and self.trade_income_lost(s)):          # Free trade, Tariffs (events.py)
                income = self.trade_income(s, cards[i], cards[1 - i] if sides[1 - i] >= 0 else ())   # trade.py
                self.earn(s, income, "trade")
            if values[i] > values[1 - i] and self.leaders_in(s, "sc"):
                self.scientists_draw(s)
            if values[i] > values[1 - i]:
                won = game.immediate(self.empire[s], "trade_won")
                if won:
                    self.score(s, won, "immediate glory: trade won")
        if partner >= 0 and self.option_16():             # Democracy: a trade between two (artefacts.py)
            self.traded_between((slot, partner), mine, theirs)
        if partner >= 0:                                  # each keeps the other's card
            self.hand[seat] += theirs
            self.hand[self.seat_of(partner)] += mine
            for a, b in ((slot, partner), (partner, slot)):
                self.unrestricted[a] |= frozenset(c for c in ("ships", "cavalry") if c not in self.icons(b))
            self.traded |= {slot, partner}
        else:
            self.discards += mine
            self.hand[seat] += theirs
            self.traded |= {slot}

    def scientists_draw(self, slot: int) -> None:
        """After a won trade: one card per Scientist, keep one (the best *(judgment)*), discard the rest
        (§ 3. Trade and progress › Effects of trading)."""
        drawn = tuple(sorted(self.draw_cards(self.leaders_in(slot, "sc")), key=lambda c: -self.game.value[c]))
        if drawn:
            self.hand[self.seat_of(slot)] += drawn[:1]
            self.discards += tuple(drawn[1:])
            self.note(f"  {self.who(slot)}'s Scientists draw {len(drawn)} card(s) and keep one")

    def icons(self, slot: int) -> frozenset[str]:
        """The classes the empire's card's no-ships and no-cavalry icons stop (§ 2. Production: lifted
        by a first trade with an empire without that icon, even a lost trade)."""
        restrictions = self.game.empires[self.empire[slot]].get("restrictions", {})
        return frozenset(c for c in ("ships", "cavalry") if restrictions.get(f"no_{c}_until_trade"))

    # -- action 5: Destiny (§ 5. Destiny) ---------------------------------------------------------------
    def action_destiny(self, seat: int, slot: int | None) -> None:
        if slot is None:
            self.task_destiny(seat, slot)
        else:                                           # the empire's events first (events.py)
            self.queue[:0] = [("window", "destiny", (slot,)), ("destiny", seat, slot)]

    def task_destiny(self, seat: int, slot: int | None) -> None:
        self.wait("destiny", seat * self.per if slot is None else slot, slot)

    def options_destiny(self, slot: int | None) -> list[int]:
        ids = self.game.ids["destiny"]
        return self.finishing() or [ids[str(n)] for n in range(min(3, len(self.hand[self.seat_of(self.player)])) + 1)]

    def move_destiny(self, count: str) -> None:
        """Discard any cards (the macro: the ``count`` lowest, one by one: ``discard``), then ``draw``;
        with Philosophers, back to 6, the lowest discarded *(judgment, § 16)*."""
        seat = self.seat_of(self.player)
        for card in sorted(self.hand[seat], key=lambda c: self.game.value[c])[:int(count)]:
            self.move_discard(card)
        self.move_draw()
        keep = self.back_to()
        if keep is not None:
            for card in sorted(self.hand[seat], key=lambda c: -self.game.value[c])[keep:]:
                self.move_discard(card)

    def draw_up(self, discarded: int) -> None:
        """Draw up to 6, after the cards kept, lowest first; with Philosophers, one more card each, then
        the player discards back to 6 (``discard``, moves.py)."""
        seat = self.seat_of(self.player)
        slot = self.step[1] if len(self.step) > 1 else None
        size = self.destiny_hand(seat, slot)             # 6, or option 7's (options.py)
        self.hand[seat] = tuple(sorted(self.hand[seat], key=lambda c: self.game.value[c]))
        drawn = self.draw_cards(max(0, size - len(self.hand[seat])))
        self.hand[seat] += drawn
        self.note(f"  {self.seat_name(seat)} discards {discarded} card(s) and draws {len(drawn)}")
        wise = self.leaders_in(slot, "ph") if slot is not None and self.empire[slot] else 0
        if wise:                                   # § 5. Destiny: 1 more card per Philosopher, then back to 6
            keep = max(size, len(self.hand[seat]))
            self.hand[seat] += self.draw_cards(wise)
            self.back_to_keep(keep, wise)
        else:
            self.done()

    # -- action 6: Civilise (§ 6. Civilise) -------------------------------------------------------------
    def action_civilise(self, seat: int, slot: int | None) -> None:
        """Play artefacts (one religion and one government at most), then, for an empire's marker, a
        Religious leader's religion, remove and promote a leader, adopt, order and discard beliefs,
        modernise, remove disorder and urbanise (§ 6. Civilise, in its order). A non-empire Civilise
        only plays cards (§ Playing the game)."""
        actor = seat * self.per if slot is None else slot
        if slot is not None:
            self.fire_artefacts("civilise_action", slot)           # option 16 (Moon landing)
        self.queue[:0] = [("artefacts", actor, slot is None, False, False)]
        self.religion_played = False
        if slot is not None:
            self.queue[1:1] = [("found", slot), ("dismiss", slot), ("promote", slot), ("adopt", slot),
                               ("dominant", slot), ("drop", slot), ("civilise_rest", slot)]

    def task_artefacts(self, actor: int, anywhere: bool, religion: bool, government: bool) -> None:
        artefacts = self.playable_artefacts(actor, anywhere, religion, government)
        events = self.playable_events(actor, anywhere)
        if artefacts or events:
            self.wait("play", actor, anywhere, religion, government)
            self.playable = (self.step, artefacts, events)

    def targets(self, actor: int, anywhere: bool) -> list[int]:
        """The empires a card may go on: the acting empire, or for a non-empire marker the player's
        own empires *(judgment: played on other players' empires with events, part 2)*."""
        if not anywhere:
            return [actor] if self.empire[actor] is not None else []
        return [s for s in self.slots_of(self.seat_of(actor)) if self.empire[s] is not None]

    def playable_artefacts(self, actor: int, anywhere: bool, religion: bool, government: bool) -> list[tuple[str, int]]:
        found, targets = [], self.targets(actor, anywhere)
        for card in set(self.hand[self.seat_of(actor)]):
            target = next((s for s in targets if self.can_play(card, s, religion, government)), None)
            if target is not None:
                found.append((card, target))
        return found

    def can_play(self, card: str, slot: int, religion: bool, government: bool) -> bool:
        artefact = self.game.artefacts.get(self.game.artefact_of[card])
        return artefact is not None and self.can_take(artefact, slot, religion, government)

    def can_take(self, artefact: dict, slot: int, religion: bool, government: bool) -> bool:
        """§ 6. Civilise › Playing artefact cards: the empire's age in the artefact's ages, a marker
        free, one religion and one government a Civilise; black artefacts are ignored (option 16 plays them,
        with where each may be played and a Peace treaty's second empire)."""
        if artefact["colour"] == "black" and not self.option_16():
            return False
        lo, hi = artefact["ages"]
        if not lo <= self.age(slot) <= hi and not self.early_play(artefact, slot):
            return False
        if self.option_16() and f"play_{artefact['id']}" in self.in_force("forbid", slot):   # Social Media
            return False
        if not self.prerequisites(artefact, slot):
            return False
        group = artefact.get("group")
        if group == "religion" and (religion or artefact["id"] in self.beliefs[slot] or
                                    self.held(slot, "religion") >= self.religion_room(slot)):
            return False
        if group == "government" and (government or self.held(slot, "government")):
            return False
        if artefact["placement"] in ("area", "area_pair") and not self.artefact_site(slot, artefact):
            return False
        if not self.marker_free(artefact) or not self.empire_fits(artefact, slot):    # Range last: it costs most
            return False
        return artefact["placement"] != "area_pair" or not self.option_16() or self.treaty_partner(slot, artefact) is not None

    def religion_room(self, slot: int) -> int:
        """Religions an empire may hold: one, or as many as its religious glory categories (the
        Shogunate's two), or two with Deus Vult! (§ 6. Civilise › Playing artefact cards)."""
        categories = self.game.glory_categories
        religious = sum(1 for g in self.game.empires[self.empire[slot]].get("glory", ())
                        if "religion" in categories[g["category"]])
        return max(1, religious, self.game.rules["religions_per_empire"])

    def held(self, slot: int, group: str) -> int:
        return sum(1 for b in self.beliefs[slot] if self.game.artefacts[b].get("group") == group)

    def marker_free(self, artefact: dict) -> bool:
        """A marker of the artefact is free: its own (none printed: unlimited), or for a religion or
        government a double-sided marker, turned over as need be (``faces_free``)."""
        if artefact.get("group"):
            return self.faces_free(artefact)
        markers = artefact.get("markers")
        return markers is None or self.markers_in_use(artefact["id"]) < markers

    def markers_in_use(self, artefact: str) -> int:
        return self.markers_held().get(artefact, 0)

    def markers_held(self) -> dict[str, int]:
        """Artefact markers in play, on the map and on cards: artefact -> how many. Remembered until either
        is written (their tallied writes: engine/tallied.py); not to be changed."""
        key = (self.artefacts.writes, self.on_card.writes)
        if self._markers_held[0] != key:
            held: dict[str, int] = {}
            for markers in list(self.artefacts.values()) + self.on_card:
                for m in markers:
                    held[m] = held.get(m, 0) + 1
            self._markers_held = (key, held)
        return self._markers_held[1]

    def artefact_site(self, slot: int, artefact: dict) -> str | None:
        """An area of the empire without an artefact — a second one only with a Scientist (blue) or an
        Artist (other green) there (§ 6 › Playing artefact cards), and where option 16 lets the artefact
        go (``site_fits``); the capital first *(judgment)*."""
        colour = artefact["colour"]
        second = "sc" if colour == "blue" else "ar" if colour == "green" else None
        areas = sorted((a for a in self.areas_of(slot) if self.game.world.areas[a].is_land
                        and (a not in self.artefacts or (second and len(self.artefacts[a]) < 2
                                                         and self.leader_here(slot, second, a)))
                        and self.site_fits(artefact, slot, a)),
                       key=lambda a: (a != self.capital[slot], self.game.world.areas[a].index))
        return areas[0] if areas else None

    def options_play(self, anywhere: bool, religion: bool, government: bool) -> list[int]:
        """The cards ``task_artefacts`` found playable when it asked (a speed-up: nothing changes before the
        answer)."""
        ids, events = self.game.ids["play"], self.game.ids["event"]
        step, artefacts, playable = self.playable
        if step is not self.step:
            artefacts = self.playable_artefacts(self.player, anywhere, religion, government)
            playable = self.playable_events(self.player, anywhere)
        return sorted([ids[c] for c, _ in artefacts] + [events[c] for c in playable] + [self.game.ids["civilised"]])

    def move_play(self, card: str) -> None:
        """The card is discarded and its artefact taken (``take_artefact``); then the next card."""
        actor, (_, anywhere, religion, government) = self.player, self.step
        target = next(s for s in self.targets(actor, anywhere) if self.can_play(card, s, religion, government))
        self.take_from_hand(self.seat_of(actor), card)
        self.discards += (card,)
        artefact = self.game.artefacts[self.game.artefact_of[card]]
        self.take_artefact(target, artefact)
        group = artefact.get("group")
        self.step = None
        self.queue[:0] = [("artefacts", actor, anywhere, religion or group == "religion",
                           government or group == "government")]
        self.proceed()

    def take_artefact(self, target: int, artefact: dict) -> None:
        """The artefact's marker goes with the empire. Green and blue: +1 glory (+1 more for the first
        empire holding a religion or government); red: −1 (§ 6. Civilise › Playing artefact cards,
        standard game)."""
        aid = artefact["id"]
        self.gained[self.seat_of(target)] += (aid,)
        self.fire_artefacts("played", target, only=aid)          # option 16: its effect as it is played
        if artefact["colour"] == "black":                        # no marker: history ends (General AI, Internet)
            return
        if artefact["placement"] in ("area", "area_pair"):
            site = self.artefact_site(target, artefact)
            self.artefacts[site] = self.artefacts.get(site, ()) + (aid,)
            where = self.game.world.areas[site].name
        else:
            self.on_card[target] += (aid,)
            where = "its card"
        group = artefact.get("group")
        if group:
            self.beliefs[target] += (aid,)
            self.religion_played |= group == "religion"
        if self.log is not None:
            self.note(f"  {self.who(target)} gains {artefact['name']} ({artefact['colour']}, on {where})")
        self.score(target, -1 if artefact["colour"] == "red" else 1, f"artefact {artefact['name']}")
        if artefact["placement"] == "area_pair" and self.option_16():
            self.sign_treaty(target, site, artefact)              # its second marker (artefacts.py)
        if self.option_16() and artefact["placement"] == "area":
            self.consecrate(target, site, aid)                    # a Great Temple's religion (artefacts.py)
        self.place_blue(target, artefact)
        if group and aid not in self.ever_held:
            self.ever_held |= {aid}
            self.score(target, FIRST_HOLDER, f"first to hold {artefact['name']}")
        self.artefact_gained(target, aid)
        if artefact["placement"] in ("area", "area_pair") and artefact["colour"] in ("green", "blue"):
            self.leaders_see(site, artefact["colour"])

    def leaders_see(self, area: str, colour: str) -> None:
        """A blue artefact placed on the map within an empire's Range gives it 1 glory per Scientist;
        another green one, 1 per Artist (§ 6. Civilise › Playing artefact cards; § Leader Types ›
        Scientist (Sc), › Artist (Ar)). Range from the empire's areas (§ Terms of play › Range)."""
        kind = "sc" if colour == "blue" else "ar"
        for slot in self.in_play():
            count = self.leaders_in(slot, kind)
            if count and area in self.area_range(slot):
                self.score(slot, count, f"{self.game.leader_type_names[kind]}s: an artefact within Range")

    def area_range(self, slot: int) -> frozenset[str]:
        """The areas within the empire's Range (``reach_of``), worked out again only when what it depends on
        has changed (a speed-up: the map's owners, the empire's level and its Explorers, and with option 16
        the changes to its Range in force: ``range_changed``)."""
        return self.range_known(slot)[1]

    def range_known(self, slot: int) -> tuple:
        """``ranges[slot]``: (what the Range depends on, the Range, answers read of it: ``in_range``'s, the
        regions it reaches, what it read of the owners), made again when that key differs (what ``reach_of``
        reads of the empire's level: its age and whether it has ships-of-the-line; its Explorers, option
        16's changes, and the map's owners: their stamp, ``owned``) unless only the stamp differs and the
        owners the search read are as they were (``owners_read``). Shared by clones: equal stamps are equal
        owners (engine/tallied.py)."""
        age = self.age(slot)
        key = (age, self.progress[slot] >= self.game.unit_level["ship_of_the_line"],
               tuple(where for _, types, where in self.leaders[slot] if "ex" in types),
               self.option_16() and self.range_changed(slot, age), self.owned)
        known = self.ranges.get(slot)
        if known is None or known[0] != key:
            if (known is not None and known[0][:4] == key[:4]
                    and self.owners_read(slot, known[1]) == known[3]):
                known = self.ranges[slot] = (key, *known[1:])          # the stamp alone differs
            else:
                reach = frozenset(self.reach_of(slot))
                known = self.ranges[slot] = (key, reach, {}, self.owners_read(slot, reach))
        return known

    def owners_read(self, slot: int, reach: frozenset[str]) -> tuple:
        """All of the map's owners that ``reach_of``'s answer depends on: the owner of each area it reached
        (another area's owner stops no search) and how many areas the empire has (all of them within its
        Range: none elsewhere)."""
        return len(self.areas_of(slot)), *map(self.owner.get, reach)

    def regions_in_range(self, slot: int) -> frozenset[str]:
        """The regions with an area within the empire's Range (option 16's ``within_range_of: {region}``,
        artefacts.py), worked out once per Range (``range_known``)."""
        _, reach, answers, _ = self.range_known(slot)
        found = answers.get("regions")
        if found is None:
            found = answers["regions"] = frozenset().union(*map(self.game.world.regions_of, reach))
        return found

    def reach_of(self, slot: int) -> set[str]:
        """The areas within the empire's Range, its own included (§ Terms of play › Range): the fewest
        areas from its nearest area at most the empire's age, twice that from an area with an Explorer
        (§ Leader Types › Explorer (Ex)); traced into another player's empire but not through it
        *(judgment, § 16.4)*, nor into ocean before ships-of-the-line (level 23). Option 16 changes it
        (``range_changed``: Railways, Judaism, Radio, Satellites, Rutters)."""
        world, seat, owner = self.game.world, self.seat_of(slot), self.owner
        ocean = self.progress[slot] >= self.game.unit_level["ship_of_the_line"]
        age, through = self.age(slot), False
        if self.option_16():
            age, ocean, through, everywhere = self.range_changed(slot, age)
            if everywhere:
                return set(world.areas)
        explorers = {where for _, types, where in self.leaders[slot] if "ex" in types}
        starts: dict[int, list[str]] = {}                  # steps left -> the empire's areas starting with that many
        for area in self.areas_of(slot):
            starts.setdefault(age * (2 if area in explorers else 1), []).append(area)
        mine = set(self.slots_of(seat))
        ends = () if through else {a for a, other in owner.items() if other is not None and other not in mine}
        neighbours = world.neighbours if ocean else self.game.offshore.__getitem__
        seen: set[str] = set()                             # ends: Range goes no further from another player's area
        edge: set[str] = set()                             # the areas first reached with ``steps`` left
        for steps in range(max(starts, default=0), 0, -1):  # the most steps left first: each area at its best
            edge.update(a for a in starts.get(steps, ()) if a not in seen)
            seen |= edge
            edge = set().union(*map(neighbours, edge - ends if ends else edge)) - seen
            seen |= edge
        return seen.union(*starts.values())

    def move_civilised(self) -> None:
        self.done()

    # -- § 6. Civilise › Adopting a religion or government -------------------------------------------
    def adoptable(self, slot: int) -> list[str]:
        """Religions and governments of empires within Range, adopted as if played: none with a
        disordered area, no religion after a religion card this action."""
        if any(a in self.disorder for a in self.areas_of(slot)):
            return []
        found = {b for other in self.in_range(slot, everyone=True) for b in self.beliefs[other]}
        artefacts = self.game.artefacts
        return sorted(b for b in found if not (artefacts[b].get("group") == "religion" and self.religion_played)
                      and self.can_adopt(slot, b))

    def can_adopt(self, slot: int, belief: str) -> bool:
        artefact = self.game.artefacts[belief]
        lo, hi = artefact["ages"]
        group = artefact.get("group")
        room = self.religion_room(slot) if group == "religion" else 1
        return (belief not in self.beliefs[slot] and lo <= self.age(slot) <= hi and self.held(slot, group) < room
                and self.marker_free(artefact))

    def task_adopt(self, slot: int, asked: bool = False) -> None:
        if self.empire[slot] is not None and not asked and self.holy_war_offered(slot):   # option 16 (crusades.py)
            return
        if self.empire[slot] is not None and self.adoptable(slot):
            self.wait("adopt", slot)

    def options_adopt(self) -> list[int]:
        ids = self.game.ids["adopt"]
        return sorted([ids[b] for b in self.adoptable(self.player)] + [ids["none"]])

    def move_adopt(self, belief: str) -> None:
        """One religion or government a Civilise, +1 glory (§ 6. Civilise › Adopting …)."""
        slot = self.player
        if belief != "none":
            self.beliefs[slot] += (belief,)
            self.on_card[slot] += (belief,)
            self.note(f"  {self.who(slot)} adopts {self.game.artefacts[belief]['name']}")
            self.score(slot, 1, f"artefact {self.game.artefacts[belief]['name']} adopted")
        self.done()

    def modernise(self, slot: int) -> None:
        """§ 6. Civilise › Modernising: counters turned over, free, to the side the level allows; the
        engine turns every counter to its most advanced side *(judgment: downgrading is never chosen)*."""
        game, level, turned = self.game, self.progress[slot], 0
        for area in self.areas_of(slot):
            units = []
            for u in self.units[area]:
                if game.counter_of[u] not in game.counters.counters or u in COMMON:
                    units.append(u)                     # a Kingdoms counter is not turned over (kingdoms.py)
                    continue
                counter = game.counters.counters[game.counter_of[u]]
                best = counter["back"] if game.unit_level.get(counter["back"], 99) <= level else counter["front"]
                turned += best != u
                units.append(best)
            self.units[area] = tuple(units)
        if turned:
            self.note(f"  {self.who(slot)} modernises {turned} unit(s)")

    def task_civilise_rest(self, slot: int) -> None:
        """Modernise, remove disorder, then urbanise (§ 6. Civilise › Modernising, › Removing disorder,
        › Urbanise), by the engine's policy *(judgment, § 16)*: the richest disordered areas it can pay
        for; cities where they are worth most."""
        if self.empire[slot] is None:
            return
        self.modernise(slot)
        if self.option_16() and self.moment_due("removing_disorder", slot):   # the Great Pyramid, Summer Palace
            self.queue[:0] = [("artefact_moment", "removing_disorder", slot), ("disorder_paid", slot)]
            return
        self.task_disorder_paid(slot)

    def task_disorder_paid(self, slot: int) -> None:
        """The disorder the empire pays to remove, richest area first, then Urbanise."""
        if self.empire[slot] is None:
            return
        game, age = self.game, self.age(slot)
        minimum = game.markers["remove_disorder"]["minimum"]
        for area in sorted((a for a in self.areas_of(slot) if a in self.disorder),
                           key=lambda a: -self.area_income(slot, a)):
            cost = self.chart.disorder_cost(area, age, self.city.get(area, 0), minimum)
            if cost <= self.money[slot]:
                self.spend(slot, cost)
                self.disorder -= {area}
                self.note(f"  {self.who(slot)} pays {cost} to remove the disorder in {game.world.areas[area].name}")
        self.urbanise(slot)

    def urbanise(self, slot: int) -> None:
        """Build or improve cities in two fertile areas or one other land area, up to the age's
        maximum; the first becomes the capital if there is none (§ 6. Civilise › Urbanise)."""
        game, age = self.game, self.age(slot)

        def top(area: str) -> int:                  # a Builder improves one age early (§ Leader Types › Builder)
            return game.max_city[min(7, age + 1) if self.leader_here(slot, "bu", area) else age]

        spots = [a for a in self.areas_of(slot) if a not in self.disorder and game.world.areas[a].is_land
                 and self.city.get(a, 0) < top(a)]
        spots.sort(key=lambda a: (a != self.capital[slot], -self.area_income(slot, a), game.world.areas[a].index))
        chosen = []
        if not self.barbarian(slot):
            fertile = [a for a in spots if self.chart.at(a, age)["id"] == "fertile"]
            chosen = fertile[:2] if len(fertile) >= 2 else spots[:1]
        # a Builder: one more in its area, even for a Barbarian, not the same city twice
        chosen += [a for a in spots if self.leader_here(slot, "bu", a) and a not in chosen]
        if self.temporary and "extra_city" in self.in_force("allow", slot):      # Urban planning (events.py)
            chosen += [a for a in spots if a not in chosen][:1]
        steps = 2 if self.option_16() and "urbanise_extra_level" in self.in_force("allow", slot) else 1   # Capitalism
        for area in chosen:
            value = CITY_STEPS[min(CITY_STEPS.index(self.city.get(area, 0)) + steps, CITY_STEPS.index(top(area)))]
            self.city[area] = value
            self.note(f"  {self.who(slot)} urbanises {game.world.areas[area].name}: city {value}")
        if self.capital[slot] is None and not self.barbarian(slot):
            best = max((a for a in self.areas_of(slot) if a in self.city), key=lambda a: self.city[a], default=None)
            if best is not None:
                self.capital[slot] = best
                self.note(f"  {self.who(slot)}'s capital: {game.world.areas[best].name}")
        self.build_temples(slot)                          # option 12 (temples.py)

    # -- action 7: Discard empire (§ 7. Discard empire) --------------------------------------------------
    def action_discard(self, seat: int, slot: int | None) -> None:
        if slot is not None and self.empire[slot] is not None:     # its events first (events.py)
            self.discarding(seat, slot)                              # option 9 (options.py)
            self.queue[:0] = [("window", "discard_empire", (slot,)), ("discard_empire", slot)]

    def discard_empire(self, slot: int, why: str) -> None:
        """Its units and markers leave the map (a capital stays as a city), its card is discarded,
        its colour is free."""
        card = self.empire[slot]
        self.note(f"{self.who(slot)} is discarded ({why})")
        self.lose_leaders(slot, None, "its empire is discarded")
        self.leave_kingdoms(slot)                          # option 10 (neutral_kingdoms.py)
        for area in self.areas_of(slot):
            self.vacate(area)
        self.discards += (self.succeed(slot, card),)
        self.release_common(slot)
        self.empire[slot] = self.colour[slot] = self.capital[slot] = self.homeland[slot] = None
        self.seated = stamp()
        self.take_specials(slot)
        self.marks[slot] = None
        self.money[slot] = self.progress[slot] = self.elite[slot] = 0
        for artefact in self.on_card[slot]:            # World war's marker leaves with it (clocks.py)
            self.clock_removed(artefact)
        self.beliefs[slot], self.on_card[slot] = (), ()

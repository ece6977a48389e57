"""7 Ages primitive moves (docs/rules/7ages.md § 15), as a mixin of the state (``rules.State``).

Agents choose among macro options — a build profile, ``march <area>``, ``destiny 2``, ``buy all`` — so
that a turn is a handful of decisions. Each macro expands through its policy (§ 16) into primitive
moves: one unit built in one area, one card discarded, one unit taken along. The primitives are kinds
of the same move codec that ``legal_actions()`` does not list (a turn would explode into thousands of
moves) but that the state accepts at their decision (the kit's ``unlisted``: ``apply``, scenario
files). Each is logged in a scenario's words (``» unit sword latium``) whether a macro or a scenario
made it, so a game replays from either layer. Once a primitive is made, the decision lists only the
move that ends it (``built``, ``draw``, ``hold``; a Destiny back to 6, the discards): a macro does not
run on top of a half-made choice.

| decision | primitives | macros |
|---|---|---|
| build (Start empire, Production) | ``unit <type> <area>``, ``fort <area>``, ``elite``, ``built`` | ``build <profile>`` |
| destiny | ``discard <card>`` …, ``draw``, then with Philosophers ``discard <card>`` … back to 6 | ``destiny <n>`` |
| march (Manoeuvre) | ``take <unit> <area>`` …, ``go <area> [alone / escorted / landing / unloading]`` | ``march``, ``escort``, ``open``, ``land``, ``unload <area>`` |
| buy (Harvest glory) | ``glory <n>`` | ``buy all`` / ``buy none`` |

What a primitive has done so far in the decision waited for is ``partial`` (the units built, the cards
discarded, the units taken), cleared by each new decision.
"""

from __future__ import annotations

from cardtools.games.seven_ages.actions import ELITE_MAX
from cardtools.games.seven_ages.conflict import AIR, CARGO
from cardtools.games.seven_ages.kingdoms import COMMON

#: The primitive moves a decision accepts besides the moves it lists, and the move that ends it.
PRIMITIVES = {"build": ("unit", "fort", "elite", "built"), "destiny": ("discard", "draw"),
              "march": ("take", "go"), "buy": ("glory",)}
FINISH = {"build": "built", "destiny": "draw", "march": "hold"}
#: ``partial`` of a Destiny discarding back to 6 after its Philosophers' cards: (BACK, keep, Philosophers).
BACK = "back to"
#: How the units taken go (``go``): with their areas' military leaders, without leaders (a screening
#: force: ``open``), or with every leader there (``escort``) (§ 4. Manoeuvre › Leader movement); ships
#: carrying land or air units from their port onto a coast (``land``), or dropping them there from the
#: sea next to it and staying at sea (``unload``) (§ 4 › Naval transport).
GOING = (None, "alone", "escorted", "landing", "unloading")
SHIPS = ("ship", "galley")


class Primitives:
    """The primitive layer: which primitives a decision accepts, and what each does."""

    __slots__ = ()

    partial: tuple

    def unlisted(self, move: int) -> bool:
        kind, values = self.game.codec.decode(move)
        step = self.step
        return (self.pending is None and step is not None and kind.name in PRIMITIVES.get(step[0], ())
                and getattr(self, f"allows_{kind.name}")(*values))

    def finishing(self) -> list[int] | None:
        """What is listed once a primitive was made at this decision (None: none was): the move that
        ends it, or the cards a Destiny with Philosophers may discard to get back to 6."""
        if not self.partial:
            return None
        if self.back_to() is not None:
            codec = self.game.codec
            return sorted({codec.id("discard", card) for card in self.hand[self.seat_of(self.player)]})
        return [self.game.ids[FINISH[self.step[0]]]]

    # -- Start empire and Production (§ 1. Start empire › Initial units; § 2. Production › Building new
    #    units and markers) ------------------------------------------------------------------------------
    def allows_unit(self, unit: str, area: str) -> bool:
        """A unit the empire's level allows with a counter left in its pool (elephants, nukes and Star
        Wars from theirs: kingdoms.py), in a start area at set-up, else a land area of the empire — a
        ship in a coastal one or a sea it controls — within the placement limit, and affordable; the
        card's no-ships and no-cavalry icons until lifted."""
        slot, game, start = self.player, self.game, self.step[1] == "start"
        where = game.world.areas[area]
        if start:
            if self.owner.get(area) != slot and area not in self.start_areas(self.empire[slot], self.seat_of(slot)):
                return False
        elif self.owner.get(area) != slot:
            return False
        cls = game.unit_class[unit]
        ships = cls == "ships"
        if (ships and not (game.world.coastal(area) if where.is_land else where.kind == "sea")) or (
                not ships and not where.is_land) or self.room(slot, area, ships) <= 0:
            return False
        lifted = self.unrestricted[slot] | (self.lifted(slot) if self.temporary else frozenset())
        if cls in self.icons(slot) - lifted:
            return False
        if unit in COMMON:
            if start or self.common_built >= self.common_cap(slot) or self.next_common(slot, unit) is None:
                return False
        else:
            level = self.progress[slot] + (self.built_ahead(slot) if self.changing else 0)
            early = unit == "ship_of_the_line" and self.option_16() and (
                "ships_of_the_line_early" in self.in_force("allow", slot))                # Rutters (artefacts.py)
            counter = game.counter_of[unit]
            waiting = sum(1 for _, u, waits, _ in self.partial if waits and game.counter_of.get(u) == counter)
            if game.unit_level[unit] > level and not early or self.pool_left(slot).get(counter, 0) - waiting <= 0:
                return False
        return self.unit_cost(slot, unit, area) <= self.money[slot]

    def room(self, slot: int, area: str, ships: bool = False) -> int:
        """Units the area may still take this build: any number at set-up or with an Administrator,
        else as many as its city's value, one without a city (§ 2 › Building new units and markers);
        option 16: any number anywhere under World war, any number of ships at a Great Shipyard
        (artefacts.py)."""
        placed = sum(1 for where, *_ in self.partial if where == area)
        if self.step[1] == "start" or self.leader_here(slot, "ad", area) or self.option_16() and (
                "unlimited_placement" in self.in_force("allow", slot) or ships and area in self.yards(slot)):
            return 99 - placed
        return max(1, self.city.get(area, 0)) - placed

    def unit_price(self, slot: int, unit: str, area: str) -> int:
        """The class's cost (at set-up the card's initial cost: specials.py; the Great Shipyard's:
        artefacts.py), 1 less, at least 1, with an Administrator in the area but for infantry outside the
        capital (§ 2 › Building new units; § Leader Types › Administrator (Ad)); an event's or an
        artefact's change (events.py)."""
        game = self.game
        cls = game.unit_class[unit]
        cost = game.class_cost[cls]
        if self.step[1] == "start":
            cost = self.initial_cost(slot, unit, cost)
        if self.option_16():
            cost = self.yard_cost(slot, unit, area, cost)
        if self.leader_here(slot, "ad", area) and (cls != "infantry" or area == self.capital[slot]):
            cost = max(1, cost - 1)
        return self.cost_changed(slot, unit, cost) if self.changing else cost

    def unit_cost(self, slot: int, unit: str, area: str) -> int:
        """What the unit adds to the build's bill: its price, or, with the total halved (option 16, World
        war: clocks.py), what it adds to the halved total, 0.5 up."""
        cost = self.unit_price(slot, unit, area)
        if self.halved is None:
            return cost
        return (self.halved + cost + 1) // 2 - (self.halved + 1) // 2

    def move_unit(self, unit: str, area: str) -> None:
        self.build_unit(self.player, unit, area, self.unit_cost(self.player, unit, area))

    def build_unit(self, slot: int, unit: str, area: str, cost: int) -> None:
        """Paid and placed; at set-up, in an area another empire holds, it waits to fight for it (``built``)."""
        self.note_move("unit", unit, area)
        if self.halved is not None:                 # the build's total so far, before halving (clocks.py)
            self.halved += self.unit_price(slot, unit, area)
        self.spend(slot, cost)
        waits = self.owner.get(area, None if area in self.kingdom else slot) != slot    # option 10: a kingdom's too
        counter = self.next_common(slot, unit) if unit in COMMON else None
        self.partial += ((area, unit, waits, counter),)
        if counter is not None:
            self.take_common(slot, counter, unit)
        if not waits:
            self.place(slot, area, (unit,))
            if self.game.unit_class[unit] == "ships":
                self.berth.pop(area, None)          # a new ship lies on any coast (conflict.py, berths)

    def next_common(self, slot: int, unit: str) -> int | None:
        """The common counter the next ``unit`` comes from: the next in the order this build began with
        (elephants are built at random: kingdoms.py)."""
        built = tuple(counter for _, u, _, counter in self.partial if u == unit and counter is not None)
        order = self.buildable_common(slot, unit, built)
        return order[0] if order else None

    def allows_fort(self, area: str) -> bool:
        """A non-Barbarian empire fortifies its land areas without a fort (§ 2 › Building new units and
        markers)."""
        slot = self.player
        return (not self.barbarian(slot) and self.owner.get(area) == slot and self.game.world.areas[area].is_land
                and area not in self.forts and self.fort_cost(slot, area) <= self.money[slot])

    def fort_cost(self, slot: int, area: str) -> int:
        """5 money, 4 with a Builder in the area (cost-chart.yaml); an event's change (events.py)."""
        cost = self.game.markers["fort"]["builder_cost" if self.leader_here(slot, "bu", area) else "cost"]
        return self.cost_changed(slot, "fort", cost) if self.changing else cost

    def move_fort(self, area: str) -> None:
        self.fortify(self.player, area, self.fort_cost(self.player, area))

    def fortify(self, slot: int, area: str, cost: int) -> None:
        self.note_move("fort", area)
        self.spend(slot, cost)
        self.forts |= {area}

    def allows_elite(self) -> bool:
        """One elite marker a Production while the empire has fewer than 3 (§ 2 › Building new units and
        markers)."""
        slot = self.player
        return (self.step[1] != "start" and self.elite[slot] < ELITE_MAX
                and not any(u == "elite" for _, u, _, _ in self.partial) and self.elite_cost(slot) <= self.money[slot])

    def elite_cost(self, slot: int) -> int:
        """3 money, or 1 a unit on the map if more, units with a Tactician not counted; an event's change."""
        cost = max(self.game.markers["elite"]["minimum"],
                   sum(len(self.units[a]) for a in self.areas_of(slot) if not self.leader_here(slot, "ta", a)))
        return self.elite_changed(slot, cost) if self.temporary else cost

    def move_elite(self) -> None:
        self.buy_elite(self.player, self.elite_cost(self.player))

    def buy_elite(self, slot: int, cost: int) -> None:
        self.note_move("elite")
        self.spend(slot, cost)
        self.elite[slot] += 1
        self.partial += ((None, "elite", False, None),)

    def allows_built(self) -> bool:
        return True

    def move_built(self) -> None:
        """The build is over; at set-up the units bought for a start area another empire holds fight
        for it at once, the new empire being the active one, then the capital is placed (§ 1. Start
        empire › What if someone else is already in my start area?)."""
        slot = self.player
        self.note_move("built")
        self.halved = None
        if self.step[1] == "start":
            landings: dict[str, tuple[str, ...]] = {}
            for area, unit, waits, _ in self.partial:
                if waits:
                    landings[area] = landings.get(area, ()) + (unit,)
            self.queue[:0] = [("land", slot, area, units) for area, units in landings.items()] + [("finish_start", slot)]
        self.done()

    # -- Destiny (§ 5. Destiny) -------------------------------------------------------------------------
    def allows_discard(self, card: str) -> bool:
        return card in self.hand[self.seat_of(self.player)]

    def move_discard(self, card: str) -> None:
        self.note_move("discard", card, private=True)
        self.take_from_hand(self.seat_of(self.player), card)
        self.discards += (card,)
        if self.back_to() is None:
            self.partial += (card,)
        else:
            self.back_to_keep(*self.partial[1:])

    def back_to(self) -> int | None:
        """The hand a Destiny with Philosophers discards down to, while it does (§ 5. Destiny: after
        looking at the extra cards the player discards back to 6)."""
        if self.step is not None and self.step[0] == "destiny" and self.partial[:1] == (BACK,):
            return self.partial[1]
        return None

    def back_to_keep(self, keep: int, wise: int) -> None:
        """Discarding until the hand is down to ``keep``; then it is ordered highest first and the
        Destiny is over."""
        seat = self.seat_of(self.player)
        if len(self.hand[seat]) > keep:
            self.partial = (BACK, keep, wise)
            return
        self.hand[seat] = tuple(sorted(self.hand[seat], key=lambda c: -self.game.value[c]))
        self.note(f"  its Philosophers draw {wise} more; back to {keep} cards")
        self.done()

    def allows_draw(self) -> bool:
        return self.back_to() is None

    def move_draw(self) -> None:
        self.note_move("draw")
        self.draw_up(len(self.partial))

    # -- Manoeuvre (§ 4. Manoeuvre › Movement) -------------------------------------------------------------
    def allows_take(self, unit: str, area: str) -> bool:
        """A unit of the empire that has not moved this Manoeuvre, a land area keeping one non-aircraft
        unit (§ 4 › Other movement restrictions; specials.py ``garrison``)."""
        slot = self.player
        if self.owner.get(area) != slot:
            return False
        units = self.units[area]
        free = list(units[:len(units) - self.moved.get(area, 0)])
        taken = [u for where, u in self.partial if where == area]
        for u in taken:
            free.remove(u)
        if unit not in free:
            return False
        ground = sum(1 for u in taken if self.unit_kind(u) not in AIR)
        return self.unit_kind(unit) in AIR or ground < self.ground(units) - self.garrison(slot, area)

    def move_take(self, unit: str, area: str) -> None:
        self.note_move("take", unit, area)
        self.partial += ((area, unit),)

    def allows_go(self, area: str, how: str | None) -> bool:
        """Every unit taken reaches the area with its movement points (``reach``; without leaders no
        Explorer helps); a landing's ships, each carrying at most one unit from its port, reach a coastal
        land area, and ships unloading stop in a sea vacant or the empire's (§ 4 › Naval transport)."""
        slot, leaders = self.player, how != "alone"
        if how in ("landing", "unloading"):
            return self.allows_landing(slot, area, how == "unloading")
        reaches = self.reaches(slot, leaders)
        for source, unit in self.partial:
            reach = reaches.get((source, self.unit_kind(unit)), {})
            if area not in reach or self.movement(slot, unit) + self.explorer(slot, source, leaders) < reach[area][0]:
                return False
        return bool(self.partial)

    def allows_landing(self, slot: int, area: str, unload: bool) -> bool:
        picked = self.taken()
        if not picked or not self.game.world.areas[area].is_land:
            return False
        for port, units in picked.items():
            kinds = [self.unit_kind(u) for u in units]
            ships = sum(1 for k in kinds if k in SHIPS)
            if not self.game.world.areas[port].is_land or ships < len(kinds) - ships or not all(
                    k in SHIPS or k in CARGO for k in kinds):
                return False
        reaches = self.landing_reaches(slot, picked)
        for port, units in picked.items():
            for unit in units:
                reach = reaches.get((port, self.unit_kind(unit)))
                if reach is not None and (area not in reach or self.movement(slot, unit)
                                          + self.explorer(slot, port, True) < reach[area][0]):
                    return False
        return not unload or all(self.owner.get(r.paths[area][1], slot) == slot for r in reaches.values())

    def taken(self) -> dict[str, tuple[str, ...]]:
        """The units taken, by the area they leave."""
        picked: dict[str, tuple[str, ...]] = {}
        for source, unit in self.partial:
            picked[source] = picked.get(source, ()) + (unit,)
        return picked

    def move_go(self, area: str, how: str | None) -> None:
        """The units taken move into the area together (conflict.py ``send``)."""
        slot, leaders, picked = self.player, how != "alone", self.taken()
        self.note_move("go", area, how)
        if how in ("landing", "unloading"):
            self.send(slot, area, picked, self.landing_reaches(slot, picked), leaders=True, landing=True,
                      unload=how == "unloading")
        else:
            self.send(slot, area, picked, self.reaches(slot, leaders), leaders=leaders, civil=how == "escorted")

    def go_with(self, area: str, picked: dict[str, tuple[str, ...]], how: str | None) -> None:
        """A macro's units (source -> units) taken one by one, then sent."""
        for source, units in picked.items():
            for unit in units:
                self.move_take(unit, source)
        self.move_go(area, how)

    # -- Harvest glory (§ End of turn › Harvest glory › Buying glory) -----------------------------------------
    def allows_glory(self, count: str) -> bool:
        return int(count) * self.glory_price(self.player) <= self.money[self.player]

    def move_glory(self, count: str) -> None:
        slot, n = self.player, int(count)
        self.note_move("glory", count)
        if n:
            price = self.glory_price(slot)
            self.spend(slot, n * price)
            self.score(slot, n, f"bought for {n * price} money")
        self.done()

"""7 Ages action 4, Manoeuvre, and conflict (seeds/001_f19afe02b0a671da.txt § 4. Manoeuvre and the
sections after it), as a mixin of the state (``rules.State``).

Movement is offered as macro options (docs/rules/7ages.md § 15): ``march <area>`` moves every unit
that can reach the area with its movement points (``reach``) — land units by land, ships from a port
into the seas its coast faces, from sea to sea and back into a port — each land area keeping one
non-aircraft unit unless the card allows otherwise (§ 4. Manoeuvre › Other movement restrictions), each unit moving once a Manoeuvre; ``open
<area>`` moves into another empire's area just the units that give the empire 2:1 there, so that
others may pass through (§ 4 › Land unit / Ship movement restrictions); ``hold`` ends the movement.
Units entering another empire's area stay there beside its units (``invaders``) until all movement
is over and disorder removed; then each such area is fought, in the order the player chooses
(``fight <area>``). In each round of a conflict each side commits ``one``, ``half`` or ``all`` of
its uncommitted units (the engine commits the strongest and puts the best fronts in front); a side
may retreat, all its units to one area (the one they came from first) that holds no other empire's
unit. ``land <area>`` carries land units by ship (one a ship), and the ports' military leaders, into
a coastal area: an invasion (an aircraft when no land unit is left to carry). Military leaders
(Tactician, Strategist, Explorer) march with their area's units, ``escort <area>`` takes the civil
ones too; a Strategist's stack moves and fights once more. Aircraft fly 1 point an area past other
units; ships keep the coast they lie on in port (``berth``) and may pass another empire's sea on the
promise that no unit ends in its areas (``sworn``). Nukes, Star Wars and elephants in conflict are
``kingdoms.py``'s; option 10's kingdom units, ``neutral_kingdoms.py``'s (the hooks say "option 10"). Not
played yet: cargo dropped on the way.
"""

from __future__ import annotations

import heapq

from cardtools.games.seven_ages.leaders import MILITARY
from cardtools.games.seven_ages.terrain import INVADED

#: How units move (``unit_kind``): the aircraft, and the Kingdoms' nukes and Star Wars, which fly by
#: their own rules (§ 4. Manoeuvre › Aircraft movement restrictions).
AIR = frozenset({"aircraft", "nuke", "star_wars"})
#: What a ship carries: one land or aircraft unit (§ 4. Manoeuvre › Naval transport).
CARGO = frozenset({"land"}) | AIR


class Reach(dict):
    """Where units may end their move -> (movement points, the area entered from); ``paths``: every
    area reached, those only passed through too, to trace the way."""

    paths: dict

COMMITS = ("one", "half", "all")
FORT = 2          # § 4. Manoeuvre › Resolving conflict with other empires: +2 for a fort


class Manoeuvre:
    """Marches, conflict rounds and their end (§ 4. Manoeuvre)."""

    __slots__ = ()

    def action_manoeuvre(self, seat: int, slot: int | None) -> None:
        if slot is None or self.empire[slot] is None:
            return
        self.moved, self.across, self.invaders, self.strategist, self.invaded = {}, {}, {}, None, frozenset()
        self.sworn, self.wave = frozenset(), 0
        self.queue[:0] = [("window", "manoeuvre", (slot,)), ("marching", slot)]      # events first (events.py)

    def task_marching(self, slot: int) -> None:
        if self.empire[slot] is None:
            self.end_movement(slot)
            return
        self.wait("march", slot, {})       # {}: what is worked out for this decision (``worked_out``)
        if not (self.worked_out(("targets", slot), self.march_targets, slot) or self.landings(slot)):
            self.step = None
            self.end_movement(slot)

    def passable(self, slot: int, area: str, ships: bool = False) -> bool:
        """The 2:1 rule (§ 4. Manoeuvre › Land unit movement restrictions; Ship movement restrictions;
        Other movement restrictions): units move through, or across an arrow touching, an area holding
        another empire's units only if the empire already has twice as many units there (in a sea or
        ocean area, twice as many ships and aircraft)."""
        here = self.invaders.get(area, ())
        if ships:
            here = tuple(u for u in here if self.game.class_kind[self.game.unit_class[u]] != "land")
        return len(here) >= 2 * len(self.units_holding(area))     # option 10: a kingdom's units too

    def explorer(self, slot: int, source: str, leaders: bool) -> int:
        """1 when an Explorer moves with the units of ``source`` (a ``march`` takes its area's
        military leaders along): +1 movement point, and a neutral area costs 1 (§ Leader Types ›
        Explorer (Ex))."""
        return 1 if leaders and (self.leader_here(slot, "ex", source) or self.great_explorer(slot, source)) else 0

    def reach(self, slot: int, source: str, kind: str, bonus: int = 0,
              landing: bool = False) -> dict[str, tuple[int, str]]:
        """Where units of ``kind`` (land, ship, galley) in ``source`` can move, with the movement points
        it costs and the area it is entered from (the cheapest way): land units over land, each area
        costing its terrain's points at the empire's age (§ 4. Manoeuvre › Movement); ships 1 an area,
        from a port into the seas its coast faces, from sea to sea, and into a port of the empire
        facing the sea; galleys never into ocean (§ 4 › Ship movement restrictions). Units pass through
        vacant areas, the empire's own, and other empires' where it already has 2:1 (``passable``), and
        end anywhere but in another empire of the same player; crossing arrows close when every sea
        they touch holds another empire's units without the 2:1 (§ 4 › Other movement restrictions).
        With ``landing``, ships may also end in any coastal land area facing their sea (transport).

        Worked out once per march decision (``worked_out``)."""
        return self.worked_out((slot, source, kind, bonus, landing), self.ways, slot, source, kind, bonus, landing)

    def worked_out(self, key: tuple, work, *args):
        """``work(*args)``, once per march decision: its options and its move share what it found (the
        map does not change in between), kept in the decision's context."""
        if self.step is None or self.step[0] != "march":
            return work(*args)
        known = self.step[1]
        found = known.get(key)
        if found is None:
            found = known[key] = work(*args)
        return found

    def ways(self, slot: int, source: str, kind: str, bonus: int, landing: bool) -> dict[str, tuple[int, str]]:
        """``reach``, worked out."""
        world = self.game.world
        age, land, air = self.age(slot), kind == "land", kind in AIR
        limit = bonus + max((self.movement(slot, u) for u in set(self.units[source]) if self.unit_kind(u) == kind),
                            default=0)                     # each type once (a stack repeats its types)
        if kind == "star_wars":                            # § 4 › Aircraft movement: any area on the map
            limit = len(world.areas)
        found: dict[str, tuple[int, str]] = {source: (0, "")}
        via: dict[str, frozenset[int]] = {source: frozenset()}   # empires passed on the promise
        ports = self.berths(slot, source) if world.areas[source].is_land else ()
        closed, neutral_1, ocean_open, siblings = self.worked_out(("ways", slot), self.ways_rules, slot)
        ocean = ocean_open and (kind != "galley" or self.galleys_ocean(slot))
        promised = False
        heap = [(0, source)]
        chart = self.chart
        roads = (self.worked_out(("roads", slot), self.road_costs, slot)    # Paved roads, Railways
                 if land and self.option_16() else {})
        canals = (self.worked_out(("canals", slot), self.canal_passages, slot)    # canal.py
                  if not land and not air and self.option_16() else {})
        bonus_step = bonus or neutral_1                               # an Explorer; Frontier (events.py)
        least = min(1, *roads.values()) if roads else 1   # the cheapest step: a terrain's is 1 or more (map schema)
        areas, owner, entry_cost = world.areas, self.owner, chart.entry_costs(age)
        while heap:
            cost, area = heapq.heappop(heap)
            if cost > found[area][0]:
                continue
            here, tags = areas[area], via[area]
            holder = owner.get(area, slot if air or area not in self.kingdom else None)   # option 10: a kingdom
            if area != source and holder != slot and not (
                    self.air_passable(slot, area, kind) if air else self.passable(slot, area, not here.is_land)):
                if land or air or here.is_land or not self.may_pass(slot, holder):
                    continue                               # stop in another empire's area (no 2:1)
                tags, promised = tags | {holder}, True
            if not land and not air and here.is_land and area != source:
                continue                                   # a port ends a ship's move
            if cost + least > limit:
                continue                                   # no step left to go further
            for border in here.borders + canals[area] if area in canals else here.borders:
                n = border.area
                there = areas[n]
                other = owner.get(n)
                if other in siblings:
                    continue
                if closed and (chart.at(n, age)["id"] in closed or other in closed):
                    continue
                if air:
                    if kind == "nuke" and other not in (None, slot) and "star_wars" in self.units[n]:
                        continue                           # never into another empire's Star Wars
                    step = 1                               # § 4 › Movement: aircraft pay 1 an area
                elif land:
                    if not there.is_land or (border.crossing and all(
                            self.owner.get(s, slot) != slot and not self.passable(slot, s, True)
                            for s in border.crossing)):
                        continue
                    step = 1 if bonus_step and other is None else entry_cost[n]
                    if roads and n in roads and roads[n] < step:
                        step = roads[n]
                elif there.is_land:
                    if (other != slot and not landing) or area not in world.shore(n):
                        continue                           # a port of the empire, or a landing's coast
                    step = 1
                else:
                    if (here.is_land and not any(n in coast for coast in ports)) or (
                            there.kind == "ocean" and not ocean):
                        continue
                    step = 1
                if cost + step <= limit and cost + step < found.get(n, (99, ""))[0]:
                    found[n] = (cost + step, area)
                    via[n] = tags
                    heapq.heappush(heap, (cost + step, n))
        del found[source]
        if promised or self.sworn:
            ends = Reach((a, v) for a, v in found.items() if self.owner.get(a) not in via[a] | self.sworn)
        else:
            ends = Reach(found)
        ends.paths = found
        return ends

    def ways_rules(self, slot: int) -> tuple[frozenset[str | int], bool, bool, set[int]]:
        """What ``ways`` reads of the empire alone, the same from every area and for every kind of unit
        (worked out once per march decision): what is closed to its units (an event's change, events.py;
        a Peace treaty, artefacts.py), whether neutral areas cost it 1 (Frontier, events.py), whether its
        ships may enter ocean (Rutters, artefacts.py), and the player's other empires."""
        closed = self.closed(slot) if self.temporary else frozenset()
        if self.option_16():
            closed |= self.at_peace(slot)
        siblings = set(self.slots_of(self.seat_of(slot))) - {slot}
        return closed, self.neutral_for_1(slot), self.ocean_open(slot), siblings

    def may_pass(self, slot: int, other: int) -> bool:
        """Ships pass a sea or ocean area holding another empire's units without 2:1 when none of the
        empire's units ends its move in an area of that empire this action (§ 4. Manoeuvre › Ship
        movement restrictions; example: French ships past an English galley in the Bay of Biscay):
        none waits in one already, and once passed (``sworn``) none may end in one."""
        return not any(self.owner.get(area) == other for area in self.invaders)

    def berths(self, slot: int, port: str) -> tuple[frozenset[str], ...]:
        """The coasts the empire's ships in a port lie on: those they came in by (``berth``), or any
        for ships built there *(judgment: placed on the coast they first sail from)* (§ 4. Manoeuvre ›
        Ship movement restrictions: ships lie on the coast closest to the seas they can enter)."""
        coasts = self.game.world.coasts(port)
        kiel = self.port_coasts(port) if len(coasts) > 1 and self.option_16() else None     # Great Canal (canal.py)
        if kiel is not None:
            return kiel
        return tuple(coasts[i] for i in self.berth[port]) if port in self.berth else coasts

    def dock(self, slot: int, port: str, sea: str) -> None:
        """Ships entering a port from ``sea`` lie on the coast facing it."""
        side = next(i for i, coast in enumerate(self.game.world.coasts(port)) if sea in coast)
        docked = self.owner.get(port) == slot and any(self.unit_kind(u) in ("ship", "galley") for u in self.units[port])
        if not docked:
            self.berth[port] = frozenset({side})
        elif port in self.berth:
            self.berth[port] |= {side}

    def air_passable(self, slot: int, area: str, kind: str) -> bool:
        """§ 4. Manoeuvre › Aircraft movement restrictions: Star Wars pass every unit, nukes every one but
        another empire's Star Wars; other aircraft pass other empires' units, but pass another empire's
        aircraft only with twice as many aircraft already there."""
        if kind == "star_wars":
            return True
        if kind == "nuke":
            return "star_wars" not in self.units[area]
        theirs = sum(1 for u in self.units[area] if self.unit_kind(u) in AIR)
        mine = sum(1 for u in self.invaders.get(area, ()) if self.unit_kind(u) in AIR)
        return mine >= 2 * theirs

    def movement(self, slot: int, unit: str) -> int:
        """A unit's movement points (``counters.yaml``; 9 for a unit that shows none), with an event's
        extra movement (events.py)."""
        points = self.game.counters.move(unit) or 9
        return points + self.moves_changed(slot, unit) if self.temporary else points

    def unit_kind(self, unit: str) -> str:
        """How a unit moves: land, ship, galley, aircraft, nuke or Star Wars."""
        return self.game.kind_of[unit]

    def kinds_of(self, units, without: frozenset[str] = frozenset()) -> dict[str, None]:
        """The kinds of ``units`` (``unit_kind``) but ``without``, in the order first met: a set's order
        follows the string hash, which differs from process to process, and the order of the kinds
        decides the order ships stay in a sea after unloading and the area a move is entered from:
        a seeded game must be the same game in every process."""
        return dict.fromkeys(kind for kind in map(self.unit_kind, units) if kind not in without)

    def reaches(self, slot: int, leaders: bool = True) -> dict[tuple[str, str], dict[str, tuple[int, str]]]:
        """(source, kind) -> ``reach`` for every area of the empire with units that have not moved
        (in a Strategist's second move, only the Strategist's area, once); ``leaders``: the move
        takes the area's military leaders along."""
        out = {}
        sources = self.areas_of(slot) if self.strategist is None else [a for a in self.areas_of(slot)
                                                                        if a == self.strategist]
        for source in sources:
            units = self.units[source]
            for kind in self.kinds_of(units[:len(units) - self.moved.get(source, 0)]):
                if kind == "land" and not self.game.world.areas[source].is_land:
                    continue                               # marines move on their ships only (option 14)
                out[source, kind] = self.reach(slot, source, kind, self.explorer(slot, source, leaders))
        return out

    def movers(self, slot: int, source: str, target: str, reaches: dict, leaders: bool = True) -> tuple[str, ...]:
        """Units of ``source`` that reach ``target`` this Manoeuvre (each unit moves once), a land area
        keeping one non-aircraft unit; aircraft may leave any area (§ 4. Manoeuvre › Other movement
        restrictions)."""
        units = self.units[source]
        unmoved = units[:len(units) - self.moved.get(source, 0)]
        bonus = self.explorer(slot, source, leaders)
        able = [u for u in unmoved if target in reaches.get((source, self.unit_kind(u)), ())
                and self.movement(slot, u) + bonus >= reaches[source, self.unit_kind(u)][target][0]]
        air = tuple(u for u in able if self.unit_kind(u) in AIR)
        ground = [u for u in able if self.unit_kind(u) not in AIR]
        return tuple(ground[:self.ground(units) - self.garrison(slot, source)]) + air

    def ground(self, units: tuple[str, ...]) -> int:
        """Non-aircraft units: what keeps a land area (§ 4. Manoeuvre › Other movement restrictions)."""
        return sum(1 for u in units if self.unit_kind(u) not in AIR)

    def march_targets(self, slot: int, reaches: dict | None = None) -> list[str]:
        """Areas some units can move into: vacant ones, the empire's own, and other players' empires'
        areas (an attack) — where ``movers`` would find a unit."""
        world, found = self.game.world, set()
        for (source, kind), reach in (reaches or self.reaches(slot)).items():
            units = self.units[source]
            if kind not in AIR and self.ground(units) <= self.garrison(slot, source):
                continue                                   # its last unit keeps the area
            unmoved = units[:len(units) - self.moved.get(source, 0)]
            best = self.explorer(slot, source, True) + max(
                (self.movement(slot, u) for u in unmoved if self.unit_kind(u) == kind), default=-1)
            found.update(t for t, (cost, _) in reach.items() if cost <= best)
        return sorted(found, key=lambda a: world.areas[a].index)

    def opening(self, slot: int, target: str, reaches: dict) -> dict[str, tuple[str, ...]] | None:
        """The units ``open <area>`` moves (by source): as few as give the empire 2:1 in another
        empire's area it does not have 2:1 in yet: the slowest first, then one of each unit type in
        turn, the weakest type first *(judgment: the player picks them; the rulebook's example sends a
        rifle, a Lt. horse, an artillery and a knight)*; None when it cannot reach 2:1 this way."""
        if (self.owner.get(target) in (None, slot) and target not in self.kingdom) or self.passable(slot, target):
            return None                                    # (option 10: a kingdom's area too)
        need = 2 * len(self.units_holding(target)) - len(self.invaders.get(target, ()))
        game = self.game
        grade = game.counters.mixes[game.colour_mix[self.colour[slot]]]["grade"]
        able, seen = [], {}
        for source in dict.fromkeys(s for s, _ in reaches):
            for u in self.movers(slot, source, target, reaches, leaders=False):
                seen[u] = seen.get(u, -1) + 1
                strength = sum(v for v in game.counters.values(u, grade) if isinstance(v, int))
                able.append((self.movement(slot, u), seen[u], strength, len(able), source, u))
        if len(able) < need:
            return None
        picked: dict[str, tuple[str, ...]] = {}
        for *_, source, u in sorted(able)[:need]:       # one of each type in turn, the weakest type first
            picked[source] = picked.get(source, ()) + (u,)
        return picked

    def open_targets(self, slot: int, reaches: dict) -> list[str]:
        found = {t for reach in reaches.values() for t in reach if self.opening(slot, t, reaches)}
        return sorted(found, key=lambda a: self.game.world.areas[a].index)

    def options_march(self, _ways: dict) -> list[int]:
        if self.partial:                                   # units taken one by one (moves.py)
            return self.finishing()
        ids, slot = self.game.ids, self.player
        reaches = self.reaches(slot)              # without Explorers (or Great explorer), the same for ``open``
        explored = any(self.explorer(slot, area, True) for area in self.areas_of(slot))
        bare = self.reaches(slot, leaders=False) if explored else reaches
        targets = self.worked_out(("targets", slot), self.march_targets, slot, reaches)
        return sorted([ids["march"][a] for a in targets]
                      + [ids["escort"][a] for a in self.escort_targets(slot, targets, reaches)]
                      + [ids["open"][a] for a in self.open_targets(slot, bare)]
                      + self.options_land_targets(self.player) + [ids["hold"]])

    def move_march(self, target: str, civil: bool = False) -> None:
        """Every unit that reaches the area moves in, with its areas' military leaders (``civil``:
        every leader)."""
        slot = self.player
        reaches = self.reaches(slot)
        picked = {s: self.movers(slot, s, target, reaches) for s in dict.fromkeys(s for s, _ in reaches)}
        self.go_with(target, picked, "escorted" if civil else None)      # ``take`` … ``go`` (moves.py)

    def escort_targets(self, slot: int, targets: list[str], reaches: dict) -> list[str]:
        """Where a march could take a civil leader along (``escort``): from an area holding one."""
        sources = {where for _, types, where in self.leaders[slot] if not set(types) <= MILITARY}
        return [t for t in targets if any(self.movers(slot, s, t, reaches) for s in sources if s in self.units)]

    def move_escort(self, target: str) -> None:
        """A march whose areas' civil leaders go too (§ 4. Manoeuvre › Leader movement: any leader
        may accompany one unit for its whole move)."""
        self.move_march(target, civil=True)

    def move_open(self, target: str) -> None:
        """Just the units that give 2:1 in another empire's area move in (``opening``), without
        leaders *(judgment: a screening force; the army and its leaders follow with a march)*."""
        slot = self.player
        self.go_with(target, self.opening(slot, target, self.reaches(slot, leaders=False)), "alone")

    def landings(self, slot: int, target: str | None = None) -> dict[str, dict[str, tuple[str, ...]]]:
        """§ 4. Manoeuvre › Naval transport: each ship carries one land unit that starts in its port;
        they move together with the ship's allowance and restrictions, and the land unit must end in
        a coastal area. ``land <area>`` sends every pair that reaches the area from the empire's ports
        (its ports keeping one unit) with the ports' military leaders, the ship entering the area with
        its cargo and staying there *(judgment)*; the land units invade it. -> target -> {port: ships
        + cargo}."""
        found: dict[str, dict[str, tuple[str, ...]]] = {}
        world = self.game.world
        for port in self.areas_of(slot):
            at_sea = not world.areas[port].is_land             # option 14's marines (warfare.py)
            if (at_sea and not self.game.rules["marines"]) or (self.strategist is not None and port != self.strategist):
                continue
            units = self.units[port]
            unmoved = units[:len(units) - self.moved.get(port, 0)]
            cargo = sorted((u for u in unmoved if self.unit_kind(u) in CARGO),
                           key=lambda u: self.unit_kind(u) in AIR)
            ships = [u for u in unmoved if self.unit_kind(u) in ("ship", "galley")]
            if not cargo or not ships:
                continue
            pairs = min(len(cargo), len(ships) if at_sea else (self.ground(units) - self.garrison(slot, port)) // 2)
            bonus = self.explorer(slot, port, True)
            reach = {kind: self.reach(slot, port, kind, bonus, landing=True)
                     for kind in self.kinds_of(ships)}
            for t in {t for r in reach.values() for t in r
                      if (world.areas[t].is_land or self.may_embark(slot, t)) and target in (None, t)}:
                carried = cargo if world.areas[t].is_land else [u for u in cargo if self.marine(u)]
                able = [u for u in ships if t in reach[self.unit_kind(u)]
                        and self.movement(slot, u) + bonus >= reach[self.unit_kind(u)][t][0]][:min(pairs, len(carried))]
                if able:
                    found.setdefault(t, {})[port] = tuple(able) + tuple(carried[:len(able)])
        return {t: v for t, v in found.items() if v}

    def options_land_targets(self, slot: int) -> list[int]:
        ids, landings = self.game.ids, self.landings(slot)
        return [ids["land"][t] for t in landings] + [ids["unload"][t] for t in self.unload_targets(slot, landings)]

    def move_land(self, target: str, unload: bool = False) -> None:
        """Ships and their cargo taken port by port, then landed (``take`` … ``go <area> landing``: moves.py)."""
        self.go_with(target, self.landings(self.player, target)[target], "unloading" if unload else "landing")

    def landing_reaches(self, slot: int, picked: dict[str, tuple[str, ...]], known: dict | None = None) -> dict:
        """The ships' ways from their ports (``known``: those already worked out, kept)."""
        known = {} if known is None else known
        for port, units in picked.items():
            for kind in self.kinds_of(units, CARGO):
                if (port, kind) not in known:
                    known[port, kind] = self.reach(slot, port, kind, self.explorer(slot, port, True), landing=True)
        return {(port, kind): known[port, kind] for port, units in picked.items()
                for kind in self.kinds_of(units, CARGO)}

    def unload_targets(self, slot: int, landings: dict) -> list[str]:
        """Where ships may drop their cargo on the way and stay at sea (``unload``): the seas they would
        stop in, next to the coast, are vacant or the empire's."""
        found, known = [], {}
        for target, picked in landings.items():
            if not self.game.world.areas[target].is_land:   # marines embarking (option 14) stay aboard
                continue
            seas = {r.paths[target][1] for r in self.landing_reaches(slot, picked, known).values()}
            if all(self.owner.get(sea, slot) == slot for sea in seas):
                found.append(target)
        return found

    def move_unload(self, target: str) -> None:
        """A landing whose ships drop their cargo from the sea next to the coast and stay there (§ 4.
        Manoeuvre › Naval transport: ships may drop off their cargo during their move; the cargo moves
        no further)."""
        self.move_land(target, unload=True)

    def send(self, slot: int, target: str, picked: dict[str, tuple[str, ...]], reaches: dict, leaders: bool,
             landing: bool = False, civil: bool = False, unload: bool = False) -> None:
        """The units move in, with the military leaders of their areas if ``leaders`` (§ 4. Manoeuvre
        › Leader movement: each with one of the units, for its whole move); vacant cities on the way
        and at the end lose a level (§ 4 › Vacant areas: Builders do not march). In another
        empire's area they stay beside its units until the conflicts after all movement (§ 4 ›
        Resolving conflict with other empires). A ``landing`` carries land units with the ships, along
        the ships' way. A Builder going along spares the cities on the way (§ 4 › Vacant areas); a
        Populist arriving in a disordered area of the empire removes the disorder, free (§ Leader
        Types › Populist (Po))."""
        world = self.game.world
        moving: tuple[str, ...] = ()
        passed: set[str] = set()
        escort: list[str] = []
        if self.strategist:                                # the Strategist's second move: one march
            self.strategist = ""
        for source, units in picked.items():
            if not units:
                continue
            if leaders:
                carriers = sum(1 for u in units if u not in ("nuke", "star_wars"))   # § 4 › Leader movement
                escort += self.move_leaders(slot, source, target, carriers, civil)
            rest = list(self.units[source])
            for u in units:
                rest.remove(u)
            self.units[source] = tuple(rest)
            if not rest:                                   # a sea area may be emptied
                self.vacate(source)
            moving += units
            for kind in self.kinds_of(units, CARGO if landing else frozenset()):
                reach, area = reaches[source, kind].paths, target
                self.across.setdefault(target, reach[target][1])
                while reach[area][1] != source:            # the areas passed through
                    area = reach[area][1]
                    passed.add(area)
        builder = self.leader_here(slot, "bu", target) and any(
            name in escort for name, types, where in self.leaders[slot] if "bu" in types and where == target)
        for area in sorted(passed, key=lambda a: world.areas[a].index):
            if area not in self.owner and area not in self.kingdom and self.city.get(area) and not builder:
                self.reduce_city(area)
            elif self.owner.get(area, slot) != slot and not world.areas[area].is_land and not self.passable(slot, area, True):
                self.sworn |= {self.owner[area]}           # passed on the promise (``may_pass``)
        defender = self.owner.get(target)
        if unload:                                         # the ships stay at sea; the cargo lands
            for source, kind in reaches:
                ships = tuple(u for u in picked.get(source, ()) if self.unit_kind(u) == kind)
                if ships:
                    sea = reaches[source, kind].paths[target][1]
                    self.place(slot, sea, ships)
                    self.moved[sea] = self.moved.get(sea, 0) + len(ships)
                    self.note(f"  the ships of {self.who(slot)} stay in {world.areas[sea].name}")
            moving = tuple(u for u in moving if self.unit_kind(u) in CARGO)
        if self.log is not None:
            names = ", ".join(self.game.unit_name(u) for u in moving)
            self.note(f"  {self.who(slot)} {'lands' if landing else 'moves'} {names} {'in' if landing else 'into'} "
                      f"{world.areas[target].name}"
                      + (f" with {', '.join(escort)}" if escort else "")
                      + (f", held by {self.who(defender)}" if defender not in (None, slot) else ""))
        if landing and world.areas[target].is_land:
            self.invaded |= {target}
        if world.areas[target].is_land and any(self.unit_kind(u) in ("ship", "galley") for u in moving):
            for source, kind in reaches:
                if target in reaches[source, kind] and any(self.unit_kind(u) == kind for u in picked.get(source, ())) \
                        and kind in ("ship", "galley"):
                    self.dock(slot, target, reaches[source, kind][target][1])
        if defender is None and target not in self.kingdom:          # option 10: a kingdom's area is fought
            if self.city.get(target) and not builder:
                self.reduce_city(target)
            self.place(slot, target, moving)
            self.moved[target] = self.moved.get(target, 0) + len(moving)
        elif defender == slot:
            self.place(slot, target, moving)
            self.moved[target] = self.moved.get(target, 0) + len(moving)
            if target in self.disorder and any(name in escort for name, types, where in self.leaders[slot]
                                               if "po" in types and where == target):
                self.disorder -= {target}
                self.note(f"  {self.who(slot)}: its Populist removes the disorder in {world.areas[target].name}")
        else:
            self.invaders[target] = self.invaders.get(target, ()) + moving
            if self.option_16():
                self.censure(slot, None)                   # the United Nations (clocks.py)
        self.queue[:0] = [("marching", slot)]
        self.done()

    def move_leaders(self, slot: int, source: str, target: str, units: int, civil: bool = False) -> list[str]:
        """The military leaders (Tactician, Strategist, Explorer) of ``source`` go with a march out
        of it, each with one of its units; with ``civil`` (``escort``) every leader there does, the
        military ones first (§ 4. Manoeuvre › Leader movement)."""
        here = sorted((leader for leader in self.leaders[slot] if leader[2] == source),
                      key=lambda leader: not set(leader[1]) & MILITARY)
        going = [leader for leader in here if civil or set(leader[1]) & MILITARY][:units]
        if going:
            self.leaders[slot] = tuple((name, types, target) if (name, types, where) in going else (name, types, where)
                                       for name, types, where in self.leaders[slot])
        return [name for name, _, _ in going]

    def move_hold(self) -> None:
        self.end_movement(self.player)
        self.done()

    def end_movement(self, slot: int) -> None:
        """After all movement: galleys far from the coast are lost, disorder is removed, then every
        area holding the empire's units and another empire's is fought (§ 4. Manoeuvre › Resolving
        conflict with other empires: after all movement and removing disorder)."""
        if self.empire[slot] is not None:
            self.lose_galleys(slot)
            self.lose_aircraft(slot)
            if self.strategist is None:
                self.remove_disorder(slot)
        self.queue[:0] = [("fighting", slot), ("manoeuvre_over", slot)]

    def task_fighting(self, slot: int) -> None:
        """The active player resolves the conflicts in the order it chooses (§ 4 › Resolving conflict
        with other empires; Next conflict)."""
        if len(self.invaders) > 1:
            self.wait("fight", slot)
        elif self.invaders:
            self.queue[:0] = [("battle", slot, next(iter(self.invaders)))]

    def options_fight(self) -> list[int]:
        return sorted(self.game.ids["fight"][a] for a in self.invaders)

    def move_fight(self, area: str) -> None:
        self.queue[:0] = [("battle", self.player, area), ("fighting", self.player)]
        self.done()

    def lose_galleys(self, slot: int) -> None:
        """§ 4 › Ship movement restrictions: a galley in a sea or ocean area not next to a land area
        its empire controls is lost."""
        world = self.game.world
        if self.galleys_ocean(slot):
            return
        coast = {n for a in self.areas_of(slot) if world.areas[a].is_land for n in world.neighbours(a)}
        for area, units in [(a, self.units[a]) for a in self.areas_of(slot)] + list(self.invaders.items()):
            if world.areas[area].is_land or "galley" not in units or area in coast:
                continue
            if self.leader_here(slot, "ex", area):
                continue                                   # § Leader Types › Explorer: not lost with one
            self.note(f"  the galleys of {self.who(slot)} in {world.areas[area].name} are lost, far from its coast")
            self.keep_only(area, tuple(u for u in units if u != "galley"))

    def keep_only(self, area: str, kept: tuple[str, ...]) -> None:
        """The active empire's units in an area, waiting there or holding it, are now ``kept``."""
        if area in self.invaders:
            self.invaders[area] = kept
        elif kept:
            self.units[area] = kept
        else:
            self.vacate(area)

    def lose_aircraft(self, slot: int) -> None:
        """§ 4 › Aircraft movement restrictions: an aircraft (not Star Wars) at sea must be in or next to
        a sea or ocean area holding one of its empire's non-aircraft units, or is lost."""
        world = self.game.world

        def ships(area: str) -> bool:
            units = self.invaders[area] if area in self.invaders else self.units.get(area, ()) if self.owner.get(area) == slot else ()
            return any(self.unit_kind(u) not in AIR for u in units)
        for area, units in [(a, self.units[a]) for a in self.areas_of(slot)] + list(self.invaders.items()):
            if world.areas[area].is_land or not any(self.unit_kind(u) in ("aircraft", "nuke") for u in units):
                continue
            if ships(area) or any(ships(n) for n in world.neighbours(area) if not world.areas[n].is_land):
                continue
            self.note(f"  the aircraft of {self.who(slot)} in {world.areas[area].name} are lost, far from its ships")
            self.keep_only(area, tuple(u for u in units if self.unit_kind(u) not in ("aircraft", "nuke")))

    def remove_disorder(self, slot: int) -> None:
        """§ 4. Manoeuvre › Removing disorder markers: with enough units there (2 + the defence
        modifiers + the city, a fort counting one), one unit is removed and so is the disorder."""
        game, age = self.game, self.age(slot)
        for area in [a for a in self.areas_of(slot) if a in self.disorder]:
            units = self.units[area]
            siege = any(u in game.negates_city for u in units)
            fort = self.fortified(area)
            need = self.chart.garrison(area, age, self.city.get(area, 0), across=self.across.get(area),
                                       invaded=area in self.invaded, siege=siege, fort=fort)
            if len(units) >= need and len(units) > (0 if fort else 1):
                self.disorder -= {area}
                if not fort and not (self.temporary and "remove_disorder_keep_units" in self.in_force("allow", slot)):
                    self.units[area] = units[:-1]                           # unless Martial law (events.py)
                    self.units_to_pool(slot, 1)                             # option 16: Socialism
                self.note(f"  {self.who(slot)} removes the disorder in {game.world.areas[area].name} ({need} units)")

    def task_battle(self, slot: int, area: str) -> None:
        """The conflict in one area the empire entered (§ 4 › Next conflict)."""
        units = self.invaders.pop(area, ())
        defender = self.owner.get(area)
        if not units:                                      # its galleys were lost far from the coast
            self.lose_leaders(slot, area, "no unit left with them")
            return
        if area in self.kingdom:                           # option 10 (neutral_kingdoms.py)
            self.attack_kingdom(slot, area, units)
            return
        if defender is None:                               # its empire was discarded in an earlier conflict
            if self.city.get(area):
                self.reduce_city(area)                     # § 4 › Vacant areas
            self.place(slot, area, units)
            return
        self.fight = (area, slot, defender, units, self.units[area], (), (), 0, 0, 0, 0)
        self.queue[:0] = [("round",)]

    def task_manoeuvre_over(self, slot: int) -> None:
        """After all conflicts, units stacked with a Strategist may move and fight once more (§ 4.
        Manoeuvre › Next conflict; § Leader Types › Strategist (St)): the engine gives its first
        Strategist's stack one more march *(judgment)*; then the Manoeuvre is over."""
        self.manoeuvred(slot)                              # option 16: a Holy war's duty (crusades.py)
        if self.empire[slot] is not None:
            self.check_empty(slot)
        if self.temporary and self.extra_manoeuvre(slot):      # Second front, Blitzkrieg (events.py)
            return
        if self.strategist is None and self.empire[slot] is not None:
            stack = next((where for _, types, where in self.leaders[slot] if "st" in types
                          and self.owner.get(where) == slot and len(self.units[where]) > 1), None)
            if stack is not None:
                self.strategist, self.moved, self.across = stack, {}, {}
                self.note(f"  the Strategist of {self.who(slot)} moves again from {self.game.world.areas[stack].name}")
                self.queue[:0] = [("marching", slot)]
                return
        self.moved, self.across, self.invaders, self.strategist, self.invaded = {}, {}, {}, None, frozenset()
        self.sworn = frozenset()
        if self.empire[slot] is not None and self.option_16() and not self.manoeuvre_again(slot):   # World war
            self.grudges_settled(slot)                     # Buddhism (artefacts.py)

    # -- conflict (§ 4. Manoeuvre › Resolving conflict with other empires and after) -------------------
    # self.fight = (area, attacker, defender, attacker's uncommitted, defender's uncommitted,
    #               attacker's set aside, defender's set aside, attacker's conflict disorder markers,
    #               defender's, attacker's losses, defender's losses)
    def task_round(self) -> None:
        """Before the cards, a side may retreat if the other has a conflict disorder marker, the
        active player deciding first (§ 4. Manoeuvre › Retreat)."""
        self.queue[:0] = [("cards",)]
        self.offer_retreat(0)

    def offer_retreat(self, side: int) -> None:
        area, slot = self.fight[0], self.fight[1 + side]
        if side == 0 and not (self.fight[8] and self.retreat_to(slot, area)):
            side, slot = 1, self.fight[2]
        tactician = self.tactician_near(slot, area)      # § Leader Types › Tactician: if either has one
        if side == 0 and self.retreats_any_round(slot) and self.retreat_to(slot, area):   # events.py
            self.wait("retreat", slot, side)
            return
        if side == 1 and not ((self.fight[7] or (tactician and self.fight[8]) or self.retreats_any_round(slot))
                              and self.retreat_to(slot, area)):
            return
        self.wait("retreat", slot, side)

    def retreat_to(self, slot: int, area: str) -> str | None:
        """A neighbouring area of the same kind the empire controls that holds no other empire's unit
        (no units waiting there for their conflict) — the one they came from first."""
        if self.neutral_side(slot):                        # option 10: kingdom units can't retreat
            return None
        world = self.game.world
        land = world.areas[area].is_land
        options = [n for n in world.neighbours(area) if self.owner.get(n) == slot and world.areas[n].is_land == land
                   and n not in self.invaders]
        came = self.across.get(area)
        return came if came in options else (options[0] if options else None)

    def options_retreat(self, side: int) -> list[int]:
        return [self.game.ids["retreat"], self.game.ids["stand"]]

    def move_stand(self) -> None:
        side = self.step[1]
        self.step = None
        if side == 0:
            self.offer_retreat(1)
        self.proceed()

    def move_retreat(self) -> None:
        """Every unit of the side still in the area goes to one area it controls next to it."""
        side = self.step[1]
        self.pursue(side)                                # option 6 (warfare.py)
        fight = self.fight
        area, slot = fight[0], fight[1 + side]
        units = fight[3 + side] + fight[5 + side]
        where = self.retreat_to(slot, area)
        self.place(slot, where, units)
        self.leaders[slot] = tuple((name, types, where if at == area else at) for name, types, at in self.leaders[slot])
        self.note(f"  {self.who(slot)} retreats {len(units)} unit(s) to {self.game.world.areas[where].name}")
        if side == 0:
            self.fight = fight[:3] + ((), fight[4], (), fight[6]) + fight[7:]
        else:
            self.fight = fight[:4] + ((), fight[5], ()) + fight[7:]
        self.queue.remove(("cards",))                    # the retreat comes before the cards
        self.step = None
        self.end_conflict()
        self.proceed()

    def task_cards(self) -> None:
        """Each side draws a card and looks at it (§ 4 › Resolving conflict), then commits units
        secretly."""
        self.queue[:0] = [("conflict_card", 0), ("conflict_card", 1), ("commits",)]

    def task_conflict_card(self, side: int) -> None:
        """With a Tactician in the area, the side may discard its card and draw a second, which it
        must use (§ Leader Types › Tactician (Ta))."""
        area, slot = self.fight[0], self.fight[1 + side]
        self.drawn[self.seat_of(slot)] = self.draw_cards(1)
        if self.drawn[self.seat_of(slot)] and self.tactician_near(slot, area) and not self.neutral_side(slot):
            # (option 10: a kingdom's side has no Tactician, whoever plays it)
            self.wait("redraw", slot, side)

    def options_redraw(self, side: int) -> list[int]:
        return [self.game.ids["redraw"], self.game.ids["keep"]]

    def move_redraw(self) -> None:
        seat = self.seat_of(self.player)
        second = self.draw_cards(1)
        if second:
            self.discards += self.drawn[seat]
            self.drawn[seat] = second
            self.note(f"  {self.who(self.player)}'s Tactician has the card redrawn")
        self.done()

    def move_keep(self) -> None:
        self.done()

    def task_commits(self) -> None:
        """The attacker commits first, unless an event says otherwise (the ``commits`` window: events.py)."""
        self.commits = (None, None)
        if self.game.events is not None:
            self.queue[:0] = [("window", "commits", self.fight[1:3]), ("first_commit",)]
        else:
            self.wait("commit", self.fight[1], 0)

    def task_first_commit(self) -> None:
        side = self.commits_first()
        self.wait("commit", self.fight[1 + side], side)

    def options_commit(self, side: int) -> list[int]:
        """The macros (``one``, ``half``, ``all``: the strongest), or the units one at a time (``pick
        <unit>`` … ``picked``: the primitive layer, docs/rules/7ages.md § 15)."""
        ids = self.game.ids
        units = list(self.fight[3 + side])
        for unit in self.picks:
            units.remove(unit)
        picks = sorted({ids["pick"][u] for u in units})
        if self.picks:
            return picks + [ids["picked"]]
        count = len(units)
        macros = [ids["commit"]["one"]] if count == 1 else (
            [ids["commit"][c] for c in COMMITS] if count > 2 else [ids["commit"]["one"], ids["commit"]["all"]])
        return macros + (picks if len(picks) > 1 else [])

    def move_pick(self, unit: str) -> None:
        self.picks += (unit,)
        self.wait("commit", self.player, self.step[1])

    def move_picked(self) -> None:
        picks, self.picks = self.picks, ()
        self.move_commit(picks)

    def move_commit(self, how: str | tuple[str, ...]) -> None:
        side = self.step[1]
        units = self.fight[3 + side]
        count = how if isinstance(how, tuple) or how == "all" else {"one": 1, "half": (len(units) + 1) // 2}[how]
        self.commits = self.commits[:side] + (count,) + self.commits[side + 1:]
        if self.commits[1 - side] is None:
            self.wait("commit", self.fight[2 - side], 1 - side)
        else:                                       # events of the round first (events.py)
            self.queue[:0] = [("window", "conflict", self.fight[1:3]), ("round_result",), ("expire", "round")]
            self.done()

    def task_round_result(self) -> None:
        self.resolve_round()

    def strongest(self, slot: int, units: tuple[str, ...], count: int | str | tuple[str, ...],
                  area: str) -> tuple[tuple, tuple]:
        """The units committed — the ``count`` strongest, ``all``, or those picked — and those left."""
        ranked = sorted(units, key=lambda u: -sum(self.unit_values(slot, u, area)))
        if count == "all":
            return tuple(ranked), ()
        if isinstance(count, tuple):
            for unit in count:
                ranked.remove(unit)
            return count, tuple(ranked)
        return tuple(ranked[:count]), tuple(ranked[count:])

    def unit_values(self, slot: int, unit: str, area: str, changed=()) -> tuple[int, int]:
        """Front and support by the colour's grade, with the card's specials; cavalry −1 in forest
        (map.yaml terrain `cavalry`); doubled fronts by an event's change (Greek fire)."""
        game = self.game
        neutral = self.neutral_side(slot)                  # option 10: a kingdom's units, no card's specials
        grade = self.kingdom_grade() if neutral else game.counters.mixes[game.colour_mix[self.colour[slot]]]["grade"]
        front, support = game.counters.values(unit, grade)
        front = front if isinstance(front, int) else 0
        more = (0, 0) if neutral else self.special_values(slot, unit)
        front, support = front + more[0], support + more[1]
        if game.unit_class[unit] == "cavalry":
            malus = self.chart.at(area, self.age(self.fight[2])).get("cavalry", 0)
            front, support = max(0, front + malus), max(0, support + malus)
        if self.marine(unit) and not game.world.areas[area].is_land:       # option 14 (warfare.py)
            front, support = front // 2, support // 2
        for c in changed:
            if c.get("double") == "front" and self.unit_fits(unit, tuple(c.get("units", ()))):
                front *= 2
            if c.get("support_only") and self.unit_fits(unit, c["support_only"]):   # Heavy rains (events.py)
                front = support
            if c.get("near") and self.unit_fits(unit, c["units"]) and self.beacon_near(slot, area, c["near"]):
                front, support = front + c.get("front", 0), support + c.get("support", 0)    # Pharos (option 16)
        if self.holy_wars:                               # option 16: a Holy war next door (crusades.py)
            bonus = self.holy_war_bonus(slot, area)
            front, support = front + bonus, support + bonus
        return front, support

    def total(self, side: int, committed: tuple[tuple, tuple], cards: tuple[str, str]) -> tuple[int, str]:
        """§ 4 › Resolving conflict: card + fronts of half the committed units (rounded up) + supports
        of the rest + elite markers + ages ahead + per enemy conflict disorder marker the best front
        and best support committed; the defender adds terrain, fort and city (no city against
        artillery, battleships, bombers, cannons or catapults)."""
        game = self.game
        area, att, dfn = self.fight[:3]
        slot, other = (att, dfn) if side == 0 else (dfn, att)
        mine, theirs = committed[side], committed[1 - side]
        changed, cancelled = self.conflict_changed(slot, other) if self.changing else ((), ())  # events, artefacts
        values = sorted(((0 if self.shy_front(u, theirs) else f, s) for u in mine
                         for f, s in [self.unit_values(slot, u, area, changed)]), key=lambda v: -v[0])
        fronts = (len(values) + 1) // 2
        front = sum(v[0] for v in values[:fronts])
        kinds = {game.unit_class[u] for u in mine}
        if kinds <= {"infantry", "missile"} and theirs and {game.unit_class[u] for u in theirs} <= {"cavalry", "aircraft"}:
            front = (front + 1) // 2                     # § 4 › Special cases
        support = sum(v[1] for v in values[fronts:])
        parts = [("card", game.value[cards[side]]), ("fronts", front), ("supports", support),
                 ("elite", 0 if self.neutral_side(slot) else self.elite[slot]),     # option 10: a kingdom has none
                 ("ages ahead", max(0, self.age(slot) - self.age(other))),
                 ("events", sum(c.get("total", 0) for c in changed))]
        markers = self.fight[8 - side]                   # the opponent's conflict disorder markers
        if markers and values:
            parts.append(("disorder markers", markers * (max(v[0] for v in values) + max(v[1] for v in values))))
        if side == 1:
            parts.append(("terrain", self.chart.defence(area, self.age(dfn), self.across.get(area))))
            canal = self.canal_defence(area, self.across.get(area)) if self.option_16() else 0
            if canal:                                    # option 16: a Great Canal is a river (canal.py)
                parts.append(("canal", canal))
            if self.fortified(area):
                parts.append(("fort", FORT))
            if area in self.invaded:
                parts.append(("invasion", INVADED))
            if self.city.get(area) and not any(u in game.negates_city for u in theirs):
                parts.append(("city", self.city[area]))
            parts = [p for p in parts if p[0] not in cancelled]      # an event's cancel (Siege engines)
        total = sum(v for _, v in parts)
        return total, " + ".join(f"{v} {k}" for k, v in parts if v)

    def resolve_round(self) -> None:
        """The lower total loses every unit it committed; a tie, both (§ 4 › Conflict outcomes). A side
        left with no uncommitted unit uncommits all and takes a conflict disorder marker (§ 4 ›
        Committed units and conflict disorder)."""
        area, att, dfn, ua, ud, sa, sd, ma, md, la, ld = self.fight
        cards = (self.drawn[self.seat_of(att)][0], self.drawn[self.seat_of(dfn)][0])
        if self.temporary:                                # Brilliant general (events.py)
            cards = self.better_cards((att, dfn), cards)
        self.discards += cards
        self.drawn[self.seat_of(att)] = self.drawn[self.seat_of(dfn)] = ()
        ca, ua = self.aboard(*self.strongest(att, ua, self.commits[0], area), area)    # option 14 (warfare.py)
        cd, ud = self.aboard(*self.strongest(dfn, ud, self.commits[1], area), area)
        if "nuke" in ca + cd:                              # § 4 › Nukes and Star Wars (kingdoms.py)
            ca, cd, destroyed, boom = self.nukes_committed(ca, cd)
            la, ld = la + destroyed[0], ld + destroyed[1]
            if boom:
                la, ld = la + len(ca + ua + sa), ld + len(cd + ud + sd)
                self.note(f"  a nuke goes off in {self.game.world.areas[area].name}: every unit there is lost")
                self.fight = (area, att, dfn, (), (), (), (), ma, md, la, ld)
                self.go_back(dfn, "a nuke in its area")
                self.end_conflict()
                return
        (ta, why_a), (td, why_d) = self.total(0, (ca, cd), cards), self.total(1, (ca, cd), cards)
        if self.log is not None:
            self.note(f"  round: {self.who(att)} commits {len(ca)}: {ta} ({why_a}); "
                      f"{self.side_name(dfn)} commits {len(cd)}: {td} ({why_d})")
        # a Tactician in the area is committed with ``commit all`` *(judgment)*: on a tie its side loses
        # nothing, on a defeat it is lost with the units (§ 4 › Conflict outcomes; § Leader Types › Tactician)
        tactics = [self.commits[i] == "all" and self.leader_here(s, "ta", area)
                   for i, s in enumerate((att, dfn))]
        if self.game.rules["quick_conflict"]:             # option 13: one round (warfare.py)
            self.quick_result((ca, cd), (ua, ud), (ta, td), tactics)
            return
        spared = [t or self.wins_ties(s) for t, s in zip(tactics, (att, dfn))]     # an event's change (events.py)
        committed, fled = (ca, cd), [False, False]
        if ta <= td and not (ta == td and spared[0]):
            la += len(ca)
            fled[0] = "elephant" in ca
            ca = ()
            if tactics[0]:
                self.lose_tactician(att, area)
        if td <= ta and not (ta == td and spared[1]):
            ld += len(cd)
            fled[1] = "elephant" in cd
            cd = ()
            if tactics[1]:
                self.lose_tactician(dfn, area)
        if self.temporary:                                # Treason! (events.py)
            ca, cd = self.treason((att, dfn), committed, (ca, cd))
        sa, sd = sa + ca, sd + cd
        if not ua and sa:
            ua, sa, ma = sa, (), ma + 1
        if not ud and sd:
            ud, sd, md = sd, (), md + 1
        self.fight = (area, att, dfn, ua, ud, sa, sd, ma, md, la, ld)
        for side in (0, 1):
            if fled[side] and (ua, ud)[side]:              # an elephant lost: the survivors retreat
                self.flee(side)
        ua, ud = self.fight[3], self.fight[4]
        if ua and ud:
            self.queue[:0] = [("round",)]
        else:
            self.end_conflict()

    def lose_tactician(self, slot: int, area: str) -> None:
        """A committed leader is lost with its side's units (named: out of the game; unnamed: the cup)."""
        lost = next(leader for leader in self.leaders[slot] if "ta" in leader[1] and leader[2] == area)
        self.leaders[slot] = tuple(leader for leader in self.leaders[slot] if leader is not lost)
        self.leaders_gone(slot)
        if lost[0] not in self.game.leader_slug:
            self.cup += (lost[1],)
        self.note(f"  {self.who(slot)} loses {lost[0]}, committed and beaten")
        self.leaders_lost(slot, (lost,))                 # the events of that moment (events.py)

    def end_conflict(self) -> None:
        """§ 4. Manoeuvre › End of conflict: elite markers at risk, disorder, control and its changes."""
        if self.fight[0] in self.kingdom:            # option 10: against a kingdom (neutral_kingdoms.py)
            self.kingdom_conflict_over()
            return
        area, att, dfn, ua, ud, sa, sd, ma, md, la, ld = self.fight
        self.fight = None
        self.task_expire("conflict")                  # an event's change for this conflict (events.py)
        self.defended_against(dfn, att)               # option 16: Democracy (artefacts.py)
        self.units_to_pool(att, la)                   # option 16: Socialism
        self.units_to_pool(dfn, ld)
        for slot, lost in ((att, la), (dfn, ld)):
            self.elite_at_risk(slot, lost)
        survivors_a, survivors_d = ua + sa, ud + sd
        self.units[area] = survivors_d
        if not survivors_a:                                # leaders that came with the attack, left alone
            self.lose_leaders(att, area, "no unit left with them")
        if not survivors_d:
            capital = self.capital[dfn] == area
            kept = self.kept_by_liberator(area)            # option 16: a Great Temple stays (artefacts.py)
            canals = self.canals_in(area)                  # option 16: a Great Canal stays (canal.py)
            crusade = self.crusades().get(area) if self.option_16() else None     # a Holy war (crusades.py)
            self.vacate(area)
            if survivors_a:
                self.take_control(att, area, survivors_a)
                self.artefacts_kept(area, kept)
                self.canal_taken(dfn, att, area, canals)
                self.liberated(att, dfn, area, crusade)
                self.land_taken(att, dfn, area)           # option 16 (artefacts.py)
            if capital and self.money[dfn]:
                money, self.money[dfn] = self.money[dfn], 0
                self.note(f"  {self.who(dfn)} loses its capital and all its money")
                if survivors_a:
                    self.earn(att, money // 2, "half the lost capital's money")
        if la and ld and area in self.owner and self.game.world.areas[area].is_land:
            self.add_disorder(area)
        if self.log is not None:
            holder = self.owner.get(area)
            self.note(f"  conflict over: {self.who(att)} lost {la}, {self.who(dfn)} lost {ld}; "
                      + (f"{self.who(holder)} holds the area" if holder is not None else "the area is vacant"))
        winner = att if survivors_a and not survivors_d else dfn if survivors_d and not survivors_a else None
        self.conflict_won(winner, la if winner == dfn else ld)          # its events (events.py)
        self.check_empty(dfn)
        self.attacker_settled(att)

    def elite_at_risk(self, slot: int, lost: int) -> None:
        """An empire with an elite marker that lost 2 or more units loses one if a card drawn is worth
        less than its losses (§ 4 › End of conflict)."""
        if self.elite[slot] and lost >= 2:
            card = self.draw_cards(1)
            if card:
                self.discards += card
                if self.game.value[card[0]] < lost:
                    self.elite[slot] -= 1
                    self.note(f"  {self.who(slot)} loses an elite marker")

    def attacker_settled(self, att: int) -> None:
        """Conflicts to come: units still waiting in other areas are on the map (§ 4 › Next conflict;
        § 7. Discard empire: only an empire without units is discarded)."""
        if not any(self.invaders.values()) and not any(task[0] in ("land", "battle") and task[1] == att
                                                        for task in self.queue):
            self.check_empty(att)

    def take_control(self, winner: int, area: str, units: tuple[str, ...]) -> None:
        """A change of control: artefacts and fort are gone (``vacate``); immediate glory for a
        liberated city, then the city loses a level (§ 4 › End of conflict; § End of turn › Harvest
        glory › Immediate glory)."""
        if self.city.get(area):
            if not self.city_liberated(winner, area):        # with events: after the events of the moment
                self.liberation_glory(winner)
            if not self.leader_here(winner, "bu", area):   # § 4 › End of conflict: unless a Builder is there
                self.reduce_city(area)
        self.place(winner, area, units)
        if self.city.get(area) and self.barbarian(winner):
            if any(task[0] == "finish_start" and task[1] == winner for task in self.queue):
                self.raze(winner, area)                    # during Start empire it must
            else:
                self.queue[:0] = [("raze", winner, area)]

    def task_raze(self, slot: int, area: str) -> None:
        """A Barbarian that liberates a city may destroy it (§ 4. Manoeuvre › End of conflict)."""
        if self.owner.get(area) == slot and self.city.get(area):
            self.wait("raze", slot, area)

    def options_raze(self, area: str) -> list[int]:
        return [self.game.ids["raze"], self.game.ids["spare"]]

    def move_raze(self) -> None:
        self.raze(self.player, self.step[1])
        self.done()

    def move_spare(self) -> None:
        self.done()

    def raze(self, slot: int, area: str) -> None:
        del self.city[area]
        self.note(f"  {self.who(slot)} destroys the city in {self.game.world.areas[area].name}")

    def liberation_glory(self, winner: int) -> None:
        per_city = self.game.immediate(self.empire[winner], "city_liberated")
        if per_city:
            self.score(winner, per_city, "immediate glory: city liberated")

    def reduce_city(self, area: str) -> None:
        """A city loses one level; a 1 is removed (no Builders yet)."""
        steps = (0, 1, 3, 5, 7)
        value = self.city[area]
        lower = steps[max(0, steps.index(value) - 1)] if value in steps else 0
        if lower:
            self.city[area] = lower
        else:
            del self.city[area]
        if self.log is not None:
            name = self.game.world.areas[area].name
            self.note(f"  the city in {name} is reduced to {lower}" if lower else f"  the city in {name} is removed")

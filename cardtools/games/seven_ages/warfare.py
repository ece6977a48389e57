"""7 Ages' optional rules of conflict and transport (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE ›
Optional Rules › 6) Pursuit, 13) Quick conflict resolution, 14) Marines), as a mixin of the state:
hooks conflict.py and kingdoms.py call. docs/rules/7ages.md § 18.3 is the specification; which options
are played is ``options.py``'s table.
"""

from __future__ import annotations

#: Unit classes that may stay at sea on their ships with option 14 (§ 14: infantry and missiles).
MARINES = frozenset({"infantry", "missile"})
#: Aircraft-class counters that do not pursue *(judgment)*: a nuke and Star Wars only strike (kingdoms.py).
NOT_PURSUERS = frozenset({"nuke", "star_wars"})


class Warfare:
    """Pursuit, quick conflicts and marines."""

    __slots__ = ()

    # -- 4. Manoeuvre › Retreat: 6) Pursuit ------------------------------------------------------------
    def pursuit_required(self, pursuers: tuple[str, ...], area: str, age: int) -> int:
        """Losses the pursuers inflict (§ 6): 2 an aircraft, 1 a tank, 1 every full 2 other cavalry;
        halved in a mountain, -1 in a forest, at least 0 (the terrain as the defender's age has it, as
        for its defence; halves round down *(judgment)*)."""
        kind = self.game.unit_class
        aircraft = sum(1 for u in pursuers if kind[u] == "aircraft" and u not in NOT_PURSUERS)
        tanks = pursuers.count("tank")
        cavalry = sum(1 for u in pursuers if kind[u] == "cavalry" and u != "tank")
        required = 2 * aircraft + tanks + cavalry // 2
        terrain = self.game.chart.at(area, age)["id"]
        if terrain == "mountain":
            required //= 2
        elif terrain == "forest":
            required -= 1
        return max(0, required)

    def pursuit_worth(self, unit: str, best: int) -> int:
        """Required losses one unit lost satisfies (§ 6): 2 a cavalry or aircraft, else 1; 2 (3 for
        cavalry or aircraft) from a higher progress level than the pursuers' highest unit."""
        fast = self.game.unit_class[unit] in ("cavalry", "aircraft")
        return (3 if fast else 2) if self.game.unit_level[unit] > best else (2 if fast else 1)

    def pursue(self, side: int, pursuers: tuple[str, ...] | None = None, toll: int = 0) -> None:
        """Option 6: the side retreating first loses units to the other side's units left in the area
        (``pursuers``: option 13's reserves only), ``toll`` more with option 13 (§ 13: added together),
        the cheapest for the losses they satisfy first *(judgment: "your choice", its fixed policy)*;
        the rest retreat."""
        fight = self.fight
        area, slot = fight[0], fight[1 + side]
        if pursuers is None:
            pursuers = fight[4 - side] + fight[6 - side]
        required = toll
        if self.game.rules["pursuit"]:
            required += self.pursuit_required(pursuers, area, self.age(fight[2]))
        if not required:
            return
        best = max((self.game.unit_level[u] for u in pursuers), default=0)
        pursued = self.game.rules["pursuit"]
        lost = self.take_losses(side, required, lambda u: self.pursuit_worth(u, best) if pursued else 1)
        self.note(f"  {'pursuit' if pursued else 'the reserves'}: {self.who(slot)} loses {len(lost)} unit(s) "
                  f"for {required} required ({', '.join(self.game.unit_name(u) for u in lost)})")

    def take_losses(self, side: int, required: int, worth) -> list[str]:
        """The side's units in the area lost until they satisfy ``required`` (each ``worth(unit)``): the
        cheapest class for what it satisfies first, then the lowest level *(judgment: the player's
        choice, as a fixed policy)*; they count as the conflict's losses."""
        units = self.fight[3 + side] + self.fight[5 + side]
        cost, kind, level = self.game.class_cost, self.game.unit_class, self.game.unit_level
        order = sorted(units, key=lambda u: (cost[kind[u]] / worth(u), level[u]))
        lost, satisfied = [], 0
        for unit in order:
            if satisfied >= required:
                break
            lost.append(unit)
            satisfied += worth(unit)
        self.take_losses_of(side, tuple(lost))
        return lost

    # -- 4. Manoeuvre › Resolving conflict: 13) Quick conflict resolution ------------------------------------
    def quick_result(self, committed: tuple[tuple, tuple], reserves: tuple[tuple, tuple],
                     totals: tuple[int, int], tactics: list[bool]) -> None:
        """Option 13 (§ 13): one round. A total at least three times the other's loses nothing and
        destroys the other side. Otherwise the loser loses its committed units and the winner half the
        fewer committed of either side (rounded down *(judgment)*); the loser then loses half the
        winner's reserves in number (with option 6, added to the reserves' pursuit: only reserves
        pursue) and retreats. A tie: each loses its committed units but with a committed Tactician,
        and the attacker retreats. Which units: the fixed policy of ``take_losses``; a side that cannot
        retreat loses its units *(judgment, as an elephant's flight)*."""
        area = self.fight[0]
        fight = list(self.fight)
        for side in (0, 1):                              # the committed and the reserves, as they stand
            fight[3 + side], fight[5 + side] = reserves[side], committed[side]
        self.fight = tuple(fight)
        (ta, tb), loser = totals, None
        if ta == tb:
            for side in (0, 1):
                if not tactics[side]:
                    self.take_losses_of(side, committed[side])
            loser = 0
        else:
            winner = 0 if ta > tb else 1
            loser = 1 - winner
            if max(ta, tb) >= 3 * min(ta, tb):
                self.take_losses_of(loser, committed[loser] + reserves[loser])
                self.note(f"  {self.who(self.fight[1 + winner])} triples the total: "
                          f"{self.who(self.fight[1 + loser])} loses every unit in {self.game.world.areas[area].name}")
                loser = None
            else:
                self.take_losses_of(loser, committed[loser])
                if tactics[loser]:
                    self.lose_tactician(self.fight[1 + loser], area)
                self.take_losses(winner, min(len(committed[0]), len(committed[1])) // 2, lambda u: 1)
                self.pursue(loser, reserves[winner], len(reserves[winner]) // 2)
        if loser is not None and self.fight[3 + loser] + self.fight[5 + loser]:
            self.flee(loser, "must retreat (quick conflict)", pursued=False)
        self.end_conflict()

    def take_losses_of(self, side: int, units: tuple[str, ...]) -> None:
        """Exactly these units of the side are lost."""
        fight = list(self.fight)
        remaining = list(units)
        for i in (3 + side, 5 + side):
            kept = []
            for unit in fight[i]:
                if unit in remaining:
                    remaining.remove(unit)
                else:
                    kept.append(unit)
            fight[i] = tuple(kept)
        fight[9 + side] += len(units)
        self.fight = tuple(fight)

    # -- 4. Manoeuvre › Naval transport: 14) Marines ---------------------------------------------------------
    def marine(self, unit: str) -> bool:
        """An infantry or missile unit: what may stay at sea on its ship with option 14 (§ 14)."""
        return self.game.rules["marines"] and self.game.unit_class.get(unit) in MARINES

    def may_embark(self, slot: int, sea: str) -> bool:
        """Option 14: a transport's infantry and missiles may end their move on their ships in a sea
        next to a land area of their empire (§ 14), vacant or the empire's *(judgment: not into a
        conflict at sea)*; ``land <sea>`` sends them (conflict.py ``landings``), and from there their
        ships carry them on (``land <area>``)."""
        world = self.game.world
        return (self.game.rules["marines"] and not world.areas[sea].is_land and self.owner.get(sea, slot) == slot
                and any(self.owner.get(n) == slot and world.areas[n].is_land for n in world.neighbours(sea)))

    def task_marooned(self) -> None:
        """At the end of every action, marines at sea are lost when no land area of their empire is
        next to them or no ship carries them (one a ship) (§ 14)."""
        world = self.game.world
        seas = [(area, slot) for area, slot in self.owner.items() if not world.areas[area].is_land]
        for sea, slot in sorted(seas, key=lambda item: world.areas[item[0]].index):
            units = self.units.get(sea, ())
            marines = sum(1 for u in units if self.marine(u))
            if not marines:
                continue
            ashore = any(self.owner.get(n) == slot and world.areas[n].is_land for n in world.neighbours(sea))
            ships = sum(1 for u in units if self.unit_kind(u) in ("ship", "galley"))
            lost = marines - (min(marines, ships) if ashore else 0)
            if not lost:
                continue
            kept, drop = [], lost
            for unit in reversed(units):
                if drop and self.marine(unit):
                    drop -= 1
                else:
                    kept.append(unit)
            self.note(f"  {self.who(slot)}: {lost} unit(s) at sea in {world.areas[sea].name} are lost "
                      f"({'no ship' if ashore else 'no land area of theirs next to them'})")
            if kept:
                self.units[sea] = tuple(reversed(kept))
            else:
                self.vacate(sea)
                self.check_empty(slot)

    def aboard(self, committed: tuple[str, ...], reserves: tuple[str, ...], area: str) -> tuple[tuple, tuple]:
        """Option 14: at sea, infantry and missiles are committed with their ships and only with them:
        as many as the ships committed (§ 14; their values are halved: conflict.py ``unit_values``)."""
        if not self.game.rules["marines"] or self.game.world.areas[area].is_land:
            return committed, reserves
        marines = [u for u in committed + reserves if self.marine(u)]
        ships = sum(1 for u in committed if self.unit_kind(u) in ("ship", "galley"))
        return (tuple(u for u in committed if not self.marine(u)) + tuple(marines[:ships]),
                tuple(u for u in reserves if not self.marine(u)) + tuple(marines[ships:]))

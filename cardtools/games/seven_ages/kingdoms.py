"""7 Ages: the Kingdoms expansion's 14 common counters (seeds/001_f19afe02b0a671da.txt § 2. Production ›
Elephants, Nukes and Star Wars (Kingdoms expansion); § 4. Manoeuvre › Nukes and Star Wars), as a mixin
of the state. Deluxe edition only *(judgment: the Kingdoms expansion is part of Deluxe)*.

Each counter shows an elephant raised in one area (``counters.yaml`` ``common_units``) and a nuke or
Star Wars on its back. Where each is, ``self.common`` (one entry a counter): ``None`` in the common
pool, ``("pool", slot)`` in an empire's unit pool (an elephant it may build), ``("map", slot, unit)``
on the map as that unit, ``GONE`` out of the game. Units on the map are unit types, not counters: the
entries are squared with the map at the start of every action (``settle_common``), a counter no
longer on the map going back where the rules send it.
"""

from __future__ import annotations

ELEPHANT_LEVEL = 10                                    # § 2 › Elephants: an empire at level 10 or more
SHY = frozenset({"chariot", "lt_horse", "hs_archer"})  # § 4 › Special cases: front 0 against an elephant
NUKE_GLORY = 7                                         # § 4 › Nukes and Star Wars: each nuke committed
GONE = "gone"
COMMON = frozenset({"elephant", "nuke", "star_wars"})   # the units the counters show


def common_counters(counters) -> tuple[tuple[str, str], ...]:
    """(area raised in, the back's unit) of each common counter, in the data's order."""
    return tuple((c["raised_in"], counters.counters[c["counter"]]["back"])
                 for c in counters.data["common_units"]["counters"])


class CommonUnits:
    """Elephants joining pools, elephants, nukes and Star Wars built, lost and leaving the game."""

    __slots__ = ()

    #: Whether a counter is on the map, with the ``common`` it was read of (``common_on_map``).
    _on_map: tuple = (None, False)

    def kingdoms(self) -> bool:
        return self.game.rules["edition"] == "deluxe"

    def common_on_map(self) -> bool:
        """Whether a common counter is on the map; read again when ``common`` is replaced (a tuple: never
        changed in place, so clones may share it)."""
        if self._on_map[0] is not self.common:
            self._on_map = (self.common, any(entry is not None and entry != GONE and entry[0] == "map"
                                             for entry in self.common))
        return self._on_map[1]

    def _set(self, i: int, entry) -> None:
        self.common = self.common[:i] + (entry,) + self.common[i + 1:]

    # -- elephants joining an empire's pool (§ 2 › Elephants, Nukes and Star Wars) ----------------------
    def claim_elephants(self, slot: int, area: str) -> None:
        """An empire at level 10 or more taking control of an elephant area adds that area's elephants
        to its pool, even from another empire's."""
        if not self.kingdoms() or self.no_elephants or self.progress[slot] < ELEPHANT_LEVEL:
            return
        for i, (home, _) in enumerate(self.game.common_units):
            entry = self.common[i]
            if home == area and entry != GONE and (entry is None or entry[0] == "pool") and entry != ("pool", slot):
                self._set(i, ("pool", slot))
                self.note(f"  {self.who(slot)} adds the elephant of {self.game.world.areas[area].name} to its pool")

    def release_common(self, slot: int) -> None:
        """A discarded empire's elephants in its pool go back to the common pool *(judgment)*."""
        self.common = tuple(None if entry == ("pool", slot) else entry for entry in self.common)

    def trade_elephant(self, slot: int, partner: int) -> None:
        """Progressing by trading with an empire that controls an elephant area: one elephant from the
        common pool, at random *(judgment: always taken)*."""
        homes = {home for home, _ in self.game.common_units}
        if (not self.kingdoms() or self.no_elephants or self.progress[slot] < ELEPHANT_LEVEL
                or not any(self.owner.get(a) == partner for a in homes)):
            return
        free = [i for i, entry in enumerate(self.common) if entry is None]
        if free:
            i = self.chance("elephant", self.turn, slot).choice(free)
            self._set(i, ("pool", slot))
            self.note(f"  {self.who(slot)} adds an elephant from the common pool to its pool")

    # -- building them (§ 2 › Elephants, Nukes and Star Wars) ----------------------------------------
    def common_cap(self, slot: int) -> int:
        """Elephants, nukes and Star Wars built in one Production: at most its leaders on the map, an
        Administrator counting 2."""
        return sum(2 if "ad" in types else 1 for _, types, _ in self.leaders[slot])

    def buildable_common(self, slot: int, unit: str, built: tuple[int, ...] = ()) -> list[int]:
        """Counters the empire may build as ``unit``: elephants from its own pool (at random, so in a
        shuffled order: ``built``, those built from it this Production, keep their places in it),
        nukes and Star Wars from the common pool, from the unit's level."""
        if not self.kingdoms() or self.progress[slot] < self.game.unit_level[unit]:
            return []
        if unit == "elephant":
            mine = sorted([i for i, entry in enumerate(self.common) if entry == ("pool", slot)] + list(built))
            self.chance("elephants", self.turn, slot).shuffle(mine)
            return [i for i in mine if i not in built]
        return [i for i, entry in enumerate(self.common) if entry is None and self.game.common_units[i][1] == unit]

    def build_common(self, slot: int, units: tuple[str, ...], room: dict, bought: list) -> None:
        """Common units of these types, in order, while the cap, the money and the placement allow
        (``unit_cost``, moves.py: by class, 1 less with an Administrator there, § 2. Production)."""
        cap = self.common_cap(slot)
        for unit in units:
            while self.next_common(slot, unit) is not None:
                area = next((a for a in room if room[a] > 0), None)
                cost = self.unit_cost(slot, unit, area) if area is not None else 0
                if self.common_built >= cap or area is None or cost > self.money[slot]:
                    return
                room[area] -= 1
                self.build_unit(slot, unit, area, cost)
                bought.append(f"{self.game.unit_name(unit)} in {self.game.world.areas[area].name}")

    def take_common(self, slot: int, counter: int, unit: str) -> None:
        """A common counter built: on the map as ``unit``, one more of the Production's cap."""
        self._set(counter, ("map", slot, unit))
        self.common_built += 1

    # -- leaving the map ------------------------------------------------------------------------------
    def settle_common(self) -> None:
        """Counters the entries put on the map but no longer there (lost, unpaid, destroyed): an elephant
        goes to the pool of the empire controlling its area, or the common pool; a nuke or Star Wars to
        the common pool *(judgment: its counter is an elephant's back)*."""
        if not self.kingdoms() or not self.common_on_map():     # none on the map: nothing to count
            return
        on_map: dict[tuple[int, str], int] = {}
        for area, units in self.units.items():
            for unit in units:
                if unit in COMMON:
                    on_map[self.owner[area], unit] = on_map.get((self.owner[area], unit), 0) + 1
        for i, entry in enumerate(self.common):
            if entry is None or entry == GONE or entry[0] != "map":
                continue
            _, slot, unit = entry
            if on_map.get((slot, unit), 0) > 0:
                on_map[slot, unit] -= 1
                continue
            holder = self.owner.get(self.game.common_units[i][0]) if unit == "elephant" else None
            self._set(i, ("pool", holder) if holder is not None and self.progress[holder] >= ELEPHANT_LEVEL else None)

    def elephants_leave(self) -> None:
        """All elephants leave the game when any empire enters age 7: those in pools and on the map
        (the common pool's counters stay, as nukes and Star Wars *(judgment)*)."""
        if not self.kingdoms() or self.no_elephants:
            return
        self.no_elephants = True
        self.common = tuple(GONE if entry not in (None, GONE) and (entry[0] == "pool" or entry[2] == "elephant")
                            else entry for entry in self.common)
        for area in [a for a, units in self.units.items() if "elephant" in units]:
            kept = tuple(u for u in self.units[area] if u != "elephant")
            if kept:
                self.units[area] = kept
            else:
                self.vacate(area)
        self.note("all elephants leave the game: an empire entered age 7")

    # -- conflict (§ 4. Manoeuvre › Nukes and Star Wars; › Special cases) -------------------------------
    def shy_front(self, unit: str, theirs: tuple[str, ...]) -> bool:
        """Chariots, light horse and horse archers have front 0 when the opponent commits an elephant."""
        return unit in SHY and "elephant" in theirs

    def nukes_committed(self, ca: tuple, cd: tuple) -> tuple[tuple, tuple, tuple[int, int], bool]:
        """Committed nukes: 7 glory lost each; a nuke against a committed Star Wars is destroyed before
        the totals; any other goes off (every unit of both sides in the area lost, the area's
        controller back a level). -> the committed units left, nukes destroyed per side, whether one
        went off."""
        sides, lost, boom = [ca, cd], [0, 0], False
        for side in (0, 1):
            count = sides[side].count("nuke")
            if not count:
                continue
            self.score(self.fight[1 + side], -NUKE_GLORY * count, "a nuke committed")
            if "star_wars" in sides[1 - side]:
                sides[side] = tuple(u for u in sides[side] if u != "nuke")
                lost[side] = count
                self.note(f"  the nuke of {self.who(self.fight[1 + side])} is destroyed by Star Wars")
            else:
                boom = True
        return sides[0], sides[1], (lost[0], lost[1]), boom

    def flee(self, side: int, cause: str = "lost an elephant", pursued: bool = True) -> None:
        """The side's surviving units retreat at once — an elephant lost (§ 4. Manoeuvre › Conflict
        outcomes), option 13's loser (warfare.py) — to the area ``retreat_to`` gives, or are lost."""
        if pursued and self.retreat_to(self.fight[1 + side], self.fight[0]) is not None:
            self.pursue(side)                            # option 6 (warfare.py)
        fight = self.fight
        area, slot = fight[0], fight[1 + side]
        units = fight[3 + side] + fight[5 + side]
        where = self.retreat_to(slot, area)
        if where is not None:
            self.place(slot, where, units)
            self.leaders[slot] = tuple((n, t, where if at == area else at) for n, t, at in self.leaders[slot])
            self.note(f"  {self.who(slot)} {cause}: {len(units)} unit(s) retreat to "
                      f"{self.game.world.areas[where].name}")
        else:
            self.note(f"  {self.side_name(slot)} {cause}: {len(units)} unit(s) with nowhere to retreat are lost")
        lost = 0 if where is not None else len(units)
        fight = list(fight)
        fight[3 + side], fight[5 + side] = (), ()
        fight[9 + side] += lost
        self.fight = tuple(fight)

    def go_back(self, slot: int, cause: str) -> None:
        """A level lost; entering another age loses the empire's leaders (§ 6. Civilise › Removing leaders)."""
        before = self.age(slot)
        self.progress[slot] = max(1, self.progress[slot] - 1)
        self.note(f"  {self.who(slot)} goes back to level {self.progress[slot]} ({cause})")
        if self.age(slot) != before:
            self.lose_leaders(slot, None, "a new age")
            self.outdated_artefacts(slot)

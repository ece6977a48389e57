"""7 Ages option 12, Deus Vult! (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › Optional Rules ›
12) Deus Vult! (Religions expansion)), as a mixin of the state: temples, what they cost and what they
score. docs/rules/7ages.md § 18 is the specification; two religions an empire is the rule parameter
``religions_per_empire`` (actions.py ``religion_room``).

Building follows a fixed policy as Urbanise does (docs/rules/7ages.md § 16): the first temple, of the
dominant religion, in the empire's area worth most that does not disorder a neighbour; a Religious
leader's second in its area, of the empire's religion with fewer temples. Destroying one is the
player's decision (``desecrate``).
"""

from __future__ import annotations

#: Temple glory by the number of empires with the religion: the 1st, 2nd, … empire's glory (§ 12's
#: table; 10 or more empires: the last row).
TEMPLE_GLORY = {1: (2,), 2: (1, 1), 3: (2, 1), 4: (2, 1, 1), 5: (2, 2, 1), 6: (2, 2, 1, 1), 7: (3, 2, 2, 1),
                8: (3, 3, 2, 1, 1), 9: (4, 3, 2, 2, 1), 10: (4, 3, 3, 2, 1, 1)}


class Temples:
    """Temples built in Urbanise and destroyed after it, halved income, temple glory."""

    __slots__ = ()

    temples: dict = {}         # area -> the religion of its temple (replaced, never changed)

    def deus_vult(self) -> bool:
        return self.game.rules["deus_vult"]

    # -- building and destroying (§ 12, in Urbanise) ----------------------------------------------------
    def build_temples(self, slot: int) -> None:
        """After its cities, an empire with a religion builds a free temple in an area it controls
        without one; a Religious leader in another area without one builds a second there (§ 12;
        § Leader Types › Religious). Then it may destroy one (``desecrate``)."""
        religions = self.religions_of(slot) if self.deus_vult() else []
        if not religions:
            return
        land = self.game.world.areas
        free = [a for a in self.areas_of(slot) if land[a].is_land and a not in self.temples]
        if free:
            self.build_temple(slot, min(free, key=lambda a: self.temple_site(slot, a, religions[0])), religions[0])
        for area in dict.fromkeys(where for _, types, where in self.leaders[slot] if "re" in types):
            if self.owner.get(area) == slot and land[area].is_land and area not in self.temples:
                count = {r: sum(1 for a in self.areas_of(slot) if self.temples.get(a) == r) for r in religions}
                self.build_temple(slot, area, min(religions, key=lambda r: count[r]))
                break
        self.queue.insert(0, ("desecrate", slot, False))

    def temple_site(self, slot: int, area: str, religion: str) -> tuple:
        """The policy's order: no neighbour disordered, undisordered, the richest, map order."""
        return (len(self.clashes(slot, area, religion)), area in self.disorder, -self.area_income(slot, area),
                self.game.world.areas[area].index)

    def clashes(self, slot: int, area: str, religion: str) -> set[str]:
        """The empire's neighbouring areas with a temple of another religion (§ 12: disordered)."""
        return {n for n in self.game.world.neighbours(area)
                if self.owner.get(n) == slot and self.temples.get(n) not in (None, religion)}

    def build_temple(self, slot: int, area: str, religion: str) -> None:
        self.temples = {**self.temples, area: religion}
        hit = self.clashes(slot, area, religion)
        self.disorder |= hit
        self.note(f"  {self.who(slot)} builds a temple of {self.game.artefacts[religion]['name']} in "
                  f"{self.game.world.areas[area].name}" + (f"; {len(hit)} neighbouring area(s) disordered" if hit else ""))

    def task_desecrate(self, slot: int, second: bool) -> None:
        if self.empire[slot] is not None and self.desecrations(slot, second):
            self.wait("desecrate", slot, second)

    def desecrations(self, slot: int, second: bool) -> list[str]:
        """Temples the empire may destroy: any in its areas, then a second stacked with a Religious leader."""
        led = {where for _, types, where in self.leaders[slot] if "re" in types}
        return [a for a in self.areas_of(slot) if a in self.temples and (not second or a in led)]

    def options_desecrate(self, second: bool) -> list[int]:
        ids = self.game.ids["desecrate"]
        return sorted([ids[a] for a in self.desecrations(self.player, second)] + [ids["none"]])

    def move_desecrate(self, area: str) -> None:
        """A temple destroyed disorders its area and the empire's neighbouring areas with a temple of
        that religion (§ 12); after the first, a Religious leader may destroy one it is stacked with."""
        slot, second = self.player, self.step[1]
        if area != "none":
            religion = self.temples[area]
            self.temples = {a: r for a, r in self.temples.items() if a != area}
            hit = {area} | {n for n in self.game.world.neighbours(area)
                            if self.owner.get(n) == slot and self.temples.get(n) == religion}
            self.disorder |= hit
            self.note(f"  {self.who(slot)} destroys the temple of {self.game.artefacts[religion]['name']} in "
                      f"{self.game.world.areas[area].name}: {len(hit)} area(s) disordered")
            if not second:
                self.queue.insert(0, ("desecrate", slot, True))
        self.done()

    # -- Production, discarding a religion (§ 12) ---------------------------------------------------------
    def tithed(self, area: str, income: int) -> int:
        """An area with a temple yields half its income in Production (§ 12: the rest goes to the
        church; halves round down *(judgment)*)."""
        return income // 2 if area in self.temples and self.deus_vult() else income

    def faithless(self, slot: int, religion: str) -> set[str] | None:
        """A religion discarded without its card disorders the empire's areas with one of its temples
        and no Religious leader, instead of its cities and leaders (§ 12); None: the standard rule."""
        if not self.deus_vult() or self.game.artefacts[religion].get("group") != "religion":
            return None
        led = {where for _, types, where in self.leaders[slot] if "re" in types}
        return {a for a in self.areas_of(slot) if self.temples.get(a) == religion and a not in led}

    # -- Harvest glory (§ 12) ------------------------------------------------------------------------------
    def temple_value(self, slot: int, religion: str) -> int:
        """The income of the empire's undisordered areas with a temple of the religion, a Religious
        leader's area doubled (§ 12: it replaces the count of areas for religious glory)."""
        return sum(self.area_income(slot, a) * (2 if self.leader_here(slot, "re", a) else 1)
                   for a in self.counted(slot) if self.temples.get(a) == religion)

    def temple_glory(self, empires: list[int], rank, scores: dict[int, int]) -> None:
        """Every religion's empires ranked by temple value get the table's glory for their place
        (§ 12); an empire needs more than zero, as in every ranked category *(judgment)*."""
        for religion in self.game.religions:
            among = [s for s in empires if religion in self.beliefs[s]]
            if not among:
                continue
            measure = {s: self.temple_value(s, religion) for s in among}
            row = TEMPLE_GLORY[min(len(among), max(TEMPLE_GLORY))]
            awards = []
            for place, s in enumerate(rank(among, measure)):
                gained = row[place] if place < len(row) and measure[s] > 0 else 0
                scores[s] += gained
                awards.append((s, gained))
            if self.log is not None:
                self.note(f"  Temple glory, {self.game.artefacts[religion]['name']}: " + ", ".join(f"{self.who(s)} {measure[s]} → {g} glory" for s, g in awards))

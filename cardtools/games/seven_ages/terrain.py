"""The Terrain Effects Chart applied to one area: what it earns, how it defends, what holding it
against disorder takes, what removing its disorder costs, and what entering it costs.

Each is a rule of the rulebook (seeds/001_f19afe02b0a671da.txt) over the map's data, so the chart's
numbers stay in map.yaml and a real chart can replace them: § 2. Production › Earning income;
§ 4. Manoeuvre › Terrain defence modifiers, › Removing disorder markers, › Movement; § 6. Civilise ›
Removing disorder. Terrain that changes with the age (forest counts as fertile from age 6) is read
at the age of the empire concerned: the controller's for income, the defender's for defence, the
mover's for movement.
"""

from __future__ import annotations

from typing import Any, Mapping

from cardtools.games.seven_ages.worldmap import WorldMap

GARRISON_BASE = 2  # units needed besides the modifiers (§ 4. Manoeuvre › Removing disorder markers)
INVADED = 2        # defence and garrison when a unit entered from the sea (same sections)


class TerrainChart:
    """The map's Terrain Effects Chart, symbols and border modifiers, read for one area at a time."""

    def __init__(self, world: WorldMap, changed: Mapping[str, str] | None = None):
        self.world = world
        self.terrain = {t["id"]: t for t in world.data["terrain"]}
        self.resources = {r["id"]: r for r in world.data["resources"]}
        self.border_defence = world.data["border_defence"]
        #: terrain -> the terrain it has become for good, ages aside (option 16's climate collapse)
        self.changed = dict(changed or {})
        self.known: dict[tuple[str, int], Mapping[str, Any]] = {}     # ``at``, worked out once per area and age
        self.costs: dict[int, dict[str, int]] = {}     # ``entry_costs``, once per age: the chart never changes

    def at(self, area: str, age: int) -> Mapping[str, Any]:
        """The terrain the area counts as in this age (following `becomes`; a terrain changed for good
        stays what it became)."""
        known = self.known.get((area, age))
        if known is not None:
            return known
        kind = self.world.areas[area].terrain
        if kind in self.changed:
            return self.terrain[self.changed[kind]]
        terrain = self.terrain[kind]
        for _ in self.terrain:  # at most one change per terrain: a loop in the chart ends here
            if "becomes" not in terrain or age < terrain["becomes"]["age"]:
                break
            terrain = self.terrain.get(terrain["becomes"]["terrain"], terrain)  # unknown: reported by check_map
        self.known[area, age] = terrain
        return terrain

    def income(self, area: str, age: int, city: int = 0) -> int:
        """An undisordered area's income: terrain, city, and the symbols that count in this age."""
        terrain = self.at(area, age)
        total = terrain.get("income", 0) + city
        for symbol in self.world.areas[area].resources:
            resource = self.resources[symbol]
            if age < resource.get("from_age", 1):
                continue
            if terrain["id"] != "fertile" and age < resource.get("non_fertile_from_age", 1):
                continue
            total += resource["income"]
        return total

    def defence(self, area: str, age: int, across: str | None = None) -> int:
        """The defender's terrain modifier, plus the border's when a unit entered across it from ``across``."""
        total = self.at(area, age).get("defence", 0)
        border = next((b for b in self.world.areas[area].borders if b.area == across), None)
        if border is not None and border.river:
            total += self.border_defence["river"]
        elif border is not None and border.crossing:
            total += self.border_defence["crossing"]
        return total

    def garrison(self, area: str, age: int, city: int = 0, *, across: str | None = None, invaded: bool = False,
                 siege: bool = False, fort: bool = False) -> int:
        """Units that must end a Manoeuvre in the area to remove its disorder (a fort counts as one;
        a siege unit there cancels the city)."""
        needed = GARRISON_BASE + self.defence(area, age, across) + (INVADED if invaded else 0)
        return needed + (0 if siege else city) - (1 if fort else 0)

    def disorder_cost(self, area: str, age: int, city: int, minimum: int) -> int:
        """Money to remove the area's disorder in Civilise: its undisordered income, at least ``minimum``."""
        return max(minimum, self.income(area, age, city))

    def entry_cost(self, area: str, age: int) -> int:
        """Movement points a land unit pays to enter the area."""
        return self.at(area, age)["move"]

    def entry_costs(self, age: int) -> Mapping[str, int]:
        """``entry_cost`` of every land area in this age, looked up at each step of a land unit's search
        (``ways``, conflict.py). Not to be changed."""
        found = self.costs.get(age)
        if found is None:
            found = self.costs[age] = {a: self.entry_cost(a, age) for a, area in self.world.areas.items()
                                       if area.is_land}
        return found

"""The 7 Ages map as a graph: areas, their borders, and what the rules derive from them.

The map file stores only what a map printer would draw: each area's terrain, region, symbols and
neighbours. What the rules define in terms of those facts is derived here, once, so a real map can
replace the prototype without touching any rule: a coastal area is a land area next to a sea or
ocean (Terms of play › Coastal area), a river area is a land area on a river, a sea belongs to
the regions of the land areas it touches (Terms of play › Region), and ships pass from sea to sea
only along one coast of a land area (§ 4. Manoeuvre › Ship movement restrictions).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

LAND = "land"


@dataclass(frozen=True)
class Border:
    """One entry of an area's ``borders`` list."""

    area: str
    index: int
    river: str | None = None
    crossing: tuple[str, ...] = ()
    wrap: bool = False

    @property
    def kind(self) -> str:
        if self.river:
            return f"river ({self.river})"
        if self.crossing:
            return "crossing arrow"
        return "blue arrow" if self.wrap else "plain border"


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    grid: str
    terrain: str
    kind: str | None  # land / sea / ocean; None when the terrain is unknown
    region: str | None
    resources: tuple[str, ...]
    religious_sites: tuple[str, ...]
    borders: tuple[Border, ...]
    coasts: tuple[tuple[str, ...], ...]  # as written; empty: one coast facing every sea
    index: int  # position in the file's areas list
    is_land: bool = field(init=False)  # asked at every step of a move: worked out once

    def __post_init__(self):
        object.__setattr__(self, "is_land", self.kind == LAND)


def _border(entry: Any, index: int) -> Border:
    if isinstance(entry, str):
        return Border(entry, index)
    return Border(entry["area"], index, entry.get("river"), tuple(entry.get("crossing", ())), bool(entry.get("wrap")))


class WorldMap:
    """The validated contents of map.yaml with lookups; the first area with a given id wins."""

    def __init__(self, data: Mapping[str, Any]):
        self.data = data
        self.terrain_kinds = {t["id"]: t["kind"] for t in data["terrain"]}
        self.region_parent = {r["id"]: r.get("within") for r in data["regions"]}
        self.region_name = {r["id"]: r["name"] for r in data["regions"]}
        self.rivers = {r["id"] for r in data["rivers"]}
        self.resources = {r["id"] for r in data["resources"]}
        self.canals = {c["id"]: c for c in data["canals"]}
        self.areas: dict[str, Area] = {}
        for i, a in enumerate(data["areas"]):
            if a["id"] not in self.areas:
                self.areas[a["id"]] = Area(
                    a["id"], a["name"], a["grid"], a["terrain"], self.terrain_kinds.get(a["terrain"]), a.get("region"),
                    tuple(a.get("resources", ())), tuple(a.get("religious_sites", ())),
                    tuple(_border(b, j) for j, b in enumerate(a["borders"])),
                    tuple(tuple(c) for c in a.get("coasts", ())), i)
        #: the engine asks these at every step of a move: worked out once
        self._neighbours = {a: tuple(b.area for b in area.borders) for a, area in self.areas.items()}
        self._coasts: dict[str, tuple[frozenset[str], ...]] = {}
        self._shore: dict[str, frozenset[str]] = {}
        self._regions: dict[str, frozenset[str]] = {}

    @classmethod
    def of(cls, deck) -> "WorldMap | None":
        """The deck's map, or None when map.yaml is missing or failed its schema (already reported)."""
        data = deck.data.get("map")
        if data is None or deck.workspace is None:
            return None if data is None else cls(data)
        # built once per run: a game's variants share the map (the very same frozen data)
        held, world = deck.workspace.memo(("7ages-map", id(data)), lambda: (data, cls(data)))
        return world if held is data else cls(data)

    def __contains__(self, area_id: object) -> bool:
        return area_id in self.areas

    def neighbours(self, area_id: str) -> tuple[str, ...]:
        return self._neighbours[area_id]

    def is_sea(self, area_id: str) -> bool:
        return area_id in self.areas and self.areas[area_id].kind in ("sea", "ocean")

    def coastal(self, area_id: str) -> bool:
        """A land area next to a sea or ocean area."""
        return self.areas[area_id].is_land and any(self.is_sea(n) for n in self.neighbours(area_id))

    def coasts(self, area_id: str) -> tuple[frozenset[str], ...]:
        """The seas each coast of a land area faces: as written, or one coast facing all its seas."""
        found = self._coasts.get(area_id)
        if found is None:
            area = self.areas[area_id]
            if area.coasts:
                found = tuple(frozenset(c) for c in area.coasts)
            else:
                seas = frozenset(n for n in self.neighbours(area_id) if self.is_sea(n))
                found = (seas,) if area.is_land and seas else ()
            self._coasts[area_id] = found
        return found

    def shore(self, area_id: str) -> frozenset[str]:
        """Every sea one of a land area's coasts faces: where a ship in port may come from."""
        found = self._shore.get(area_id)
        if found is None:
            found = self._shore[area_id] = frozenset().union(*self.coasts(area_id))
        return found

    def galley_basins(self) -> list[list[str]]:
        """Groups of sea areas a galley can sail between without entering ocean or a canal: seas
        joined by a border, or faced by one coast of a land area. Largest first, in file order."""
        seas = {a for a, area in self.areas.items() if area.kind == "sea"}
        links: dict[str, set[str]] = {s: {n for n in self.neighbours(s) if n in seas} for s in seas}
        for area in self.areas.values():
            if area.is_land:
                for coast in self.coasts(area.id):
                    shore = coast & seas
                    for s in shore:
                        links[s] |= shore - {s}
        return self._groups(seas, links)

    def river_area(self, area_id: str) -> bool:
        """A land area with a river along one of its borders."""
        area = self.areas[area_id]
        return area.is_land and any(b.river for b in area.borders)

    def region_chain(self, region: str | None) -> tuple[str, ...]:
        """A region and the regions it lies within, innermost first (stops at unknown ids or a loop)."""
        chain: list[str] = []
        while region in self.region_parent and region not in chain:
            chain.append(region)
            region = self.region_parent[region]
        return tuple(chain)

    def regions_of(self, area_id: str) -> frozenset[str]:
        """Every region an area counts in: a land area's own chain; a sea's, those of the land it touches
        (worked out once per area: Range conditions and glory ask it of every area)."""
        found = self._regions.get(area_id)
        if found is None:
            area = self.areas[area_id]
            if area.is_land:
                found = frozenset(self.region_chain(area.region))
            else:
                found = frozenset(r for n in self.neighbours(area_id) if n in self.areas and self.areas[n].is_land
                                  for r in self.region_chain(self.areas[n].region))
            self._regions[area_id] = found
        return found

    def components(self) -> list[list[str]]:
        """Groups of areas reachable from one another by borders, largest first, in file order."""
        links = {a: {n for n in self.neighbours(a) if n in self.areas} for a in self.areas}
        return self._groups(set(self.areas), links)

    def _groups(self, nodes: set[str], links: Mapping[str, set[str]]) -> list[list[str]]:
        seen: set[str] = set()
        groups: list[list[str]] = []
        for start in sorted(nodes, key=lambda a: self.areas[a].index):
            if start in seen:
                continue
            group, stack = [], [start]
            seen.add(start)
            while stack:
                current = stack.pop()
                group.append(current)
                for n in links[current] - seen:
                    seen.add(n)
                    stack.append(n)
            groups.append(sorted(group, key=lambda a: self.areas[a].index))
        return sorted(groups, key=len, reverse=True)

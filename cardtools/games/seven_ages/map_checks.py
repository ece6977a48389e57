"""Checks on map.yaml that its schema cannot express: names that must exist, borders listed on both
sides, crossing arrows and canals that touch the seas they name, coasts that share out an area's
seas, and a map in one piece.

Each finding points at the exact entry to fix (``map.yaml:line:col``).
"""

from __future__ import annotations

from functools import partial

from cardtools.core.diagnostics import Diagnostic, did_you_mean
from cardtools.games.seven_ages.findings import at_data, duplicate_ids, unknown_in_data
from cardtools.games.seven_ages.vocabulary import Vocabulary
from cardtools.games.seven_ages.worldmap import Area, Border, WorldMap

MAP = "map"
_error = partial(at_data, name=MAP)
unknown = partial(unknown_in_data, name=MAP)


def check_map(deck) -> list[Diagnostic]:
    world = WorldMap.of(deck)
    if world is None:
        return []
    found: list[Diagnostic] = []
    for check in (_duplicates, _terrain, _areas, _borders, _coasts, _canals, _regions, _connected):
        found += check(deck, world)
    return found


def _duplicates(deck, world: WorldMap) -> list[Diagnostic]:
    return [d for section in ("terrain", "regions", "rivers", "resources", "canals", "areas")
            for d in duplicate_ids(deck, MAP, section)]


def _terrain(deck, world: WorldMap) -> list[Diagnostic]:
    return [unknown(deck, "terrain", t["becomes"]["terrain"], world.terrain_kinds, "terrain", i, "becomes", "terrain")
            for i, t in enumerate(world.data["terrain"])
            if "becomes" in t and t["becomes"]["terrain"] not in world.terrain_kinds]


def _off_grid(deck, world: WorldMap, grid: str, what: str, *path) -> list[Diagnostic]:
    columns, rows = world.data["grid"]["columns"], world.data["grid"]["rows"]
    if grid[0] in columns and int(grid[1]) < rows:
        return []
    return [_error(deck, "map", f"{what}: grid reference {grid} is off the map (columns {columns[0]}-{columns[-1]}, "
                                f"rows 0-{rows - 1})", *path)]


def _areas(deck, world: WorldMap) -> list[Diagnostic]:
    found = []
    religions = Vocabulary(deck).religions
    for area in world.areas.values():
        at = ("areas", area.index)
        found += _off_grid(deck, world, area.grid, area.id, *at, "grid")
        if area.kind is None:
            found.append(unknown(deck, "terrain", area.terrain, world.terrain_kinds, *at, "terrain"))
        if area.region is not None and area.region not in world.region_parent:
            found.append(unknown(deck, "region", area.region, world.region_parent, *at, "region"))
        if area.region is not None and area.kind in ("sea", "ocean"):
            found.append(_error(deck, "map", f"{area.id}: a sea or ocean area takes its regions from the land it borders; "
                                             "remove 'region'", *at, "region"))
        for k, resource in enumerate(area.resources):
            if resource not in world.resources:
                found.append(unknown(deck, "resource", resource, world.resources, *at, "resources", k))
        for k, religion in enumerate(area.religious_sites):
            if religion not in religions:
                found.append(_error(deck, "unknown-id", f"{area.id}: '{religion}' is not a religion"
                                                        f"{did_you_mean(religion, religions)}", *at, "religious_sites", k))
    return found


def _borders(deck, world: WorldMap) -> list[Diagnostic]:
    """Every border names an existing area, is listed back by it, and both sides agree on its kind
    (a disagreement is reported once, at the area written first)."""
    found = []
    for area in world.areas.values():
        for border in area.borders:
            at = ("areas", area.index, "borders", border.index)
            if border.area == area.id:
                found.append(_error(deck, "map-border", f"{area.id}: an area cannot border itself", *at))
                continue
            if border.area not in world:
                found.append(_error(deck, "unknown-id", f"{area.id}: border names no area '{border.area}'"
                                                        f"{did_you_mean(border.area, world.areas)}", *at))
                continue
            found += _border_details(deck, world, area, border, at)
            back = _find(world.areas[border.area], area.id)
            other_at = ("areas", world.areas[border.area].index)
            if back is None:
                found.append(_error(deck, "map-border",
                                    f"{area.id}: borders '{border.area}', but '{border.area}' does not list '{area.id}' "
                                    "among its borders", *at, related=(deck.locate_data(MAP, *other_at, "borders"),)))
            elif _signature(back) != _signature(border) and area.index < world.areas[border.area].index:
                found.append(_error(deck, "map-border",
                                    f"{area.id}: the border with '{border.area}' is a {border.kind} here but a "
                                    f"{back.kind} in '{border.area}'", *at,
                                    related=(deck.locate_data(MAP, *other_at, "borders", back.index),)))
    return found


def _find(area: Area, neighbour: str) -> Border | None:
    return next((b for b in area.borders if b.area == neighbour), None)


def _signature(border: Border) -> tuple:
    return border.river, frozenset(border.crossing), border.wrap


def _border_details(deck, world: WorldMap, area: Area, border: Border, at: tuple) -> list[Diagnostic]:
    found = []
    if border.river and border.river not in world.rivers:
        found.append(unknown(deck, "river", border.river, world.rivers, *at, "river"))
    for k, sea in enumerate(border.crossing):
        if not world.is_sea(sea):
            found.append(_error(deck, "unknown-id", f"{area.id}: a crossing arrow touches sea areas; '{sea}' is not one"
                                                    f"{did_you_mean(sea, [s for s in world.areas if world.is_sea(s)])}",
                                *at, "crossing", k))
        elif sea not in world.neighbours(area.id):
            found.append(_error(deck, "map-border", f"{area.id}: the crossing arrow to '{border.area}' touches '{sea}', "
                                                    f"which does not border '{area.id}'", *at, "crossing", k))
    return found


def _coasts(deck, world: WorldMap) -> list[Diagnostic]:
    """Written coasts share out the area's seas: each sea it borders on exactly one coast."""
    found = []
    for area in world.areas.values():
        if not area.coasts:
            continue
        at = ("areas", area.index, "coasts")
        if not area.is_land:
            found.append(_error(deck, "map", f"{area.id}: only land areas have coasts", *at))
            continue
        seas = [n for n in world.neighbours(area.id) if world.is_sea(n)]
        placed: set[str] = set()
        for i, coast in enumerate(area.coasts):
            for j, sea in enumerate(coast):
                if sea not in seas:
                    found.append(_error(deck, "map", f"{area.id}: a coast faces the sea and ocean areas it borders; "
                                                     f"'{sea}' is not one{did_you_mean(sea, seas)}", *at, i, j))
                elif sea in placed:
                    found.append(_error(deck, "map", f"{area.id}: '{sea}' is on two coasts; a sea is on one", *at, i, j))
                placed.add(sea)
        for sea in seas:
            if sea not in placed:
                found.append(_error(deck, "map", f"{area.id}: it borders '{sea}', which is on none of its coasts", *at))
    return found


def _canals(deck, world: WorldMap) -> list[Diagnostic]:
    found = []
    for i, canal in enumerate(world.data["canals"]):
        found += _off_grid(deck, world, canal["grid"], f"canal {canal['id']}", "canals", i, "grid")
        land = canal["area"]
        if land not in world or not world.areas[land].is_land:
            found.append(_error(deck, "unknown-id", f"canal {canal['id']}: '{land}' is not a land area of the map"
                                                    f"{did_you_mean(land, world.areas)}", "canals", i, "area"))
            continue
        for k, sea in enumerate(canal["connects"]):
            if not world.is_sea(sea):
                found.append(_error(deck, "unknown-id", f"canal {canal['id']}: '{sea}' is not a sea area"
                                                        f"{did_you_mean(sea, world.areas)}", "canals", i, "connects", k))
            elif sea not in world.neighbours(land):
                found.append(_error(deck, "map", f"canal {canal['id']}: '{sea}' does not border '{land}', the area it "
                                                 "runs through", "canals", i, "connects", k))
        if set(canal["connects"]) <= set(world.neighbours(land)) and any(
                set(canal["connects"]) <= coast for coast in world.coasts(land)):
            found.append(_error(deck, "map", f"canal {canal['id']}: ships already pass between "
                                             f"{' and '.join(canal['connects'])} along one coast of '{land}'; give "
                                             f"'{land}' coasts that keep them apart (only the canal joins them)",
                                "canals", i, "connects"))
    return found


def _regions(deck, world: WorldMap) -> list[Diagnostic]:
    found = []
    for i, region in enumerate(world.data["regions"]):
        parent = region.get("within")
        if parent is None:
            continue
        if parent not in world.region_parent:
            found.append(unknown(deck, "region", parent, world.region_parent, "regions", i, "within"))
        elif region["id"] in world.region_chain(parent):
            found.append(_error(deck, "map", f"region {region['id']} lies within itself", "regions", i, "within"))
    return found


def _connected(deck, world: WorldMap) -> list[Diagnostic]:
    """Everything must be reachable: an island cut off from the rest is almost always a missing border."""
    groups = world.components()
    found = []
    for group in groups[1:]:
        names = ", ".join(group[:5]) + (f" and {len(group) - 5} more" if len(group) > 5 else "")
        found.append(_error(deck, "map-connected", f"{names}: cannot be reached from the rest of the map "
                                                   f"({len(groups[0])} areas); add a border", "areas",
                            world.areas[group[0]].index))
    return found

"""Checks that the map, the Terrain Effects Chart and the counters keep every fact the rulebook's
worked examples state (examples.yaml). The map and most of the chart are ours: when an edit breaks
an example, the error is at the fact, names the example, and points at the data it disagrees with.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Mapping

from cardtools.core.diagnostics import Diagnostic, Location, did_you_mean
from cardtools.games.seven_ages.counters import Counters
from cardtools.games.seven_ages.findings import at_data
from cardtools.games.seven_ages.terrain import TerrainChart
from cardtools.games.seven_ages.vocabulary import Vocabulary
from cardtools.games.seven_ages.worldmap import WorldMap

NAME = "examples"
KINDS = ("area", "neighbours", "apart", "coasts_apart", "galleys_apart", "reaches", "income", "defence", "garrison",
         "disorder_cost")


class _Facts:
    """One run over examples.yaml: each fact kind is a method returning what is wrong (or None)."""

    def __init__(self, deck, names: Vocabulary):
        self.deck = deck
        self.world: WorldMap = names.world
        self.chart = TerrainChart(self.world)
        self.units = names.units
        self.counters = Counters.of(deck)
        costs = deck.data.get("cost_chart")
        marker = next((m for m in costs["markers"] if m["id"] == "remove_disorder"), {}) if costs else {}
        self.disorder_minimum = marker.get("minimum", 0)

    def map_at(self, area: str, *path: Any) -> tuple[Location, ...]:
        return (self.deck.locate_data("map", "areas", self.world.areas[area].index, *path),)

    def area(self, fact: Mapping) -> tuple[str, tuple] | None:
        area_id, area = fact["area"], self.world.areas[fact["area"]]
        wrong = []
        if "grid" in fact and area.grid != fact["grid"]:
            wrong.append(f"its grid reference is {area.grid}, not {fact['grid']}")
        if "terrain" in fact and area.terrain != fact["terrain"]:
            wrong.append(f"it is {area.terrain}, not {fact['terrain']}")
        missing = [r for r in fact.get("resources", ()) if r not in area.resources]
        if missing:
            wrong.append(f"it has no {', '.join(missing)}")
        if "coastal" in fact and self.world.coastal(area_id) != fact["coastal"]:
            wrong.append("it is not coastal" if fact["coastal"] else "it is coastal")
        regions = self.world.regions_of(area_id)
        if "regions" in fact and regions != set(fact["regions"]):
            wrong.append(f"it counts in {', '.join(sorted(regions)) or 'no region'}, not exactly "
                         f"{', '.join(sorted(fact['regions']))}")
        outside = [r for r in fact.get("in_regions", ()) if r not in regions]
        if outside:
            wrong.append(f"it does not count in {', '.join(outside)}")
        sites = [r for r in fact.get("religious_sites", ()) if r not in area.religious_sites]
        if sites:
            wrong.append(f"it is not a religious site of {', '.join(sites)}")
        return (f"{area_id}: {'; '.join(wrong)}", self.map_at(area_id)) if wrong else None

    def neighbours(self, fact: Mapping) -> tuple[str, tuple] | None:
        a, b = fact["neighbours"]
        border = next((x for x in self.world.areas[a].borders if x.area == b), None)
        if border is None:
            return f"{a} and {b} do not share a border", self.map_at(a, "borders")
        kind = {"river": bool(border.river), "crossing": bool(border.crossing), "wrap": border.wrap}
        if "by" in fact and not kind[fact["by"]]:
            return f"the border of {a} and {b} is a {border.kind}, not a {fact['by']}", self.map_at(a, "borders", border.index)
        if "seas" in fact and set(border.crossing) != set(fact["seas"]):
            return (f"the crossing arrow of {a} and {b} touches {', '.join(border.crossing) or 'no sea'}, not "
                    f"{', '.join(fact['seas'])}", self.map_at(a, "borders", border.index))
        return None

    def apart(self, fact: Mapping) -> tuple[str, tuple] | None:
        a, b = fact["apart"]
        border = next((x for x in self.world.areas[a].borders if x.area == b), None)
        return None if border is None else (f"{a} and {b} share a border", self.map_at(a, "borders", border.index))

    def coasts_apart(self, fact: Mapping) -> tuple[str, tuple] | None:
        area, (s, t) = fact["coasts_apart"]["area"], fact["coasts_apart"]["seas"]
        if any({s, t} <= coast for coast in self.world.coasts(area)):
            return f"a ship in {area} passes from {s} to {t} along one coast", self.map_at(area)
        return None

    def galleys_apart(self, fact: Mapping) -> tuple[str, tuple] | None:
        s, t = fact["galleys_apart"]
        if any({s, t} <= set(basin) for basin in self.world.galley_basins()):
            return f"galleys sail from {s} to {t} without entering ocean", self.map_at(s)
        return None

    def reaches(self, fact: Mapping) -> tuple[str, tuple] | None:
        spec = fact["reaches"]
        path, age = spec["path"], spec["age"]
        for here, there in zip(path, path[1:]):
            if there not in self.world.neighbours(here):
                return f"{here} and {there} do not share a border", self.map_at(here, "borders")
        if self.counters is None or self.units is None:
            return None
        cost = sum(self.chart.entry_cost(a, age) for a in path[1:])
        for unit in spec["units"]:
            if unit not in self.counters.units or self.units.get(unit) != "land":
                continue  # not a land unit with values: check_counters reports unknown ones
            move = self.counters.move(unit)
            if move is not None and move < cost:
                at = self.counters.data["units"].index(self.counters.units[unit])
                return (f"the {unit} has {move} movement points, but entering {', '.join(path[1:])} costs {cost} "
                        f"in age {age}", (self.deck.locate_data("counters", "units", at, "move"),))
        return None

    def _number(self, fact: Mapping, kind: str, value: int) -> tuple[str, tuple] | None:
        if value == fact["is"]:
            return None
        where = fact[kind]
        terrain = self.world.areas[where["area"]].terrain
        at = next(i for i, t in enumerate(self.world.data["terrain"]) if t["id"] == terrain)
        situation = [f"age {where['age']}"] + [w for w, on in (
            (f"a value {where.get('city')} city", where.get("city")), (f"units entered from {where.get('across')}",
                                                                      "across" in where),
            ("a unit invaded", "invaded" in where), ("a siege unit", "siege" in where), ("a fort", "fort" in where)) if on]
        return (f"the {kind.replace('_', ' ')} of {where['area']} ({', '.join(situation)}) is {value}, not {fact['is']}",
                (self.deck.locate_data("map", "terrain", at),))

    def income(self, fact: Mapping) -> tuple[str, tuple] | None:
        w = fact["income"]
        return self._number(fact, "income", self.chart.income(w["area"], w["age"], w.get("city", 0)))

    def defence(self, fact: Mapping) -> tuple[str, tuple] | None:
        w = fact["defence"]
        return self._number(fact, "defence", self.chart.defence(w["area"], w["age"], w.get("across")))

    def garrison(self, fact: Mapping) -> tuple[str, tuple] | None:
        w = fact["garrison"]
        return self._number(fact, "garrison", self.chart.garrison(
            w["area"], w["age"], w.get("city", 0), across=w.get("across"), invaded=w.get("invaded", False),
            siege=w.get("siege", False), fort=w.get("fort", False)))

    def disorder_cost(self, fact: Mapping) -> tuple[str, tuple] | None:
        w = fact["disorder_cost"]
        return self._number(fact, "disorder_cost", self.chart.disorder_cost(
            w["area"], w["age"], w.get("city", 0), self.disorder_minimum))


def _areas(fact: Mapping) -> list[tuple[str, tuple]]:
    """Every area a fact names, with its path inside the fact."""
    found = []
    for key, value in fact.items():
        if key in ("area", "across") and isinstance(value, str):
            found.append((value, (key,)))
        elif key in ("neighbours", "apart", "galleys_apart", "path", "seas") and isinstance(value, (list, tuple)):
            found += [(a, (key, i)) for i, a in enumerate(value)]
        elif isinstance(value, Mapping):
            found += [(a, (key, *p)) for a, p in _areas(value)]
    return found


def check_examples(deck) -> list[Diagnostic]:
    names = Vocabulary(deck)
    data = deck.data.get(NAME)
    if data is None or names.world is None:
        return []
    here = partial(at_data, name=NAME)
    facts = _Facts(deck, names)
    found = []
    for i, example in enumerate(data["examples"]):
        for j, fact in enumerate(example["facts"]):
            at = ("examples", i, "facts", j)
            unknown = [(a, p) for a, p in _areas(fact) if a not in names.world]
            for area, path in unknown:
                found.append(here(deck, "unknown-id", f"{example['id']}: no area '{area}' on the map"
                                                      f"{did_you_mean(area, names.world.areas)}", *at, *path))
            if unknown or any(names.world.areas[a].kind is None for a, _ in _areas(fact)):
                continue  # an unknown terrain is reported by check_map
            kind = next(k for k in KINDS if k in fact)
            wrong = getattr(facts, kind)(fact)
            if wrong is not None:
                message, related = wrong
                found.append(here(deck, "example", f"rulebook example '{example['id']}': {message}", *at,
                                  related=related))
    return found

"""Checks on counters.yaml that its schema cannot express: every unit type of the cost chart has
movement and values for every grade; counters, mixes, shades and families name what exists;
leader types and elephant areas are the deck's; and every land unit can pay to enter every land
terrain of the map.

Each finding points at the exact entry to fix (``counters.yaml:line:col``).
"""

from __future__ import annotations

from functools import partial

from cardtools.core.diagnostics import Diagnostic, did_you_mean
from cardtools.games.seven_ages.counters import Counters
from cardtools.games.seven_ages.findings import at_data, duplicate_ids, unknown_in_data
from cardtools.games.seven_ages.vocabulary import Vocabulary

NAME = "counters"
_error = partial(at_data, name=NAME)
unknown = partial(unknown_in_data, name=NAME)


def check_counters(deck) -> list[Diagnostic]:
    counters = Counters.of(deck)
    if counters is None:
        return []
    names = Vocabulary(deck)
    found = [d for section in ("grades", "counters", "mixes", "shades", "families", "markers")
             for d in duplicate_ids(deck, NAME, section)]
    for check in (_units, _counters, _mixes, _families, _common_units, _leader_cup, _terrain):
        found += check(deck, counters, names)
    return found


def _units(deck, counters: Counters, names: Vocabulary) -> list[Diagnostic]:
    """Values for exactly the chart's unit types, each with every grade (or one set for a common unit)."""
    found: list[Diagnostic] = []
    chart = names.units
    seen: dict[str, int] = {}
    for i, entry in enumerate(counters.data["units"]):
        unit = entry["unit"]
        if unit in seen:
            found.append(_error(deck, "duplicate-id", f"unit '{unit}' already has values (units[{seen[unit]}])",
                                "units", i, "unit"))
            continue
        seen[unit] = i
        if chart is not None and unit not in chart:
            found.append(unknown(deck, "unit type", unit, chart, "units", i, "unit"))
        for grade in entry.get("values", {}):
            if grade not in counters.grades:
                found.append(unknown(deck, "grade", grade, counters.grades, "units", i, "values", grade, key=True))
        missing = [g for g in counters.grades if "values" in entry and g not in entry["values"]]
        if missing:
            found.append(_error(deck, "incomplete", f"{unit}: no values for grade {', '.join(missing)}",
                                "units", i, "values"))
    if chart is not None:
        found += [_error(deck, "incomplete", f"unit type '{unit}' of the cost chart has no movement or values here",
                         "units") for unit in chart if unit not in seen]
    return found


def _counters(deck, counters: Counters, names: Vocabulary) -> list[Diagnostic]:
    return [unknown(deck, "unit type", c[side], counters.units, "counters", i, side)
            for i, c in enumerate(counters.data["counters"]) for side in ("front", "back")
            if c[side] not in counters.units]


def _mixes(deck, counters: Counters, names: Vocabulary) -> list[Diagnostic]:
    found = []
    for i, mix in enumerate(counters.data["mixes"]):
        if mix["grade"] not in counters.grades:
            found.append(unknown(deck, "grade", mix["grade"], counters.grades, "mixes", i, "grade"))
        found += [unknown(deck, "counter", c, counters.counters, "mixes", i, "counters", c, key=True)
                  for c in mix["counters"] if c not in counters.counters]
    found += [unknown(deck, "mix", s["mix"], counters.mixes, "shades", i, "mix")
              for i, s in enumerate(counters.data["shades"]) if s["mix"] not in counters.mixes]
    return found


def _families(deck, counters: Counters, names: Vocabulary) -> list[Diagnostic]:
    """A family has one colour for every shade."""
    found = []
    for i, family in enumerate(counters.data["families"]):
        found += [unknown(deck, "shade", s, counters.shades, "families", i, "colours", s, key=True)
                  for s in family["colours"] if s not in counters.shades]
        missing = [s for s in counters.shades if s not in family["colours"]]
        if missing:
            found.append(_error(deck, "incomplete", f"family {family['id']}: no {', '.join(missing)} colour",
                                "families", i, "colours"))
    return found


def _common_units(deck, counters: Counters, names: Vocabulary) -> list[Diagnostic]:
    found = []
    for i, entry in enumerate(counters.data["common_units"]["counters"]):
        at = ("common_units", "counters", i)
        if entry["counter"] not in counters.counters:
            found.append(unknown(deck, "counter", entry["counter"], counters.counters, *at, "counter"))
        area = entry["raised_in"]
        if names.world is not None and (area not in names.world or not names.world.areas[area].is_land):
            found.append(_error(deck, "unknown-id", f"'{area}' is not a land area of the map"
                                                    f"{did_you_mean(area, names.world.areas)}", *at, "raised_in"))
    return found


def _leader_cup(deck, counters: Counters, names: Vocabulary) -> list[Diagnostic]:
    if names.leader_types is None:
        return []
    return [unknown(deck, "leader type", t, names.leader_types, "leader_cup", "leaders", i, "types", k)
            for i, entry in enumerate(counters.data["leader_cup"]["leaders"])
            for k, t in enumerate(entry["types"]) if t not in names.leader_types]


def _terrain(deck, counters: Counters, names: Vocabulary) -> list[Diagnostic]:
    """A unit with fewer movement points than an area costs could never enter it."""
    if names.world is None or names.units is None:
        return []
    land = [u for u, kind in names.units.items() if kind == "land" and u in counters.units]
    moves = [(counters.move(u), u) for u in land if counters.move(u) is not None]
    if not moves:
        return []
    slowest, unit = min(moves)
    related = (deck.locate_data(NAME, "units", counters.data["units"].index(counters.units[unit]), "move"),)
    return [at_data(deck, "inconsistent", f"{t['id']}: entering costs {t['move']} movement points, but the {unit} "
                                          f"has only {slowest}: it could never enter",
                    "terrain", i, "move", name="map", related=related)
            for i, t in enumerate(names.world.data["terrain"]) if t["kind"] == "land" and t["move"] > slowest]

"""Checks on the small data tables (leader types, glory categories, progress track, cost chart)
that their schemas cannot express: unique ids, ages in order, and references between entries.
"""

from __future__ import annotations

from functools import partial

from cardtools.core.diagnostics import Diagnostic, did_you_mean
from cardtools.games.seven_ages.findings import at_data, duplicate_ids
from cardtools.games.seven_ages.vocabulary import Vocabulary


def check_tables(deck) -> list[Diagnostic]:
    found = duplicate_ids(deck, "leader_types", "types") + duplicate_ids(deck, "glory_categories", "categories")
    found += _glory_religions(deck) + _progress_track(deck) + _cost_chart(deck)
    return found


def _glory_religions(deck) -> list[Diagnostic]:
    data = deck.data.get("glory_categories")
    if data is None:
        return []
    religions = Vocabulary(deck).religions
    return [at_data(deck, "unknown-id", f"{c['id']}: '{c['religion']}' is not a religion"
                                        f"{did_you_mean(c['religion'], religions)}",
                    "categories", i, "religion", name="glory_categories")
            for i, c in enumerate(data["categories"]) if "religion" in c and c["religion"] not in religions]


def _progress_track(deck) -> list[Diagnostic]:
    data = deck.data.get("progress_track")
    if data is None:
        return []
    here = partial(at_data, name="progress_track")
    found = [here(deck, "inconsistent", f"age {a['age']} is listed where age {i + 1} belongs", "ages", i, "age")
             for i, a in enumerate(data["ages"]) if a["age"] != i + 1]
    last = data["levels_per_age"] * len(data["ages"])
    found += [here(deck, "inconsistent", f"dark age level {level} is beyond the track's last level {last}",
                   "dark_ages", "levels", i)
              for i, level in enumerate(data["dark_ages"]["levels"]) if level > last]
    if data["beyond"]["level"] != last:
        found.append(here(deck, "inconsistent", f"the game ends beyond the last level, {last}", "beyond", "level"))
    return found


def _cost_chart(deck) -> list[Diagnostic]:
    data = deck.data.get("cost_chart")
    if data is None:
        return []
    found = duplicate_ids(deck, "cost_chart", "classes")
    seen: set[str] = set()
    for i, unit_class in enumerate(data["classes"]):
        for j, unit in enumerate(unit_class["units"]):
            if unit["id"] in seen:
                found.append(at_data(deck, "duplicate-id", f"unit '{unit['id']}' is listed twice",
                                     "classes", i, "units", j, "id", name="cost_chart"))
            seen.add(unit["id"])
    return found

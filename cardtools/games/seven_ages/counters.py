"""The 7 Ages counter mix (counters.yaml) with the lookups rules and checks need.

A unit's movement and conflict values depend on its type and on the grade of the colour that
built it (the conflict example's veteran French and regular Russians); each colour has its
family's shade's mix of double-sided counters.
"""

from __future__ import annotations

from typing import Any, Mapping

UNLIMITED = "unlimited"


class Counters:
    """The validated contents of counters.yaml; the first entry with a given id wins."""

    def __init__(self, data: Mapping[str, Any]):
        self.data = data
        self.grades = {g["id"]: g for g in data["grades"]}
        self.units: dict[str, Mapping[str, Any]] = {}
        for entry in data["units"]:
            self.units.setdefault(entry["unit"], entry)
        self.counters = {c["id"]: c for c in reversed(data["counters"])}
        self.mixes = {m["id"]: m for m in reversed(data["mixes"])}
        self.shades = {s["id"]: s["mix"] for s in reversed(data["shades"])}

    @classmethod
    def of(cls, deck) -> "Counters | None":
        """The deck's counters, or None when counters.yaml is missing or failed its schema (already reported)."""
        data = deck.data.get("counters")
        return None if data is None else cls(data)

    def move(self, unit: str) -> int | None:
        """Movement allowance; None for unlimited."""
        move = self.units[unit]["move"]
        return None if move == UNLIMITED else move

    def values(self, unit: str, grade: str) -> tuple[int | str, int]:
        """(front, support) of a unit of this grade (a common unit's values whatever the grade)."""
        entry = self.units[unit]
        values = entry["common"] if "common" in entry else entry["values"][grade]
        return values["front"], values["support"]

    def colours(self) -> dict[str, tuple[str, str]]:
        """Every colour id (``<family>_<shade>``) → (its name, its mix id)."""
        return {f"{family['id']}_{shade}": (name, self.shades.get(shade))
                for family in self.data["families"] for shade, name in family["colours"].items()}

    def stock(self, mix: str) -> dict[str, int]:
        """How many counters of a mix show each unit type, on either side."""
        found: dict[str, int] = {}
        for counter, n in self.mixes[mix]["counters"].items():
            for side in ("front", "back"):
                unit = self.counters[counter][side]
                found[unit] = found.get(unit, 0) + n
        return found

"""The names a 7 Ages deck defines and its files refer to: map areas, regions and terrains, leader
types, glory categories, unit types and religions. Each is None when its data file failed its schema
(that failure is already reported), so the checks that need it are skipped instead of repeating it.
"""

from __future__ import annotations

from cardtools.games.seven_ages.worldmap import WorldMap


class Vocabulary:
    def __init__(self, deck):
        self.world = WorldMap.of(deck)
        leaders = deck.data.get("leader_types")
        self.leader_types = None if leaders is None else {t["id"] for t in leaders["types"]}
        glory = deck.data.get("glory_categories")
        self.glory = None if glory is None else {c["id"]: c for c in glory["categories"]}
        chart = deck.data.get("cost_chart")
        # unit type -> its class's kind (land, ship, aircraft)
        self.units = None if chart is None else {u["id"]: c["kind"] for c in chart["classes"] for u in c["units"]}
        self.religions = {c.id for c in deck.of_type("artefact") if c.get("group") == "religion"}

    @property
    def regions(self):
        return None if self.world is None else self.world.region_parent

    @property
    def terrains(self):
        return None if self.world is None else self.world.terrain_kinds

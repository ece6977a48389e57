"""7 Ages Harvest glory (seeds/001_f19afe02b0a671da.txt § End of turn › Harvest glory), as a mixin of
the state: buying glory, then every empire scores its card's glory categories (glory-categories.yaml).

A ranked category numbered 1 gives 1 to the most; 2 gives 2 and 1; 3 gives 3, 2 and 1; an empire
needs more than zero to score. Ties: more Philosophers (in different areas), then the First player's
empire first, then the next player's to the left; between two empires of one player, the card's
order *(judgment: that player's choice)*. Disordered areas count for nothing except Homeland.
"""

from __future__ import annotations

EUROPE = "europe"
#: Terrains whose areas count for glory only where the card's special says so (§ End of turn ›
#: Harvest glory › Glory from areas: desert and tundra, Glory from Religion included).
NOT_COUNTED = frozenset({"desert", "tundra"})


#: How a glory icon's kind of areas reads in the log.
AREA_WORDS = {"land": "land areas", "sea": "sea areas", "total": "all areas"}

class Glory:
    """Buying glory and scoring the categories."""

    __slots__ = ()

    # -- § End of turn › Harvest glory › Buying glory ---------------------------------------------------
    def task_buy(self, slot: int) -> None:
        if self.empire[slot] is not None and self.money[slot] >= self.glory_price(slot):
            self.wait("buy", slot)

    def options_buy(self) -> list[int]:
        ids = self.game.ids["buy"]
        return [ids["none"], ids["all"]]

    def move_buy(self, how: str) -> None:
        """As much glory as the money buys, or none (the primitive: ``glory <n>``, moves.py)."""
        self.move_glory(str(self.money[self.player] // self.glory_price(self.player) if how == "all" else 0))

    # -- the categories ------------------------------------------------------------------------------
    def task_harvest(self) -> None:
        before = list(self.glory)
        self.harvest_categories()
        self.harvested(before)                           # option 16: Hinduism (artefacts.py)

    def harvest_categories(self) -> None:
        self.note("Harvest glory")
        empires = self.in_play()
        if not empires:
            return
        order = sorted(empires, key=lambda s: ((self.seat_of(s) - self.first) % self.n, s))
        scores: dict[int, int] = {s: 0 for s in empires}
        asked: dict[tuple, list[int]] = {}
        icons = {s: self.glory_icons(s) for s in empires}     # option 16's artefacts add to them (artefacts.py)
        counted = {s: self.counted(s) for s in empires}       # read once: nothing changes before the scores
        ties = self.harvest_ties(empires)
        for s in empires:
            for icon in icons[s]:
                kind = self.game.glory_categories[icon["category"]]["scoring"]
                if kind == "homeland":
                    scores[s] += self.homeland_glory(s)
                elif kind == "per_area":
                    scores[s] += self.per_area(s, icon["category"])
                elif kind == "ranked":
                    asked.setdefault((icon["category"], icon.get("region"), icon.get("areas")), []).append(s)
        for key, holders in asked.items():
            category, region, kind = key
            among = self.compared(category, empires)
            measure = {s: self.measure(s, category, region, kind, counted[s]) for s in among}
            ranked = self.harvest_rank(among, measure, ties)
            awards = []
            for s in holders:
                if s not in measure or measure[s] <= 0:
                    continue
                value = next(i.get("value", 1) for i in icons[s]
                             if (i["category"], i.get("region"), i.get("areas")) == key)
                gained = max(0, value - ranked.index(s))
                scores[s] += gained
                awards.append((ranked.index(s), s, gained))
            if self.log is not None and awards:
                self.note(f"  {self.category_words(*key)}: "
                          + ", ".join(f"{self.who(s)} {measure[s]} → {g} glory" for _, s, g in sorted(awards)))
        if self.deus_vult():                                  # option 12 (temples.py)
            self.temple_glory(empires, lambda among, measure: self.harvest_rank(among, measure, ties), scores)
        for s in order:
            if scores[s]:
                self.score(s, scores[s], "Harvest glory")
            sites = self.religious_sites(s)
            if sites:
                self.score(s, sites, "religious sites")

    def harvest_rank(self, among: list[int], measure: dict[int, int], ties: dict[int, tuple]) -> list[int]:
        """Most first; ties as ``harvest_ties`` breaks them."""
        return sorted(among, key=lambda s: (-measure[s], ties[s]))

    def harvest_ties(self, empires: list[int]) -> dict[int, tuple]:
        """How each empire fares in a Harvest tie, best first: more Philosophers, an event's change, then
        from the First player's empires clockwise; read once per Harvest (nothing changes before the scores)."""
        return {s: (-self.philosophers(s), -self.wins_harvest_ties(s), (self.seat_of(s) - self.first) % self.n, s)
                for s in empires}

    def category_words(self, category: str, region: str | None, kind: str | None) -> str:
        """A ranked glory icon as a player reads it: "Region Asia (land areas)", "Money"."""
        words = self.game.glory_categories[category]["name"]
        if region:
            words += " " + self.game.world.region_name.get(region, region)
        return words + (f" ({AREA_WORDS.get(kind, kind.replace('_', ' '))})" if kind else "")

    def glory_icons(self, slot: int) -> tuple:
        """The glory categories on the empire's card, with what its artefacts add (option 16,
        artefacts.py) and then an event's change (events.py)."""
        icons = self.artefact_icons(slot, tuple(self.game.empires[self.empire[slot]].get("glory", ())))
        icons = self.raised_by_artists(slot, icons)
        return self.icons_changed(slot, icons) if self.temporary else icons

    def raised_by_artists(self, slot: int, icons: tuple) -> tuple:
        """Each Artist raises the empire's Artefacts category by 1, an empire without that icon scoring
        as if it had one of 0 (§ End of turn › Harvest glory › Glory from artefacts: with one Artist and
        the most artefacts the Huns, card 68, gain 1 and the Qin, card 100, 3; § Leader Types › Artist)."""
        artists = self.leaders_in(slot, "ar")
        if not artists:
            return icons
        if not any(i["category"] == "artefacts" for i in icons):
            return icons + ({"category": "artefacts", "value": artists},)
        return tuple({**i, "value": i.get("value", 1) + artists} if i["category"] == "artefacts" else i for i in icons)

    def homeland_glory(self, slot: int) -> int:
        """+1 while the empire holds its homeland, else −1 (§ End of turn › Harvest glory › Homeland);
        2 either way with Propaganda (card 154, events.py)."""
        if self.temporary and "homeland_despite_loss" in self.in_force("allow", slot):
            return 2
        return 1 if self.owner.get(self.homeland[slot]) == slot else -1

    def philosophers(self, slot: int) -> int:
        """Philosophers win Harvest ties, counted once per area (§ End of turn › Harvest glory)."""
        return len({where for _, types, where in self.leaders[slot] if "ph" in types})

    def compared(self, category: str, empires: list[int]) -> list[int]:
        """Who a ranked category compares: every empire in play; a religion's holders only; for Not
        Europe, the empires with their capital in Europe."""
        info = self.game.glory_categories[category]
        if "religion" in info:
            return [s for s in empires if info["religion"] in self.beliefs[s]]
        if category == "not_europe":
            return [s for s in empires if self.capital[s] and EUROPE in self.game.world.regions_of(self.capital[s])]
        return empires

    def counted(self, slot: int) -> list[str]:
        """The areas that count for glory: those without disorder, and with option 16's Temple of Diana
        the disordered ones within Range of it too (``unrest_spared``)."""
        spared = self.unrest_spared(slot) if self.option_16() else set()
        return [a for a in self.areas_of(slot) if a not in self.disorder or a in spared]

    def measure(self, slot: int, category: str, region: str | None, kind: str | None,
                areas: list[str] | None = None) -> int:
        """What a ranked category counts (glory-categories.yaml, `measure`); ``areas``: the empire's areas that
        count (``counted``), when the caller has them."""
        game, world = self.game, self.game.world
        if category == "money":
            return self.money[slot]
        if category == "progress":
            return min(self.progress[slot], game.beyond["level"] + 1)
        areas = self.counted(slot) if areas is None else areas
        if category in ("region", "world"):
            return sum(1 for a in areas if (region is None or region in world.regions_of(a)) and self.kind_counts(slot, a, kind))
        if category == "sea_areas":
            return sum(1 for a in areas if world.is_sea(a))
        if category == "not_europe":
            return sum(1 for a in areas if EUROPE not in world.regions_of(a) and self.area_counts(slot, a))
        if category == "artefacts":              # § End of turn › Harvest glory › Glory from artefacts
            total = 0
            for a in areas:
                for m in self.artefacts.get(a, ()):
                    colour = game.artefacts[m]["colour"]
                    double = self.leader_here(slot, "sc" if colour == "blue" else "ar", a)
                    total += (2 if double else 1) if colour in ("green", "blue") else -(colour == "red")
            colours = [game.artefacts[m]["colour"] for m in self.on_card[slot]]
            return total + sum(1 for c in colours if c in ("green", "blue")) - colours.count("red")
        if category == "cities":
            return sum(self.city.get(a, 0) for a in areas)
        if category in ("ships", "land_units", "cavalry"):
            want = {"ships": ("ships",), "land_units": ("infantry", "cavalry", "missile"), "cavalry": ("cavalry",)}[category]
            return sum(1 for a in areas for u in self.units[a] if game.unit_class[u] in want)
        if "religion" in game.glory_categories[category] and self.deus_vult():   # option 12: temples.py
            return self.temple_value(slot, game.glory_categories[category]["religion"])
        if "religion" in game.glory_categories[category]:   # each Religious leader: 1 + its city's value
            return sum(1 for a in areas if self.area_counts(slot, a)) + sum(1 + self.city.get(where, 0) for _, types, where in self.leaders[slot] if "re" in types)
        return 0

    def kind_counts(self, slot: int, area: str, kind: str | None) -> bool:
        """Land (green icon), sea and ocean (blue) or both; desert and tundra only where the card's
        special says so (§ End of turn › Harvest glory › Glory from areas; ``glory_terrains``)."""
        if self.game.world.areas[area].is_land:
            return kind in ("land", "total", None) and self.area_counts(slot, area)
        return kind in ("sea", "total")

    def area_counts(self, slot: int, area: str) -> bool:
        terrain = self.game.world.areas[area].terrain
        return terrain not in NOT_COUNTED or terrain in self.glory_terrains(slot)

    def per_area(self, slot: int, category: str) -> int:
        """1 glory per area with the symbol: elephants while no empire is in age 7, oil in the
        empire's age 7, wheat outside fertile areas from its age 5 (§ › Glory from resources)."""
        age, world = self.age(slot), self.game.world
        if category == "elephants" and any(self.age(s) == 7 for s in self.in_play()):
            return 0
        if category == "oil" and age < 7:
            return 0
        found = 0
        for a in self.counted(slot):
            if category in world.areas[a].resources:
                if category == "wheat" and age < 5 and self.chart.at(a, age)["id"] != "fertile":
                    continue
                found += 1
        return found

    def religious_sites(self, slot: int) -> int:
        """1 per undisordered religious site of its dominant religion it controls (§ › Glory from Religion)."""
        religions = [b for b in self.beliefs[slot] if self.game.artefacts[b].get("group") == "religion"]
        if not religions:
            return 0
        return sum(1 for a in self.counted(slot) if religions[0] in self.sites_of_area(a))

    def sites_of_area(self, area: str) -> tuple[str, ...]:
        """The religions the area is a religious site of: the map's, and a Great Temple's (option 16)."""
        sites = self.game.world.areas[area].religious_sites
        return sites + (self.great_temples[area],) if area in self.great_temples else sites

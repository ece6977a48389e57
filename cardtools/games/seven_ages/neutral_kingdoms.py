"""7 Ages option 10, Neutral Kingdoms (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › 10) Neutral
Kingdoms (Kingdoms expansion)), as a mixin of the state. docs/rules/7ages.md § 18.8 is the specification.

Kingdom units hold an area without an empire: ``self.kingdom`` maps an area to its kingdom units (unit
types), apart from the empires' ``units`` and ``owner``. Why a map of its own and not an owner: a
kingdom is no empire — no card, colour, money, progress, leaders or glory — so it cannot take an
empire slot, and every rule that reads ``owner`` (income, Range and trade, glory for areas and cities,
disorder, Harvest, a new empire's start areas) already treats the area as the glossary says: neutral,
held by no empire, never disordered (§ Glossary › Neutral area). Only where kingdom units act do the
rules look at ``kingdom``: movement stops at them as at another empire's units (2:1 passes:
``Manoeuvre.ways``), units entering (or set up in) their area fight them in the existing conflict
(``attack_kingdom``), and a conflict against them ends here (``kingdom_conflict_over``). In that
conflict the kingdom's side is played by an empire slot of the player who controls its defenders
(``controller``): that player draws its card, commits its units and may play events for it, while
its values are the kingdom units' own (``neutral_side``: the kingdoms mix's grade, no card specials,
no elite markers, no retreat).

The 90 counters are counters.yaml's ``kingdoms`` mix; those not on the map are the common pool.
"""

from __future__ import annotations

#: The counter mix of the kingdom units (counters.yaml).
KINGDOMS_MIX = "kingdoms"


class NeutralKingdoms:
    """Kingdoms left by discarded and unmaintained empires, defending their areas."""

    __slots__ = ()

    kingdom: dict = {}         # area -> its kingdom units (replaced, never changed in place)

    def neutral_kingdoms(self) -> bool:
        return self.game.rules["neutral_kingdoms"]

    # -- the common pool of 90 kingdom units ---------------------------------------------------------
    def kingdom_pool(self) -> dict[str, int]:
        """Kingdom counters in the common pool (the mix less those on the map), by counter."""
        game = self.game
        left = dict(game.counters.mixes[KINGDOMS_MIX]["counters"])
        for units in self.kingdom.values():
            for unit in units:
                left[game.counter_of[unit]] -= 1
        return left

    def units_holding(self, area: str) -> tuple[str, ...]:
        """The units holding an area: its empire's or its kingdom's."""
        return self.units.get(area) or self.kingdom.get(area, ())

    # -- kingdoms rising (discard: § 7; unmaintained units: § 2. Production) -------------------------
    def leave_kingdoms(self, slot: int) -> None:
        """A discarded empire's land areas become kingdoms (§ 10: each unit removed from a land area
        replaced by a kingdom unit of its type, whatever its values)."""
        if self.neutral_kingdoms():
            lost = {a: self.units[a] for a in self.areas_of(slot) if self.game.world.areas[a].is_land}
            self.raise_kingdoms(lost)

    def unmaintained(self, slot: int, removed: dict[str, tuple[str, ...]]) -> None:
        """Production: a land area whose every unit went unpaid becomes a kingdom of the units removed
        (§ 10; ``lose_units`` already took its fort, artefacts and disorder). Which units go unpaid is
        ``maintain``'s policy, so an area becomes a kingdom only once every other is down to its last
        unit *(judgment)*."""
        world = self.game.world
        lost = {a: units for a, units in removed.items() if a not in self.owner and world.areas[a].is_land}
        if self.neutral_kingdoms() and lost:
            self.raise_kingdoms(lost)

    def raise_kingdoms(self, lost: dict[str, tuple[str, ...]]) -> None:
        """Kingdom units of the lost units' types in their areas. A type with no counter in the pool:
        the player who lost the area moves one of that counter (either side, flipped) from another
        kingdom (§ 10) — the engine's policy takes it from the largest kingdom holding one, the first
        on the map on a tie *(judgment)*; a type no kingdom counter shows (ships, aircraft, the common
        units) leaves none *(judgment: there is no such kingdom unit)*."""
        game = self.game
        kinds = game.counters.mixes[KINGDOMS_MIX]["counters"]
        for area in sorted(lost, key=lambda a: game.world.areas[a].index):
            placed = []
            for unit in lost[area]:
                counter = game.counter_of.get(unit)
                if counter not in kinds:
                    continue
                if self.kingdom_pool()[counter] <= 0 and not self.borrow_kingdom_unit(unit, area):
                    continue
                self.kingdom = {**self.kingdom, area: self.kingdom.get(area, ()) + (unit,)}
                placed.append(game.unit_name(unit))
            if placed:
                self.note(f"  {game.world.areas[area].name} becomes a neutral kingdom ({', '.join(placed)})")

    def borrow_kingdom_unit(self, unit: str, area: str) -> bool:
        """A kingdom counter showing ``unit`` on either side leaves another kingdom (not one being
        fought) for ``area``, flipped if need be; whether one did."""
        game = self.game
        counter = game.counter_of[unit]
        fought = self.fight[0] if self.fight else None    # a kingdom at war keeps its units
        holders = [(a, units) for a, units in self.kingdom.items() if a not in (area, fought)
                   and any(game.counter_of[u] == counter for u in units)]
        if not holders:
            return False
        source, units = min(holders, key=lambda h: (-len(h[1]), game.world.areas[h[0]].index))
        i = next(i for i, u in enumerate(units) if game.counter_of[u] == counter)
        rest = units[:i] + units[i + 1:]
        self.kingdom = {a: (rest if a == source else u) for a, u in self.kingdom.items() if a != source or rest}
        flipped = " and is flipped" if units[i] != unit else ""
        self.note(f"  no kingdom {game.unit_name(unit)} left in the pool: a {game.unit_name(units[i])} comes from "
                  f"{game.world.areas[source].name}{flipped}")
        return True

    # -- conflict with a kingdom (§ 10: Kingdoms defend their area normally) -------------------------
    def controller(self, area: str, active: int) -> int:
        """The empire slot that plays the kingdom's defenders: the nearest empire (fewest areas crossed)
        of a player other than the active one, the nearest player to the active player's left on a tie
        (§ 10). With no other player's empire in play, the first slot of the player on the active
        player's left *(judgment: someone must draw and commit for it)*."""
        seat, n = self.seat_of(active), self.n
        far = self.distances(area)
        empires = [s for s in self.in_play() if self.seat_of(s) != seat]
        if not empires:
            return self.slots_of((seat + 1) % n)[0]
        return min(empires, key=lambda s: (min((far.get(a, 999) for a in self.areas_of(s)), default=999),
                                           (self.seat_of(s) - seat) % n, s))

    def attack_kingdom(self, slot: int, area: str, units: tuple[str, ...]) -> None:
        """Units entering (or set up in) a kingdom's area fight it: the normal conflict, its defenders
        played by ``controller``."""
        defender = self.controller(area, slot)
        self.note(f"  {self.who(slot)} attacks the neutral kingdom in {self.game.world.areas[area].name}; "
                  f"{self.seat_name(self.seat_of(defender))} plays its defenders")
        self.fight = (area, slot, defender, units, self.kingdom[area], (), (), 0, 0, 0, 0)
        self.queue[:0] = [("round",)]

    def neutral_side(self, slot: int) -> bool:
        """``slot`` plays a kingdom's defenders in the conflict being fought."""
        return self.fight is not None and self.fight[2] == slot and self.fight[0] in self.kingdom

    def side_name(self, slot: int) -> str:
        """A conflict side in the log: the empire, or the kingdom and who plays it."""
        if self.neutral_side(slot):
            return f"the kingdom in {self.game.world.areas[self.fight[0]].name} ({self.seat_name(self.seat_of(slot))})"
        return self.who(slot)

    def kingdom_grade(self) -> str:
        return self.game.counters.mixes[KINGDOMS_MIX]["grade"]

    def kingdom_conflict_over(self) -> None:
        """§ 4. Manoeuvre › End of conflict against a kingdom: the attacker's elite markers at risk; the
        kingdom keeps its survivors (never disordered: a neutral area; a fort a new empire brought to
        its start area is gone, as from every start area the empire does not take), or the attacker
        takes the area
        (a city liberated, disorder if both sides lost units); nobody's empire wins when the kingdom
        holds *(judgment: events of a conflict won are an empire's)*."""
        area, att, dfn, ua, ud, sa, sd, _, _, la, ld = self.fight
        self.fight = None
        self.task_expire("conflict")
        self.units_to_pool(att, la)                   # option 16: Socialism
        self.elite_at_risk(att, la)
        survivors, kept = ua + sa, self.kingdom_counters(area, ud + sd)
        self.kingdom = {a: (kept if a == area else u) for a, u in self.kingdom.items() if a != area or kept}
        if kept:
            self.forts -= {area}                      # a new empire's free fort, left alone (§ 4 › Vacant areas)
        if not survivors:
            self.lose_leaders(att, area, "no unit left with them")
        elif not kept:
            self.take_control(att, area, survivors)
            if la and ld:
                self.add_disorder(area)
        self.note(f"  conflict over: {self.who(att)} lost {la}, the kingdom lost {ld}; "
                  + (f"{self.who(att)} holds the area" if area in self.owner else "the kingdom holds the area"))
        self.conflict_won(att if survivors and not kept else None, ld)
        self.check_empty(dfn)                         # an event played on the controller's empire
        self.attacker_settled(att)

    def kingdom_counters(self, area: str, units: tuple[str, ...]) -> tuple[str, ...]:
        """The kingdom's units after its conflict: units an event turned over to its side (Treason!)
        stay as kingdom units while the pool has their counter, else they are lost *(judgment: the
        kingdom has only its 90 counters)*."""
        game, left = self.game, self.kingdom_pool()
        for unit in self.kingdom[area]:
            left[game.counter_of[unit]] += 1
        kept = []
        for unit in units:
            counter = game.counter_of.get(unit)
            if left.get(counter, 0) > 0:
                left[counter] -= 1
                kept.append(unit)
        return tuple(kept)

    # -- Christianity's conversion (§ 16 › Christianity, with option 10) -----------------------------
    def converts_kingdom(self, area: str) -> bool:
        """A neutral area with kingdom units is converted only if a card picked from the deck is worth
        at least their number; then they are removed; the card is discarded."""
        units = self.kingdom.get(area, ())
        if not units:
            return True
        card = self.draw_cards(1)
        self.discards += card
        value = self.game.value[card[0]] if card else 0
        name = self.game.world.areas[area].name
        if value < len(units):
            self.note(f"  the kingdom in {name} is not converted (card {value} < {len(units)} kingdom units)")
            return False
        self.kingdom = {a: u for a, u in self.kingdom.items() if a != area}
        self.note(f"  the kingdom in {name} is converted (card {value} ≥ {len(units)} kingdom units): its units leave")
        return True

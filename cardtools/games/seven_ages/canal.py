"""7 Ages option 16's Great Canal (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › 16) Artefact
pre-requisites and effects › Artefacts › Great Canal* (Kiel (J3), Panama (B4) & Suez (N5))), as a
mixin of the state.

The canals are map data (map.yaml ``canals``: the land area each runs through and the seas it joins);
a Great Canal marker in a canal's area opens it. Panama and Suez: ships move straight between the
two seas (``allow: canal_passage``) with the controller's permission; Kiel: ships in Schleswig lie on
both coasts. In conflict a canal counts as a river (``law: canal_as_river``). An empire taking the
area may destroy it (the penalty's ``lost_control`` window, a 'may' asked of the new owner).
"""

from __future__ import annotations

from cardtools.games.seven_ages.worldmap import Border

#: The canal whose ships lie on both coasts of its area instead of passing between the seas.
BOTH_COASTS = "kiel_canal"


class GreatCanal:
    """Canals opened by a Great Canal marker: sea passages, both coasts, a river in conflict."""

    __slots__ = ()

    def canals_open(self, verb: str, word: str) -> dict[str, dict]:
        """The map's canals whose area holds an artefact with this change (``allow: canal_passage``,
        ``law: canal_as_river``): canal area -> the canal. Remembered in the index of powers (they read only
        the markers on the map and the changes as written: artefacts.py); not to be changed."""
        if not self.option_16() or not self.artefacts:
            return {}
        return self.remembered(("canals", verb, word), self.canals_found, verb, word)

    def canals_found(self, verb: str, word: str) -> dict[str, dict]:
        """``canals_open``, worked out."""
        sites = self.sites_of(verb, lambda a: a == word)
        return {c["area"]: c for c in self.game.world.canals.values() if c["area"] in sites}

    def canal_site(self, area: str, artefact: dict) -> bool:
        """Where a Great Canal may be played: the area one of its canals runs through *(judgment: "an
        area adjacent to the canal" read as the canal's own area, map.yaml)*."""
        canals = self.game.world.canals
        return any(canals[c]["area"] == area for c in artefact.get("sites", ()))

    def canal_passages(self, slot: int) -> dict[str, tuple[Border, ...]]:
        """Sea -> the seas a ship of the empire may enter straight from it through an open Panama or
        Suez canal, at the cost of one sea area. The controller gives permission to its own player's
        empires only *(policy: the engine plays no negotiation, so no payment is offered or asked)*."""
        seat, found = self.seat_of(slot), {}
        for area, canal in self.canals_open("allow", "canal_passage").items():
            holder = self.owner.get(area)
            if canal["id"] == BOTH_COASTS or holder is None or self.seat_of(holder) != seat:
                continue
            a, b = canal["connects"]
            found[a] = found.get(a, ()) + (Border(b, -1),)
            found[b] = found.get(b, ()) + (Border(a, -1),)
        return found

    def port_coasts(self, port: str) -> tuple[frozenset[str], ...] | None:
        """The Kiel canal open in its area: ships there lie on both coasts (one coast facing every sea);
        None otherwise."""
        canal = self.canals_open("allow", "canal_passage").get(port)
        if canal is None or canal["id"] != BOTH_COASTS:
            return None
        return (frozenset().union(*self.game.world.coasts(port)),)

    def canal_defence(self, area: str, across: str | None) -> int:
        """Conflict: units that entered the area across a land border of an open canal's area (into it or
        out of it) meet a river (§ 16 › Great Canal: "canals are considered rivers when Resolving
        conflict"; *judgment*: the canal runs along every land border of its area; no more than a river
        already there)."""
        if across is None or not self.game.world.areas[across].is_land:
            return 0
        canals = self.canals_open("law", "canal_as_river")
        if area not in canals and across not in canals:
            return 0
        border = next((b for b in self.game.world.areas[area].borders if b.area == across), None)
        return 0 if border is None or border.river else self.chart.border_defence["river"]

    def canal_taken(self, loser: int, taker: int, area: str, kept: tuple[str, ...]) -> None:
        """A Great Canal is not discarded when its area changes hands in conflict: it stays for the new
        owner, who may destroy it (its penalty, ``lost_control``, run for the empire that lost it)."""
        if not kept or area not in self.owner:
            return
        self.artefacts[area] = self.artefacts.get(area, ()) + kept
        for canal in kept:
            self.queue[:0] = [("canal_lost", loser, canal, {"new_owner": taker})]

    def canals_in(self, area: str) -> tuple[str, ...]:
        """The Great Canal markers in the area (those with a ``lost_control`` penalty), kept as it is taken."""
        if not self.option_16():
            return ()
        canals = {aid for aid, _ in self.game.artefact_book.triggers.get(("lost_control", None), ())}
        return tuple(a for a in self.artefacts.get(area, ()) if a in canals)

    def task_canal_lost(self, loser: int, canal: str, event: dict) -> None:
        """The lost canal's penalty: the new owner may destroy it (a decision of the kit)."""
        if self.empire[loser] is None:
            return
        pending = self.run_moment("lost_control", loser, event=event, only=canal)
        if pending is not None:
            self.decide(pending)

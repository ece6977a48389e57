"""7 Ages religions and governments in Civilise beyond playing their cards (seeds/001_f19afe02b0a671da.txt
§ 6. Civilise; § Leader Types › Religious (Re)), as a mixin of the state: their double-sided markers,
a Religious leader starting a religion, choosing which of two religions is dominant, and discarding a
religion or government. Adopting one from an empire within Range is in ``actions.py`` (``adopt``).
"""

from __future__ import annotations


def double_sided(artefacts: dict) -> dict[str, tuple[frozenset[str], ...]]:
    """group -> its markers, each the two faces it shows: ``count`` markers for every pair the data
    lists (``markers: {count, backs}``: a religion's or government's markers shared with each other
    one of its group)."""
    found: dict[str, list[frozenset[str]]] = {}
    for aid, artefact in artefacts.items():
        markers = artefact.get("markers")
        if artefact.get("group") and isinstance(markers, dict):
            for back in markers["backs"]:
                found.setdefault(artefact["group"], []).extend([frozenset({aid, back})] * markers["count"])
    return {group: tuple(markers) for group, markers in found.items()}


def _assigned(wanted: list[str], markers: tuple[frozenset[str], ...]) -> bool:
    """Whether each wanted face can show on a marker of its own (bipartite matching, augmenting paths)."""
    holder: list[int | None] = [None] * len(markers)

    def place(i: int, seen: set[int]) -> bool:
        for m, faces in enumerate(markers):
            if wanted[i] in faces and m not in seen:
                seen.add(m)
                if holder[m] is None or place(holder[m], seen):
                    holder[m] = i
                    return True
        return False
    return all(place(i, set()) for i in range(len(wanted)))


class Beliefs:
    """Double-sided markers, a Religious leader's religion, the dominant religion, discarding a belief."""

    __slots__ = ()

    # -- § 6. Civilise › Playing artefact cards: double-sided religion and government markers ----------
    def faces_free(self, artefact: dict) -> bool:
        """One more empire may take this religion or government if the group's markers, swapped and
        turned over at will, can show every one in play and this one too (example 30: the last free
        Christianity on the back of the Mughals' Islam is free while another Islam marker is)."""
        group, held = artefact["group"], self.markers_held()
        wanted = [b for b in self.game.sided_groups[group] for _ in range(held.get(b, 0))] + [artefact["id"]]
        return _assigned(wanted, self.game.sided[group])

    # -- § Leader Types › Religious (Re) ---------------------------------------------------------------
    def foundable(self, slot: int) -> list[str]:
        """Religions an empire with a Religious leader may start in its Civilise, as if it played the
        religion's card: the card's conditions hold (``can_take``), none already played this action."""
        artefacts = self.game.artefacts
        return [r for r in self.game.religions if self.can_take(artefacts[r], slot, self.religion_played, True)]

    def task_found(self, slot: int) -> None:
        if self.empire[slot] is not None and self.leaders_in(slot, "re") and self.foundable(slot):
            self.wait("found", slot)

    def options_found(self) -> list[int]:
        ids = self.game.ids["found"]
        return sorted([ids[r] for r in self.foundable(self.player)] + [ids["none"]])

    def move_found(self, religion: str) -> None:
        slot = self.player
        if religion != "none":
            self.note(f"  {self.who(slot)}: its Religious leader starts {self.game.artefacts[religion]['name']}")
            self.take_artefact(slot, self.game.artefacts[religion])
        self.done()

    # -- § 6. Civilise › Adopting a religion or government: the leftmost religion is dominant -----------
    def religions_of(self, slot: int) -> list[str]:
        """The empire's religions, the dominant (leftmost) first."""
        return [b for b in self.beliefs[slot] if self.game.artefacts[b].get("group") == "religion"]

    def task_dominant(self, slot: int) -> None:
        """With two religions the order may be changed in Civilise, after adopting."""
        if self.empire[slot] is not None and len(self.religions_of(slot)) > 1 and not self.order_fixed(slot):
            self.wait("dominant", slot)                  # option 16: not the defender of the faith (crusades.py)

    def options_dominant(self) -> list[int]:
        ids = self.game.ids["dominant"]
        return sorted(ids[r] for r in self.religions_of(self.player))

    def move_dominant(self, religion: str) -> None:
        slot = self.player
        if self.religions_of(slot)[0] != religion:
            self.beliefs[slot] = (religion,) + tuple(b for b in self.beliefs[slot] if b != religion)
            self.note(f"  {self.who(slot)}: {self.game.artefacts[religion]['name']} is now its dominant religion")
        self.done()

    # -- § 6. Civilise › Discarding a religion or government ---------------------------------------------
    def task_drop(self, slot: int, asked: bool = False) -> None:
        if self.empire[slot] is not None and not asked and self.defender_vote_offered(slot):   # option 16 (crusades.py)
            return
        if self.empire[slot] is not None and self.beliefs[slot]:
            self.wait("drop", slot)

    def options_drop(self) -> list[int]:
        ids = self.game.ids["drop"]
        return sorted([ids[b] for b in set(self.beliefs[self.player])] + [ids["none"]])

    def move_drop(self, belief: str) -> None:
        """One religion or government goes: freely by playing its artefact card (the engine plays it
        when the hand holds it *(judgment)*); otherwise every land area of the empire with a city and
        no leader, or a leader and no city, is disordered."""
        slot = self.player
        if belief != "none":
            self.religion_dropping(slot, belief)                          # option 16: the defender (crusades.py)
            self.beliefs[slot] = tuple(b for b in self.beliefs[slot] if b != belief)
            self.remove_marker(slot, belief)
            self.government_changed(slot, belief, gained=False)       # option 16: Socialism (artefacts.py)
            seat, name = self.seat_of(slot), self.game.artefacts[belief]["name"]
            card = next((c for c in self.hand[seat] if self.game.artefact_of[c] == belief), None)
            if card is not None:
                self.take_from_hand(seat, card)
                self.discards += (card,)
                self.note(f"  {self.who(slot)} discards {name}, playing its card")
            else:
                led = {where for _, _, where in self.leaders[slot]}
                hit = self.faithless(slot, belief)          # option 12 (temples.py)
                if hit is None:
                    hit = {a for a in self.areas_of(slot) if self.game.world.areas[a].is_land
                           and (a in self.city) != (a in led)}
                areas = self.game.world.areas              # in map order: option 16 may draw a card for each
                hit = {a for a in sorted(hit, key=lambda a: areas[a].index) if self.add_disorder(a)}
                self.note(f"  {self.who(slot)} discards {name}: {len(hit)} area(s) disordered")
        self.done()

    def remove_marker(self, slot: int, artefact: str) -> None:
        """The artefact's marker leaves the empire's card, else one of its areas."""
        if artefact in self.on_card[slot]:
            held = list(self.on_card[slot])
            held.remove(artefact)
            self.on_card[slot] = tuple(held)
            return
        area = next((a for a in self.areas_of(slot) if artefact in self.artefacts.get(a, ())), None)
        if area is not None:
            self.remove_marker_from(area, artefact)

    def remove_marker_from(self, area: str, artefact: str) -> None:
        """One artefact marker leaves an area of the map."""
        held = list(self.artefacts[area])
        held.remove(artefact)
        if held:
            self.artefacts[area] = tuple(held)
        else:
            del self.artefacts[area]

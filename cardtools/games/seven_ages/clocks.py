"""7 Ages option 16: the game-wide markers artefacts put on the tracks — World war's black marker on the
progress track, with the United Nations that ends it and censures — as a mixin of the state
(seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › 16) Artefact pre-requisites and effects ›
Artefacts › World war†, › United Nations*).

A marker is state (``State.clocks``: marker -> its space) that the invariants check: the black marker
is on the track exactly while World war is in play. The artefacts' data says what they change while it
is there (``who: all`` changes: costs halved, unlimited placement, a second Manoeuvre, one level a
trade, no Free progress) and when they end (a higher age, the United Nations); the rules below are
those no verb says, each implemented once.
"""

from __future__ import annotations

from cardtools.effects.runtime import NO_EVENT, Ctx

#: Where ``place_marker`` puts a marker: the empire's progress level, or space 5 of the glory track.
SPACES = ("empire_level", "glory_5")
GLORY_START = 5
#: The climate clock's ends (§ 16 › Environmental sustainability*): restored at 10, collapsed at 0.
CLIMATE, RESTORED, COLLAPSED = "climate_clock", 10, 0
#: Halvings in a row that move the clock up one space.
IN_A_ROW = 2
#: After the collapse, for good: fertile and forest become desert, jungle forest (not fertile), tundra
#: fertile (``law: climate_collapse_terrain``: ``State.chart``).
COLLAPSE = {"fertile": "desert", "forest": "desert", "jungle": "forest", "tundra": "fertile"}


class Clocks:
    """World war's black marker, a second Manoeuvre, and the United Nations' censure."""

    __slots__ = ()

    def place_clock(self, slot: int, marker: str, space: str) -> None:
        """``place_marker``: the marker goes on its space (§ 16 › World war: the empire's progress level).
        An empire beyond level 49 (§ Winning the game) puts it on the track's last level, 49 *(judgment:
        the track has no space beyond; the age it marks, 7, is the same)*."""
        at = min(self.progress[slot], self.game.beyond["level"]) if space == "empire_level" else GLORY_START
        self.clocks = {**self.clocks, marker: at}
        self.note(f"  the {marker_name(self.game, marker)} marker goes on "
                  f"{'progress level' if space == 'empire_level' else 'glory space'} {at}")

    def clock_removed(self, artefact: str) -> None:
        """An artefact's own marker (sharing its name: World war's black marker) leaves with it."""
        if artefact in self.clocks:
            self.clocks = {m: at for m, at in self.clocks.items() if m != artefact}
            self.note(f"  the {marker_name(self.game, artefact)} marker is removed")

    def entered_age(self, slot: int) -> None:
        """An empire entering an age higher than a marker's: the artefacts that end then (World war's
        ``higher_age_than_marker``), for whoever has them; the empire is the one that ended it."""
        for marker, level in self.clocks.items():
            if marker in self.game.artefacts and self.age(slot) > self.level_age(level):
                for holder in self.in_play():
                    self.fire_artefacts("higher_age_than_marker", holder, event={"ender": slot})

    def level_age(self, level: int) -> int:
        return min(7, (max(level, 1) - 1) // self.LEVELS + 1)

    def halving(self, slot: int) -> bool:
        """The total cost of the units the empire builds is halved (World war; § Terms of play ›
        Modifiers: the total, not each unit)."""
        return self.option_16() and any(c.get("halve") for c in self.in_force("unit_cost", slot))

    def manoeuvre_again(self, slot: int) -> bool:
        """World war: after its first move and conflicts, the empire moves and fights once more (a
        Strategist's stack has already moved a second time: this is its third). Whether it does."""
        if self.wave or "second_manoeuvre" not in self.in_force("allow", slot):
            return False
        self.wave = 1
        self.note(f"  {self.who(slot)} moves again (World war)")
        self.queue[:0] = [("marching", slot)]
        return True

    # -- the climate clock (§ 16 › Artefacts › Environmental sustainability*) --------------------------
    def climate_moves(self, slot: int, halved: bool) -> None:
        """After an empire's Production income, while the clock moves (``law: climate_clock_moves``, for
        every empire): down one space when it did not halve its total income; up one after each two
        empires in a row that did. At 10 the clock is removed (stability restored); at 0 the climate
        collapses (``climate_collapse``) and the clock stays there for good *(judgment: it no longer
        moves)*."""
        at = self.clocks.get(CLIMATE)
        if at is None or at == COLLAPSED or "climate_clock_moves" not in self.in_force("law", slot):
            return
        self.streak = self.streak + 1 if halved else 0
        step = -1 if not halved else 1 if self.streak % IN_A_ROW == 0 else 0
        if not step:
            return
        at += step
        self.clocks = {**self.clocks, CLIMATE: at}
        self.note(f"  the climate clock moves {'up' if step > 0 else 'down'} to {at}")
        if at >= RESTORED:
            self.clock_removed(CLIMATE)
            self.note("  environmental stability is restored")
        elif at == COLLAPSED:
            self.note("  the climate collapses")
            for aid, _ in self.game.artefact_book.triggers.get(("climate_collapse", None), ()):
                self.fire_artefacts("climate_collapse", slot, only=aid)

    def income_halved(self, slot: int) -> bool:
        """The empire's total income is halved this Production: no capital, a Barbarian, or a change."""
        return (self.capital[slot] is None or self.barbarian(slot)
                or any(c.get("halve") for c in self.in_force("income", slot)))

    @property
    def chart(self):
        """The Terrain Effects Chart in force: the map's, or after the climate collapse its changed one."""
        if self.temporary and "climate_collapse_terrain" in self.in_force("law", None):
            return self.game.collapsed
        return self.game.chart

    # -- history ends (§ 16 › Artefacts › General AI*, › Internet*) -------------------------------------
    def history_ends(self, slot: int, how: str) -> None:
        """``end_game``: the game is over at once — its empire's owner wins (``owner_wins``: General AI,
        glory decides the other places) or glory decides (the Internet); an empire that ends the game
        this way gains what ending it gives (the Moon landing's 7)."""
        self.fire_artefacts("ends_game", slot)
        if how == "owner_wins":
            self.crowned = self.seat_of(slot)
        self.finish(f"{self.who(slot)} ends history ({'its player wins' if how == 'owner_wins' else 'glory decides'})")

    # -- the United Nations' censure (§ 16 › Artefacts › United Nations*) -----------------------------
    def censure(self, slot: int, what: str) -> None:
        """An empire ends a unit's move in another empire's area (``what`` None: its first this action) or
        plays an event the United Nations names (``what``: the card): the UN's controller calls a vote when the empire is another
        player's; every other player votes for the censure (unanimous), and the empire's player does not
        accept it, losing 1 glory per voter (2 with fewer than 4 players) *(judgment: fixed policies)*."""
        if slot in self.censured or not (self.temporary or self.any_present("censure")):   # no United Nations
            return
        seat = self.seat_of(slot)
        for un in self.in_play():
            lists = self.in_force("censure", un)
            if self.seat_of(un) == seat or not lists or what is not None and not any(what in c for c in lists):
                continue
            self.censured |= {slot}
            voters = self.n - 1
            self.note(f"  {self.who(un)} calls a censure vote (United Nations): {voters} for; not accepted")
            self.score(slot, -voters * (2 if self.n < 4 else 1), "censured (United Nations)")
            return

    def censure_event(self, card: str, by: int | None) -> None:
        if by is not None and self.option_16():
            self.censure(by, card)

    def discard_named(self, ctx: Ctx, artefact: str) -> None:
        """``discard_artefact: <artefact>`` (the United Nations discarding World war): wherever it is."""
        for s in self.in_play():
            if artefact in self.held_by(s) and artefact not in self.track:
                self.artefact_discarded(s, artefact, NO_EVENT)


def marker_name(game, marker: str) -> str:
    """A track marker's name: its artefact's (World war), else its words (the climate clock)."""
    return game.artefacts[marker]["name"] if marker in game.artefacts else marker.replace("_", " ")

"""7 Ages option 16's Defender of the faith and its Holy war (seeds/001_f19afe02b0a671da.txt § PLAYERS'
GUIDE › 16) Artefact pre-requisites and effects › Artefacts › Defender of the faith, › Holy war), as a
mixin of the state.

The artefacts' powers and penalties are data (decks/7ages/artefacts.yaml); this module opens their
windows and reads their tokens. The defender's religion is its empire's dominant religion (it cannot
change their order: ``forbid: change_religion_order``). Its windows: ``liberates`` / ``liberated_from``
(a religious site of that religion, or an empire's last area, liberated across religions),
``loses_own_site``, ``drops_religion``; the Holy war's: ``adopts_defender_religion`` and
``artefact_discarded``. Its tokens: ``allow: place_holy_war`` (in Adopting a religion), ``allow:
defender_vote`` (in Discarding a religion), ``law: holy_war_glory`` / ``holy_war_front`` /
``holy_war_liberation`` (while a Holy war is on the map). Which card is which comes from the data: the
Holy war is the artefact ``placed_by`` another, the defender.
"""

from __future__ import annotations

from cardtools.effects.runtime import Option, Pending

#: Glory a failed vote against the defender costs the empire that called it.
VOTE_FAILED = 1
#: Glory an empire of the defender's religion loses at the end of a Manoeuvre in which it did not move.
IDLE_CRUSADER = 2
#: At most this much glory for liberating the Holy war's area (1, +1 a city, +1 a religious site).
LIBERATION_MOST = 3


def crusade_cards(artefacts: dict) -> tuple[str, str] | None:
    """(the defender, its Holy war): the artefact another places (``placed_by``), and that one."""
    return next(((a["placed_by"], aid) for aid, a in artefacts.items() if a.get("placed_by")), None)


class Crusades:
    """The Defender of the faith's religion, its vote, and the Holy war it may call."""

    __slots__ = ()

    #: option 16: the map areas with a Holy war -> its religion (read with the marker still there)
    holy_wars: dict[str, str]
    #: option 16: empires that moved in the Manoeuvre action under way (the Holy war's duty)
    marched: frozenset[int]

    # -- the defender ----------------------------------------------------------------------------------
    def defenders(self) -> dict[str, int]:
        """Religion -> the empire defending it (the defender's dominant religion)."""
        cards = self.game.crusade
        if cards is None or not self.option_16():
            return {}
        return {self.dominant_religion(s): s for s in self.in_play() if cards[0] in self.on_card[s]
                and self.dominant_religion(s) is not None}

    def defenderless(self, slot: int) -> bool:
        """Where a defender may be played (``empire: religion_without_defender``): its religion has none."""
        return self.dominant_religion(slot) not in self.defenders()

    def liberated(self, taker: int, loser: int, area: str, crusade: str | None) -> None:
        """An area taken in conflict: the defenders' glory (``liberates``, ``liberated_from``), the defender
        losing a site of its religion (``loses_own_site``), and the Holy war there (``holy_war_liberation``)."""
        if not self.option_16() or self.game.crusade is None:
            return
        sites = self.sites_of_area(area)
        last = not self.areas_of(loser)
        theirs, mine = self.dominant_religion(loser), self.dominant_religion(taker)
        for religion, defender in self.defenders().items():
            if defender == taker and theirs != religion and (religion in sites or last):
                self.fire_artefacts("liberates", defender, "other_site")
            if mine != religion and (religion in sites or last and theirs == religion):
                self.fire_artefacts("liberated_from", defender, "own_site")
            if defender == loser and religion in sites and self.empire[defender] is not None:
                self.fire_artefacts("loses_own_site", defender)
        if crusade is not None:
            self.holy_war_liberated(taker, area, crusade)

    def religion_dropping(self, slot: int, religion: str) -> None:
        """Before a religion goes (Discarding a religion, Revolution): the defender of it is discarded
        (``drops_religion``), and so is a Holy war on the empire's card, on that religion."""
        if not self.option_16() or self.game.crusade is None or religion != self.dominant_religion(slot):
            return
        self.fire_artefacts("drops_religion", slot)
        if self.game.crusade[1] in self.on_card[slot]:
            self.artefact_discarded(slot, self.game.crusade[1])

    def order_fixed(self, slot: int) -> bool:
        """The defender may not change the order of its religions (``forbid: change_religion_order``)."""
        return self.option_16() and "change_religion_order" in self.in_force("forbid", slot)

    # -- the vote against the defender (Discarding a religion or government) ------------------------------
    def defender_vote_offered(self, slot: int) -> bool:
        """An empire of the defender's dominant religion (the defender too) may call a vote against it
        instead of discarding a religion (``allow: defender_vote``, the defender's penalty). Whether asked."""
        religion = self.dominant_religion(slot)
        defender = self.defenders().get(religion)
        if defender is None or "defender_vote" not in self.in_force("allow", defender):
            return False

        def discard(st):
            st.queue[:0] = [("drop", slot, True)]
        self.decide(Pending(slot, "discard a religion or vote against the defender?",
                            (Option("discard", discard), Option("vote", lambda st: st.defender_vote(slot, defender)))))
        return True

    def defender_vote(self, caller: int, defender: int) -> None:
        """Each empire of that dominant religion votes, twice if it controls a religious site of it; more
        than 2/3 of the votes against the defender discard it, otherwise the caller loses 1 glory. The
        votes are a fixed policy, as Heresy's (votes.py): each empire votes its player's interest — the
        defender's player's empires for the defender, every other against."""
        religion = self.dominant_religion(defender)
        voters = [s for s in self.turn_order_from(caller) if self.dominant_religion(s) == religion]
        weight = {s: 1 + any(religion in self.sites_of_area(a) for a in self.areas_of(s)) for s in voters}
        against = sum(n for s, n in weight.items() if self.seat_of(s) != self.seat_of(defender))
        total = sum(weight.values())
        self.note(f"  {self.who(caller)} calls a vote against the defender of the faith: "
                  f"{against} of {total} vote(s) against")
        if 3 * against > 2 * total:
            self.artefact_discarded(defender, self.game.crusade[0])
        else:
            self.score(caller, -VOTE_FAILED, "option 16: a failed vote against the defender of the faith")

    # -- the Holy war ---------------------------------------------------------------------------------
    def crusades(self) -> dict[str, str]:
        """The Holy wars on the map: area -> religion."""
        if not self.holy_wars:
            return {}
        return {a: r for a, r in self.holy_wars.items() if self.game.crusade[1] in self.artefacts.get(a, ())}

    def holy_war_offered(self, slot: int) -> bool:
        """Adopting a religion: the defender may instead put its religion's Holy war in a land area of a
        religious empire none of whose religions is the defender's (``allow: place_holy_war``), while that
        religion has none on the map *(judgment: one Holy war a religion)*. Whether it was asked."""
        religion = self.dominant_religion(slot)
        if self.defenders().get(religion) != slot or "place_holy_war" not in self.in_force("allow", slot):
            return False
        if religion in self.crusades().values():
            return False
        world = self.game.world
        areas = sorted((a for s in self.in_play() if self.religions_of(s) and religion not in self.religions_of(s)
                        for a in self.areas_of(s) if world.areas[a].is_land),
                       key=lambda a: world.areas[a].index)
        if not areas:
            return False

        def adopt(st):
            st.queue[:0] = [("adopt", slot, True)]

        def place(area):
            def run(st):
                st.artefacts[area] = st.artefacts.get(area, ()) + (st.game.crusade[1],)
                st.holy_wars = {**st.holy_wars, area: religion}
                st.note(f"  {st.who(slot)} calls a holy war of {st.game.artefacts[religion]['name']} "
                        f"on {st.who(st.owner[area])} in {world.areas[area].name}")
            return run
        self.decide(Pending(slot, "adopt a religion or call a holy war?",
                            (Option("adopt", adopt),) + tuple(Option(a, place(a)) for a in areas)))
        return True

    def crusaders(self, slot: int) -> set[str]:
        """The religions of the Holy wars the empire fights in: it has the religion and ignores no holy war
        (Renaissance, Socialism); read for every empire while a Holy war is in play (``law`` tokens)."""
        found = self.crusades()
        if not found or "holy_war" in self.ignored(slot):
            return set()
        return set(found.values()) & set(self.religions_of(slot))

    def holy_war_bonus(self, slot: int, area: str) -> int:
        """+1 front and support for the units in or next to a Holy war's area of a religion the empire
        fights for (``law: holy_war_front``)."""
        if not self.holy_wars or "holy_war_front" not in self.in_force("law", slot):
            return 0
        religions = self.crusaders(slot)
        world = self.game.world
        return int(any(r in religions and (a == area or area in world.neighbours(a)) for a, r in self.crusades().items()))

    def manoeuvred(self, slot: int) -> None:
        """A Manoeuvre's movement is over: whether the empire moved units, for the Holy war's duty."""
        if self.moved and self.holy_wars:
            self.marched = self.marched | {slot}

    def task_holy_war_duty(self, slot: int) -> None:
        """At the end of its Manoeuvre action an empire fighting a Holy war that moved nothing loses 2
        glory (``law: holy_war_glory``) *(judgment: the empire's own Manoeuvre action)*."""
        moved, self.marched = slot in self.marched, self.marched - {slot}
        if (not moved and self.empire[slot] is not None and self.crusaders(slot)
                and "holy_war_glory" in self.in_force("law", slot)):
            self.score(slot, -IDLE_CRUSADER, "option 16: Holy war (no manoeuvre)")

    def holy_war_liberated(self, taker: int, area: str, religion: str) -> None:
        """The Holy war stays when its area is liberated: an empire of the defender's dominant religion
        liberating it gains 1 glory, +1 if the area still has a city, +1 if it is a religious site of the
        religion, and puts the marker on its card (``law: holy_war_liberation``); otherwise it stays on the
        map for the area's new owner."""
        holy_war = self.game.crusade[1]
        self.artefacts[area] = self.artefacts.get(area, ()) + (holy_war,)
        if self.dominant_religion(taker) == religion and "holy_war_liberation" in self.in_force("law", taker):
            glory = min(LIBERATION_MOST, 1 + bool(self.city.get(area)) + (religion in self.sites_of_area(area)))
            self.score(taker, glory, "option 16: Holy war liberated")
            self.remove_marker_from(area, holy_war)
            self.on_card[taker] += (holy_war,)
            self.holy_wars = {a: r for a, r in self.holy_wars.items() if a != area}

    def crusades_kept(self) -> None:
        """A Holy war goes once the empire with it has its religion (``adopts_defender_religion``)
        *(judgment: checked as each action starts)*; the areas whose Holy war went otherwise are forgotten."""
        if len(self.crusades()) != len(self.holy_wars):
            self.holy_wars = self.crusades()
        for area, religion in self.crusades().items():
            holder = self.owner.get(area)
            if holder is not None and religion in self.religions_of(holder):
                self.fire_artefacts("adopts_defender_religion", holder, only=self.game.crusade[1])

    def crusades_called_off(self, slot: int, artefact: str) -> None:
        """The defender is discarded: the Holy wars of its religion go (``artefact_discarded``)."""
        cards = self.game.crusade
        if cards is None or artefact != cards[0] or not self.option_16():
            return
        religion = self.dominant_religion(slot)
        for area, r in self.crusades().items():
            if r == religion and area in self.owner:
                self.fire_artefacts("artefact_discarded", self.owner[area], artefact, only=cards[1])

"""7 Ages option 16: the artefacts whose powers are decided between players — Heresy's vote and the
Nobel prizes (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › 16) Artefact pre-requisites and
effects › Artefacts › Heresy, › Nobel Prize*), as a mixin of the state.

The artefacts say when (``law: heresy_vote``; ``when: harvest_start … perform: nobel_prizes``); the
rules of the vote and of the prizes are here, each implemented once. The players' part is a fixed
policy (docs/rules/7ages.md § 14.2 and § 16): a vote's proposal, the votes cast and a prize's tie are
the engine's choices, written below with the rule they follow.
"""

from __future__ import annotations

from cardtools.effects.runtime import Ctx, Pending

#: The named rule tokens these artefacts use (docs/rules/7ages.md § 14.2).
HERESY = "heresy_vote"
NOBEL = "nobel_prizes"
#: The artefact a Heresy vote removes (its marker, on the card of the empire it was played on).
HERETIC = "heresy"


class Votes:
    """Heresy's Vote action and the Nobel prizes."""

    __slots__ = ()

    # -- Heresy (§ 16 › Artefacts › Heresy) ---------------------------------------------------------------
    def heresy_vote(self, slot: int) -> bool:
        """An empire whose dominant religion has a Heresy on it turns over a Vote action instead of its
        action (``law: heresy_vote``, for every empire while a Heresy is in play). Whether it did."""
        if HERESY not in self.in_force("law", slot) or "heresy" in self.ignored(slot):
            return False
        religion = self.dominant_religion(slot)
        holder = next((s for s in self.in_play() if HERETIC in self.on_card[s]
                       and religion is not None and self.dominant_religion(s) == religion), None)
        if holder is None:
            return False
        name = self.game.artefacts[religion]["name"]
        self.note(f"  {self.who(slot)}: a Vote action (Heresy on {name})")
        if self.leaders_in(slot, "re"):
            self.note(f"  {self.who(slot)}: its Religious leader removes the Heresy")
            self.artefact_discarded(holder, HERETIC)
            return True
        (card,) = self.draw_cards(1) or (None,)
        levels = self.game.value[card] if card else 0
        if card:
            self.discards += (card,)
        faithful = [s for s in self.turn_order_from(slot) if self.dominant_religion(s) == religion]
        losses = self.heresy_proposal(slot, faithful, levels)
        votes_for = losses.get(slot, 0) if levels else 1
        votes_against = sum(n for s, n in losses.items() if s != slot)
        self.note(f"  check card {levels}: {self.who(slot)} proposes "
                  + (", ".join(f"{self.who(s)} loses {n}" for s, n in losses.items() if n) or "no loss")
                  + f"; {votes_for} vote(s) for, {votes_against} against")
        if votes_for <= votes_against:
            self.note("  the Heresy remains")
            return True
        for s, n in losses.items():
            self.regress(s, n, "Heresy")
        self.artefact_discarded(holder, HERETIC)
        for s in faithful:                                 # its religion voted for: Religious strife goes
            self.fire_artefacts("heresy_ended", s)
        return True

    def heresy_proposal(self, slot: int, faithful: list[int], levels: int) -> dict[int, int]:
        """The proposer's policy *(judgment)*: it takes the fewest levels that still carry the vote (more
        than half, as each empire votes with the levels it would lose, and the others vote against), the
        rest go one at a time to the other empires of the religion in turn order, what they cannot take
        to the proposer; none goes below level 1."""
        room = {s: self.progress[s] - 1 for s in faithful}
        own = min(levels, levels // 2 + 1, room[slot])
        losses = {slot: own}
        left, others = levels - own, [s for s in faithful if s != slot]
        while left and any(room[s] > losses.get(s, 0) for s in others):
            for s in others:
                if left and room[s] > losses.get(s, 0):
                    losses[s] = losses.get(s, 0) + 1
                    left -= 1
        losses[slot] += min(left, room[slot] - own)        # no one else to take them
        return losses

    def turn_order_from(self, slot: int) -> list[int]:
        """The empires in play, from this one's player clockwise (its own empires first)."""
        seat = self.seat_of(slot)
        order = [(seat + i) % self.n for i in range(self.n)]
        return [s for p in order for s in self.slots_of(p) if self.empire[s] is not None]

    def ignored(self, slot: int) -> set[str]:
        """What the empire's artefacts let it ignore (``ignore``: Socialism, Renaissance, Autocracy)."""
        return {word for words in self.in_force("ignore", slot) for word in words}

    # -- the Nobel Prize (§ 16 › Artefacts › Nobel Prize*) ------------------------------------------------
    def perform(self, ctx: Ctx, player: int, action: str, without: frozenset[str]) -> Pending | None:
        """``perform: nobel_prizes``: the owner hands out the three Nobel prizes."""
        if action != NOBEL:
            return super().perform(ctx, player, action, without)
        self.nobel_prizes(player)
        return None

    def nobel_prizes(self, owner: int) -> None:
        """Three prizes of 1 glory each: the most advanced empire with a Scientist; the empire with an
        Artist and the most artefacts (as Harvest counts them); the largest empire (all its areas) with a
        Populist, no disorder, and no area gained or lost this turn. An empire may win several. A tie is
        the owner's choice: its own empire first, then the first in turn order from it *(judgment)*."""
        empires = self.turn_order_from(owner)
        prizes = (
            ("sc", lambda s: self.progress[s]),
            ("ar", lambda s: self.measure(s, "artefacts", None, None)),
            ("po", lambda s: len(self.areas_of(s)) if s not in self.shifted and not self.empire_is(s, "has_disordered_area")
             else None),
        )
        for i, (kind, measure) in enumerate(prizes, 1):
            ranked = [(measure(s), s) for s in empires if self.leaders_in(s, kind)]
            ranked = [(v, s) for v, s in ranked if v is not None]
            if ranked:
                best = max(v for v, _ in ranked)
                winner = next(s for v, s in ranked if v == best)
                self.score(winner, 1, f"Nobel prize {i}")

    def area_shifted(self, slot: int | None) -> None:
        """The empire gained or lost an area this turn (the third Nobel prize)."""
        if slot is not None and slot not in self.shifted:
            self.shifted |= {slot}

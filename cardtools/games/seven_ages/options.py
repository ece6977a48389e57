"""7 Ages' optional rules (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › Optional Rules), as a
mixin of the state, and which of them the engine plays.

A variant switches an option on through its rule parameter (game.yaml ``rules:``, checked by
schemas/7ages/rules.schema.json). ``refused`` names every option a deck switches on that the engine
does not play yet, so that ``Game`` refuses the deck naming exactly those (``UnplayedRules``).
Option 11 is the events' (events.py), option 16 the artefacts' (artefacts.py, refused by
``Game._artefacts`` with the artefacts it lacks). docs/rules/7ages.md § 18 is the specification.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The section of every option's rule.
GUIDE = "seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › Optional Rules"


@dataclass(frozen=True)
class Option:
    number: int
    title: str
    rule: str          # its rule parameter
    played: bool

    def __str__(self) -> str:
        return f"{self.number} {self.title} ({self.rule})"


#: Options 1-15 (16, artefact_effects, is Game._artefacts'), and whether the engine plays each.
OPTIONS = (
    Option(1, "Total History", "total_history", False),
    Option(2, "Not the full deck", "not_the_full_deck", False),
    Option(3, "Redemption", "redemption", False),
    Option(4, "Enhanced start", "enhanced_start", False),
    Option(5, "Enhanced Play", "enhanced_play", False),
    Option(6, "Pursuit", "pursuit", False),
    Option(7, "Technology", "technology", False),
    Option(8, "Take that!", "take_that", False),
    Option(9, "Cadenced progress", "cadenced_progress", False),
    Option(10, "Neutral Kingdoms", "neutral_kingdoms", False),
    Option(11, "Secret Victory", "secret_victory", False),
    Option(12, "Deus Vult!", "deus_vult", False),
    Option(13, "Quick conflict resolution", "quick_conflict", False),
    Option(14, "Marines", "marines", False),
    Option(15, "Hocking the crown jewels", "hocking", True),
)


def refused(rules) -> list[str]:
    """The options ``rules`` switch on that the engine does not play yet, each by number, title and
    parameter."""
    return [str(o) for o in OPTIONS if rules[o.rule] and not o.played]


def left_out() -> str:
    """What ``GameFacts.unplayed`` says of the options (16 and the events' 11 apart)."""
    return "the optional rules " + ", ".join(str(o.number) for o in OPTIONS if not o.played)


def refusal(names: list[str]) -> str:
    return f"the 7ages engine does not play option(s) {', '.join(names)} yet (part 2, issue 17)"


class Options:
    """The rules of the options the engine plays, each a hook the standard sequence of play calls."""

    # -- 15) Hocking the crown jewels -------------------------------------------------------------------
    def task_hock(self, slot: int) -> None:
        """After Harvest glory, each empire clockwise from the First player's *(judgment: "going
        Clockwise after the First player")* may sell its player's glory, 1 for 5 money, at most one
        per undisordered city it controls this turn and never more than the player has (§ 15)."""
        if self.empire[slot] is not None and self.hockable(slot):
            self.wait("hock", slot)

    def hockable(self, slot: int) -> int:
        """Glory the empire may still sell this turn (§ 15: its undisordered cities, the player's glory)."""
        cities = sum(1 for a in self.areas_of(slot) if self.city.get(a) and a not in self.disorder)
        return min(cities - self.hocked.get(slot, 0), self.rank_value(self.seat_of(slot), "glory"))

    def options_hock(self) -> list[int]:
        ids = self.game.ids["hock"]
        return [ids["none"], ids["one"]]

    def move_hock(self, how: str) -> None:
        """``hock one`` sells one glory and asks again; ``hock none`` stops."""
        slot = self.player
        if how == "one":
            self.hocked = {**self.hocked, slot: self.hocked.get(slot, 0) + 1}
            self.score(slot, -1, "hocked: the crown jewels")
            self.earn(slot, HOCK_PRICE, "the crown jewels hocked")
            self.queue.insert(0, ("hock", slot))
        self.done()


#: Money for a glory hocked (§ 15).
HOCK_PRICE = 5

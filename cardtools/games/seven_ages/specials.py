"""7 Ages: the empires' special rules (the 'Special' section of an empire card, `empire.special` in
the deck), as a mixin of the state.

The specials are data: the kit compiles them once (``BaseGame.abilities``) and an empire holds its
card's abilities while it is in play (``take_specials``). Triggered ones (``when: starts``: elite
markers, a free fort, converting another empire's pieces) run when the empire is set up, before its
initial units are bought; modifiers
are asked where their rule is: ``allow`` (a land area left empty, galleys in ocean, the Pirate
State's set-up), ``unit_cost`` (initial costs), ``conflict`` (front and support), ``counts_for_glory``
(desert and tundra areas) and ``law: successor`` (the Successor State, card 162). The verbs' runtimes
are in ``verbs.py``; which card uses which is docs/rules/7ages.md § 4.14.
"""

from __future__ import annotations

from cardtools.engine.abilities import Powers
from cardtools.engine.tallied import stamp

FIELD = "empire.special"
PIRATE_REACH = 3      # § 1. Start empire › Setting up a new empire: the Pirate State within 3 areas


class Specials:
    """The abilities of the empire cards in play, and the rules that ask them."""

    __slots__ = ()

    def take_specials(self, slot: int) -> None:
        """The empire in ``slot`` holds its card's special rules (none once the slot is empty)."""
        card = self.empire[slot]
        abilities = self.game.abilities.get(card, {}).get(FIELD, ()) if card else ()
        self.set_powers(slot, Powers.of(abilities, {}))

    def _in_force(self, verb: str, slot: int) -> list[dict]:
        """The arguments, as the card writes them, of the empire's modifiers of ``verb`` in force."""
        return [mod.args["args"] for owner, mod in self.mods.all(verb) if mod.applies(self, owner, slot)]

    def allowed(self, slot: int, rule: str) -> bool:
        """An ``allow`` special in force for the empire (its condition read now: the Huns' ages)."""
        return self.mods.applies(self, "allow", rule, slot)

    def card_allows(self, card: str, rule: str) -> bool:
        """Whether a card not yet in play carries an unconditional ``allow`` (the Pirate State)."""
        return any(getattr(a, "verb", None) == "allow" and a.args["rule"] == rule and a.condition is None
                   for a in self.game.abilities.get(card, {}).get(FIELD, ()))

    # -- the Successor State (card 162: ``starts_also: {parent: true}``, ``law: successor``) ------------
    def successor(self, slot: int) -> bool:
        return any(args == "successor" for args in self._in_force("law", slot))

    def parent_for(self, seat: int) -> int | None:
        """The empire a Successor State is spawned from: the most advanced empire of another player
        *(judgment: the rulebook names no rule for the choice)*; it starts in that empire's land areas."""
        others = [s for s in self.in_play() if self.seat_of(s) != seat]
        return max(others, key=lambda s: (self.progress[s], -s), default=None)

    def succeed(self, slot: int, card: str) -> str:
        """§ 7. Discard empire: if a Successor State spawned from the discarded empire is still in play,
        its owner discards the Successor State card and replaces it with the discarded empire's. ->
        the card that goes to the discard pile."""
        heir = next((s for s in self.in_play() if s != slot and self.parent[s] == card and self.successor(s)), None)
        for s in self.actors():
            if self.parent[s] == card or s == slot:
                self.parent[s] = None
        if heir is None:
            return card
        spawned = self.empire[heir]
        self.empire[heir] = card
        self.seated = stamp()
        self.take_specials(heir)
        self.note(f"  {self.seat_name(self.seat_of(heir))}'s {self.game.name(spawned)} becomes the "
                  f"{self.game.name(card)}, the empire it was spawned from")
        return spawned

    # -- the rules that ask them ----------------------------------------------------------------------
    def garrison(self, slot: int, area: str) -> int:
        """Units a move leaves in an area: one in a land area (§ 4. Manoeuvre › Other movement
        restrictions), none where the card allows it (``allow: vacate_land``: the Huns in ages 2-3)."""
        return int(self.game.world.areas[area].is_land and not self.allowed(slot, "vacate_land"))

    def galleys_ocean(self, slot: int) -> bool:
        """Galleys never enter ocean unless the card allows it (§ 4 › Ship movement restrictions; the
        Polynesians' ``allow: galleys_in_ocean``); such galleys are not lost away from the coast
        either *(judgment: in ocean they are as other ships)*."""
        return self.allowed(slot, "galleys_in_ocean")

    def glory_terrains(self, slot: int) -> frozenset[str]:
        """Desert and tundra areas count for glory only where the card says so (§ End of turn ›
        Harvest glory › Glory from areas: ``counts_for_glory``, the Vikings' tundra)."""
        return frozenset(t for args in self._in_force("counts_for_glory", slot) for t in args)

    def initial_cost(self, slot: int, unit: str, cost: int) -> int:
        """'Initial' unit costs apply only while setting up, in the age the empire is in (§ 1. Start
        empire › Special set-up actions: the Jurchens' cavalry costs 2 in age 3): ``unit_cost`` with
        ``only: setup``."""
        cls = self.game.unit_class[unit]
        for args in self._in_force("unit_cost", slot):
            if args.get("only") == "setup" and (unit in args["units"] or cls in args["units"]) and "set" in args:
                cost = args["set"]
        return cost

    def special_values(self, slot: int, unit: str) -> tuple[int, int]:
        """Front and support the card adds to a unit type (``conflict``: the Russians' rifles, +1 and
        +1, § 4. Manoeuvre › Movement and conflict resolution example)."""
        front = support = 0
        for args in self._in_force("conflict", slot):
            if unit in args.get("units", (unit,)):
                front += args.get("front", 0)
                support += args.get("support", 0)
        return front, support

    def near_empire(self, card: str, seat: int) -> bool:
        """The Pirate State sets up only within 3 areas of another empire (§ 1. Start empire ›
        Setting up a new empire, example: it cannot start on an empty map)."""
        world = self.game.world
        seen = set(self.game.empires[card].get("starts", ()))
        edge = set(seen)
        for _ in range(PIRATE_REACH + 1):
            if any(a in self.owner for a in edge):
                return True
            edge = {n for a in edge for n in world.neighbours(a)} - seen
            seen |= edge
        return False

    # -- the triggered specials (verbs.py runtimes) ---------------------------------------------------
    def convert(self, slot: int, cards: tuple[str, ...]) -> None:
        """§ 1. Start empire › What if someone else is already in my start area?: in its start areas,
        the named empires' units become the new empire's, type for type, while its pool has them
        (the others are removed); their forts, cities (unreduced), artefacts and leaders become its
        too — a Barbarian destroys the cities and forts instead. A converted city is the capital
        (``task_finish_start`` prefers it)."""
        game = self.game
        left = self.pool_left(slot)
        for area in game.empires[self.empire[slot]].get("starts", ()):
            other = self.owner.get(area)
            if other is None or other == slot or self.empire[other] not in cards:
                continue
            units = []
            for unit in self.units[area]:
                counter = game.counter_of[unit]
                if left.get(counter, 0) > 0:
                    left[counter] -= 1
                    units.append(unit)
            self.leaders[slot] += tuple(led for led in self.leaders[other] if led[2] == area)
            self.leaders[other] = tuple(led for led in self.leaders[other] if led[2] != area)
            if self.capital[other] == area:
                self.capital[other] = None
            self.owner.pop(area)
            self.owned = stamp()
            self.units.pop(area)
            if self.barbarian(slot):
                self.city.pop(area, None)
                self.forts -= {area}
            if units:
                self.place(slot, area, tuple(units))
            else:
                self.vacate(area)
            if self.log is not None:
                self.note(f"  {self.who(slot)} converts {len(units)} unit(s) of {self.who(other)} in "
                          f"{game.world.areas[area].name}")
            self.check_empty(other)

    def place_given(self, slot: int, number: int) -> None:
        """Pieces a card gives (``place_units``): a fort, free, in a start area without one that no
        other empire holds (§ 1. Start empire › Placing a capital: free forts from the card); the
        initial units then go there first (a fort left without units goes, ``task_finish_start``).
        The only use the engine plays (``verbs._free_fort``: any other is refused)."""
        sites = [a for a in self.game.empires[self.empire[slot]].get("starts", ())
                 if self.owner.get(a, slot) == slot and a not in self.forts]
        for area in sites[:number]:
            self.forts |= {area}
            self.note(f"  {self.who(slot)}: a free fort in {self.game.world.areas[area].name}")

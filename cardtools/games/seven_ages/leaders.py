"""7 Ages leaders (seeds/001_f19afe02b0a671da.txt § 6. Civilise › Removing leaders, › Promoting leaders;
§ Leader Types), as a mixin of the state.

A leader is ``(name, types, area)`` in its empire's list: a named leader from the empire's card
(each appears once a game) or an unnamed one drawn from the leader cup (``counters.yaml``). The
military leaders (Tactician, Strategist, Explorer) march with their area's units and retreat with
them (conflict.py); the others go along only when the player says so (``escort``); the types' rules
are applied where their rule is, each citing § Leader Types.
"""

from __future__ import annotations

NO_LEADER = ()
#: Leader types that march with their area's units (conflict.py, ``move_leaders``) *(judgment)*.
MILITARY = frozenset({"ta", "st", "ex"})


class Leaders:
    """Placing, promoting and losing leaders, and what their types change."""

    __slots__ = ()

    def leader_cup(self) -> tuple[tuple[str, ...], ...]:
        """The cup's counters: each unnamed leader's types, and () for a 'no leader' marker."""
        cup = self.game.counters.data["leader_cup"]
        found = [tuple(e["types"]) for e in cup["leaders"] for _ in range(e["count"])]
        return tuple(found) + (NO_LEADER,) * cup["no_leader"]

    def leaders_in(self, slot: int, kind: str, area: str | None = None) -> int:
        """How many of the empire's leaders (in ``area``) have this type (Religious leaders count as
        Philosophers with Judaism: option 16, ``law: religious_leaders_philosophers``)."""
        kinds = {kind}
        if kind == "ph" and self.option_16() and "religious_leaders_philosophers" in self.in_force("law", slot):
            kinds.add("re")
        return sum(1 for _, types, where in self.leaders[slot] if kinds & set(types) and (area is None or where == area))

    def leader_here(self, slot: int, kind: str, area: str) -> bool:
        """Whether a leader of this type is in the area (one of each type gives its benefit there)."""
        return any(kind in types and where == area for _, types, where in self.leaders[slot])

    def type_names(self, types: tuple[str, ...]) -> str:
        return "/".join(self.game.leader_type_names[t] for t in types)

    def place_leader(self, slot: int, name: str, types: tuple[str, ...], area: str) -> None:
        self.leaders[slot] += ((name, types, area),)
        if name in self.game.leader_slug:
            self.seen |= {name}
        if self.log is not None:
            who = f"{name} ({self.type_names(types)})" if name in self.game.leader_slug else f"an unnamed {name}"
            self.note(f"  {self.who(slot)} places {who} in {self.game.world.areas[area].name}")

    def lose_leaders(self, slot: int, area: str | None, why: str) -> None:
        """Leaders leave: named ones leave the game, unnamed ones go back to the cup (§ 6 › Removing leaders)."""
        self.remove_leaders(slot, [leader for leader in self.leaders[slot] if area is None or leader[2] == area], why)

    def remove_leaders(self, slot: int, lost: list[tuple], why: str) -> None:
        if not lost:
            return
        kept = list(self.leaders[slot])
        for leader in lost:
            kept.remove(leader)
        self.leaders[slot] = tuple(kept)
        self.cup += tuple(types for name, types, _ in lost if name not in self.game.leader_slug)
        if self.log is not None:
            self.note(f"  {self.who(slot)} loses {', '.join(name for name, _, _ in lost)} ({why})")
        self.leaders_lost(slot, lost)                    # the events of that moment (events.py)
        self.leaders_gone(slot)                          # option 16 (artefacts.py)

    def leader_site(self, slot: int) -> str:
        """Where a new leader goes: the capital, else the area with most units *(judgment)*."""
        areas = self.areas_of(slot)
        if self.capital[slot] in areas:
            return self.capital[slot]
        return max(areas, key=lambda a: (len(self.units[a]), -self.game.world.areas[a].index))

    def named_for(self, slot: int) -> list[tuple[str, tuple[str, ...]]]:
        """The empire's named leaders of its age not yet seen (§ 6 › Promoting leaders)."""
        named = self.game.empires[self.empire[slot]].get("named_leaders", {}).get(str(self.age(slot)), ())
        return [(n["name"], tuple(n["types"])) for n in named if n["name"] not in self.seen]

    def task_set_up_leader(self, slot: int) -> None:
        """§ 1. Start empire › Initial units: one named leader of the starting age may be placed in a
        start area (the capital's, by the engine *(judgment)*)."""
        if self.empire[slot] is not None and self.areas_of(slot) and self.named_for(slot):
            self.wait("promote", slot, "start")

    # -- § 6. Civilise › Removing leaders -----------------------------------------------------------
    def leader_word(self, leader: tuple) -> str:
        """A leader as a move word: a named leader's name, an unnamed one's types."""
        name, types, _ = leader
        return self.game.leader_slug.get(name) or self.game.unnamed_slug[types]

    def task_dismiss(self, slot: int) -> None:
        """An empire taking a Civilise action may remove one of its leaders (§ 6. Civilise ›
        Removing leaders), say to promote another in its place."""
        if self.empire[slot] is not None and self.leaders[slot]:
            self.wait("dismiss", slot)

    def options_dismiss(self) -> list[int]:
        ids = self.game.ids["dismiss"]
        return sorted({ids[self.leader_word(leader)] for leader in self.leaders[self.player]} | {ids["none"]})

    def move_dismiss(self, word: str) -> None:
        slot = self.player
        if word != "none":
            leader = next(leader for leader in self.leaders[slot] if self.leader_word(leader) == word)
            self.remove_leaders(slot, [leader], "removed in Civilise")
        self.done()

    # -- § 6. Civilise › Promoting leaders ----------------------------------------------------------
    def task_promote(self, slot: int) -> None:
        if (self.empire[slot] is not None and self.areas_of(slot)
                and len(self.leaders[slot]) < self.leader_number(slot)):      # an event may raise it
            self.wait("promote", slot, "civilise")

    def options_promote(self, when: str) -> list[int]:
        game = self.game
        ids = game.ids["promote"]
        named = [ids[game.leader_slug[name]] for name, _ in self.named_for(self.player)]
        return sorted(named + [ids["none"]] + ([ids["cup"]] if when == "civilise" else []))

    def move_promote(self, choice: str) -> None:
        """A named leader of the age, or draws from the cup (up to the leader number times; a 'no
        leader' goes back; the engine keeps the first leader drawn *(judgment)*)."""
        slot = self.player
        if choice == "cup":
            for draw in range(self.game.empires[self.empire[slot]]["leaders"]):
                self.draws += 1
                cup = list(self.cup)
                pick = self.chance("cup", self.draws).randrange(len(cup))
                types = cup.pop(pick)
                if types != NO_LEADER:
                    self.cup = tuple(cup)
                    self.place_leader(slot, self.type_names(types), types, self.leader_site(slot))
                    break
                self.note(f"  {self.who(slot)} draws 'no leader' from the cup and returns it")
        elif choice != "none":
            name = self.game.named_leaders[choice]
            self.place_leader(slot, name, dict(self.named_for(slot))[name], self.leader_site(slot))
        self.done()

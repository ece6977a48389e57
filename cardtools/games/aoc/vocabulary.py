"""What Age of Civilization's effect words mean (templates/text/aoc/vocabulary.yaml): the parts of
the host the kit cannot derive from tables — choosing a technology or a wonder, performing an
action through an ability, sacrificing workers, the modifiers (costs, workers, slots, bans, rule
exceptions) and the virtual opponent. docs/rules/aoc.md § 7 lists every word.
"""

from __future__ import annotations

from cardtools.effects.runtime import Ctx, Option, Pending
from cardtools.engine.abilities import adjusted
from cardtools.engine.state import BaseState


#: The modifier verbs that change what an action asks (``build_table``).
_PRICING = frozenset({"forbid", "workers", "cost"})


class Meanings(BaseState):
    """The Age of Civilization state's vocabulary; the rules are in ``rules.State``."""

    TABLES_FROM_MODIFIERS = True     # build_table: costs, workers and bans come from modifiers only

    # -- gaining cards (KEY CONCEPTS) ----------------------------------------------------------------
    def gain_technology(self, ctx: Ctx, player: int) -> Pending | None:
        """Gain a technology: Research names it when the move is made (its cost may depend on it:
        CIVILIZATIONS › Hittites); otherwise the player chooses now, among those they may gain."""
        target = ctx.event.get("target")
        if target is not None and target not in self.techs[player]:
            return self._take_technology(player, target)
        options = self.researchable(player)
        if not options:
            return None
        return Pending(player, "gain which technology?", tuple(
            Option(self.game.name(t), lambda st, t=t: st._take_technology(player, t)) for t in options))

    def _take_technology(self, player: int, tech: str) -> Pending | None:
        self.techs[player] += (tech,)
        self.add_card(player, tech, "techs")
        if self.log is not None:
            self.note(f"  {self.who(player)} gains the technology {self.game.name(tech)}")
        return self.fire(player, "gained", card=tech)

    def gain_wonder(self, ctx: Ctx, player: int) -> Pending | None:
        """Gain a wonder from the market; none left: nothing happens."""
        if not self.wonder_market:
            return None
        return Pending(player, "take which wonder?", tuple(
            Option(self.game.name(w), lambda st, w=w: st._take_wonder(player, w)) for w in self.wonder_market))

    def _take_wonder(self, player: int, wonder: str) -> Pending | None:
        market = list(self.wonder_market)
        market.remove(wonder)
        self.wonder_market = tuple(market)
        self.wonders[player] += (wonder,)
        self.add_card(player, wonder, "wonders")
        if self.log is not None:
            self.note(f"  {self.who(player)} takes the wonder {self.game.name(wonder)}")
        return self.fire(player, "gained", card=wonder)

    def researchable(self, p: int) -> tuple[str, ...]:
        """Technologies ``p`` may gain: not owned, and no prerequisite or at least one owned."""
        return self.game.researchable(self.techs[p])

    # -- actions performed and workers sacrificed ---------------------------------------------------
    def perform(self, ctx: Ctx, player: int, action: str, without: frozenset[str]) -> Pending | None:
        """An action granted by an ability (TECHNOLOGIES › Education): no slot, the cost is paid and
        every modifier applies; Vikings' ban holds (CIVILIZATIONS › Vikings)."""
        cost = self.cost(player, action, None)
        need = 0 if "workers" in without else self.needs(player, action)
        if self.forbidden(player, action) or self.coins[player] < cost or self.workers[player] - self.placed[player] < need:
            self.note(f"  {self.who(player)} cannot perform {self.game.name(action)} ({self.game.name(ctx.card)})")
            return None
        return self.carry_out(player, action, None, cost, need)

    def sacrifice(self, ctx: Ctx, player: int, n: int) -> Pending | None:
        """Workers go back to the supply; "whenever your workers are sacrificed" abilities react
        (CIVILIZATIONS › Kongo: for any reason). Only unplaced workers can be taken."""
        n = min(n, self.workers[player] - self.placed[player])
        if n <= 0:
            return None
        self.workers[player] -= n
        if self.log is not None:
            self.note(f"  {self.who(player)} sacrifices {self.game.word(n, 'workers')} ({self.game.name(ctx.card)})")
        return self.fire(player, "sacrificed", event={"workers": n})

    # -- modifiers (continuous abilities) ------------------------------------------------------------
    def cost(self, p: int, action: str, target: str | None) -> int:
        """Coins to pay for an action after cost changes: `set` first, then every `add` (never below 0);
        a change aimed at a technology counts only for that one (CIVILIZATIONS › Hittites)."""
        mods = self.mods.get("cost", action)
        base = self.game.base_cost[action]
        if not mods:
            return base
        return adjusted(base, self, [(o, m) for o, m in mods if m.args["target"] in (None, target)], p, key="coins")

    def needs(self, p: int, action: str) -> int:
        """Workers to place on the action's slot (CIVILIZATIONS › Aztecs: one more on Wonder)."""
        return adjusted(self.game.base_workers[action], self, self.mods.get("workers", action), p, floor=1, key="workers")

    def forbidden(self, p: int, action: str) -> bool:
        """CIVILIZATIONS › Vikings: other players cannot perform Trade, even through abilities."""
        return self.mods.applies(self, "forbid", action, p)

    def allows(self, p: int, rule: str) -> bool:
        """A rule exception in ``p``'s favour (CIVILIZATIONS › Maya: upcoming actions)."""
        return self.mods.applies(self, "allow", rule, p)

    def immune(self, p: int, hazard: str) -> bool:
        """Whether ``p`` is spared a hazard (CIVILIZATIONS › Polynesia: war)."""
        return self.mods.applies(self, "immune", hazard, p)

    def build_table(self, p: int) -> dict[str, tuple]:
        """What each action asks of ``p``, in move order: ``(workers, coins, move ids by target,
        per target)`` — ``per target`` is None unless the move names a technology (Research), True
        when the cost depends on which (Hittites); actions ``p`` may not perform are left out.
        The printed prices (``Game.prices``, shared) unless a modifier in play touches an action's."""
        game, subjects = self.game, self.mods.by_subject
        touched = {subject for verb, subject in subjects if verb in _PRICING and subject in game.prices}
        if not touched:
            return game.prices
        table = dict(game.prices)                     # (changed in place: the move order is kept)
        for action in touched:
            if ("forbid", action) in subjects and self.forbidden(p, action):
                del table[action]
                continue
            need = self.needs(p, action) if ("workers", action) in subjects else game.base_workers[action]
            cost = self.cost(p, action, None) if ("cost", action) in subjects else game.base_cost[action]
            per_target = None
            if action in game.aimed:
                per_target = any(m.args["target"] is not None for _, m in self.mods.get("cost", action))
            table[action] = (need, cost, game.perform_ids[action], per_target)
        return table

    def offer(self, p: int) -> tuple[tuple, ...]:
        """What ``p`` may do with this round's slots: ``(action, slots, workers, coins, move ids,
        per target)`` in move order; kept until the round, the modifiers in play or ``p``'s prices
        change (the printed prices are one table for all: a modifier may change ``p``'s slots alone)."""
        prices = self.table(p)
        found = self.offers[p]
        if found is None or found[1] is not prices or found[0] is not self.mods:
            slots = self._slots(p)
            found = self.offers[p] = (self.mods, prices,
                                      tuple([(a, slots[a], *price) for a, price in prices.items() if a in slots]))
        return found[2]

    def _slots(self, p: int) -> dict[str, int]:
        """Slots of each action ``p`` may use this round: the public ones (2A), upcoming cards if allowed
        (CIVILIZATIONS › Maya), private slots (› India)."""
        by_verb = self.mods.by_verb
        if "slot" not in by_verb and "allow" not in by_verb:
            return self.public_slots
        game = self.game
        slots = dict(self.public_slots)
        if self.allows(p, "upcoming_actions"):
            slots.update((c, game.slots[c]) for c in self.track[self.round + 2:] if c in game.slots)
        for owner, mod in self.mods.all("slot"):
            if mod.applies(self, owner, p):
                slots[mod.args["action"]] = slots.get(mod.args["action"], 0) + 1
        return slots

    def available(self, p: int) -> list[str]:
        """Actions ``p`` could use this round (whether or not their slots are taken this turn)."""
        return list(self._slots(p))

    # -- counts and the virtual opponent -------------------------------------------------------------
    def upcoming_actions(self, p: int) -> int:
        """Time-track cards not yet available (TECHNOLOGIES › Science)."""
        return len(self.track) - self.round - 2

    def civilizations_with(self, player: int, population: int) -> int:
        """How many of the player's civilization cards have this population (achievements)."""
        return sum(1 for c in self.civs[player] if self.game.population[c] == population)

    def rivals(self, ctx: Ctx, player: int, name: str) -> list[int]:
        """The others' values; solo: the virtual opponent's strength (SOLO GAME › GAME PLAY 2)."""
        if self.game.rules["virtual_opponent"]:
            return [self.virtual]
        return super().rivals(ctx, player, name)

"""7 Ages events (seeds/001_f19afe02b0a671da.txt § 6. Civilise › Playing event cards), as a mixin of the state.

Every card carries an event, written in the effect language (``event.effects``): its trigger is when it
may be played (``civilise`` when the card says nothing), its ``each:`` / ``who:`` word whom it is played
on. ``EventBook`` compiles them once per game and says which events the engine plays: those played in a
window it opens (``WINDOWS``) whose verbs, targets and words it all runs; the others are named, with
why, in ``GameFacts.unplayed`` (docs/rules/7ages.md § 14).

Playing an event (``event <card>``, in a Civilise beside the artefacts): the card is discarded, its
target chosen (``target <empire | player>``), then the **response window**: from the First player
clockwise, each player holding an event that cancels the one just played may play it (``respond
<card>``) or pass; a response is itself answered the same way; the window closes when every player has
passed in turn. The stack then resolves from the top: a cancel that takes effect removes the event below
it, which has no effect (§ 6. Civilise › Playing event cards: Counterspy, I spy, Cyberthief; cancelling
comes before any check). An event's own choices (which areas) are the kit's pending decisions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from cardtools.effects.runtime import Ctx, Option, Pending, settle
from cardtools.engine.compiled import compile_field
from cardtools.engine.flow import CLOCKWISE
from cardtools.engine.host import Computed
from cardtools.engine.tallied import CHANGES, stamp
from cardtools.games.seven_ages.artefacts import HERE_KINDS, SPIED
from cardtools.games.seven_ages.coverage import reasons, summary
from cardtools.games.seven_ages.verbs import PLAYER_TARGETS, Pick

#: Timing windows the engine opens so far: Civilise (§ 6. Civilise › Playing event cards: an event
#: that does not say when is played in its empire's Civilise); a Production, before income; Free
#: progress and the start of Harvest glory (§ End of turn › Harvest glory › Event cards and glory); a
#: Trade, before its cards are shown and after it; a Manoeuvre, before movement; each conflict round,
#: once both sides have committed (§ 4. Manoeuvre › Resolving conflict with other empires: any player
#: may play them); once an empire has lost leaders (a named one: ``named_leader_lost``); in a Discard
#: empire action, before the empire leaves; a Destiny, before the cards are discarded; a Start empire, once the
#: empire is set up; a conflict won; a city liberated (the cards' moments: docs/rules/7ages-cards.md § Effects;
#: the last two carry ``enemy_losses`` and ``city_value``: ``Events.moment``); each conflict round before the
#: units are committed (``commits``: Fog of war, card 100); a Start empire before the empire is set up
#: (``start_setup``: Exodus, card 144).
#: ``response`` is the cancel window.
#: Target words the window names: the liberator of a city (``Events.derived``).
WINDOWS = ("civilise", "production", "free_progress", "harvest", "trade_before", "trade_after", "manoeuvre",
           "conflict", "leader_lost", "named_leader_lost", "discard_empire", "destiny", "start_empire",
           "conflict_won", "liberated_city", "trade", "commits", "start_setup")
RESPONSE = "response"
#: Target words an event is played on: who may be chosen when it is played (docs/rules/7ages-cards.md § Effects).
TARGETS = ("empire", "empire_in_range", "other_in_range", "other_player_empire", "player", "player_in_range",
           "player_more_cards", "conflict_side", "adjacent_empire", "blockaded_empire", "pirated_empire")
#: Target words seen from the event's empire: in an action, its side plays them on whom they name, taking
#: part or not (Piracy, card 107, in its empire's Manoeuvre).
FROM_SIDE = ("pirated_empire",)
#: Target words the window names, not chosen (``Events.derived``).
DERIVED = ("trade_partner", "attacker", "defender", "liberator")
#: Core target words the effects resolve themselves.
CORE_TARGETS = ("you", "others", "all", "opponent", "yours")
#: Kinds of area the area verbs pick from (``Events.areas_of_kind``).
AREA_KINDS = ("area", "capital", "city_area", "largest_city", "river_area", "mountain_area", "fertile_without_city",
              "fertile_with_city", "without_leader", "farthest_from_capital", "disordered_area", "held_unthreatened",
              "wheat_or_oil", "steppe_area", "one_sea_area", "ocean_area", "rough_area", "desert_area",
              "coastal_without_fort", "next_to_other_disorder", "nearest_barbarian", "border", "adjacent_single_unit",
              "coastal_on_chosen_sea", "coastal_start_area", "other_religion_leader", "conflict_area")
#: Kinds of area units come from (``move_units``: ``Events.reinforce``).
SOURCES = ("adjacent_own",)
#: Kinds of area of other empires, seen from the empire of the event (``Events.outward``).
OUTWARD = ("adjacent_single_unit",)
#: Kinds of area at sea; the others are land areas.
SEA_KINDS = ("one_sea_area", "ocean_area")
#: Kinds of area that are the first of a ranking: picked again after each one.
RANKED = ("farthest_from_capital", "largest_city", "nearest_barbarian")
#: Terrains of the kinds of area an event closes (``no_entry``).
CLOSED = {"rough_area": ("tundra", "mountain", "forest"), "desert_area": ("desert",)}
#: City values, smallest first (§ 6. Civilise › Urbanise).
CITY_STEPS = (1, 3, 5, 7)
#: An assassin's pick is redrawn below this value (the engine's policy: § Leader Types › Tactician's
#: redraw is a choice, ``redraw`` / ``keep``, since the 7ages-rest branch).
REDRAW_BELOW = 4
#: Statistics the state answers (``Events.stat``).
STATS = ("money", "age", "leader_number", "capital_value", "glory", "trade_value")
#: The actions an extra action may be (Grand strategy, card 162): not Start empire (the player's, with the
#: non-empire marker), Civilise (being taken) or Discard empire *(judgment)*.
EXTRA_ACTIONS = ("production", "trade", "manoeuvre", "destiny")
#: Keys whose value is a target word, a count, a statistic or a kind of area, in an effect tree.
COUNT_KEYS, STAT_KEYS = ("count", "none"), ("stat",)
KEYS = ((("each", "who", "from"), "target"), (COUNT_KEYS, "count"), (STAT_KEYS, "stat"),
        (("areas", "in", "in_each"), "area"))


@dataclass(frozen=True)
class EventBook:
    """The deck's events, compiled once: each card's abilities by trigger, whom it is played on, what
    it cancels, and — for an event not played yet — why."""

    abilities: dict[str, dict[str, Any]]
    target: dict[str, str | None]
    cancels: dict[str, frozenset[str]]
    missing: dict[str, tuple[str, ...]]
    #: window -> the cards whose event is played in it (a hand is checked against it first)
    window: dict[str, frozenset[str]]
    #: card -> the cards whose played response cancels its event
    cancelled_by: dict[str, frozenset[str]]

    @classmethod
    def of(cls, deck, vocab, counts) -> "EventBook":
        abilities, target, cancels, missing = {}, {}, {}, {}
        for card, (compiled, verbs) in compile_field(deck, vocab, "event.effects").items():
            nodes = deck.card(card).part("event.effects", ())
            why = reasons(compiled, verbs, WINDOWS + (RESPONSE,))
            words: dict[str, set] = {"target": set(), "count": set(), "stat": set(), "area": set(), "cancel": set(),
                                     "source": set()}
            for node in nodes:
                _words(node.get("do"), words)
                _words(node.get("if"), words)
            chosen = sorted(words["target"] & set(TARGETS + DERIVED))
            why += [f"target '{w}'" for w in sorted(words["target"] - set(TARGETS + DERIVED + CORE_TARGETS))]
            why += ["two targets"] * (len(chosen) > 1)
            why += [f"count '{w}'" for w in sorted(words["count"] - set(counts))]
            why += [f"stat '{w}'" for w in sorted(words["stat"] - set(STATS))]
            why += [f"areas '{w}'" for w in sorted(words["area"] - set(AREA_KINDS))]
            abilities[card] = {a.trigger: a for a in compiled}
            target[card] = chosen[0] if chosen else None
            cancels[card] = frozenset(words["cancel"])
            if why:
                missing[card] = tuple(dict.fromkeys(why))
        window = {w: frozenset(c for c, a in abilities.items() if w in a and c not in missing)
                  for w in WINDOWS + (RESPONSE,)}
        cancelled_by = {card: frozenset(c for c in window[RESPONSE] if card in cancels[c]) for card in abilities}
        return cls(abilities, target, cancels, missing, window, cancelled_by)

    def played(self, card: str, window: str) -> bool:
        return card not in self.missing and window in self.abilities[card]

    def summary(self, name) -> str:
        """The events not played yet and why, for ``GameFacts.unplayed``."""
        return summary(self.missing, len(self.abilities), name)


def _words(node: Any, found: dict[str, set]) -> None:
    """The target words, counts, statistics, kinds of area and cancelled cards an effect tree names."""
    if isinstance(node, (list, tuple)):
        for n in node:
            _words(n, found)
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if isinstance(value, str):
            for keys, kind in KEYS:
                if key in keys:
                    found["source" if key == "from" and value in SOURCES else kind].add(value)
        elif isinstance(value, dict) and key in COUNT_KEYS + STAT_KEYS and isinstance(value.get("of"), str):
            found["count" if key in COUNT_KEYS else "stat"].add(value["of"])
        if key == "cancel":
            found["cancel"].update(value)
        if key == "adopt_religion" and isinstance(value.get("of"), str):
            found["target"].add(value["of"])
        _words(value, found)


class Events:
    """Playing events: the window in Civilise, the target, the response window, the resolution; the
    state's side of the event verbs (verbs.py) and of the core verbs' words."""

    __slots__ = ()

    #: (window, word, number): what the last such moment carries (the losses of a conflict won, a liberated
    #: city's value), read by the events played in it
    moment: tuple = ()
    #: ``changes_by_verb()``: (the changes for a while it was read from, verb -> their (empire, arguments))
    _by_verb: tuple = ((), {})

    COUNTS = {name: Computed(f"count_{name}") for name in (
        "areas", "cities", "leaders", "leaders_admin_double", "named_leaders", "scholars",
        "green_artefacts_undisordered", "own_religious_sites", "disordered_area", "areas_outside_america",
        "areas_america_australasia", "ocean_area", "leaders_in_conflict", "fertile_areas", "players_ahead")}

    # -- playing an event in Civilise (§ 6. Civilise › Playing cards) -------------------------------------
    def event_for(self, actor: int, anywhere: bool) -> int:
        """The empire an event is played for: the acting one; with the non-empire marker the player's
        first empire in play, else the player *(judgment)*."""
        if not anywhere:
            return actor
        seat = self.seat_of(actor)
        return next((s for s in self.slots_of(seat) if self.empire[s] is not None), seat * self.per)

    def playable_events(self, actor: int, anywhere: bool) -> list[str]:
        book = self.game.events
        if book is None:
            return []
        by, held = self.event_for(actor, anywhere), book.window["civilise"].intersection(self.hand[self.seat_of(actor)])
        aimed = {}                                    # target word -> whether it has someone (Range is costly)
        for card in held:
            key = (book.target[card], card if self.option_16() else None)      # option 16: Just rule shields
            if key not in aimed:
                aimed[key] = (bool(self.in_reach(self.event_targets(card, by), by, key[0], None if anywhere else by))
                              if key[0] else self.empire[by] is not None)            # option 8 (options.py)
        return sorted(c for c in held if aimed[book.target[c], c if self.option_16() else None])

    def event_targets(self, card: str, by: int) -> list[int]:
        """Whom the event may be played on (an empire slot; a player as their first slot); under option 16
        not an empire shielded from it (Just rule: ``Artefacts.shielded``)."""
        found = self.event_candidates(card, by)
        return [s for s in found if not self.shielded(s, card)] if self.option_16() else found

    def event_candidates(self, card: str, by: int) -> list[int]:
        word = self.game.events.target[card]
        seat = self.seat_of(by)
        if word == "empire":
            return self.in_play()
        if word in ("empire_in_range", "other_in_range"):
            if self.empire[by] is None:
                return []
            return self.in_range(by, everyone=word == "empire_in_range")
        if word == "conflict_side":          # a side of the conflict being fought (the window's sides)
            return self.in_play()
        if word == "adjacent_empire":        # an empire with an area next to one of the empire's
            return self.adjacent_empires(by)
        if word == "blockaded_empire":
            return self.blockaded(by)
        if word == "pirated_empire":
            return self.pirated(by)
        if word == "other_player_empire":
            return [s for s in self.in_play() if self.seat_of(s) != seat]
        if word == "player":
            return [p * self.per for p in self.seat_order() if p != seat]
        if word == "player_more_cards":      # more cards than you, once this event has left your hand
            return [p * self.per for p in self.seat_order() if len(self.hand[p]) > len(self.hand[seat]) - 1]
        if word == "player_in_range":
            mine = [s for s in self.slots_of(seat) if self.empire[s] is not None]
            return sorted({self.seat_of(o) * self.per for s in mine for o in self.in_range(s)})
        return []

    def move_event(self, card: str) -> None:
        """The card is played as an event and discarded (§ 6. Civilise › Playing cards): in Civilise
        (the ``play`` step, beside artefacts) or in another window (``event``; ``event pass``)."""
        actor, seat = self.player, self.seat_of(self.player)
        if self.step[0] == "play":
            _, anywhere, religion, government = self.step
            window, sides, by = "civilise", (), self.event_for(actor, anywhere)
            self.reach_from = None if anywhere else by       # option 8 (options.py)
            after = ("artefacts", actor, anywhere, religion, government)
        else:
            _, window, sides, turn, passes = self.step
            if card == "pass":
                self.queue[:0] = [("window", window, sides, turn + 1, passes + 1)]
                self.done()
                return
            by, after = self.side_of(seat, sides), ("window", window, sides, turn + 1, 0)
        self.take_from_hand(seat, card)
        self.discards += (card,)
        if self.log is not None:
            title = self.game.deck.card(card).part("event.title")
            self.note(f"  {self.seat_name(seat)} plays the event {title} ({self.game.name(card)})")
        self.stack = ((card, by, None, window, sides),)
        self.censure_event(card, by)                 # option 16: the United Nations (clocks.py)
        self.step = None
        self.queue[:0] = [("aim", card, by, sides), ("respond", 0, 0), ("resolve",), after]
        self.proceed()

    def task_aim(self, card: str, by: int, sides: tuple[int, ...]) -> None:
        if self.game.events.target[card] in TARGETS:
            self.wait("target", by, card, sides)

    def options_target(self, card: str, sides: tuple[int, ...]) -> list[int]:
        ids = self.game.ids["target"]
        return sorted(ids[self.target_word(card, s)] for s in self.aimed(card, self.player, sides))

    def target_word(self, card: str, slot: int) -> str:
        """A target in words: the empire's card, or the player's name."""
        if self.game.events.target[card] in PLAYER_TARGETS:
            return self.seat_name(self.seat_of(slot))
        return self.empire[slot]

    def move_target(self, word: str) -> None:
        card, by, _, window, sides = self.stack[0]
        slot = self.empire.index(word) if word in self.game.empires else (int(word[1:]) - 1) * self.per
        self.stack = ((card, by, slot, window, sides),)
        if self.log is not None:
            self.note(f"  on {self.who(slot)}")
        self.done()

    # -- other windows: from the First player, until everyone passes in turn --------------------------------
    def task_window(self, window: str, sides: tuple[int, ...], turn: int = 0, passes: int = 0) -> None:
        """Events of a window (§ 6. Civilise › Playing event cards: where it matters, played like actions,
        from the First player; closed when everyone has passed in turn). In an action, ``sides`` are the
        empires taking part: a player plays the events for their own side, and anyone the events
        played on a side *(judgment)*; at the end of the turn (no sides) anyone plays."""
        if self.game.events is None or passes >= self.n or sides and all(self.empire[s] is None for s in sides):
            return
        if self.stack:             # an event is being carried out: this window waits for it (§ 6: one at a time)
            after = self.queue.index(("resolve",)) + 1 if ("resolve",) in self.queue else 0
            self.queue.insert(after, ("window", window, sides, turn, passes))
            return
        cards = self.game.events.window[window]
        if all(cards.isdisjoint(hand) for hand in self.hand):
            return                                         # nobody holds one of its events: closed at once
        while passes < self.n:                             # a seat with nothing to play passes at once
            seat = CLOCKWISE.at(self.first, turn, self.n)
            if self.window_events(seat, window, sides):
                self.wait("event", seat * self.per, window, sides, turn, passes)
                return
            turn, passes = turn + 1, passes + 1

    def side_of(self, seat: int, sides: tuple[int, ...]) -> int:
        """The empire a seat plays a window's events for: its side, else its first empire."""
        own = [s for s in sides if self.seat_of(s) == seat]
        return own[0] if own else self.event_for(seat * self.per, True)

    def window_events(self, seat: int, window: str, sides: tuple[int, ...]) -> list[str]:
        book, found = self.game.events, []
        by = self.side_of(seat, sides)
        mine = by in sides
        for card in book.window[window].intersection(self.hand[seat]):
            word = book.target[card]
            if (word in DERIVED and any(t is not None for t in          # option 8 (options.py)
                                        self.in_reach([self.derived(word, by, sides)], by, word, None))
                    or word in TARGETS and self.aimed(card, by, sides) or word is None and (mine or not sides)):
                found.append(card)
        return sorted(found)

    def aimed(self, card: str, by: int, sides: tuple[int, ...]) -> list[int]:
        """Whom the event may be played on; in an action, one of the empires taking part, or for a side whom
        a word seen from it names (``FROM_SIDE``); option 8: within Range (options.py)."""
        civilise = self.stack and self.stack[0][3] == "civilise"
        found = self.in_reach(self.event_targets(card, by), by, self.game.events.target[card],
                              self.reach_from if civilise else None)
        if not sides or by in sides and self.game.events.target[card] in FROM_SIDE:
            return found
        return [s for s in found if s in sides]

    def derived(self, word: str, by: int, sides: tuple[int, ...]) -> int | None:
        """A target the window names: the other side of a trade (``trade_partner``, for a side's player),
        the attacker or the defender of a conflict (for anyone)."""
        if word == "trade_partner":
            others = [s for s in sides if s != by]
            return others[0] if by in sides and others else None
        if word == "liberator":
            return sides[0]
        if self.fight is None:
            return None
        return self.fight[1] if word == "attacker" else self.fight[2]

    def options_event(self, window: str, sides: tuple[int, ...], turn: int, passes: int) -> list[int]:
        ids = self.game.ids["event"]
        return sorted([ids[c] for c in self.window_events(self.seat_of(self.player), window, sides)] + [ids["pass"]])

    # -- responses: cancelling (§ 6. Civilise › Playing event cards) ---------------------------------------
    def responses(self, seat: int) -> list[str]:
        """The seat's events that cancel the event on top of the stack."""
        return sorted(self.game.events.cancelled_by[self.stack[-1][0]].intersection(self.hand[seat]))

    def task_respond(self, turn: int, passes: int) -> None:
        """From the First player clockwise; closed when every player has passed in turn. A player
        without a cancelling event passes (nothing to decide)."""
        if passes >= self.n or turn == 0 and all(self.game.events.cancelled_by[self.stack[-1][0]].isdisjoint(hand)
                                                  for hand in self.hand):
            return                                         # nobody holds a card that cancels it: closed at once
        seat = CLOCKWISE.at(self.first, turn, self.n)
        if self.responses(seat):
            self.wait("respond", seat * self.per, turn, passes)
        else:
            self.queue[:0] = [("respond", turn + 1, passes + 1)]

    def options_respond(self, turn: int, passes: int) -> list[int]:
        ids = self.game.ids["respond"]
        return sorted([ids[c] for c in self.responses(self.seat_of(self.player))] + [ids["pass"]])

    def move_respond(self, card: str) -> None:
        _, turn, passes = self.step
        seat = self.seat_of(self.player)
        if card == "pass":
            self.queue[:0] = [("respond", turn + 1, passes + 1)]
        else:
            self.take_from_hand(seat, card)
            self.discards += (card,)
            self.stack += ((card, self.event_for(self.player, True), None, RESPONSE, ()),)
            if self.log is not None:
                title = self.game.deck.card(card).part("event.title")
                self.note(f"  {self.seat_name(seat)} responds with {title} ({self.game.name(card)})")
            self.queue[:0] = [("respond", turn + 1, 0)]
        self.done()

    # -- resolving the stack ---------------------------------------------------------------------------
    def task_resolve(self) -> None:
        """The top event takes effect; a cancel removes the one below it. Then the next, until none is left."""
        if not self.stack:
            return
        card, by, target, window, sides = self.stack[-1]
        self.stack = self.stack[:-1]
        self.queue[:0] = [("resolve",)]
        ability = self.game.events.abilities[card][window]
        word = self.game.events.target[card]
        if word in DERIVED:
            target = self.derived(word, by, sides)
        event = {"by": by} if target is None else {"by": by, "target": target}
        event.update((key, value) for w, key, value in self.moment if w == window)
        ctx = Ctx(by, card, event)
        if ability.condition is not None and not ability.condition(self, ctx):
            self.note(f"  {self.game.deck.card(card).part('event.title')} has no effect")
            return
        pending = settle(ability.effect(self, ctx))
        if pending is not None:
            self.step = ("effect",)
            self.then(_carry_on)
            self.ask(pending)

    def cancel_event(self, ctx: Ctx, cards: frozenset[str]) -> None:
        """``cancel``: the event below on the stack has no effect (it stays discarded)."""
        if self.stack and self.stack[-1][0] in cards:
            cancelled = self.stack[-1][0]
            self.stack = self.stack[:-1]
            if self.log is not None:
                self.note(f"  {self.game.deck.card(cancelled).part('event.title')} is cancelled")

    # -- the event verbs' side (verbs.py) ------------------------------------------------------------------
    def check_cards(self, ctx: Ctx, n: int) -> int:
        """Check cards: picked from the deck, then discarded (§ 6. Civilise › Playing event cards)."""
        cards = self.draw_cards(n)
        self.discards += cards
        total = sum(self.game.value[c] for c in cards)
        if self.log is not None:
            self.note(f"  check card: {', '.join(self.game.name(c) for c in cards)} ({total})")
        return total

    def look_at(self, ctx: Ctx, slot: int) -> None:
        """The player of the event sees a hand (a private line of the log)."""
        seat, looker = self.seat_of(slot), self.seat_of(ctx.event.get("by", ctx.player))
        if self.log is not None:
            self.note(f"  {self.seat_name(looker)} looks at {self.seat_name(seat)}'s hand",
                      private=", ".join(self.game.name(c) for c in self.hand[seat]))

    def pick_areas(self, ctx: Ctx, pick: Pick, n: int | None) -> Pending | None:
        """An area verb (``Pick.method``) on ``n`` areas of a kind (None: all), picked one at a time by
        the player of the event, or by the empire's owner (``chosen_by: owner``)."""
        slots = self.in_play() if pick.anywhere else [ctx.player]
        by = ctx.event.get("by", ctx.player)
        if pick.kind in HERE_KINDS:                  # option 16: areas seen from the artefact (artefacts.py)
            found = [a for a in self.areas_here(ctx, pick.kind) if self.owner.get(a) in slots and self.area_fits(pick, a)]
        else:
            found = [a for s in slots if self.empire[s] is not None for a in self.areas_of_kind(s, pick.kind, by)
                     if self.area_fits(pick, a)]
        if pick.kind == "coastal_on_chosen_sea":
            return self.pick_sea(ctx, pick, found)
        if n is None or n >= len(found) and pick.kind not in RANKED:
            for area in found:
                self.area_effect(pick, area, by)
            return None
        if n <= 0 or not found:
            return None
        picker = ctx.player if pick.chosen_by == "owner" else ctx.event.get("by", ctx.player)

        def chosen(area):
            def run(st):
                st.area_effect(pick, area, by)
                return st.pick_areas(ctx, pick, n - 1)
            return run
        return Pending(picker, "which area?", tuple(Option(a, chosen(a)) for a in found))

    def pick_sea(self, ctx: Ctx, pick: Pick, found: list[str]) -> Pending | None:
        """Coastal areas on one sea area the player of the event picks (Tsunami, card 119): the verb
        acts on each of them."""
        world, by = self.game.world, ctx.event.get("by", ctx.player)
        seas = sorted({n for a in found for n in world.neighbours(a) if world.areas[n].kind == "sea"},
                      key=lambda a: world.areas[a].index)

        def struck(sea):
            def run(st):
                for area in found:
                    if sea in world.neighbours(area):
                        st.area_effect(pick, area, by)
            return run
        return Pending(ctx.event.get("by", ctx.player), "which sea?",
                       tuple(Option(sea, struck(sea)) for sea in seas)) if seas else None

    def area_fits(self, pick: Pick, area: str) -> bool:
        """Whether the verb can do anything there."""
        method, slot, city = pick.method, self.owner[area], self.city.get(area, 0)
        if method == "disorder":
            return area not in self.disorder
        if method == "remove_disorder":
            return area in self.disorder
        if method == "reduce_city":
            return bool(city) and not any(self.leader_here(slot, t, area) for t in pick.spared_by)
        if method == "improve_city":
            return bool(city) and city < self.city_top(slot, area)
        if method == "build_city":
            return not city and (pick.even_barbarian or not self.barbarian(slot))
        if method == "take_area":
            return True
        return bool(city) and area != self.capital[slot] and city >= self.city.get(self.capital[slot], 0)

    def city_top(self, slot: int, area: str) -> int:
        """The largest city the empire may have there: the age's, one age early with a Builder
        (§ 6. Civilise › Urbanise; § Leader Types › Builder (Bu))."""
        age = self.age(slot) + self.leader_here(slot, "bu", area)
        return self.game.max_city[min(age, 7)]

    def area_effect(self, pick: Pick, area: str, by: int) -> None:
        method, name = pick.method, self.game.world.areas[area].name
        if method in ("disorder", "remove_disorder"):
            near = [a for a in self.game.world.neighbours(area) if a in self.owner] if pick.adjacent else []
            for a in [area] + near:
                if method == "remove_disorder":
                    self.disorder -= {a}
                    self.note(f"  disorder removed from {name}")
                elif self.game.world.areas[a].is_land and self.add_disorder(a):
                    self.note(f"  {self.game.world.areas[a].name} is disordered")
        elif method == "reduce_city":
            for _ in range(pick.levels):
                if area in self.city:
                    self.reduce_city(area)
        elif method == "improve_city":
            steps = [v for v in CITY_STEPS if v > self.city[area] and v <= self.city_top(self.owner[area], area)]
            self.city[area] = steps[min(pick.levels, len(steps)) - 1]
            self.note(f"  the city in {name} becomes {self.city[area]}")
        elif method == "build_city":
            self.city[area] = pick.value
            self.note(f"  a city of {pick.value} is built in {name}")
        elif method == "take_area":
            self.area_taken(area, pick.to, by)
        else:
            self.capital[self.owner[area]] = area
            self.note(f"  {self.who(self.owner[area])} moves its capital to {name}")

    def areas_of_kind(self, slot: int, kind: str, by: int | None = None) -> list[str]:
        """The empire's land areas of a kind (the vocabulary's counts), in map order; ``by``: the
        empire of the event, for the kinds seen from it (``border``, ``OUTWARD``)."""
        world, chart, age = self.game.world, self.chart, self.age(slot)
        if kind in OUTWARD:
            return self.outward(slot)
        areas = sorted((a for a in self.areas_of(slot) if world.areas[a].is_land != (kind in SEA_KINDS)),
                       key=lambda a: world.areas[a].index)
        capital = self.capital[slot]
        if kind == "capital":
            return [a for a in areas if a == capital]
        if kind == "largest_city":
            top = max((self.city.get(a, 0) for a in areas), default=0)
            return [a for a in areas if top and self.city.get(a, 0) == top]
        if kind == "farthest_from_capital":
            far = self.distances(capital) if capital in areas else {}
            top = max((far.get(a, 0) for a in areas), default=0)
            return [a for a in areas if far.get(a, 0) == top]
        if kind == "nearest_barbarian":           # Barbarian invasion (card 9)
            near = self.distances(*(a for s in self.in_play() if s != slot and self.barbarian(s)
                                    for a in self.areas_of(s)))
            low = min((near[a] for a in areas if a in near), default=None)
            return [a for a in areas if low is not None and near.get(a) == low]
        tests = {
            "area": lambda a: True,
            "city_area": lambda a: a in self.city,
            "river_area": world.river_area,
            "mountain_area": lambda a: chart.at(a, age)["id"] == "mountain",
            "steppe_area": lambda a: chart.at(a, age)["id"] == "steppe",
            "one_sea_area": lambda a: world.areas[a].kind == "sea",
            "ocean_area": lambda a: world.areas[a].kind == "ocean",
            "wheat_or_oil": lambda a: bool({"wheat", "oil"} & set(world.areas[a].resources)),
            "fertile_without_city": lambda a: chart.at(a, age)["id"] == "fertile" and a not in self.city,
            "fertile_with_city": lambda a: chart.at(a, age)["id"] == "fertile" and a in self.city,
            "without_leader": lambda a: not any(where == a for _, _, where in self.leaders[slot]),
            "disordered_area": lambda a: a in self.disorder,
            "held_unthreatened": lambda a: all(self.owner.get(n) in (None, slot) for n in world.neighbours(a)),
            "coastal_without_fort": lambda a: world.coastal(a) and a not in self.forts,
            "coastal_on_chosen_sea": world.coastal,
            "next_to_other_disorder": lambda a: any(n in self.disorder and self.owner.get(n) not in (None, slot)
                                                    for n in world.neighbours(a)),
            "border": lambda a: any(self.owner.get(n) == by for n in world.neighbours(a)),
            "coastal_start_area": lambda a: world.coastal(a) and a in self.game.empires[self.empire[slot]]["starts"],
            "other_religion_leader": lambda a: self.other_faith_led(slot, a),
        }
        return [a for a in areas if tests[kind](a)]

    def other_faith_led(self, slot: int, area: str) -> bool:
        """An area holding a leader of another religion (Inquisition, card 79). Leaders have no religion in the
        rules *(judgment)*: a leader of the empire standing in a religious site of a religion other than the
        empire's dominant one (§ Terms of play › Religious sites) follows that faith."""
        dominant = self.dominant_religion(slot)
        sites = self.game.world.areas[area].religious_sites
        return any(r != dominant for r in sites) and any(where == area for _, _, where in self.leaders[slot])

    def distances(self, *starts: str) -> Mapping[str, int]:
        """Areas crossed from the nearest of ``starts`` to each area (a breadth-first walk of the map); a
        single start's walk is kept with the game, read-only (``Game.walks``: never invalid, the map never
        changes)."""
        if len(starts) != 1:
            return self.walk(starts)
        walks = self.game.walks
        found = walks.get(starts[0])
        if found is None:
            found = walks[starts[0]] = MappingProxyType(self.walk(starts))
        return found

    def walk(self, starts: tuple[str, ...]) -> dict[str, int]:
        """The breadth-first walk of ``distances``."""
        found, edge = dict.fromkeys(starts, 0), list(starts)
        while edge:
            nxt = []
            for area in edge:
                for n in self.game.world.neighbours(area):
                    if n not in found:
                        found[n] = found[area] + 1
                        nxt.append(n)
            edge = nxt
        return found

    def outward(self, slot: int) -> list[str]:
        """Land areas of other players' empires next to the empire's, each held by one unit and no
        leader (Defection, card 124)."""
        world, seat = self.game.world, self.seat_of(slot)
        near = {n for a in self.areas_of(slot) for n in world.neighbours(a)}
        return sorted((n for n in near if world.areas[n].is_land and self.owner.get(n) is not None
                       and self.seat_of(self.owner[n]) != seat and len(self.units[n]) == 1
                       and not any(where == n for _, _, where in self.leaders[self.owner[n]])),
                      key=lambda a: world.areas[a].index)

    def pirated(self, slot: int) -> list[int]:
        """Other empires with a ship in a sea area that holds the empire's ship, or next to one (Piracy, card
        107): played before movement, when two empires' ships never share a sea area once a Manoeuvre's
        conflicts are over, so the neighbouring seas count too *(judgment)*."""
        world = self.game.world
        mine = {a for a in self.areas_of(slot) if not world.areas[a].is_land}
        near = mine | {n for a in mine for n in world.neighbours(a) if not world.areas[n].is_land}
        return sorted({self.owner[a] for a in near if self.owner.get(a) not in (None, slot)})

    def adjacent_empires(self, slot: int) -> list[int]:
        """Empires with an area next to one of the empire's (Border skirmish, card 105)."""
        if self.empire[slot] is None:
            return []
        near = {n for a in self.areas_of(slot) for n in self.game.world.neighbours(a)}
        return sorted({self.owner[n] for n in near if self.owner.get(n) not in (None, slot)})

    def blockaded(self, slot: int) -> list[int]:
        """Other empires with a coastal area on a sea area the empire's ships hold (Naval blockade, card 106)."""
        world = self.game.world
        seas = {a for a in self.areas_of(slot) if world.areas[a].kind == "sea"}
        return sorted({self.owner[n] for sea in seas for n in world.neighbours(sea)
                       if self.owner.get(n) not in (None, slot) and world.areas[n].is_land})

    def area_taken(self, area: str, to: str, slot: int) -> None:
        """``take_area``: the area becomes neutral (its units back to the pool: it is vacant), or the
        empire of the event's: its one unit is replaced by the empire's best unit of that class from
        its pool *(judgment: counters are coloured)* — without one, the area stays as it is."""
        old, name = self.owner[area], self.game.world.areas[area].name
        if to == "neutral":
            self.vacate(area)
            self.note(f"  {name} becomes neutral")
            self.check_empty(old)
            return
        unit = self.best_type(slot, self.game.unit_class[self.units[area][0]], self.pool_left(slot))
        if unit is None:
            return
        self.vacate(area)
        self.place(slot, area, (unit,))
        self.note(f"  {name} goes over to {self.who(slot)}")
        self.check_empty(old)

    def units_placed(self, slot: int, units: tuple[str, ...], n: int, kind: str, each: bool, pay: str,
                     any_age: bool) -> None:
        """``place_units``: ``n`` units in each area of a kind, or in one (the first of the build's order:
        the capital, then the largest cities *(judgment)*); each the best the empire may have of these
        classes (the dearest, then the most advanced) with a counter in its pool; paid in full, half
        the total (rounded up) or nothing, as many as the money allows; never a class the card's icons
        stop (Mercenaries, card 11; Levée en masse, card 12; Colonists, card 112)."""
        if self.empire[slot] is None:
            return
        game, capital = self.game, self.capital[slot]
        areas = sorted(self.areas_of_kind(slot, kind), key=lambda a: (a != capital, -self.city.get(a, 0),
                                                                      game.world.areas[a].index))
        left, level, total, placed = self.pool_left(slot), self.progress[slot], 0, []
        barred = self.icons(slot) - self.unrestricted[slot] - self.lifted(slot)     # no-ships / no-cavalry icons
        for area in areas if each else areas[:1]:
            for _ in range(n):
                found = [u for cls, types in game.class_units.items() if cls not in barred for u in types
                         if self.unit_fits(u, units) and left.get(game.counter_of[u], 0) > 0
                         and (any_age or game.unit_level[u] <= level)]
                if not found:
                    break
                unit = max(found, key=lambda u: (game.class_cost[game.unit_class[u]], game.unit_level[u]))
                cost = 0 if pay == "nothing" else self.cost_changed(slot, unit, game.class_cost[game.unit_class[unit]])
                price = total + cost
                if ((price + 1) // 2 if pay == "half" else price) > self.money[slot]:
                    break
                total, left[game.counter_of[unit]] = price, left[game.counter_of[unit]] - 1
                self.place(slot, area, (unit,))
                placed.append(f"{game.unit_name(unit)} in {game.world.areas[area].name}")
        self.spend(slot, (total + 1) // 2 if pay == "half" else total)
        if placed:
            self.note(f"  {self.who(slot)} places {', '.join(placed)}")

    def city_destroyed(self, ctx: Ctx, gain: int) -> None:
        """``destroy_city``: the city of the moment's area is destroyed (Sack of the city, card 32)."""
        area = ctx.event.get("area")
        if area in self.city:
            del self.city[area]
            self.note(f"  the city in {self.game.world.areas[area].name} is destroyed")
        if gain:
            self.earn(ctx.player, gain, f"event {self.game.name(ctx.card)}")

    def from_discards(self, count: int) -> tuple[str, ...]:
        """Cards drawn from the discard pile under the changes in force (Archive, card 97): the player
        takes the highest values *(judgment: the pile is open)*."""
        if not self.discards or not any(v == "draw_from" for _, _, v, _ in self.temporary):
            return ()
        taken = tuple(sorted(self.discards, key=lambda c: -self.game.value[c])[:count])
        pile = list(self.discards)
        for card in taken:
            pile.remove(card)
        self.discards = tuple(pile)
        return taken

    def reinforce(self, ctx: Ctx, n: int) -> Pending | None:
        """``move_units`` into the conflict being fought: ``n`` units of the side's own areas next to it
        (one always staying) join its uncommitted units (Reinforcements, card 23); the player of the event
        picks the area, its last unit of the fight's kind (land or ships) goes *(judgment)*."""
        slot, fight = ctx.player, self.fight
        if n <= 0 or fight is None or slot not in fight[1:3]:
            return None
        world, area = self.game.world, fight[0]
        land = world.areas[area].is_land

        def fits(unit):
            return (self.game.class_kind[self.game.unit_class[unit]] == "land") == land

        sources = [a for a in world.neighbours(area) if self.owner.get(a) == slot and len(self.units[a]) > 1
                   and any(fits(u) for u in self.units[a])]

        def moved(source):
            def run(st):
                here = list(st.units[source])
                at = max(i for i, u in enumerate(here) if fits(u))
                unit = here.pop(at)
                st.units[source] = tuple(here)
                side = 3 if slot == st.fight[1] else 4
                st.fight = st.fight[:side] + (st.fight[side] + (unit,),) + st.fight[side + 1:]
                st.note(f"  {st.game.unit_name(unit)} of {st.who(slot)} joins the conflict from "
                        f"{world.areas[source].name}")
                return st.reinforce(ctx, n - 1)
            return run
        return Pending(ctx.event.get("by", ctx.player), "from where?",
                       tuple(Option(a, moved(a)) for a in sources)) if sources else None

    def lose_some_units(self, ctx: Ctx, units: tuple[str, ...], n: int | None, kind: str | None, each: bool,
                        chosen_by: str | None) -> Pending | None:
        """``lose_units``: ``n`` of these units (None: all) of the empire — in each area of a kind, or in
        one such area, or anywhere — back to the pool; the player of the event (or the owner) picks
        the area. In an area, the last matching units go *(judgment: the owner's choice)*."""
        slot = ctx.player
        if self.empire[slot] is None:
            return None
        if kind == "conflict_area":
            return self.lost_in_conflict(slot, units, n)
        fought = self.fight[0] if self.fight else None      # units in a conflict are out of reach *(judgment)*
        areas = [a for a in (self.areas_of_kind(slot, kind) if kind else self.areas_of(slot))
                 if a != fought and any(self.unit_fits(u, units) for u in self.units.get(a, ()))]
        picker = ctx.player if chosen_by == "owner" else ctx.event.get("by", ctx.player)
        if each or (n is None and kind is None):
            for area in areas:
                self.units_lost(slot, area, units, n)
            return None
        if kind is not None:                          # in one such area
            return Pending(picker, "which area?", tuple(
                Option(a, lambda st, a=a: st.units_lost(slot, a, units, n)) for a in areas)) if areas else None
        if n <= 0 or not areas:                       # n units anywhere: one at a time
            return None

        def one(area):
            def run(st):
                st.units_lost(slot, area, units, 1)
                return st.lose_some_units(ctx, units, n - 1, kind, each, chosen_by)
            return run
        return Pending(picker, "lose a unit where?", tuple(Option(a, one(a)) for a in areas))

    def lost_in_conflict(self, slot: int, units: tuple[str, ...], n: int | None) -> None:
        """``lose_units`` in the conflict being fought (Elephant stampede, card 102): the side's last matching
        units there go back to the pool, counted as its losses; its commit shrinks with them. *Judgment*: no
        retreat follows — an elephant lost outside a round's outcome does not make the side flee."""
        fight = self.fight
        if fight is None or slot not in fight[1:3]:
            return
        side = fight.index(slot, 1, 3) - 1
        fight, commit = list(fight), self.commits[side]
        for _ in range(len(fight[3 + side]) + len(fight[5 + side]) if n is None else n):
            where = next((i for i in (3 + side, 5 + side) if any(self.unit_fits(u, units) for u in fight[i])), None)
            if where is None:
                break
            here = list(fight[where])
            unit = here.pop(max(i for i, u in enumerate(here) if self.unit_fits(u, units)))
            fight[where], fight[9 + side] = tuple(here), fight[9 + side] + 1
            if isinstance(commit, tuple) and unit in commit:
                commit = tuple(c for i, c in enumerate(commit) if i != commit.index(unit))
            elif isinstance(commit, int):
                commit = max(1, min(commit, len(fight[3 + side])))
            self.note(f"  {self.who(slot)} loses {self.game.unit_name(unit)} in the conflict")
        self.fight = tuple(fight)
        self.commits = self.commits[:side] + (commit,) + self.commits[side + 1:]

    def unit_fits(self, unit: str, units: tuple[str, ...]) -> bool:
        """A unit type matches a list of types, classes or kinds (``ships``, ``land``); none, or ``units``:
        any unit."""
        cls = self.game.unit_class[unit]
        return not units or "units" in units or unit in units or cls in units or self.game.class_kind[cls] in units

    def units_lost(self, slot: int, area: str, units: tuple[str, ...], n: int | None) -> None:
        here = list(self.units[area])
        lost = [i for i, u in enumerate(here) if self.unit_fits(u, units)][::-1][:n]
        if not lost:
            return
        self.note(f"  {self.who(slot)} loses {', '.join(self.game.unit_name(here[i]) for i in lost)} in "
                  f"{self.game.world.areas[area].name}")
        self.units_to_pool(slot, len(lost))          # option 16: Socialism (artefacts.py)
        left = tuple(u for i, u in enumerate(here) if i not in lost)
        if left:
            self.units[area] = left
        else:
            self.vacate(area)
            if not (self.fight and slot in self.fight[1:3]):   # a side in a conflict: checked when it ends
                self.check_empty(slot)

    def remove_a_leader(self, ctx: Ctx, spec: dict) -> Pending | None:
        """``remove_leader``: one of the empire's leaders (in an area of a kind, of these types, named,
        not of the ``unless`` types), or every such leader (``all``), leaves, or joins the empire ``to``
        names (Brain drain)."""
        slot = ctx.player
        kind = spec.get("in")
        where = set(self.areas_of_kind(slot, kind)) if kind and self.empire[slot] else None
        found = [ld for ld in self.leaders[slot] if (where is None or ld[2] in where)
                 and (not spec.get("type") or set(spec["type"]) & set(ld[1]))
                 and (not spec.get("named") or ld[0] in self.game.leader_slug)
                 and not set(spec.get("unless", ())) & set(ld[1])]
        if not found:
            return None
        if spec.get("all"):                                # New Dynasty (card 34): every leader, no choice
            for leader in found:
                self.leader_leaves(ctx, slot, leader, spec.get("to"))
            return None
        picker = ctx.player if spec.get("chosen_by") == "owner" else ctx.event.get("by", ctx.player)
        return Pending(picker, "which leader?", tuple(
            Option(f"{ld[0]} in {ld[2]}", lambda st, ld=ld: st.leader_leaves(ctx, slot, ld, spec.get("to")))
            for ld in found))

    def leader_leaves(self, ctx: Ctx, slot: int, leader: tuple, to: str | None) -> None:
        name, types, area = leader
        kept = list(self.leaders[slot])
        kept.remove(leader)
        self.leaders[slot] = tuple(kept)
        self.leaders_gone(slot)
        new = (self.target(ctx, to) or [None])[0] if to else None
        if new is not None and self.empire[new] is not None and self.areas_of(new):
            self.note(f"  {name} leaves {self.who(slot)} for {self.who(new)}")
            self.leaders[new] += ((name, types, self.leader_site(new)),)
            return
        if name not in self.game.leader_slug:
            self.cup += (types,)
        self.note(f"  {self.who(slot)} loses {name}")
        self.leaders_lost(slot, (leader,))

    def gain_a_leader(self, ctx: Ctx, named: str, beyond_limit: bool) -> None:
        """``promote_leader``: an unnamed leader from the cup (the first drawn, 'no leader' going back),
        or a named leader of an age next to the empire's not seen yet *(judgment: the first listed)*."""
        slot = ctx.player
        if self.empire[slot] is None or not self.areas_of(slot):
            return
        if not beyond_limit and len(self.leaders[slot]) >= self.leader_number(slot):
            return
        if named == "unnamed":
            cup = [t for t in self.cup if t]
            if cup:
                self.draws += 1
                types = cup[self.chance("cup", self.draws).randrange(len(cup))]
                left = list(self.cup)
                left.remove(types)
                self.cup = tuple(left)
                self.place_leader(slot, self.type_names(types), types, self.leader_site(slot))
            return
        age = self.age(slot)
        listed = self.game.empires[self.empire[slot]].get("named_leaders", {})
        for near in (age - 1, age + 1):
            for n in listed.get(str(near), ()):
                if n["name"] not in self.seen:
                    self.place_leader(slot, n["name"], tuple(n["types"]), self.leader_site(slot))
                    return

    def draw(self, ctx: Ctx, player: int, deck: str, amount: int) -> None:
        """The core ``draw`` verb: the empire's player draws cards from the deck, the one deck of the game
        (§ Terms of play › Card deck), into their hand (Oracle bones, card 95)."""
        if amount > 0:
            seat = self.seat_of(player)
            drawn = self.draw_cards(amount)
            self.hand[seat] += drawn
            self.note(f"  {self.seat_name(seat)} draws {len(drawn)} card(s)")

    def hand_cards(self, ctx: Ctx, slot: int, n: int, at_random: bool, taker: int | None) -> Pending | None:
        """``discard`` / ``take_card``: ``n`` cards leave the seat's hand, at random or chosen by that
        player, to the discard pile or the taker's hand."""
        seat = self.seat_of(slot)
        if n <= 0 or not self.hand[seat]:
            return None
        if at_random:
            self.events_drawn += 1
            card = self.chance("event", self.events_drawn).choice(sorted(self.hand[seat]))
            self.card_leaves(seat, card, taker)
            return self.hand_cards(ctx, slot, n - 1, at_random, taker)
        def leaves(card):
            def run(st):
                st.card_leaves(seat, card, taker)
                return st.hand_cards(ctx, slot, n - 1, False, taker)
            return run
        return Pending(seat * self.per, "which card?", tuple(Option(c, leaves(c)) for c in sorted(set(self.hand[seat]))))

    def card_leaves(self, seat: int, card: str, taker: int | None) -> None:
        self.take_from_hand(seat, card)
        if taker is None:
            self.discards += (card,)
            self.note(f"  {self.seat_name(seat)} discards a card")
        else:
            self.hand[taker] += (card,)
            self.note(f"  {self.seat_name(taker)} takes a card from {self.seat_name(seat)}")

    def drop_beliefs(self, ctx: Ctx, which: tuple[str, ...]) -> None:
        """``drop``: the dominant religion or the government is discarded without its card: every land
        area with a city and no leader, or a leader and no city, is disordered (§ 6. Civilise ›
        Discarding a religion or government)."""
        slot = ctx.player
        religions = [b for b in self.beliefs[slot] if self.game.artefacts[b].get("group") == "religion"]
        dropped = ((religions[:1] if "dominant_religion" in which else [])
                   + [b for b in self.beliefs[slot] if self.game.artefacts[b].get("group") == "government"
                      and "government" in which])
        if not dropped:
            return
        self.beliefs[slot] = tuple(b for b in self.beliefs[slot] if b not in dropped)
        self.note(f"  {self.who(slot)} discards {', '.join(self.game.artefacts[b]['name'] for b in dropped)}")
        for belief in dropped:                       # option 16: Socialism (artefacts.py)
            if self.game.artefacts[belief].get("group") == "government":
                self.government_changed(slot, belief, gained=False)
        led = {area for _, _, area in self.leaders[slot]}
        for area in self.areas_of(slot):
            if self.game.world.areas[area].is_land and (area in self.city) != (area in led):
                self.add_disorder(area)

    def belief_gained(self, ctx: Ctx, slot: int, belief: str | None, group: str) -> None:
        """``adopt_religion`` / ``swap_government``: the empire holds the belief if it may and a marker is
        free — a government replacing its own; no glory *(judgment: not an adoption in Civilise)*."""
        if belief is None or self.empire[slot] is None or belief in self.beliefs[slot]:
            return
        artefact = self.game.artefacts[belief]
        if not self.marker_free(artefact):
            return
        kept = tuple(b for b in self.beliefs[slot] if group != "government"
                     or self.game.artefacts[b].get("group") != "government")
        if group == "religion" and self.held(slot, "religion") >= self.religion_room(slot):
            return
        self.beliefs[slot] = kept + (belief,)
        self.note(f"  {self.who(slot)} holds {artefact['name']}")
        self.artefact_gained(slot, belief)

    def put_first(self, slot: int, religion: str) -> None:
        """``put_first``: a religion the empire holds becomes its dominant one, the leftmost (§ 6. Civilise ›
        Adopting a religion or government; Counter-reformation, card 147)."""
        if religion in self.beliefs[slot][1:]:
            self.beliefs[slot] = (religion,) + tuple(b for b in self.beliefs[slot] if b != religion)
            self.note(f"  {self.who(slot)}: {self.game.artefacts[religion]['name']} becomes its dominant religion")

    def dominant_religion(self, slot: int | None) -> str | None:
        if slot is None:
            return None
        return next((b for b in self.beliefs[slot] if self.game.artefacts[b].get("group") == "religion"), None)

    def artefact_lost(self, ctx: Ctx, which: str, kind: str) -> Pending | None:
        """``discard_artefact`` on the map (Iconoclasm, Relics stolen): one artefact in an area of a kind,
        anywhere but with an empire immune to it (Patron saint, card 140), picked by the player of the event."""
        found = [(a, art) for s in self.in_play() if "event_artefact_loss" not in self.in_force("immune", s)
                 for a in self.areas_of_kind(s, kind)
                 for art in self.artefacts.get(a, ()) if which == "on_map" or self.game.artefacts[art]["colour"] == "green"]
        if not found:
            return None

        def lost(area, art):
            def run(st):
                st.remove_marker_from(area, art)
                st.note(f"  {st.game.artefacts[art]['name']} in {st.game.world.areas[area].name} is discarded")
            return run
        return Pending(ctx.event.get("by", ctx.player), "which artefact?",
                       tuple(Option(f"{art} in {a}", lost(a, art)) for a, art in found))

    def assassinate(self, ctx: Ctx, picks: int, where: str) -> Pending | None:
        """An assassin event (§ 6. Civilise › Assassin events): a leader of an empire within Range (in
        its capital for Regicide) is chosen; the assassin picks up to ``picks`` cards, the target's
        player up to the empire's leader number, each keeping the last; a higher assassin card kills.
        Both keep the first card of 4 or more *(judgment: the Tactician's policy)*."""
        by = ctx.event.get("by", ctx.player)
        if self.empire[by] is None:
            return None
        found = [(s, ld) for s in self.in_range(by) for ld in self.leaders[s]
                 if where == "leader_in_range" or ld[2] == self.capital[s]]

        def attempt(slot, leader):
            def run(st):
                mine = st.assassin_card(picks)
                theirs = st.assassin_card(st.leader_number(slot))
                st.note(f"  assassin {mine} against {theirs}")
                if mine > theirs:
                    st.leader_leaves(ctx, slot, leader, None)
            return run
        return Pending(by, "whom?", tuple(Option(f"{name} in {area}", attempt(s, (name, types, area)))
                                          for s, (name, types, area) in found)) if found else None

    def assassin_card(self, picks: int) -> int:
        value = 0
        for i in range(max(picks, 1)):
            value = self.check_cards(None, 1)
            if value >= REDRAW_BELOW:
                break
        return value

    def leaders_lost(self, slot: int, lost) -> None:
        """The moment an empire has lost leaders: its player may play the events of that moment (Martyr,
        card 52), and of a named leader's loss (State funeral, card 143), once the loss is done."""
        if self.game.events is None:
            return
        named = any(name in self.game.leader_slug for name, _, _ in lost)
        self.queue[:0] = [("window", "leader_lost", (slot,))] + [("window", "named_leader_lost", (slot,))] * named

    def conflict_won(self, slot: int | None, losses: int) -> None:
        """A conflict won by holding the area with the enemy gone (Triumph, card 65: its losses)."""
        if self.game.events is not None and slot is not None and self.empire[slot] is not None:
            self.open_moment("conflict_won", slot, enemy_losses=losses)

    def city_liberated(self, slot: int, area: str) -> bool:
        """A city taken from another empire, at its value before it is reduced (Pillage, card 31; Sack of the
        city, card 32; § 4. Manoeuvre › End of conflict): its events are played before the liberator's
        immediate glory, which Scorched earth (card 160) forbids. Whether the glory waits for them."""
        if self.game.events is None:
            return False
        self.open_moment("liberated_city", slot, city_value=self.city[area], area=area)
        self.queue.insert(1, ("city_glory", slot))
        return True

    def task_city_glory(self, slot: int) -> None:
        if self.empire[slot] is not None and "city_glory" not in self.in_force("forbid", slot):
            self.liberation_glory(slot)

    def open_moment(self, window: str, slot: int, **facts) -> None:
        self.moment = tuple(m for m in self.moment if m[0] != window) + tuple((window, k, v) for k, v in facts.items())
        self.queue[:0] = [("window", window, (slot,))]

    def task_discard_empire(self, slot: int) -> None:
        """A Discard empire action, after the events of its moment (Abdication, card 163; Government in
        exile, card 164): they are played while the empire is still in play."""
        if self.empire[slot] is not None:
            self.discard_empire(slot, "Discard empire")

    def replaced_action(self, slot: int, action: str) -> None:
        """``replace_action`` (Summit, card 157; Cold war, card 158): the empire's marker of this action
        turns over as a pass. In Civilise every Manoeuvre of the turn is over, so the markers of the next
        turn *(judgment)*: the change lasts to its end."""
        if self.empire[slot] is not None:
            self.for_a_while(self.temporary + ((slot, "next_turn", "forbid", action),))
            self.note(f"  {self.who(slot)}: its next {action} is a pass")

    def claim(self, ctx: Ctx, most: int) -> None:
        """``claim_glory`` (Glorious pity, card 1; Blessed are the meek, card 104; Alms for the poor, card 151:
        § PLAYERS' GUIDE › 11) Secret Victory): the player shows their glory and claims up to ``most``; they
        gain it unless every other player shows less (the example: Alex claims 7, the most, and gets it
        unless the other 6 all have less than her). *Judgment*: a failed claim costs nothing, so the player
        claims the most; without option 11 the glory track already shows everyone's glory and the claim is
        judged the same way."""
        seat = self.seat_of(ctx.player)
        mine = self.rank_value(seat, "glory")
        self.note(f"  {self.seat_name(seat)} shows {self.game.word(mine, 'glory')} and claims {most}")
        if all(self.rank_value(p, "glory") < mine for p in range(self.n) if p != seat):
            self.note("  every other player shows less: the claim fails")
            return
        self.score(ctx.player, most, f"event {self.game.name(ctx.card)}")

    def extra_action(self, ctx: Ctx, action: str | None, units: str | None) -> Pending | None:
        """``extra_action``: a second Manoeuvre straight after this one, with the units that did not move in
        it (Second front, card 161) or with the cavalry (Blitzkrieg, card 159), played before movement; or,
        in Civilise, any other action the empire takes at once (Grand strategy, card 162: ``EXTRA_ACTIONS``)."""
        slot = ctx.player
        if self.empire[slot] is None:
            return None
        if action == "manoeuvre":
            self.for_a_while(self.temporary + ((slot, "action", "extra_manoeuvre", units),))
            return None

        def taken(name):
            def run(st):
                st.note(f"  {st.who(slot)} takes an extra {name}")
                getattr(st, f"action_{name}")(st.seat_of(slot), slot)
            return run
        return Pending(ctx.player, "which action?", tuple(Option(a, taken(a)) for a in EXTRA_ACTIONS))

    def extra_manoeuvre(self, slot: int) -> bool:
        """After a Manoeuvre's conflicts, its extra Manoeuvre (``extra_action``) moves and fights: units that
        moved in the first, or arrived by conflict, stay put (``not_moved``), or only cavalry moves, again
        (``cavalry``: the stacks put their cavalry first and count the rest as moved). Whether one starts."""
        extra = next((t for t in self.temporary if t[0] == slot and t[2] == "extra_manoeuvre"), None)
        if extra is None or self.empire[slot] is None:
            return False
        self.for_a_while(tuple(t for t in self.temporary if t is not extra))
        cavalry = self.game.class_units.get("cavalry", ())
        for area in self.areas_of(slot):
            units = self.units[area]
            if extra[3] == "cavalry":
                self.units[area] = tuple(sorted(units, key=lambda u: u not in cavalry))
                self.moved[area] = sum(1 for u in units if u not in cavalry)
            elif area in self.across and area not in self.moved:
                self.moved[area] = len(units)
        self.invaders, self.strategist = {}, None
        self.note(f"  {self.who(slot)} manoeuvres again")
        self.queue[:0] = [("marching", slot)]
        return True

    def commits_first(self) -> int:
        """The side that commits first in a conflict round: the attacker, unless the defender has made the
        other side commit first (Fog of war, card 100) and the attacker has not."""
        att, dfn = self.fight[1:3]
        return int(bool(self.temporary) and "enemy_commits_first" in self.in_force("allow", att)
                   and "enemy_commits_first" not in self.in_force("allow", dfn))

    def commits_shown(self) -> bool:
        """This round the first side commits openly (Fog of war, card 100, played on either side)."""
        return bool(self.temporary) and any("enemy_commits_first" in self.in_force("allow", s) for s in self.fight[1:3])

    def free_trade(self, slot: int) -> bool:
        """An empire that progresses in a trade takes the trade's income too (Free trade, card 149)."""
        return "winner_income" in self.in_force("allow", slot)

    def exodus(self, slot: int, areas: list[str]) -> list[str]:
        """Start areas and the land areas next to them (Exodus, card 144), while the empire sets up."""
        if "setup_next_to_start" not in self.in_force("allow", slot):
            return areas
        world = self.game.world
        near = {n for a in areas for n in world.neighbours(a) if world.areas[n].is_land}
        return areas + sorted(near - set(areas), key=lambda a: world.areas[a].index)

    def passes(self, slot: int, action: str) -> bool:
        """The empire's marker of this action is a pass (``replace_action``)."""
        return action in self.in_force("forbid", slot)

    # -- changes for a while (``until``) -----------------------------------------------------------------
    def change_for(self, ctx: Ctx, end: str, who: str, verb: str, changed: Any) -> None:
        """A change in force until the end of a period, for the empire (``who: you``), the event's
        target, or every empire (``all``)."""
        slot = None if who == "all" else ctx.event["target"] if who == "target" else ctx.player
        if verb == "no_entry" and "of" in changed:          # closed to, or between, the empire of the event
            changed = {**changed, "by": ctx.event.get("by", ctx.player)}
        self.for_a_while(self.temporary + ((slot, end, verb, changed),))
        if self.log is not None:
            whom = "every empire" if slot is None else self.who(slot)
            what = (self.game.artefacts[ctx.card]["name"] if ctx.card in self.game.artefacts   # option 16
                    else self.game.deck.card(ctx.card).part('event.title'))
            self.note(f"  {what}: for {whom} until the end of the {end.replace('_', ' ')}")

    def in_force(self, verb: str, slot: int | None) -> list:
        """The arguments of the changes of a verb in force for an empire (None: for every empire): the
        events' for a while, then option 16's artefacts' (artefacts.py). Not to be changed (it may be the
        index's own list)."""
        found = []
        if self.game.artefact_book is not None:
            index = self._artefact_index[1] if self._index_seen == CHANGES[0] else self.artefact_index()  # its quick way
            if verb in index["live"]:                   # an artefact with a change of this verb is in play
                found = self.artefact_changes(index, verb, slot)
        timed = self.changes_by_verb().get(verb) if self.temporary else None
        if timed:
            mine = [changed for who, changed in timed if who is None or who == slot]
            if mine:
                found = mine + found
        return found

    def for_a_while(self, changes: tuple) -> None:
        """``temporary`` replaced (a tuple: never changed in place), the write counted (engine/tallied.py's
        ``stamp``): option 16's index of powers reads the changes for a while (artefacts.py)."""
        self.temporary = changes
        stamp()

    def changes_by_verb(self) -> dict[str, list[tuple]]:
        """The changes for a while by verb: (empire or None, arguments), in their order. Read again when
        ``temporary`` is replaced (a tuple: never changed in place)."""
        if self._by_verb[0] is not self.temporary:
            by_verb: dict[str, list[tuple]] = {}
            for who, _, verb, changed in self.temporary:
                by_verb.setdefault(verb, []).append((who, changed))
            self._by_verb = (self.temporary, by_verb)
        return self._by_verb[1]

    def task_expire(self, end: str) -> None:
        """Changes that last until the end of this period end; at a new turn, those for the next
        turn start to count down."""
        if self.temporary:
            self.for_a_while(tuple((who, "turn" if e == "next_turn" and end == "turn" else e, v, c)
                                   for who, e, v, c in self.temporary if e != end))

    def age_over(self, slot: int) -> None:
        """The empire's changes that last until its age changes end (Council of elders, card 53;
        Mechanica Miraculum, card 61)."""
        if self.temporary:
            self.for_a_while(tuple(t for t in self.temporary if not (t[1] == "age" and t[0] == slot)))

    def leader_number(self, slot: int) -> int:
        """The empire's card's leader number, raised by the changes in force (Council of elders, card 53)."""
        number = self.game.empires[self.empire[slot]]["leaders"]
        if not self.changing:                        # an event's or artefact's change (Democracy)
            return number
        return number + sum(c.get("leader_number", 0) for c in self.in_force("stat", slot))

    def built_ahead(self, slot: int) -> int:
        """Levels ahead of its own at which the empire builds units (Mechanica Miraculum, card 61)."""
        return sum(self.in_force("build_ahead", slot))

    def cost_changed(self, slot: int, unit: str, cost: int) -> int:
        """A unit's (or a fort's) cost under the changes in force (Engineers, card 132; Arsenal, card 133;
        Horse breeders, card 134; Conscription, card 137): set, or lowered to at most ``minimum`` (1); or
        raised by an artefact (option 16)."""
        for changed in self.in_force("unit_cost", slot):
            if "fort" in changed["units"] if unit == "fort" else self.unit_fits(unit, changed["units"]):
                if "set" in changed:
                    cost = changed["set"]
                elif "add" not in changed or "where" in changed:   # option 16: the total halved, one area's
                    continue
                elif changed["add"] < 0:
                    cost = min(cost, max(changed.get("minimum", 1), cost + changed["add"]))
                else:                          # dearer (Concentrated ownership, Revolution: option 16)
                    cost += changed["add"]
        return cost

    def free_upkeep(self, slot: int) -> int:
        """Units the empire maintains for nothing under the changes in force (Conscription, card 137)."""
        kinds = [tuple(c.get("units", ())) for c in self.in_force("maintenance", slot) if c["set"] == 0]
        return sum(1 for a in self.areas_of(slot) for u in self.units[a] if any(self.unit_fits(u, k) for k in kinds))

    def lifted(self, slot: int) -> frozenset[str]:
        """The classes a no-ships / no-cavalry icon would stop that the changes in force allow (Horse
        breeders, card 134; Shipwrights, card 135)."""
        allowed = self.in_force("allow", slot)
        return frozenset(c for c in ("ships", "cavalry") if f"ignore_no_{c}" in allowed)

    def elite_changed(self, slot: int, cost: int) -> int:
        """An elite marker for 3 money under the changes in force (Veterans, card 136)."""
        return 3 if "elite_for_3" in self.in_force("allow", slot) else cost

    def total_changed(self, slot: int, total: int) -> int:
        """The empire's income halved, 0.5 up, under the changes in force (Stock market crash, card 152)."""
        for changed in self.in_force("income", slot):
            if changed.get("halve"):
                total = (total + 1) // 2
        return total

    def harvest_changed(self, before: list[int]) -> None:
        """Event changes to glory apply after the totals, purchases included, per player (§ End of turn ›
        Harvest glory › Event cards and glory: 5 halved is 3)."""
        for seat in range(self.n):
            gained = self.rank_value(seat, "glory") - before[seat]
            rules = [r for s in self.slots_of(seat) for r in self.in_force("harvest", s) if "category" not in r]
            if gained <= 0 or not rules:
                continue
            kept = 0 if any(r.get("none") for r in rules) else (gained + 1) // 2
            self.score(self.slots_of(seat)[0], kept - gained, f"event {'no glory' if not kept else 'glory halved'}")

    def icons_changed(self, slot: int, icons: tuple) -> tuple:
        """A glory category's number raised, or the category gained at that number (Laurels, card 72)."""
        for changed in self.in_force("harvest", slot):
            if "category" not in changed:
                continue
            plain = [i for i in icons if i["category"] == changed["category"] and "region" not in i]
            if plain:
                icons = tuple({**i, "value": i.get("value", 1) + changed["add"]} if i is plain[0] else i for i in icons)
            else:
                icons += ({"category": changed["category"], "value": changed["add"]},)
        return icons

    def wins_harvest_ties(self, slot: int) -> bool:
        """Harvest ties won as if with the most Philosophers (Chronicle, card 73)."""
        return bool(self.temporary) and "chronicle_ties" in self.in_force("allow", slot)

    def trade_changed(self, slot: int) -> int:
        """Trade value added by the changes in force (Trade winds, Debased coinage), and the trade number
        changed by artefacts (Great University, Printing, Pharos lighthouse, Confucianism: option 16)."""
        return sum(changed.get("trade_value", 0) + changed.get("trade_number", 0) for changed in self.in_force("stat", slot))

    def trades_with_deck(self, slot: int) -> bool:
        """The empire may not trade with empires: it trades against the deck (Naval blockade, card 106)."""
        return "trade_with_empires" in self.in_force("forbid", slot)

    def trade_split(self, slot: int, partner: int) -> bool:
        """The trade is two trades against the deck: the empire may not trade with the partner it picked
        (Embargo, card 35, played on it by the partner's side), or a side may not trade with empires (Naval
        blockade)."""
        return ("trade_when_picked" in self.in_force("forbid", slot)
                or self.trades_with_deck(slot) or self.trades_with_deck(partner))

    def levels_changed(self, slot: int, a: int, b: int) -> int:
        """Levels added to a won trade between empires 3 or more areas apart (Silk road, card 36)."""
        far = [c["add"] for c in self.in_force("trade_progress", slot) if c.get("when") == "far"]
        if not far or b < 0:
            return 0
        apart = self.distances(*self.areas_of(a))
        return sum(far) if min((apart.get(x, 99) for x in self.areas_of(b)), default=0) >= 3 else 0

    def trade_income_lost(self, slot: int) -> bool:
        """The empire's income from a trade is nothing (Tariffs, card 150)."""
        return any("trade" in c["from"] and c.get("times") == 0 for c in self.in_force("income", slot))

    def income_changed(self, slot: int, area: str, income: int) -> int:
        """An area's income under the changes in force (Bumper harvest, Drought, Strike, Locusts; option
        16: Industrial Revolution doubling cities, Irrigation's +1 on its rivers)."""
        for changed in self.in_force("income", slot):
            kinds = changed["from"]
            if "add" in changed and "river_areas" in kinds:
                income += changed["add"] * self.irrigated(area)
            if "wheat_and_oil" in kinds and changed.get("times") == 0:     # option 16: the climate collapse
                income -= sum(self.chart.resources[r]["income"] for r in self.game.world.areas[area].resources
                              if r in ("wheat", "oil"))
                continue
            if "times" not in changed:
                continue
            if ("fertile_areas" in kinds and self.chart.at(area, self.age(slot))["id"] == "fertile"
                    or "without_river" in kinds and not self.game.world.river_area(area)
                    or "wheat" in kinds and "wheat" in self.game.world.areas[area].resources):
                income *= changed["times"]
            elif "cities" in kinds:
                income += self.city.get(area, 0) * (changed["times"] - 1)
        return max(0, income)

    def moves_changed(self, slot: int, unit: str) -> int:
        """Extra movement from the changes in force (Forced march: land units; Favourable winds: ships)."""
        kind = "land" if self.game.class_kind[self.game.unit_class[unit]] == "land" else "ships"
        return sum(changed.get(kind, 0) for changed in self.in_force("moves", slot))

    def closed(self, slot: int) -> frozenset[str | int]:
        """What the changes in force close to the empire's units: terrains (Blizzard, Heatwave), and the
        empires whose areas it may not enter (Grand alliance, card 122: each other's; Hostages, card
        165: the areas of the empire of the event)."""
        shut: set[str | int] = set()
        for who, _, verb, changed in self.temporary:
            if verb != "no_entry" or "of" in changed and self.betrays(slot):
                continue
            if who in (None, slot):
                shut.update(CLOSED[changed["areas"]] if "areas" in changed else (changed["by"],))
            elif changed.get("of") == "each_other" and changed["by"] == slot:
                shut.add(who)
        return frozenset(shut)

    def conflict_changed(self, slot: int, other: int) -> list:
        """The changes of a conflict in force for a side: its own, its cavalry fighting with support only
        when the other side has Heavy rains (card 20), and the other side's ``cancel``."""
        rains = [{"support_only": ("cavalry",)}] * ("heavy_rains" in self.in_force("allow", other))
        return self.in_force("conflict", slot) + rains, [c for changed in self.in_force("conflict", other)
                                                         for c in changed.get("cancel", ())]

    def betrays(self, slot: int) -> bool:
        """The empire enters the areas of empires an event bound it to (Betrayal, card 123)."""
        return "enter_bound_empires" in self.in_force("allow", slot)

    def great_explorer(self, slot: int, source: str) -> bool:
        """One stack moves as if an Explorer were with it (Great explorer, card 54): the empire's largest
        *(judgment: the engine's choice)*."""
        if not self.temporary or "explorer_stack" not in self.in_force("allow", slot):
            return False
        world = self.game.world
        return source == max(self.areas_of(slot), key=lambda a: (len(self.units[a]), -world.areas[a].index))

    def better_cards(self, sides: tuple[int, int], cards: tuple[str, str]) -> tuple[str, str]:
        """A side draws a second conflict card and keeps the higher (Brilliant general, card 99: the same
        as drawing two, played once its first is drawn); the other is discarded."""
        out = list(cards)
        for i, slot in enumerate(sides):
            if "best_of_two_conflict_cards" in self.in_force("allow", slot):
                more = self.draw_cards(1)
                if more and self.game.value[more[0]] > self.game.value[out[i]]:
                    more, out[i] = (out[i],), more[0]
                self.discards += more
                self.note(f"  {self.who(slot)} draws a second card: {self.game.value[out[i]]} kept")
        return tuple(out)

    def treason(self, sides: tuple[int, int], committed: tuple, survived: tuple) -> tuple:
        """A side that won the round adds from its pool a unit of a type the other side lost, even one it
        could not build yet, committed with its winners (Treason!, card 118): the first type lost with a
        counter left *(judgment)*; units set up in Start empire that wait for their own conflict are off
        the pool."""
        out = list(survived)
        for i, slot in enumerate(sides):
            lost = committed[1 - i] if not survived[1 - i] else ()
            if not survived[i] or not lost or "treason_reinforcements" not in self.in_force("allow", slot):
                continue
            left = self.pool_left(slot)                     # less its units off the map: in conflicts
            away = self.fight[3 + i] + self.fight[5 + i] + (sum(self.invaders.values(), ()) if i == 0 else ())
            away += tuple(u for task in self.queue if task[0] == "land" and task[1] == slot for u in task[3])  # Start
            for u in away:
                if self.game.counter_of[u] in left:         # not a Kingdoms common counter (kingdoms.py)
                    left[self.game.counter_of[u]] -= 1
            unit = next((u for u in lost if left.get(self.game.counter_of[u], 0) > 0), None)
            if unit is not None:
                out[i] += (unit,)
                self.note(f"  {self.who(slot)} adds a {self.game.unit_name(unit)} (treason)")
        return tuple(out)

    def wins_ties(self, slot: int) -> bool:
        """A tie in a conflict round counts as the side's win (Last stand, card 30)."""
        return bool(self.temporary) and "win_ties" in self.in_force("allow", slot)

    def retreats_any_round(self, slot: int) -> bool:
        """The side may retreat before any round (Feigned retreat, card 21; near Machu Pichu: option 16)."""
        return (bool(self.temporary) and "retreat_any_round" in self.in_force("allow", slot)
                or self.option_16() and self.refuge_near(slot))

    def neutral_for_1(self, slot: int) -> bool:
        """Neutral areas cost the empire's units 1 movement point (Frontier, card 113)."""
        return bool(self.temporary) and any(c["into"] == "neutral_area" for c in self.in_force("move_cost", slot))

    # -- conditions (verbs.py) ------------------------------------------------------------------------
    def in_conflict_terrain(self, slot: int, terrains: list[str]) -> bool:
        """The conflict being fought is in an area of these terrains (at the defender's age)."""
        return self.fight is not None and self.chart.at(self.fight[0], self.age(self.fight[2]))["id"] in terrains

    def controls_in(self, slot: int, regions: list[str]) -> bool:
        """A land area of the empire in each of these regions (New world, card 111)."""
        held = [self.game.world.regions_of(a) for a in self.areas_of(slot) if self.game.world.areas[a].is_land]
        return all(any(r in found for found in held) for r in regions)

    def in_dark_age(self, slot: int, _) -> bool:
        return self.progress[slot] in self.game.dark_ages

    def _belief(self, slot: int, group: str, which: str) -> bool:
        held = [b for b in self.beliefs[slot] if self.game.artefacts[b].get("group") == group]
        return bool(held) if which == "any" else not held if which == "none" else (held[:1] == [which])

    def has_religion(self, slot: int, which: str) -> bool:
        """Its dominant religion (the leftmost: § 6. Civilise › Adopting a religion or government)."""
        return self._belief(slot, "religion", which)

    def has_government(self, slot: int, which: str) -> bool:
        return self._belief(slot, "government", which)

    def has_leader_type(self, slot: int, types: list[str]) -> bool:
        return any(set(types) & set(t) for _, t, _ in self.leaders[slot])

    def kind_disordered(self, slot: int, kind: str) -> bool:
        return any(a in self.disorder for a in self.areas_of_kind(slot, kind))

    # -- the words of the core verbs (engine.host.Host) ------------------------------------------------
    def players(self) -> list[int]:
        """The empires in play: what an event's ``others`` / ``opponent`` address."""
        return self.in_play()

    def holders(self, name: str) -> list[int]:
        """Whom ``most`` / ``least`` compare: glory is the player's (§ Terms of play › Glory points), so
        each player once, by their first empire in play (Hubris, card 69, costs the leading player 2,
        not 2 per empire); the other statistics are each empire's."""
        if name == "glory":
            return [self.event_for(p * self.per, True) for p in range(self.n)]
        return self.in_play()

    def target(self, ctx: Ctx, name: str) -> list[int]:
        """The event's chosen target (``empire``, ``player`` …); ``yours``: the empire it is played for;
        ``your_other_empire``: another empire in play of its player (Government in exile, card 164)."""
        if name == "yours":
            return [ctx.event.get("by", ctx.player)]
        if name == "all_but_ender":                  # option 16: World war's end (clocks.py)
            return [s for s in self.in_play() if s != ctx.event.get("ender")]
        if name in SPIED:                            # option 16: whose hand an artefact shows (artefacts.py)
            return self.spied(ctx, name)
        if name in ctx.event and name in ("taker", "liberator", "new_owner"):   # option 16: who took an area
            return [ctx.event[name]]
        if name == "your_other_empire":
            by = ctx.event.get("by", ctx.player)
            return [s for s in self.slots_of(self.seat_of(by)) if s != by and self.empire[s] is not None][:1]
        return [ctx.event["target"]] if "target" in ctx.event else []

    def has(self, ctx: Ctx, actor: int, card: str) -> bool:
        """An artefact the empire holds: on its card, in one of its areas, or as a belief."""
        return (card in self.on_card[actor] or card in self.beliefs[actor]
                or any(card in self.artefacts.get(a, ()) for a in self.areas_of(actor)))

    def gain(self, ctx: Ctx, actor: int, resource: str, amount: int) -> Pending | None:
        """Glory, money and progress by the rules' own ways (never negative glory, money at most 199,
        progress with its new age)."""
        cause = self.cause(ctx.card)
        if amount > 0 and resource == "glory":
            self.score(actor, amount, cause)
        elif amount > 0 and resource == "money":
            self.earn(actor, amount, cause)
        elif amount > 0 and resource == "progress":
            self.advance(actor, amount, cause)
        elif amount > 0:
            return super().gain(ctx, actor, resource, amount)
        return None

    def lose(self, ctx: Ctx, actor: int, resource: str, amount: int) -> None:
        cause = self.cause(ctx.card)
        if resource == "glory":
            self.score(actor, -amount, cause)
        elif resource == "progress":
            self.regress(actor, min(amount, self.progress[actor] - 1), cause)
        else:
            super().lose(ctx, actor, resource, amount)

    def cause(self, card: str) -> str:
        """What a gain or loss of an effect is put down to: an event, or an artefact's power or penalty."""
        return f"option 16: {self.game.name(card)}" if card in self.game.artefacts else f"event {self.game.name(card)}"

    def regress(self, slot: int, levels: int, cause: str) -> None:
        """Back down the track; a new age loses the leaders (§ 6. Civilise › Removing leaders)."""
        if levels <= 0:
            return
        before = self.age(slot)
        self.progress[slot] -= levels
        self.note(f"  {self.who(slot)} goes back {levels} (level {self.progress[slot]}, {cause})")
        if self.age(slot) != before:
            self.lose_leaders(slot, None, "a new age")
            self.age_over(slot)
            self.fire_artefacts("changes_age", slot)     # option 16 (artefacts.py)
            self.entered_age(slot)
            self.treaties_kept()

    def stat(self, ctx: Ctx | None, actor: int, name: str) -> int:
        if name == "trade_value":                    # in the trade just made (Merchant guilds, card 37)
            return self.traded_value.get(actor, 0)
        if name == "money":
            return self.money[actor]
        if name == "glory":
            return self.rank_value(self.seat_of(actor), "glory")
        if name == "age":
            return self.age(actor) if self.empire[actor] else 0
        if name == "leader_number":
            return self.leader_number(actor) if self.empire[actor] else 0
        if name == "capital_value":
            return self.city.get(self.capital[actor], 0) if self.capital[actor] in self.areas_of(actor) else 0
        return super().stat(ctx, actor, name)

    def count_areas(self, slot: int) -> int:
        return len(self.areas_of(slot))

    def count_fertile_areas(self, slot: int) -> int:
        """Fertile areas the empire controls (at its age: World war's end, option 16)."""
        return sum(self.chart.at(a, self.age(slot))["id"] == "fertile" for a in self.areas_of(slot))

    def count_players_ahead(self, slot: int) -> int:
        """Players with more glory than the empire's (the Internet, option 16)."""
        mine = self.rank_value(self.seat_of(slot), "glory")
        return sum(self.rank_value(p, "glory") > mine for p in range(self.n))

    def count_cities(self, slot: int) -> int:
        return sum(1 for a in self.areas_of(slot) if a in self.city)

    def count_leaders(self, slot: int) -> int:
        return len(self.leaders[slot])

    def count_leaders_admin_double(self, slot: int) -> int:
        """Leaders, an Administrator counting 2 (§ Leader Types › Administrator (Ad): Fires, card 110)."""
        return sum(2 if "ad" in types else 1 for _, types, _ in self.leaders[slot])

    def count_named_leaders(self, slot: int) -> int:
        return sum(1 for name, _, _ in self.leaders[slot] if name in self.game.leader_slug)

    def count_scholars(self, slot: int) -> int:
        return sum(1 for _, types, _ in self.leaders[slot] if {"sc", "ph"} & set(types))

    def count_green_artefacts_undisordered(self, slot: int) -> int:
        return sum(1 for a in self.areas_of(slot) if a not in self.disorder for art in self.artefacts.get(a, ())
                   if self.game.artefacts[art]["colour"] == "green")

    def count_own_religious_sites(self, slot: int) -> int:
        return self.religious_sites(slot)

    def count_areas_outside_america(self, slot: int) -> int:
        return sum(1 for a in self.areas_of(slot) if "america" not in self.game.world.regions_of(a))

    def count_areas_america_australasia(self, slot: int) -> int:
        return sum(1 for a in self.areas_of(slot) if {"america", "australasia"} & self.game.world.regions_of(a))

    def count_ocean_area(self, slot: int) -> int:
        return sum(1 for a in self.areas_of(slot) if self.game.world.areas[a].kind == "ocean")

    def count_leaders_in_conflict(self, slot: int) -> int:
        """The side's leaders in the area being fought over (Brilliant general, card 99)."""
        return sum(1 for _, _, where in self.leaders[slot] if self.fight and where == self.fight[0])

    def count_disordered_area(self, slot: int) -> int:
        return sum(1 for a in self.areas_of(slot) if a in self.disorder)


def _carry_on(state) -> None:
    """After an event's decisions: the turn's tasks go on."""
    state.step = None
    state.proceed()

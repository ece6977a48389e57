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

from dataclasses import dataclass
from typing import Any

from cardtools.effects.runtime import Ctx, Option, Pending, settle
from cardtools.engine.compiled import compile_field
from cardtools.engine.host import Computed
from cardtools.games.seven_ages.verbs import RUNS

#: Timing windows the engine opens so far: Civilise (§ 6. Civilise › Playing event cards: an event
#: that does not say when is played in its empire's Civilise). ``response`` is the cancel window.
WINDOWS = ("civilise",)
RESPONSE = "response"
#: Target words an event is played on: who may be chosen when it is played (docs/rules/7ages-cards.md § Effects).
TARGETS = ("empire", "empire_in_range", "other_in_range", "player", "player_in_range")
PLAYER_TARGETS = ("player", "player_in_range")
#: Core target words the effects resolve themselves.
CORE_TARGETS = ("you", "others", "all", "opponent", "yours")
#: Kinds of area the area verbs pick from (``Events.areas_of_kind``).
AREA_KINDS = ("area", "capital", "city_area", "largest_city", "river_area", "mountain_area", "fertile_without_city",
              "fertile_with_city", "without_leader", "farthest_from_capital", "disordered_area", "held_unthreatened")
#: Statistics the state answers (``Events.stat``).
STATS = ("money", "age", "leader_number", "capital_value", "glory")
#: Keys whose value is a target word, a count, a statistic or a kind of area, in an effect tree.
TARGET_KEYS, COUNT_KEYS, STAT_KEYS, AREA_KEYS = ("each", "who", "from"), ("count", "none"), ("stat",), ("areas", "in")


@dataclass(frozen=True)
class EventBook:
    """The deck's events, compiled once: each card's abilities by trigger, whom it is played on, what
    it cancels, and — for an event not played yet — why."""

    abilities: dict[str, dict[str, Any]]
    target: dict[str, str | None]
    cancels: dict[str, frozenset[str]]
    missing: dict[str, tuple[str, ...]]

    @classmethod
    def of(cls, deck, vocab, counts) -> "EventBook":
        abilities, target, cancels, missing = {}, {}, {}, {}
        for card, (compiled, verbs) in compile_field(deck, vocab, "event.effects").items():
            nodes = deck.card(card).part("event.effects", ())
            why = [f"'{v}'" for v in verbs]
            words: dict[str, set] = {"target": set(), "count": set(), "stat": set(), "area": set(), "cancel": set()}
            for node in nodes:
                _words(node.get("do"), words)
                _words(node.get("if"), words)
            why += [f"window '{a.trigger}'" for a in compiled if a.trigger not in WINDOWS + (RESPONSE,)]
            chosen = sorted(words["target"] & set(TARGETS))
            why += [f"target '{w}'" for w in sorted(words["target"] - set(TARGETS) - set(CORE_TARGETS))]
            why += ["two targets"] * (len(chosen) > 1)
            why += [f"count '{w}'" for w in sorted(words["count"] - set(counts))]
            why += [f"stat '{w}'" for w in sorted(words["stat"] - set(STATS))]
            why += [f"areas '{w}'" for w in sorted(words["area"] - set(AREA_KINDS))]
            abilities[card] = {a.trigger: a for a in compiled}
            target[card] = chosen[0] if chosen else None
            cancels[card] = frozenset(words["cancel"])
            if why:
                missing[card] = tuple(dict.fromkeys(why))
        return cls(abilities, target, cancels, missing)

    def played(self, card: str, window: str) -> bool:
        return card not in self.missing and window in self.abilities[card]

    def summary(self, name) -> str:
        """The events not played yet and why, for ``GameFacts.unplayed``."""
        return (f"{len(self.missing)} of {len(self.abilities)} cards' events: "
                + "; ".join(f"{name(c)} ({', '.join(w)})" for c, w in sorted(self.missing.items())))


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
            for keys, kind in ((TARGET_KEYS, "target"), (COUNT_KEYS, "count"), (STAT_KEYS, "stat"), (AREA_KEYS, "area")):
                if key in keys:
                    found[kind].add(value)
        elif isinstance(value, dict) and key in COUNT_KEYS + STAT_KEYS and isinstance(value.get("of"), str):
            found["count" if key in COUNT_KEYS else "stat"].add(value["of"])
        if key == "each" and isinstance(value, dict):
            found["target"].add("most/least")
        if key == "cancel":
            found["cancel"].update(value)
        _words(value, found)


class Events:
    """Playing events: the window in Civilise, the target, the response window, the resolution; the
    state's side of the event verbs (verbs.py) and of the core verbs' words."""

    COUNTS = {name: Computed(f"count_{name}") for name in (
        "areas", "cities", "leaders", "leaders_admin_double", "named_leaders", "scholars",
        "green_artefacts_undisordered", "own_religious_sites", "disordered_area")}

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
        by = self.event_for(actor, anywhere)
        return sorted(c for c in set(self.hand[self.seat_of(actor)]) if book.played(c, "civilise")
                      and (self.event_targets(c, by) if book.target[c] else self.empire[by] is not None))

    def event_targets(self, card: str, by: int) -> list[int]:
        """Whom the event may be played on (an empire slot; a player as their first slot)."""
        word = self.game.events.target[card]
        seat = self.seat_of(by)
        if word == "empire":
            return self.in_play()
        if word in ("empire_in_range", "other_in_range"):
            if self.empire[by] is None:
                return []
            return self.in_range(by, everyone=word == "empire_in_range")
        if word == "player":
            return [p * self.per for p in self.seat_order() if p != seat]
        if word == "player_in_range":
            mine = [s for s in self.slots_of(seat) if self.empire[s] is not None]
            return sorted({self.seat_of(o) * self.per for s in mine for o in self.in_range(s)})
        return []

    def move_event(self, card: str) -> None:
        """The card is played as an event and discarded (§ 6. Civilise › Playing cards)."""
        actor, (_, anywhere, religion, government) = self.player, self.step
        by = self.event_for(actor, anywhere)
        self.take_from_hand(self.seat_of(actor), card)
        self.discards += (card,)
        if self.log is not None:
            title = self.game.deck.card(card).part("event.title")
            self.note(f"  {self.seat_name(self.seat_of(actor))} plays the event {title} ({self.game.name(card)})")
        self.stack = ((card, by, None, "civilise"),)
        self.step = None
        self.queue[:0] = [("aim", card, by), ("respond", 0, 0), ("resolve",),
                          ("artefacts", actor, anywhere, religion, government)]
        self.proceed()

    def task_aim(self, card: str, by: int) -> None:
        if self.game.events.target[card] is not None:
            self.wait("target", by, card)

    def options_target(self, card: str) -> list[int]:
        ids = self.game.ids["target"]
        return sorted(ids[self.target_word(card, s)] for s in self.event_targets(card, self.player))

    def target_word(self, card: str, slot: int) -> str:
        """A target in words: the empire's card, or the player's name."""
        if self.game.events.target[card] in PLAYER_TARGETS:
            return self.seat_name(self.seat_of(slot))
        return self.empire[slot]

    def move_target(self, word: str) -> None:
        card, by, _, window = self.stack[0]
        slot = self.empire.index(word) if word in self.game.empires else (int(word[1:]) - 1) * self.per
        self.stack = ((card, by, slot, window),)
        if self.log is not None:
            self.note(f"  on {self.who(slot)}")
        self.done()

    # -- responses: cancelling (§ 6. Civilise › Playing event cards) ---------------------------------------
    def responses(self, seat: int) -> list[str]:
        """The seat's events that cancel the event on top of the stack."""
        top, book = self.stack[-1][0], self.game.events
        return sorted(c for c in set(self.hand[seat]) if book.played(c, RESPONSE) and top in book.cancels[c])

    def task_respond(self, turn: int, passes: int) -> None:
        """From the First player clockwise; closed when every player has passed in turn. A player
        without a cancelling event passes (nothing to decide)."""
        if passes >= self.n:
            return
        seat = self.seat_order()[turn % self.n]
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
            self.stack += ((card, self.event_for(self.player, True), None, RESPONSE),)
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
        card, by, target, window = self.stack[-1]
        self.stack = self.stack[:-1]
        self.queue[:0] = [("resolve",)]
        ability = self.game.events.abilities[card][window]
        event = {"by": by} if target is None else {"by": by, "target": target}
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
        cards = self.draw(n)
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

    def new_dynasty(self, ctx: Ctx) -> None:
        """New Dynasty (card 34): the rulebook names it but never says what it does (§ 6. Civilise ›
        Playing event cards; § Leader Types › Administrator: events count leaders). *Judgment*: a check
        card higher than the empire's leaders (an Administrator counting 2) seizes power: the empire
        loses its leaders and its government."""
        slot = ctx.player
        if self.check_cards(ctx, 1) <= self.count_leaders_admin_double(slot):
            self.note(f"  {self.who(slot)}: the dynasty holds")
            return
        self.note(f"  {self.who(slot)}: a new dynasty seizes power")
        self.lose_leaders(slot, None, "a new dynasty")
        governments = tuple(b for b in self.beliefs[slot] if self.game.artefacts[b].get("group") == "government")
        if governments:
            self.beliefs[slot] = tuple(b for b in self.beliefs[slot] if b not in governments)
            self.note(f"  {self.who(slot)} discards {', '.join(self.game.artefacts[g]['name'] for g in governments)}")

    def pick_areas(self, ctx: Ctx, method: str, spec: tuple, n: int | None) -> Pending | None:
        """``disorder`` / ``remove_disorder``: ``n`` areas of a kind (None: all), picked one at a time by the
        player of the event, or by the empire's owner (``chosen_by: owner``)."""
        kind, anywhere, adjacent, chosen_by = spec
        slots = self.in_play() if anywhere else [ctx.player]
        found = [a for s in slots for a in self.areas_of_kind(s, kind)]
        wanted = (lambda a: a in self.disorder) if method == "remove_disorder" else (lambda a: a not in self.disorder)
        found = [a for a in found if wanted(a)]
        if n is None or n >= len(found):
            for area in found:
                self.set_disorder(method, area, adjacent)
            return None
        if n <= 0:
            return None
        picker = ctx.player if chosen_by == "owner" else ctx.event.get("by", ctx.player)

        def pick(area):
            def run(st):
                st.set_disorder(method, area, adjacent)
                return st.pick_areas(ctx, method, spec, n - 1)
            return run
        return Pending(picker, "which area?", tuple(Option(a, pick(a)) for a in found))

    def set_disorder(self, method: str, area: str, adjacent: bool) -> None:
        areas = [area] + [a for a in self.game.world.neighbours(area) if a in self.owner] * adjacent
        for a in areas:
            if method == "disorder" and self.game.world.areas[a].is_land:
                self.disorder |= {a}
                self.note(f"  {self.game.world.areas[a].name} is disordered")
            elif method == "remove_disorder":
                self.disorder -= {a}
                self.note(f"  disorder removed from {self.game.world.areas[a].name}")

    def areas_of_kind(self, slot: int, kind: str) -> list[str]:
        """The empire's land areas of a kind (the vocabulary's counts), in map order."""
        world, chart, age = self.game.world, self.game.chart, self.age(slot)
        areas = sorted((a for a in self.areas_of(slot) if world.areas[a].is_land), key=lambda a: world.areas[a].index)
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
        tests = {
            "area": lambda a: True,
            "city_area": lambda a: a in self.city,
            "river_area": world.river_area,
            "mountain_area": lambda a: chart.at(a, age)["id"] == "mountain",
            "fertile_without_city": lambda a: chart.at(a, age)["id"] == "fertile" and a not in self.city,
            "fertile_with_city": lambda a: chart.at(a, age)["id"] == "fertile" and a in self.city,
            "without_leader": lambda a: not any(where == a for _, _, where in self.leaders[slot]),
            "disordered_area": lambda a: a in self.disorder,
            "held_unthreatened": lambda a: all(self.owner.get(n) in (None, slot) for n in world.neighbours(a)),
        }
        return [a for a in areas if tests[kind](a)]

    def distances(self, start: str) -> dict[str, int]:
        """Areas crossed from ``start`` to each area (a breadth-first walk of the map)."""
        found, edge = {start: 0}, [start]
        while edge:
            nxt = []
            for area in edge:
                for n in self.game.world.neighbours(area):
                    if n not in found:
                        found[n] = found[area] + 1
                        nxt.append(n)
            edge = nxt
        return found

    # -- conditions (verbs.py) ------------------------------------------------------------------------
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

    def target(self, ctx: Ctx, name: str) -> list[int]:
        """The event's chosen target (``empire``, ``player`` …); ``yours``: the empire it is played for."""
        if name == "yours":
            return [ctx.event.get("by", ctx.player)]
        return [ctx.event["target"]] if "target" in ctx.event else []

    def has(self, ctx: Ctx, actor: int, card: str) -> bool:
        """An artefact the empire holds: on its card, in one of its areas, or as a belief."""
        return (card in self.on_card[actor] or card in self.beliefs[actor]
                or any(card in self.artefacts.get(a, ()) for a in self.areas_of(actor)))

    def gain(self, ctx: Ctx, actor: int, resource: str, amount: int) -> Pending | None:
        """Glory, money and progress by the rules' own ways (never negative glory, money at most 199,
        progress with its new age)."""
        cause = f"event {self.game.name(ctx.card)}"
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
        cause = f"event {self.game.name(ctx.card)}"
        if resource == "glory":
            self.score(actor, -amount, cause)
        elif resource == "progress":
            self.regress(actor, min(amount, self.progress[actor] - 1), cause)
        else:
            super().lose(ctx, actor, resource, amount)

    def regress(self, slot: int, levels: int, cause: str) -> None:
        """Back down the track; a new age loses the leaders (§ 6. Civilise › Removing leaders)."""
        if levels <= 0:
            return
        before = self.age(slot)
        self.progress[slot] -= levels
        self.note(f"  {self.who(slot)} goes back {levels} (level {self.progress[slot]}, {cause})")
        if self.age(slot) != before:
            self.lose_leaders(slot, None, "a new age")

    def stat(self, ctx: Ctx | None, actor: int, name: str) -> int:
        if name == "money":
            return self.money[actor]
        if name == "glory":
            return self.rank_value(self.seat_of(actor), "glory")
        if name == "age":
            return self.age(actor) if self.empire[actor] else 0
        if name == "leader_number":
            return self.game.empires[self.empire[actor]]["leaders"] if self.empire[actor] else 0
        if name == "capital_value":
            return self.city.get(self.capital[actor], 0) if self.capital[actor] in self.areas_of(actor) else 0
        return super().stat(ctx, actor, name)

    def count_areas(self, slot: int) -> int:
        return len(self.areas_of(slot))

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

    def count_disordered_area(self, slot: int) -> int:
        return sum(1 for a in self.areas_of(slot) if a in self.disorder)


def _carry_on(state) -> None:
    """After an event's decisions: the turn's tasks go on."""
    state.step = None
    state.proceed()

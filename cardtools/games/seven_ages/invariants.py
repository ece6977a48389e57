"""Invariants every 7 Ages game must keep, checked move by move over seeded random games.

Used by tests (a few dozen games) and by ``benchmarks/seven_ages.py --invariants`` (thousands):
units of each colour never more than its counter mix (§ Components); money between 0 and 199 (§ 2.
Production › Earning income); each colour on one empire at most; every empire in play holding an
area (§ 7. Discard empire: one without units is discarded at once); every controlled area on the
map, holding units of its controller, a land area with a city or fort only where the map has land;
disorder only in controlled areas; option 10's kingdom units only in land areas no empire holds,
never more of a counter than the kingdoms mix's 90 (neutral_kingdoms.py); units waiting for a conflict only during a Manoeuvre (in an area
another empire controls while units may still move: later an earlier conflict or an event, Desertion,
may take its last units there, and the waiting units take the area unfought, § 4. Manoeuvre ›
Resolving conflict), and no conflict before its movement is over (§ 4. Manoeuvre › Resolving
conflict); a seat's glory never negative and changed only by a rule that gives it (the host's recorded causes); every card in one
place (a hand, the deck, the discard pile, a trade, conflict or bid, or in play as an empire); events
waiting on the stack only while they are being played (events.py); blue markers on the progress
track only with option 16, for blue artefacts, on a level of the track (artefacts.py); option 16's clocks on
their tracks, World war's black marker there exactly while World war is in play (clocks.py); the caches
miss no write: the map's owners and the empires get a new stamp whenever they change (engine/tallied.py), option 16's index of
powers is never taken as it is when what it reads has changed (artefacts.py); the game ends; the same
seed gives the same log.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field

#: A game that has not ended after this many moves is stuck.
MOVE_CAP = 20_000
#: Decisions of an event being played (events.py): in a window, its target, the answers, its choices.
EVENT_STEPS = ("event", "target", "respond", "effect")
#: Causes that may change glory (the rules that give it: harvest, buying, artefacts, immediate glory, the end).
GLORY_CAUSES = ("Harvest glory", "religious sites", "bought for", "artefact ", "first to hold", "immediate glory",
                "beyond level 49", "hocked:", "Scientists: ", "Artists: ", "event ", "a nuke committed", "option 16: ",
                "Nobel prize ", "censured (United Nations)")
#: Option 16's markers on the tracks (clocks.py): marker -> the spaces it may be on.
CLOCK_SPACES = {"world_war": range(1, 50), "climate_clock": range(0, 11)}


@dataclass
class Checked:
    seed: int
    players: int
    digest: str = ""
    moves: int = 0
    turns: int = 0
    violations: list[str] = field(default_factory=list)


def play_checked(game, players: int, seed: int) -> Checked:
    """One game with uniformly random moves (from ``seed``), every invariant checked after each move."""
    result = Checked(seed, players)
    state = game.new_state(players, seed, log=True)
    rng = random.Random(f"invariants {seed}")
    stamped = {}                                      # (what, its stamp seen) -> what it was then
    while not state.is_terminal():
        if result.moves >= MOVE_CAP:
            result.violations.append(f"no end after {MOVE_CAP} moves")
            break
        before = len(state.changes)
        state.apply(rng.choice(state.legal_actions()))
        result.moves += 1
        found = violations(state, state.changes[before:])
        for what, stamp, now in (("map's owners", state.owned, dict(state.owner)),
                                 ("empires", state.seated, list(state.empire))):
            if stamped.setdefault((what, stamp), now) != now:
                found.append(f"the {what} changed without a new stamp")
        if found:
            result.violations += [f"move {result.moves}: {v}" for v in found]
            break
    result.turns = state.turn
    result.digest = hashlib.sha256("\n".join(state.log).encode()).hexdigest()
    return result


def violations(state, changes) -> list[str]:
    game, found = state.game, []
    colours = [c for c in state.colour if c is not None]
    if len(colours) != len(set(colours)):
        found.append(f"a colour on two empires: {colours}")
    for s in state.actors():
        if not 0 <= state.money[s] <= game.money_cap:
            found.append(f"{state.who(s)} has {state.money[s]} money")
        if state.empire[s] is None:
            continue
        starting = (state.step is not None and state.step[:2] == ("build", "start") and state.player == s) or (
            state.fight is not None and state.fight[1] == s) or (
            state.neutral_side(s)) or (   # option 10: a kingdom's controller an event emptied goes at the end
            state.step is not None and state.step[0] == "fight" and state.player == s) or (   # all its units wait to fight
            any(task[0] in ("land", "finish_start") and task[1] == s for task in state.queue)) or (   # or to land
            any(state.invaders.values()) and ("manoeuvre_over", s) in state.queue) or (   # (an event window in between)
            ("set_up", s) in state.queue) or (   # the events before its set-up (Exodus: events.py)
            any(task[:2] == ("finish_start", s) for task in state.queue))   # set-up conflicts to come (an event between)
        if not starting and not state.areas_of(s):
            found.append(f"{state.who(s)} is in play without a unit on the map")
        short = {c: n for c, n in state.pool_left(s).items() if n < 0}
        if short:
            found.append(f"{state.who(s)} has more units than its mix: {short}")
    for area, slot in state.owner.items():
        if area not in game.world.areas or not state.units.get(area) or state.empire[slot] is None:
            found.append(f"{area}: controlled by {slot} without units or empire")
    if set(state.units) != set(state.owner):
        found.append("units in an area nobody controls")
    for area, units in state.invaders.items():          # units waiting for a conflict after movement
        # (while units may move: later the defender may lose its last units there first, see above)
        if units and area not in state.owner and area not in state.kingdom and state.step and state.step[0] == "march":
            found.append(f"units wait to fight in {area}, which nobody holds")
    kind = state.step[0] if state.step else None
    fighting = state.fight is not None or any(task[0] == "manoeuvre_over" for task in state.queue)  # its events
    if any(state.invaders.values()) and kind not in ("march", "fight", "commit", "retreat", "redraw", "raze") \
            + EVENT_STEPS * fighting:
        found.append(f"units wait to fight outside a Manoeuvre (at '{kind}')")
    if state.fight is not None and kind == "march":     # § 4 › Resolving conflict: after all movement
        found.append("a conflict while units may still move")
    for area in state.disorder:
        if area not in state.owner:
            found.append(f"disorder in {area}, which nobody controls")
    found += kingdom_violations(state)
    for area in (*state.city, *state.forts):
        if not game.world.areas[area].is_land:
            found.append(f"a city or fort at sea: {area}")
    for i, entry in enumerate(state.common):             # the Kingdoms counters (kingdoms.py)
        if entry not in (None, "gone") and state.empire[entry[1]] is None and entry[0] == "pool":
            found.append(f"common counter {i} in the pool of an empty slot")
    for artefact, level in state.track.items():        # option 16's blue markers (artefacts.py)
        if game.artefact_book is None or game.artefacts[artefact]["colour"] != "blue" or level < 1:
            found.append(f"{artefact}'s marker on progress level {level}")
    for marker, at in state.clocks.items():            # option 16's markers on the tracks (clocks.py)
        if game.artefact_book is None or at not in CLOCK_SPACES.get(marker, ()):
            found.append(f"the {marker} marker on space {at}")
    if game.artefact_book is not None and state.index_stale():
        found.append("option 16's index of powers would be taken as it is, but what it reads has changed")
    if game.artefact_book is not None and ("world_war" in state.clocks) != ("world_war" in state.markers_held()):
        found.append("World war's black marker on the track without World war in play, or World war without it")
    for seat in range(state.n):
        if state.rank_value(seat, "glory") < 0:
            found.append(f"{state.seat_name(seat)} has negative glory")
    places = [c for p in range(state.n) for zone in (state.hand, state.bids, state.offer, state.drawn) for c in zone[p]]
    places += [*state.deck, *state.discards, *(e for e in state.empire if e), *state.removed]   # option 2's too
    if len(places) != len(game.cards) or set(places) != set(game.cards):
        found.append(f"{len(places)} cards in play for {len(game.cards)}, or a card in two places")
    if state.stack and kind not in EVENT_STEPS[1:]:
        found.append(f"events left on the stack at '{kind}'")
    for _, counter, _, cause in changes:
        if counter == "glory" and not cause.startswith(GLORY_CAUSES):
            found.append(f"glory changed by '{cause}'")
    return found


def kingdom_violations(state) -> list[str]:
    """Option 10 (neutral_kingdoms.py): kingdom units in land areas only, no area held by an empire
    and a kingdom at once (a conflict keeps the kingdom's units there until its end), a neutral area
    never disordered, nor fortified but while a new empire sets up there, and no counter more often on
    the map than the mix holds."""
    found = []
    setting_up = any(task[0] == "finish_start" for task in state.queue) or (   # a card's free fort in a start
        state.step is not None and state.step[:2] == ("build", "start"))       # area, gone unless it is taken
    if state.kingdom and not state.game.rules["neutral_kingdoms"]:
        found.append("kingdom units without option 10")
    for area, units in state.kingdom.items():
        if not units or not state.game.world.areas[area].is_land:
            found.append(f"kingdom units {units} in {area}")
        if area in state.owner or area in state.disorder or area in state.forts and not setting_up:
            found.append(f"{area}: a kingdom's area held by an empire, disordered or fortified")
    short = {c: n for c, n in state.kingdom_pool().items() if n < 0}
    if short:
        found.append(f"more kingdom units than the mix holds: {short}")
    return found

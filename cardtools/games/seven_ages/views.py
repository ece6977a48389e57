"""A 7 Ages state as data: the snapshot scenario files compare with, what a seat may see of it,
the numbers agents weigh and what a simulation stores."""

from __future__ import annotations


def snapshot(state) -> dict:
    """Everything, with card, area and unit ids; face-down markers under each empire's ``marker``."""
    game = state.game
    empires = {}
    for s in state.in_play():
        empires[state.empire[s]] = {
            "player": state.seat_name(state.seat_of(s)), "colour": state.colour[s], "level": state.progress[s],
            "age": state.age(s), "money": state.money[s], "elite": state.elite[s], "capital": state.capital[s],
            "homeland": state.homeland[s], "beliefs": list(state.beliefs[s]), "on_card": list(state.on_card[s]),
            "marker": state.marks[s], "areas": sorted(state.areas_of(s)),
            "leaders": [name for name, _, _ in state.leaders[s]]}
        if state.extra_go[s]:                    # option 16: a Forum's '+1 go' markers (forum.py)
            empires[state.empire[s]]["extra_go"] = state.extra_go[s]
    areas = {}
    held = set(state.owner) | set(state.kingdom)
    for a in sorted(held | set(state.city) | set(state.temples), key=lambda a: game.world.areas[a].index):
        entry = {}
        if a in state.owner:
            entry["empire"] = state.empire[state.owner[a]]
            entry["units"] = list(state.units[a])
        if a in state.kingdom:                   # option 10: a neutral kingdom's units (neutral_kingdoms.py)
            entry["kingdom"] = list(state.kingdom[a])
        if state.invaders.get(a):                # the active empire's units waiting for the conflict there
            entry["invaders"] = list(state.invaders[a])
        if a in state.city:
            entry["city"] = state.city[a]
        if a in state.forts:
            entry["fort"] = True
        if a in state.disorder:
            entry["disorder"] = True
        if state.artefacts.get(a):
            entry["artefacts"] = list(state.artefacts[a])
        if a in state.temples:                   # option 12 (temples.py)
            entry["temple"] = state.temples[a]
        areas[a] = entry
    return {
        "turn": state.turn, "first": state.seat_name(state.first), "max_empires": state.per,
        "deck": list(state.deck), "discards": list(state.discards),
        "players": {state.seat_name(p): {
            "glory": state.rank_value(p, "glory"), "family": state.family[p], "extra_marker": state.extra[p],
            "hand": list(state.hand[p]), "bid": list(state.bids[p]), "offer": list(state.offer[p]),
            "conflict_card": list(state.drawn[p]),
            "second_extra_marker": state.second_extra(p),                           # option 5 (options.py)
            "spare_markers": list(state.drafted[p]) if state.drafted else []} for p in range(state.n)},
        "empires": empires, "areas": areas, "track": dict(state.track), "clocks": dict(state.clocks),
        "cadence": list(state.cadence), "removed": list(state.removed),             # options 9 and 2
        "legal": [state.action_to_string(m) for m in state.legal_actions()]}


def hide_markers(state, view: dict, seat: int) -> dict:
    """Face-down markers are their owner's to see (§ Playing the game; options 5 and 9); option 2's
    removed cards are no one's."""
    for info in view["empires"].values():
        if info["player"] != state.seat_name(seat):
            info["marker"] = None if info["marker"] is None else "face down"
    for name, info in view["players"].items():
        if name != state.seat_name(seat):
            for key in ("extra_marker", "second_extra_marker"):
                info[key] = None if info[key] is None else "face down"
            info["spare_markers"] = ["face down"] * len(info["spare_markers"])
    if seat != state.first:                      # option 9: the First player's cadence markers
        view["cadence"] = ["face down"] * len(view["cadence"])
    view["removed"] = ["face down"] * len(view["removed"])     # option 2: out of the game, unseen
    return view


def features(state, seat: int) -> dict[str, int]:
    """Named numbers of a seat's position (greedy agents weigh them: templates/agents/7ages)."""
    slots = [s for s in state.slots_of(seat) if state.empire[s] is not None]
    mine = set(slots)
    areas = [a for a, s in state.owner.items() if s in mine]      # one pass over the map, for every empire
    units, city = state.units, state.city
    return {"glory": state.rank_value(seat, "glory"), "empires": len(slots), "areas": len(areas),
            "units": sum(len(units[a]) for a in areas), "cities": sum(city.get(a, 0) for a in areas),
            "money": sum(state.money[s] for s in slots), "progress": sum(state.progress[s] for s in slots),
            "cards": len(state.hand[seat])}


def record(state, seat: int) -> dict:
    """What a simulation stores per seat: every empire it started and every artefact it played
    (``report`` gives win share and glory per card), its glory and its most advanced empire's level."""
    return {"empires_started": list(dict.fromkeys(state.started[seat])),
            "artefacts_played": list(dict.fromkeys(state.gained[seat])),
            "glory": state.rank_value(seat, "glory"), "advanced": state.rank_value(seat, "advanced")}

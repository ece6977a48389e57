"""What an Age of Civilization state looks like as plain data (scenarios, observations) and as text.

Players are named ``P1`` … ``P4`` (seat 0 is P1), as in the game log and in scenario files. What a
player may not see is cut from the snapshot by the kit (the zones declared in ``rules.State``).
"""

from __future__ import annotations

from typing import Any


def snapshot(state) -> dict:
    """The whole state, with card ids: what `expect:` in a scenario is compared with."""
    game, p, who = state.game, state.player, state.who
    moves = state.legal_actions()
    decode = game.codec.decode
    performed = [decode(m)[1] for m in moves if decode(m)[0].name == "perform"] if state.pending is None else []
    view: dict[str, Any] = {
        "round": state.round, "starter": who(state.starter), "turn": who(p), "step": state.step,
        "time_track": list(state.track), "available": state.available(p),
        "upcoming": list(state.track[state.round + 2:]),
        "civ_market": list(state.market), "bonus_coins": dict(zip(state.market, state.bonus)),
        "civ_deck": list(state.civ_deck), "wonder_market": list(state.wonder_market),
        "players": {who(q): {
            "main": state.main[q], "civilizations": list(state.civs[q]), "workers": state.workers[q],
            "free_workers": state.workers[q] - state.placed[q], "coins": state.coins[q], "score": state.score[q],
            "technologies": list(state.techs[q]), "wonders": list(state.wonders[q]), "hand": list(state.hand[q]),
            "military": state.stat(None, q, "military"),
        } for q in range(state.n)},
        "draft_packs": {who(q): list(pack) for q, pack in enumerate(state.packs)},
        "legal": [state.action_to_string(m) for m in moves],
        "costs": {" ".join(filter(None, args)): state.cost(p, *args) for args in performed},
        "pending": None if state.pending is None else {
            "player": who(state.pending.player), "prompt": state.pending.prompt,
            "options": [o.label for o in state.pending.options]},
    }
    if game.rules["virtual_opponent"]:
        view["virtual_strength"] = state.virtual
    if state.over:
        view["ranks"] = {who(q): r for q, r in enumerate(state.ranks())}
        view["tiebreak"] = state.decided_by()
        if game.rules["achievements"]:
            view["achievements"] = {a["id"]: a["achieved"] for a in state.achievements()}
    return view


def describe(state) -> str:
    """A few lines for debugging: round, step, markets, every player."""
    view = snapshot(state)
    lines = [f"round {view['round']}, {view['step']} step, {view['turn']} to play; starter {view['starter']}",
             f"time track: {' '.join(view['time_track'])} (available: {', '.join(view['available'])})",
             f"civilization market: {view['bonus_coins']}; wonder market: {', '.join(view['wonder_market'])}"]
    lines += [f"{name}: {seen}" for name, seen in view["players"].items()]
    if view["pending"]:
        lines.append(f"pending for {view['pending']['player']}: {view['pending']['prompt']} {view['pending']['options']}")
    return "\n".join(lines)

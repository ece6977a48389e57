"""What an Age of Civilization state looks like: plain data (scenarios, observations) and text.

Players are named ``P1`` … ``P4`` (seat 0 is P1), as in the game log and in scenario files.
"""

from __future__ import annotations

import random
from typing import Any


def seat(player: int) -> str:
    return f"P{player + 1}"


def snapshot(state) -> dict:
    """The whole state, with card ids: what `expect:` in a scenario is compared with."""
    from cardtools.games.aoc.rules import CHOOSE, OVER, PERFORM

    game, p = state.game, state.player
    moves = state.legal_actions()
    view: dict[str, Any] = {
        "round": state.round, "starter": seat(state.starter), "turn": seat(p), "step": state.step,
        "time_track": list(state.track), "available": state.available(p),
        "upcoming": list(state.track[state.round + 2:]),
        "civ_market": list(state.market), "bonus_coins": dict(zip(state.market, state.bonus)),
        "civ_deck": list(state.civ_deck[state.drawn:]), "wonder_market": list(state.wonder_market),
        "players": {seat(q): {
            "main": pl.main, "civilizations": list(pl.civs), "workers": pl.workers,
            "free_workers": pl.workers - pl.placed, "coins": pl.coins, "score": pl.score,
            "technologies": list(pl.techs), "wonders": list(pl.wonders), "hand": list(pl.hand),
            "military": state.stat(None, q, "military"),
        } for q, pl in enumerate(state.seats)},
        "legal": [state.action_to_string(m) for m in moves],
        "costs": {" ".join(filter(None, state.decode(m))): state.cost(p, *state.decode(m))
                  for m in moves if PERFORM <= m < CHOOSE},
        "pending": None if state.pending is None else {
            "player": seat(state.pending.player), "prompt": state.pending.prompt,
            "options": [o.label for o in state.pending.options]},
    }
    if game.rules["virtual_opponent"]:
        view["virtual_strength"] = state.virtual
    if state.step == OVER:
        view["ranks"] = {seat(q): r for q, r in enumerate(state.ranks())}
        view["tiebreak"] = state.tiebreak()
        if game.rules["achievements"]:
            view["achievements"] = {a["id"]: a["achieved"] for a in state.achievements()}
    return view


def observation(state, player: int) -> dict:
    """The snapshot without what ``player`` may not see: the others' hands and draft packs (and so
    the other movers' moves), and the order of the civilization deck (DRAFTING GAME › GAME PLAY 5;
    everything else is public, SETUP 6)."""
    view = snapshot(state)
    for q, (name, seen) in enumerate(view["players"].items()):
        if q != player:
            seen["hand"] = len(seen["hand"])
    if state.current_player != player:     # the mover's moves would show a drafting pack
        view["legal"], view["costs"] = [], {}
    view["draft_packs"] = {seat(q): (list(pack) if q == player else len(pack)) for q, pack in enumerate(state.packs)}
    view["civ_deck"] = len(view["civ_deck"])
    return view


def determinize(state, player: int, rng: random.Random):
    """A copy of ``state`` that ``player`` cannot tell from it: ``observation(player)`` is the same,
    but the cards hidden from them — the other players' hands and draft packs and the civilization
    deck below the market — are shuffled together and dealt back in the same numbers. What a
    player could remember (the packs they passed on) is not used: only the observation is."""
    others = [q for q in range(state.n) if q != player]
    packs = state.packs
    unseen = [*state.civ_deck[state.drawn:], *(c for q in others for c in state.seats[q].hand),
              *(c for q in others if packs for c in packs[q])]
    rng.shuffle(unseen)
    new = state.clone()
    new.rng = random.Random(rng.getrandbits(64))   # the game's own future chance is unknown too
    dealt = iter(unseen)
    for q in others:
        new.seats[q].hand = tuple(next(dealt) for _ in state.seats[q].hand)
        if packs:
            new.packs[q] = tuple(next(dealt) for _ in packs[q])
    new.civ_deck = state.civ_deck[:state.drawn] + tuple(dealt)
    new._legal = None
    return new


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

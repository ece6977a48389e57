"""What a Through the Ages state looks like as plain data (scenarios, observations).

Players are named ``P1`` … ``P4`` (seat 0 is P1). What a player may not see (military hands, the
decks' order, the events decks) is cut from the snapshot by the kit: the zones of ``rules.State``.
"""

from __future__ import annotations

from typing import Any


def player(state, q: int) -> dict:
    """One player's area: cards in play, workers by card, tokens, banks, actions, ratings, points."""
    stat = lambda name: state.stat(None, q, name)  # noqa: E731
    workers: dict[str, int] = {}
    for card in state.staffed[q]:
        workers[card] = workers.get(card, 0) + 1
    return {
        "hand": list(state.hand[q]), "military_hand": list(state.mhand[q]), "in_play": list(state.play[q]),
        "technologies": list(state.techs[q]), "workers": workers, "unused_workers": state.pool[q],
        "blue_tokens": {c: n for c, n in state.tokens[q].items() if n}, "blue_bank": state.blue[q],
        "yellow_bank": state.yellow[q], "food": state.holding(q, "food"), "resources": state.holding(q, "resources"),
        "science": state.science[q], "culture": state.culture[q],
        "civil_actions": state.civil_left(q), "military_actions": state.military_left(q),
        "wonder": state.wonder[q], "wonder_stages": state.stages[q], "tactic": state.tactic[q],
        "peeked_event": list(state.peek[q]), "sealed_events": list(state.sealed[q]), "kept_events": list(state.kept[q]),
        "ratings": {"science": stat("science"), "culture": stat("culture"), "strength": stat("strength"),
                    "happiness": stat("happy"), "discontent": stat("discontent_workers")},
    }


def snapshot(state) -> dict:
    """The whole state, with card ids: what `expect:` in a scenario is compared with."""
    who = state.who
    view: dict[str, Any] = {
        "round": state.round, "turn": who(state.player), "step": state.step, "age": state.age,
        "last_round": state.last_round, "card_row": list(state.row), "civil_deck": list(state.civil_deck),
        "military_deck": list(state.military_deck), "events": list(state.events),
        "future_events": list(state.future), "past_events": list(state.past), "common_tactics": list(state.commons),
        "end_game_events": list(state.final_public),
        "players": {who(q): player(state, q) for q in range(state.n)},
        "resigned": [who(q) for q in range(state.n) if q not in state.active],
        "pacts": [{"card": c, "holder": who(h), "partner": who(q), "side": side} for c, h, q, side in state.pacts],
        "wars": [{"card": w.card, "attacker": who(w.attacker), "rival": who(w.rival), "declared": w.text}
                 for w in state.wars],
        "legal": [state.action_to_string(m) for m in state.legal_actions()],
        "pending": None if state.pending is None else {
            "player": who(state.pending.player), "prompt": state.pending.prompt,
            "options": [o.label for o in state.pending.options]},
    }
    if state.over:
        view["ranks"] = {who(q): r for q, r in enumerate(state.ranks())}
    return view

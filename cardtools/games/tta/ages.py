"""The end of the game after the last age (docs/rules/tta.md § 3, § 11.3, § 11.6): which round is the
last, and the full game's final scoring by the Age III events left in the events decks.

Kept apart from ``rules.py`` (the turn) because only the game's length and its last step read it.
"""

from __future__ import annotations

from cardtools.engine.abilities import run_abilities

#: The Age III events' age (rules.AGES index).
AGE_III = 3


def last_round(rule: str, round_: int, opener: bool) -> int:
    """The last round once the last age's civil deck ran out in round ``round_`` (``opener``: on the
    turn of the player who opens the round). `game_end` (docs/rules/tta-variants.md § 2):
    `one_more_turn` — this round if it ran out on the starting player's turn, else the next (CoL
    § GAME FLOW; HB § THE LAST ROUND); `equal_turns` — this round; `one_more_round` — the next
    (seeds/004_b5d9e39f0ed938b2.txt § GAME END)."""
    if rule == "equal_turns" or (rule == "one_more_turn" and opener):
        return round_
    return round_ + 1


def final_events(state) -> tuple[str, ...]:
    """The Age III events evaluated at the end (`final_scoring.age_iii_events: events_decks`): those
    left in the current events deck (with a top card Joan of Arc's owner looked at) and in the
    future events deck; events of older ages and territories do nothing (CoL § GAME FLOW; HB § THE
    FULL GAME › FINAL SCORING)."""
    game = state.game
    decks = tuple(c for seat in state.peek for c in seat) + state.events + state.future
    return tuple(c for c in decks if game.type[c] == "event" and game.age[c] == AGE_III)


def evaluate_final_events(state, events: tuple[str, ...]):
    """Evaluate the final events one after another, in deck order (the order does not matter: HB § THE
    FULL GAME › FINAL SCORING), as if it were the starting player's turn, which breaks ties (CoL
    § EVALUATING AN EVENT); a decision one asks for is taken before the next is evaluated."""
    if not events:
        return None
    card = events[0]
    state.player = state.round_opener()
    state.note(f"  Age III event scored: {state.game.name(card)}")
    state.then(lambda st: evaluate_final_events(st, events[1:]))
    return run_abilities(state, state.player, state.game.resolved[card])

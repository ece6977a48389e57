"""7 Ages option 11, Secret Victory (seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › 11) Secret Victory
(Victory Expansion)): glory goes into each player's bag as markers from a common supply instead of onto the
glory track.

What changes for the engine: a player sees only their own glory (``hidden``) until the game ends or a
glory-claim event makes them show it (``Events.claim``); the supply is finite, and when a player earns
glory the supply can no longer pay, the game ends (``paid``). The supply's size is a rule parameter,
``glory_supply``: the expansion holds 200 glory markers of values the rulebook does not give
(game.yaml says which number we chose).
"""

from __future__ import annotations


def paid(state, amount: int) -> tuple[int, bool]:
    """The glory the supply pays for a gain of ``amount``, and whether it ran out paying it: then the game
    ends *(judgment: at once, the player keeping what was left)*. Lost glory goes back to the supply."""
    left = state.game.rules["glory_supply"] - sum(state.glory)
    return min(amount, left), amount > left


def hidden(state, view: dict, seat: int) -> dict:
    """The other players' glory is in their bags, unseen until the game ends."""
    if not state.over:
        for name, info in view["players"].items():
            if name != state.seat_name(seat):
                info["glory"] = None
    return view

"""Invariants of a Through the Ages position (tests/test_tta_engine.py, benchmarks/tta.py --invariants):
what must hold after every move whatever the players do (CoL § BLUE AND YELLOW TOKENS, § YOUR HAND)."""

from __future__ import annotations

import random


def check(state) -> list[str]:
    """Banks never negative; 16 blue and 25 yellow tokens per player plus those the rules moved from
    (or to) the box; the printed numbers kept with a player's powers (moved by each worker placed or
    removed: ``State.restaffed``) those of their cards; one unfinished wonder at most (a single slot,
    with its stages within the card); each future event's preparer recorded (who knows it, HB §
    PREPARING AN EVENT); a player who resigned holds no cards and never plays; every war is between
    players still in the game and resolved by the end; a player holds one pact at most, binding two
    players still in the game."""
    found = []
    fields = state.game.fields
    for p in range(state.n):
        who = state.who(p)
        if min(state.blue[p], state.yellow[p], state.pool[p], state.science[p], state.culture[p]) < 0:
            found.append(f"{who}: a negative bank, pool or points")
        if any(n < 0 for n in state.tokens[p].values()):
            found.append(f"{who}: a negative number of tokens on a card")
        blue_box, yellow_box = state.boxed[p]
        blue = state.blue[p] + sum(state.tokens[p].values()) + state.stages[p]
        if blue != state.game.board.blue_squares + blue_box:
            found.append(f"{who}: {blue} blue tokens on the board, {state.game.board.blue_squares + blue_box} "
                         f"expected from the box's moves")
        start = state.game.board.yellow_squares + state.game.board.start_pool + sum(k for _, k in state.game.board.start_workers)
        yellow = state.yellow[p] + state.pool[p] + len(state.staffed[p])
        if yellow != start + yellow_box:
            found.append(f"{who}: {yellow} yellow tokens on the board, {start + yellow_box} expected from the box's moves")
        if p in state.active and state.powers[p].printed != state.printed(p):
            found.append(f"{who}: the printed numbers kept with the powers are not those of the cards in play")
        wonder = state.wonder[p]
        if wonder is not None and not 0 <= state.stages[p] < len(fields[wonder]["stages"]):
            found.append(f"{who}: {state.stages[p]} stages built on the unfinished {wonder}")
    if len(state.future_by) != len(state.future):
        found.append(f"{len(state.future)} future events but {len(state.future_by)} preparers recorded")
    for p in set(range(state.n)) - set(state.active):
        if state.hand[p] or state.mhand[p]:
            found.append(f"{state.who(p)} resigned but still holds cards")
    if not state.over and state.current_player not in state.active:
        found.append(f"{state.who(state.current_player)} resigned but is to play")
    for war in state.wars:                             # CoL § DECLARE A WAR, § RESIGN
        if war.attacker not in state.active or war.rival not in state.active:
            found.append(f"{war.card} between {state.who(war.attacker)} and {state.who(war.rival)} outlived a "
                         f"resignation")
    holders = [holder for _, holder, _, _ in state.pacts]
    if len(holders) != len(set(holders)):              # CoL § YOUR PLAY AREA › PACTS: one in one's area
        found.append(f"a player holds two pacts: {state.pacts}")
    if any(holder == partner or not {holder, partner} <= set(state.active) for _, holder, partner, _ in state.pacts):
        found.append(f"a pact binds a player to themselves or to one who resigned: {state.pacts}")
    if state.over and state.wars:                      # declared before the last round: resolved in it
        found.append(f"the game ended with wars unresolved: {', '.join(w[0] for w in state.wars)}")
    return found


#: How often the invariants' random player keeps resigning among its moves (CoL § RESIGN): random
#: agents never resign (a concession, ``GameFacts.concessions``), but the invariants must also
#: cover games with resigned players.
RESIGN_ODDS = 1 / 500


def move_resigning_rarely(state, rng: random.Random) -> int:
    """A uniformly random legal move, resigning left out but with odds ``RESIGN_ODDS``."""
    legal = state.legal_actions()
    resign = state.game.ids["resign"]
    if state.pending is None and resign in legal and rng.random() >= RESIGN_ODDS:
        legal = [m for m in legal if m != resign]
    return rng.choice(legal)


def violations(game, players: int, seed: int, rng: random.Random) -> list[str]:
    """Play one random game (``move_resigning_rarely``), checking the invariants after every move, the hand limits where the
    rules check them (taking a non-wonder card; the discard step), and that an action card offered
    can do what it says (HB § PERFORMING AN ACTION WITH A DISCOUNT)."""
    state = game.new_state(players, seed)
    found = []
    codec = game.codec
    while not state.is_terminal():
        p = state.current_player
        move = move_resigning_rarely(state, rng)
        kind, args = codec.decode(move)
        hand, wonder = len(state.hand[p]), state.wonder[p]
        if state.pending is None and kind.name == "take":
            if game.type[args[0]] == "wonder" and wonder is not None:
                found.append(f"seed {seed}: {state.who(p)} took a second wonder")
            if game.type[args[0]] != "wonder" and hand >= state.stat(None, p, "civil_hand_limit"):
                found.append(f"seed {seed}: {state.who(p)} took a card beyond the civil hand limit")
        if state.pending is None and state.step == "discard":
            held, limit = len(state.mhand[p]), state.stat(None, p, "military_hand_limit")
            if held <= limit:
                found.append(f"seed {seed}: {state.who(p)} must discard with {held} military cards, limit {limit}")
            state.apply(move)
            if state.step != "discard" and held - 1 > limit:
                found.append(f"seed {seed}: {state.who(p)} kept {held - 1} military cards, limit {limit}")
        else:
            state.failed = False                # the flag an effect sets when its action cannot happen
            state.apply(move)
            if kind.name == "play" and state.failed:
                found.append(f"seed {seed}: {state.who(p)} played {args[0]}, whose action could not be performed")
        found += [f"seed {seed}: {v}" for v in check(state)]
        if found:
            break
    return found

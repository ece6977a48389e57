"""Invariants every Age of Civilization game must keep, checked move by move over seeded games.

Used by tests (about a thousand games) and by ``benchmarks/aoc_invariants.py`` (ten thousand):
the game ends after the last round with every player having had a turn each round; coins,
workers and score never go negative; nobody holds more workers or civilization cards than allowed; every
action performed was paid for exactly (coins and workers); the same seed gives the same log.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field

from cardtools.games.aoc.rules import Game

#: A game that has not ended after this many moves is stuck.
MOVE_CAP = 5000


@dataclass
class Checked:
    seed: int
    players: int
    digest: str = ""                      # sha256 of the game log
    moves: int = 0
    violations: list[str] = field(default_factory=list)


def play_checked(game: Game, players: int, seed: int) -> Checked:
    """One game with uniformly random moves (from ``seed``), every invariant checked after each move."""
    result = Checked(seed, players)
    state = game.new_state(players, seed, log=True)
    rng = random.Random(f"invariants {seed}")
    limit, workers = game.rules["max_civilizations"], game.rules["max_workers"]
    while not state.is_terminal():
        if result.moves >= MOVE_CAP:
            result.violations.append(f"no end after {MOVE_CAP} moves")
            break
        move = rng.choice(state.legal_actions())
        expected = None
        kind, args = game.codec.decode(move)
        if kind.name == "perform" and state.pending is None:
            action, target = args
            p = state.player
            expected = (action, state.cost(p, action, target), state.needs(p, action))
            if state.coins[p] < expected[1]:
                result.violations.append(f"move {result.moves}: {action} offered without the coins to pay it")
        state.last_payment = None
        state.apply(move)
        result.moves += 1
        if expected is not None and state.last_payment != expected:
            result.violations.append(f"move {result.moves}: paid {state.last_payment}, expected {expected}")
        for p in range(players):
            where = f"move {result.moves}, P{p + 1}"
            coins, held, placed, score = state.coins[p], state.workers[p], state.placed[p], state.score[p]
            if min(coins, held, score) < 0 or not 0 <= placed <= held:
                result.violations.append(f"{where}: coins {coins}, workers {held} ({placed} placed), score {score}")
            if held > workers:
                result.violations.append(f"{where}: {held} workers (at most {workers})")
            if len(state.civs[p]) > limit:
                result.violations.append(f"{where}: {len(state.civs[p])} civilization cards")
    turns = sum(1 for line in state.log if line.startswith("-- "))
    if state.is_terminal() and (state.round != game.rules["rounds"] or turns != game.rules["rounds"] * players):
        result.violations.append(f"ended in round {state.round} after {turns} turns")
    result.digest = hashlib.sha256("\n".join(state.log).encode()).hexdigest()
    return result

"""The conformance suite: the promises of the engine contract, checked over seeded random games.

``check_engine(game, players, seeds)`` plays one game per seed with uniformly random moves and
returns every violation found (empty: the engine conforms). At every decision: the current
player is a seat, ``legal_actions()`` is sorted, free of repeats and empty only at the end. Every
``deep_every`` decisions, also: each legal move's words round-trip (``action_to_string`` /
``string_to_action``) and the move applies (on a clone); ``clone()`` is independent of the
original (a clone played to the end leaves the original's snapshot as it was); for every seat,
``determinize`` deals only what the seat cannot see — the dealt state looks the same to it
(``observation``), so two states that differ only in what a seat may not see look alike to it.
After every move the victory counter (the vocabulary's ``victory``) changed only by the changes
the host recorded with their cause. At the end: ``returns()`` within the facts' bounds, and the
same seed and moves replay to the same log (``log.digest``). ``log_digest`` names a game's log, for
comparing the same seeded game played in another process (another string hash: nothing a game does may
follow a set of strings' order).

tests/test_conformance.py runs it for every registered engine at each player count and shipped
variant, and for the toy game in tests/fixtures/toy.
"""

from __future__ import annotations

import random
from typing import Sequence

from cardtools.engine.contract import TERMINAL, random_move
from cardtools.engine.log import digest


def check_engine(game, players: int, seeds: Sequence[int], deep_every: int = 25, replays: int = 3) -> list[str]:
    """Every violation of the contract in the games played from ``seeds`` (each named by its seed)."""
    found = []
    for i, seed in enumerate(seeds):
        problems, log = _play(game, players, seed, deep_every)
        found += [f"seed {seed}: {p}" for p in problems]
        if i < replays and not problems and digest(_play(game, players, seed, 0)[1]) != digest(log):
            found.append(f"seed {seed}: the same seed and moves gave another log")
    return found


def log_digest(game, players: int, seed: int) -> str:
    """The digest of the log of the seeded random game the suite plays from ``seed``."""
    return digest(_play(game, players, seed, 0)[1])


def _play(game, players: int, seed: int, deep_every: int) -> tuple[list[str], list[str]]:
    state = game.new_state(players, seed, log=True)
    rng, probe = random.Random(f"conformance {seed}"), random.Random(f"probe {seed}")
    victory = game.vocab.victory
    found, moves = [], 0
    while not state.is_terminal():
        where = f"move {moves}"
        legal = state.legal_actions()
        if not legal:
            return found + [f"{where}: no legal move before the end"], state.log
        if legal != sorted(set(legal)):
            found.append(f"{where}: legal_actions() not sorted or with repeats: {legal}")
        if state.current_player not in range(players):
            found.append(f"{where}: current_player {state.current_player} is not a seat")
        if deep_every and moves % deep_every == 0:
            found += [f"{where}: {p}" for p in _deep(state, legal, players, probe)]
        move = random_move(state, legal, rng)
        before, recorded = list(getattr(state, victory, ())), len(state.changes)
        state.apply(move)
        found += [f"{where}: {p}" for p in _score_changes(state, victory, before, recorded)]
        moves += 1
        if moves > game.facts.max_moves:
            return found + [f"no end after {game.facts.max_moves} moves"], state.log
    if state.legal_actions() or state.current_player != TERMINAL:
        found.append("a finished game still offers moves or a player to move")
    returns = state.returns()
    if len(returns) != players or not all(game.facts.min_utility <= r <= game.facts.max_utility for r in returns):
        found.append(f"returns {returns} outside [{game.facts.min_utility}, {game.facts.max_utility}]")
    return found, state.log


def _deep(state, legal: list[int], players: int, rng: random.Random) -> list[str]:
    found = []
    for move in legal:
        words = state.action_to_string(move)
        try:
            back = state.string_to_action(words)
        except ValueError as exc:
            back = exc
        if back != move:
            found.append(f"'{words}' reads back as {back}, not move {move}")
        trial = state.clone()
        try:
            trial.apply(move)
        except Exception as exc:  # noqa: BLE001 — any failure of a listed move is a violation
            found.append(f"legal move '{words}' fails: {type(exc).__name__}: {exc}")
    snapshot = state.snapshot()
    other = state.clone()
    while not other.is_terminal():
        other.apply(random_move(other, other.legal_actions(), rng))
    if state.snapshot() != snapshot:
        found.append("playing a clone changed the original")
    for seat in range(players):
        seen = state.observation(seat)
        if state.determinize(seat, rng).observation(seat) != seen:
            found.append(f"P{seat + 1} can tell a determinized state from the real one")
    return found


def _score_changes(state, victory: str | None, before: list[int], recorded: int) -> list[str]:
    """The victory counter moved only by the host's recorded changes."""
    if not before:
        return []
    explained = list(before)
    for actor, counter, delta, cause in state.changes[recorded:]:
        if counter == victory:
            if not cause:
                return [f"a {victory} change without a cause"]
            explained[actor] += delta
    after = getattr(state, victory)
    return [] if list(after) == explained else [f"{victory} went from {before} to {list(after)}, recorded changes "
                                                f"explain {explained}"]

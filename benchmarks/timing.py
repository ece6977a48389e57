"""The timing loop every benchmark shares (benchmarks are scripts: `python benchmarks/<name>.py`)."""

from __future__ import annotations

import hashlib
import os
import random
import sys
import time
from typing import Callable

from cardtools.engine.contract import random_move


def machine() -> str:
    """What the figures were measured on: the Python build (its path tells a distribution's build, made
    with profile-guided and link-time optimisation, from one built without them, such as pyenv's
    default, which plays 10-15% fewer games per second: docs/simulation.md § Speed), whether the
    engines ran compiled (docs/simulation.md § Compiled engine modules), the cores and the load
    average."""
    from cardtools import native

    built = os.path.realpath(getattr(sys, "_base_executable", sys.executable))
    return (f"python {sys.version.split()[0]} ({built}), {native.status()}, {os.cpu_count()} cores, "
            f"load average {os.getloadavg()[0]:.2f} at start")


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Wall-clock seconds of ``repeat`` calls of ``fn``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def cpu(fn: Callable, *args) -> tuple[float, object]:
    """CPU seconds of this process spent in ``fn(*args)`` (a figure per core, whatever else the
    machine runs), and what it returned."""
    start = time.process_time()
    out = fn(*args)
    return time.process_time() - start, out


def play_random(game, players: int, seeds: range) -> int:
    """One game per seed with uniformly random moves (an engine benchmark's yardstick); the moves made."""
    moves = 0
    for seed in seeds:
        state = game.new_state(players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(random_move(state, state.legal_actions(), rng))
            moves += 1
    return moves


def greedy_rate(game, games: int, players: int = 4) -> float:
    """Games per CPU second of the game's greedy agent (its shipped profile) in every seat."""
    return greedy_games(game, games, players)[0]


def greedy_agent(game, players: int = 4):
    """The game's greedy agent, its shipped profile."""
    from cardtools.core.workspace import Workspace
    from cardtools.sim.agents import resolve_agent

    features = list(game.new_state(players, 0).features(0))
    return resolve_agent("greedy", game.deck.game, features, Workspace.find()).build()


def greedy_digest(game, games: int, players: int = 4) -> str:
    """One digest of the logs of ``games`` seeded greedy games: a speed-up of the engine or the agent
    must leave it as it was (same seed, same game)."""
    from cardtools.sim.play import play_counted

    greedy, digest = greedy_agent(game, players), hashlib.sha256()
    for seed in range(games):
        digest.update("\n".join(play_counted(game, players, [greedy] * players, seed, log=True)[0].log).encode())
    return digest.hexdigest()


def greedy_games(game, games: int, players: int = 4) -> tuple[float, float]:
    """Games per CPU second of the game's greedy agent (its shipped profile) in every seat, and
    the moves per game."""
    from cardtools.sim.play import play_counted

    greedy = greedy_agent(game, players)
    seconds, played = cpu(lambda: [play_counted(game, players, [greedy] * players, s)[1] for s in range(games)])
    return games / seconds, sum(played) / games


def search_rate(game, players: int, iterations: int, seeds: int, last_round: int) -> float:
    """Search (MCTS) iterations per CPU second over decisions of the first rounds (up to
    ``last_round``), where rollouts are longest: ``2 * seeds`` searches in all."""
    from cardtools.sim.mcts import MctsAgent

    agent, rng, spent, done = MctsAgent(iterations), random.Random(0), 0.0, 0
    for seed in range(seeds):
        state = game.new_state(players, seed)
        while state.round <= last_round and done < 2 * seeds * iterations:
            moves = state.legal_actions()
            if len(moves) > 1:
                spent += cpu(agent.choose, state, moves, rng)[0]
                done += iterations
            state.apply(random_move(state, moves, rng))
    return done / spent


def checked_games(play_checked, game, players: int, seeds: range, fingerprint, label: str) -> tuple[list, int, int]:
    """Play each seed with the game's invariants checked after every move (``play_checked(game,
    players, seed)`` from its ``invariants`` module), add every log's digest to ``fingerprint``,
    print the violations of each game that has some, and replay every 10th seed, which must give the
    same log. Returns (the results, games replayed, replays that differed)."""
    results, replayed, differ = [], 0, 0
    for seed in seeds:
        result = play_checked(game, players, seed)
        fingerprint.update(result.digest.encode())
        results.append(result)
        if result.violations:
            print(f"  {label} seed {seed}: {result.violations[:3]}")
        if seed % 10 == 0:
            replayed += 1
            differ += play_checked(game, players, seed).digest != result.digest
    return results, replayed, differ

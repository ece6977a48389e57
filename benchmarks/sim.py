"""Simulation speed: games per second per core for each agent, and the scaling from 1 to 2
worker processes (target: >= 85% efficiency).

Per agent: every seat plays that agent, the chunks are played in this process, and the time is
this process's CPU time (the figure per core, whatever else the machine runs). Scaling: the same
greedy run with `cardtools simulate --jobs 1` and `--jobs 2` (worker start-up included), timed on
the wall clock; efficiency = time with 1 worker / (2 x time with 2 workers). Wall-clock figures
suffer when other work shares the cores: the load average, and how much CPU the run got (in
cores, counting its workers), are printed next to them.
Run: python benchmarks/sim.py [--players 3] [--games 300] [--scaling-games 1200]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

from cardtools.core.workspace import Workspace
from cardtools.sim.agents import resolve_agent
from cardtools.sim.bundle import make_bundle, open_game
from cardtools.sim.chunk import play_chunk
from cardtools.sim.mcts import MctsAgent
from cardtools.sim.plan import Plan
from cardtools.sim.runner import Request, simulate

AGENTS = {"random": 1.0, "greedy": 1.0, "mcts:100": 0.02}   # share of --games each agent plays


def per_core(bundle, workspace: Workspace, agent: str, players: int, games: int) -> tuple[float, float]:
    """(games per CPU second, moves per game) with ``agent`` at every seat."""
    game = open_game(bundle)
    spec = resolve_agent(agent, bundle.game, list(game.new_state(players, 0).features(0)), workspace)
    plan = Plan.whole_deals(games, players, game=bundle.game, variant=None, bans=(), seed=1, chunk=games,
                            lineup=(spec,) * players)
    start = time.process_time()
    _, rows = play_chunk(bundle, plan, 0)
    seconds = time.process_time() - start
    return plan.games / seconds, sum(r["moves"] for r in rows if r["seat"] == 0) / plan.games


def search_rate(bundle, players: int, iterations: int = 200) -> float:
    """Search iterations per CPU second, over decisions early in several games (long rollouts)."""
    game = open_game(bundle)
    agent, rng, spent, done = MctsAgent(iterations), random.Random(0), 0.0, 0
    for seed in range(10):
        state = game.new_state(players, seed)
        while state.round <= 2:
            moves = state.legal_actions()
            if len(moves) > 1:
                start = time.process_time()
                agent.choose(state, moves, rng)
                spent += time.process_time() - start
                done += iterations
            state.apply(moves[rng.randrange(len(moves))])
            if done >= 20 * iterations:
                return done / spent
    return done / spent


def wall_time(players: int, games: int, jobs: int, workspace: Workspace) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and its workers) of a greedy run."""
    with tempfile.TemporaryDirectory() as folder:
        cpu, start = _cpu(), time.perf_counter()
        simulate(Request("aoc", players, games, "greedy", seed=1, jobs=jobs, chunk=50), Path(folder) / "run",
                 workspace, stream=io.StringIO())
        return time.perf_counter() - start, _cpu() - cpu


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=300, help="games per agent measurement (mcts plays 2%%)")
    parser.add_argument("--scaling-games", type=int, default=1200, help="games of the 1-vs-2-worker runs")
    args = parser.parse_args()
    workspace = Workspace.find()
    bundle = make_bundle(workspace, "aoc", None, ())
    print(f"Age of Civilization, {args.players} players, python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f} at start")
    per_core(bundle, workspace, "random", args.players, 30)    # warm-up
    print(f"{'agent':>9}  {'games/s/core':>12}  {'moves/game':>10}")
    for agent, share in AGENTS.items():
        rate, moves = per_core(bundle, workspace, agent, args.players, max(args.players, round(args.games * share)))
        print(f"{agent:>9}  {rate:>12,.2f}  {moves:>10.1f}")
    print(f"mcts search: {search_rate(bundle, args.players):,.0f} iterations/s/core (decisions of round 1 and 2)")
    n = args.scaling_games
    (one, cpu_one), load = wall_time(args.players, n, 1, workspace), os.getloadavg()[0]
    two, cpu_two = wall_time(args.players, n, 2, workspace)
    print(f"scaling (greedy, {n:,} games, chunks of 50, worker start-up included):")
    print(f"  1 worker:  {one:6.1f} s  {n / one:7,.1f} games/s  CPU used {cpu_one / one:.2f} cores")
    print(f"  2 workers: {two:6.1f} s  {n / two:7,.1f} games/s  CPU used {cpu_two / two:.2f} cores")
    print(f"  efficiency {one / (2 * two):.0%} (load average {load:.2f} between the runs, {os.getloadavg()[0]:.2f} "
          f"after; a run that used less CPU than it had workers shared the cores with other work)")


if __name__ == "__main__":
    main()

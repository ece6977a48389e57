"""The fuzzer, CI-sized: a few hundred mutants of every kind of file cardtools reads, with a fixed
seed, on copies of the shipped games. No mutant may make a command raise, exit with another code
than 0/1/2, report an error without a position inside its file, or run away. (The time and memory
limits here only catch runaways; the budgets of issue 21 are checked by the long run,
``python benchmarks/fuzz.py --mutants 10000``.)"""

import os

import pytest

from fuzz.runner import KINDS, Budget, Fuzzer, baseline, plan, resident_mb, warm_up

MUTANTS_PER_KIND = 120  # about 2.5 minutes on two free cores
GAMES = ("aoc",)  # the quickest game, and the one with a rules engine, scenarios and profiles
RUNAWAY_MB = 1000  # beyond what this test process holds when it forks (a worker may have run other tests)


@pytest.mark.slow
def test_no_mutant_of_any_kind_of_file_gets_a_traceback_a_positionless_error_or_runs_away():
    runaway = Budget(seconds=60, rss_mb=resident_mb() + RUNAWAY_MB, kill_after=60)
    with Fuzzer(seed=0, jobs=min(2, os.cpu_count() or 1), budget=runaway, games=GAMES) as fuzzer:
        warm_up(fuzzer)
        runs = fuzzer.run(baseline(KINDS, GAMES) + plan(KINDS, MUTANTS_PER_KIND))
    assert {r.kind for r in runs} == set(KINDS)
    failed = [r for r in runs if r.problems]
    assert not failed, f"{len(failed)} of {len(runs)} commands failed:\n\n" + "\n\n".join(r.describe() for r in failed[:8])

"""The fuzzer's long run (issue 21): mutants of every kind of file cardtools reads, each run
through every command that reads it, each command checked for what a designer must never see.

Acceptance: 10,000 mutants, no traceback, no error without a position inside its file, exit codes
0/1/2 only, no command over 10 s or 500 MB. Times and peak memory are those of one command in a
process forked from one that has imported cardtools and run each kind's first command on the
shipped files (tests/fuzz/runner.py, ``warm_up``): they leave out interpreter start-up and the
compiling of unchanged templates, and the peak memory includes what that process holds. The
CI-sized run is tests/fuzz/test_fuzz.py.

Run: python benchmarks/fuzz.py --mutants 10000 [--seed 0] [--jobs 2] [--kinds cards,layout,…] [--commands first]
     [--mutant font#68 …]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fuzz.runner import CATEGORIES, KINDS, Budget, Fuzzer, Run, baseline, plan, resident_mb, warm_up  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=10_000, help="mutants in all (spread evenly over the kinds)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutants run side by side")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"kinds of file (default: all: {', '.join(KINDS)})")
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget of one command")
    parser.add_argument("--megabytes", type=float, default=500.0, help="peak memory budget of one command")
    parser.add_argument("--mutant", action="append", default=[], metavar="KIND#INDEX",
                        help="run this mutant (as a report names it, e.g. font#68) before the others; repeatable")
    parser.add_argument("--commands", choices=("all", "first"), default="all",
                        help="run each mutant through every command that reads its kind of file (default), or only "
                             "the first (validate, mostly: about a third of the time)")
    args = parser.parse_args()
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    bad = [m for m in args.mutant if not re.fullmatch(r"[a-z-]+#\d+", m) or m.split("#")[0] not in KINDS]
    if bad:
        parser.error(f"--mutant {bad[0]}: write KIND#INDEX with a kind of {', '.join(KINDS)}")
    per_kind = -(-args.mutants // len(kinds))
    started = time.monotonic()
    progress = Counter()

    def each(run: Run) -> None:
        progress["runs"] += 1
        if progress["runs"] % 500 == 0:
            print(f"  … {progress['runs']:,} commands, {time.monotonic() - started:,.0f} s", file=sys.stderr)

    with Fuzzer(args.seed, args.jobs, Budget(args.seconds, args.megabytes),
                 all_commands=args.commands == "all") as fuzzer:
        warm_up(fuzzer)
        parent = resident_mb()
        named = [(kind, int(index)) for kind, _, index in (m.partition("#") for m in args.mutant)]
        runs = fuzzer.run(named + baseline(kinds) + [m for m in plan(kinds, per_kind) if m not in named], each)
    report(runs, time.monotonic() - started, parent, args)


def report(runs: list[Run], seconds: float, parent_mb: float, args) -> None:
    mutants = {r.mutant for r in runs if not r.mutant.split("#")[1].startswith("-")}
    kinds = Counter(r.mutant.split("#")[0] for r in runs)
    problems = Counter(problem.split(":")[0] for run in runs for problem in run.problems)
    codes = Counter(r.code for r in runs)
    print(f"mutants: {len(mutants):,} ({len(kinds)} kinds, seed {args.seed}); commands: {len(runs):,} "
          f"({args.commands} per mutant); "
          f"{seconds / 60:,.1f} min on {args.jobs} worker(s)")
    print("exit codes: " + ", ".join(f"{code}: {n:,}" for code, n in sorted(codes.items(), key=lambda kv: str(kv[0]))))
    names = {"traceback": "tracebacks", "exit code": "exit codes not 0/1/2 (or not 0 on the shipped files)",
             "positionless": "positionless errors", "outside the file": "positions outside their file",
             "over budget": f"over budget ({args.seconds:g} s / {args.megabytes:g} MB)",
             "long line": "stderr lines over 1,000 characters", "unexpected output": "unexpected stderr lines"}
    for category in CATEGORIES:
        print(f"{names.get(category, category)}: {problems[category]:,}")
    slowest = max(runs, key=lambda r: r.seconds)
    largest = max(runs, key=lambda r: r.rss_mb)
    print(f"slowest command: {slowest.seconds:.2f} s: cardtools {' '.join(slowest.argv)}  ({slowest.mutant}: "
          f"{slowest.path}: {slowest.mutation[:100]})")
    print(f"largest peak memory: {largest.rss_mb:.0f} MB (the warmed-up fuzzer holds {parent_mb:.0f} MB of it): cardtools {' '.join(largest.argv)}  ({largest.mutant}: "
          f"{largest.path}: {largest.mutation[:100]})")
    by_kind: dict[str, list[Run]] = defaultdict(list)
    for run in runs:
        by_kind[run.kind].append(run)
    print(f"\n{'kind':<14} {'mutants':>7} {'commands':>8} {'exit 0':>7} {'exit 1':>7} {'exit 2':>7} "
          f"{'problems':>8} {'slowest s':>9} {'largest MB':>10}")
    for kind, group in by_kind.items():
        c = Counter(r.code for r in group)
        print(f"{kind:<14} {len({r.mutant for r in group} & mutants):>7,} {len(group):>8,} {c[0]:>7,} {c[1]:>7,} {c[2]:>7,} "
              f"{sum(1 for r in group if r.problems):>8,} {max(r.seconds for r in group):>9.2f} "
              f"{max(r.rss_mb for r in group):>10.0f}")
    failed = [r for r in runs if r.problems]
    if failed:
        print(f"\n{len(failed)} command(s) with problems (the first of each kind of problem):")
        shown = set()
        for run in failed:
            key = (run.kind, run.problems[0][:60])
            if key not in shown:
                shown.add(key)
                print("\n" + run.describe())


if __name__ == "__main__":
    main()

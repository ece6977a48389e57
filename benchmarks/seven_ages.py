"""7 Ages engine speed, and its invariants over thousands of games.

Prints random games per second per core and decisions per game at 2 and 4 players, for the standard
game (with its events), without events (variant no-events) and with option 16's artefact powers and
penalties (variant artefact-effects), measured in the same run, and ``--variant`` if it is another (an
option-heavy game: all-options, docs/rules/7ages.md § 18); and greedy games per second at 4 players
(``--variant``).
Target (issues 16 and 17): >= 20 random 4-player games/s/core. Times are CPU seconds of this process (a figure per core,
whatever else the machine runs), the best of a few rounds; the load average is printed.

With --invariants N: N seeded random games of ``--variant`` spread over 2-7 players (``--players``), every invariant of
cardtools.games.seven_ages.invariants checked after every move, every 10th game replayed (same
seed, same log; a crash counts as a violation), in this process and again in a fresh one with another
string hash (PYTHONHASHSEED: a game that follows a set's order, or what its process played before,
differs there); prints the counts and one digest over all logs. ``--variant`` may name several
variants (comma-separated) or ``all`` (the standard game and every variant the engine plays; those it
refuses are named): one table each, then one line per variant (games, violations, replays that
differ, seconds).
With --digest N: one digest per variant (standard, artefact-effects) of the logs of N seeded greedy
4-player games; a speed-up must leave it as it was (compare with PYTHONHASHSEED varied, too).
Run: python benchmarks/seven_ages.py [--games 100] [--rounds 3] [--greedy 5] [--variant no-events]
[--invariants 2000 [--variant classic,deluxe|all]] [--players 2-5] [--digest 20]
(--variant all-options: every optional rule at once)
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import time

from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import checked_games, cpu, greedy_digest, greedy_rate, machine, play_random  # noqa: E402

from cardtools.core.loader import load_deck  # noqa: E402
from cardtools.core.variants import variant_names  # noqa: E402
from cardtools.engine.contract import UnplayedRules  # noqa: E402
from cardtools.games.seven_ages.invariants import Checked, play_checked  # noqa: E402
from cardtools.games.seven_ages.rules import Game  # noqa: E402

#: The standard game, with its events (issue 17), without them, and with option 16's artefacts.
VARIANTS = ("standard", "no-events", "artefact-effects")


def deck(variant: str):
    """The deck of a variant; ``standard``: the base game, events and all."""
    return load_deck("7ages", None if variant == "standard" else variant)


def play_or_crash(game: Game, players: int, seed: int) -> Checked:
    """``play_checked``, a crash counted as that game's violation (printed with its seed): the run goes on."""
    try:
        return play_checked(game, players, seed)
    except Exception as crash:  # noqa: BLE001 - any engine error is a finding, reported like a violation
        return Checked(seed, players, violations=[f"crash: {type(crash).__name__}: {crash}"])


def variants_named(spec: str) -> list[str]:
    """The variants --variant names: a comma-separated list, or 'all' (the standard game and every shipped variant)."""
    if spec == "all":
        return ["standard", *variant_names(Path(__file__).parent.parent / "decks" / "7ages")]
    return [name.strip() for name in spec.split(",") if name.strip()]


def replayed_elsewhere(variant: str, players: int, seeds: list[int]) -> list[str]:
    """The digests of these games played again by a fresh process with another string hash (the set
    orders differ; a process's own hash is random unless PYTHONHASHSEED is set, so one run may miss
    a game that depends on it: two 2,000-game fingerprints of one engine once differed so)."""
    other = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    child = subprocess.run([sys.executable, __file__, "--replay", variant, str(players), *map(str, seeds)],
                           env={**os.environ, "PYTHONHASHSEED": other}, capture_output=True, text=True, check=True)
    return child.stdout.split()


def invariants(variant: str, game: Game, games: int, lowest: int, highest: int) -> tuple[int, int, float]:
    """Check ``games`` seeded games of ``game`` (``variant``'s); prints a table per player count. Returns
    (games with violations, replays that differ here or in another process, seconds)."""
    fingerprint = hashlib.sha256()
    start, bad, replays, differ = time.perf_counter(), 0, 0, 0
    print(f"{'players':>7}  {'games':>6}  {'violations':>10}  {'turns/game':>10}  {'replayed':>8}  {'differ':>6}")
    tables = highest - lowest + 1
    for players in range(lowest, highest + 1):
        count = games // tables + (1 if players - lowest < games % tables else 0)
        results, replayed, diffs = checked_games(play_or_crash, game, players, range(count), fingerprint, f"{players}p")
        sample = [r for r in results if r.seed % 10 == 0]
        for result, digest in zip(sample, replayed_elsewhere(variant, players, [r.seed for r in sample])):
            if digest != (result.digest or "crash"):
                diffs += 1
                print(f"  {players}p seed {result.seed}: another log in a fresh process with another string hash")
        violations = sum(1 for r in results if r.violations)
        turns = sum(r.turns for r in results)
        print(f"{players:>7}  {count:>6}  {violations:>10}  {turns / max(count, 1):>10.1f}  {replayed:>8}  {diffs:>6}")
        bad, replays, differ = bad + violations, replays + replayed, differ + diffs
    elapsed = time.perf_counter() - start
    print(f"{games} games, {bad} with violations, {differ} of {replays} replays differ; {elapsed:.1f} s")
    print(f"fingerprint of all logs: {fingerprint.hexdigest()}")
    return bad, differ, elapsed


def invariants_of(names: list[str], games: int, lowest: int, highest: int) -> None:
    """The invariants of each variant in turn, then one summary line per variant."""
    lines = []
    for name in names:
        print(f"\n{name}")
        try:
            game = Game(deck(name))
        except UnplayedRules as refused:
            lines.append(f"{name:<20}  not played: {str(refused).split(': ')[0]}")
            continue
        bad, differ, seconds = invariants(name, game, games, lowest, highest)
        lines.append(f"{name:<20}  {games:>6}  {bad:>10}  {differ:>6}  {seconds:>8.1f}")
    print(f"\n{'variant':<20}  {'games':>6}  {'violations':>10}  {'differ':>6}  {'seconds':>8}", *lines, sep="\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random games per measurement (default 100)")
    parser.add_argument("--rounds", type=int, default=3, help="measurements; the best counts (default 3)")
    parser.add_argument("--greedy", type=int, default=5, help="4-player greedy games to time (default 5; 0: none)")
    parser.add_argument("--variant", default="standard", help="variant of the greedy games; of --invariants: variants, comma-separated, or 'all'")
    parser.add_argument("--invariants", type=int, default=0, help="check the invariants over this many games instead")
    parser.add_argument("--players", default="2-7", help="player counts of --invariants, lowest-highest (default 2-7)")
    parser.add_argument("--replay", nargs="+", metavar="VARIANT PLAYERS SEED", help=argparse.SUPPRESS)
    parser.add_argument("--digest", type=int, default=0, help="print one digest of this many seeded greedy 4-player "
                        "games' logs per variant instead (a speed-up must not change it)")
    args = parser.parse_args()
    if args.replay:                                  # --invariants' replays in a fresh process
        variant, players, *seeds = args.replay
        game = Game(deck(variant))
        print(*(play_or_crash(game, int(players), int(seed)).digest or "crash" for seed in seeds))
        return
    if args.digest:
        for variant in ("standard", "artefact-effects"):
            print(f"{variant:<17} {args.digest} greedy games: {greedy_digest(Game(deck(variant)), args.digest)}")
        return
    if args.invariants:
        lowest, highest = (int(n) for n in args.players.split("-"))
        invariants_of(variants_named(args.variant), args.invariants, lowest, highest)
        return
    print(f"7 Ages, {machine()}")
    print(f"random agents  {'variant':>16}  {'players':>7}  {'games/s/core':>12}  {'decisions/game':>14}")
    for variant in dict.fromkeys(VARIANTS + (args.variant,)):
        game = Game(deck(variant))
        for players in (2, 4):
            seeds = range(args.games)
            best, decisions = float("inf"), 0
            for _ in range(args.rounds):
                seconds, decisions = cpu(play_random, game, players, seeds)
                best = min(best, seconds)
            print(f"{'':14} {variant:>16}  {players:>7}  {args.games / best:>12,.1f}  {decisions / args.games:>14,.0f}")
    if args.greedy:                                  # --greedy 0: random games only
        rate = greedy_rate(Game(deck(args.variant)), args.greedy)
        print(f"greedy agents ({args.variant}), 4 players: {rate:,.2f} games/s/core")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()

"""Run mutants: apply each to a copy of the shipped workspace, run the commands that read the file,
and check what a designer would see.

Each command runs in a child forked from this process (``warm_up``: cardtools imported, and each
kind's first command run once on the shipped files) — in-process as far as cardtools is concerned:
``cardtools.cli.main`` is called with the arguments — so a command that runs away can be killed,
and its time and peak memory are measured alone (the peak includes what this process holds).
``jobs`` workspaces are mutated and run side by side. The properties checked for every command:

* no traceback: ``main`` returns or exits, it never raises;
* the exit code is 0, 1 or 2;
* every diagnostic names a ``file:line:col`` inside that file (or 1:1 of a path that is not a
  regular file), and no error is reported without a position (``cardtools X: error: …``) — except
  a usage error (exit 2) when the file the command line names is no longer a file;
* no diagnostic echoes more than a short excerpt (a line of at most ``MAX_LINE`` characters);
* the command ends within the budget's time and peak memory (``Budget``).
"""

from __future__ import annotations

import gc
import io
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from fuzz import mutate
from fuzz.kinds import GAMES, KINDS, Target, choose, copy_workspace, targets

#: Exit code a child uses when ``main`` raised (never one cardtools uses).
TRACEBACK = 99
#: The mutation of a baseline run: none.
PRISTINE = "none: the file as shipped"
#: Longest stderr line accepted: a diagnostic quotes only an excerpt of a bad value.
MAX_LINE = 1000
_DIAGNOSTIC = re.compile(r"^(?P<path>[^\n]+?):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning)"
                         r"\[(?P<code>[a-z0-9-]+)\]: (?P<message>.*)$")
_SUMMARY = re.compile(r"^\d+ error\(s\), \d+ warning\(s\)$")
_POSITIONLESS = re.compile(r"^cardtools [a-z ]+: error: ")
#: Lines commands print on stderr that are neither diagnostics nor errors.
_CHATTER = re.compile(r"^(build stopped: .*|wrote .*|\s*$|.*games/s.*|run `cardtools schema --write`.*)$")


@dataclass(frozen=True)
class Budget:
    """What one command may use: ``seconds`` and ``rss_mb`` are the properties checked; a command
    still running after ``kill_after`` seconds is killed (a runaway), and one that asks for more than
    ``memory_cap_mb`` of address space beyond the parent's gets a MemoryError instead of the machine."""

    seconds: float = 10.0
    rss_mb: float = 500.0
    kill_after: float = 60.0
    memory_cap_mb: float = 2048.0


@dataclass
class Run:
    """One command run on one mutant, and what was wrong with it."""

    kind: str
    mutant: str  # "<kind>#<index>"
    path: str
    mutation: str
    argv: tuple[str, ...]
    code: int | None  # None: killed
    seconds: float
    rss_mb: float
    problems: list[str] = field(default_factory=list)
    stderr: str = ""

    def describe(self) -> str:
        argv = " ".join(self.argv)
        return (f"{self.mutant} {self.path} [{self.mutation[:300]}]\n  cardtools {argv} -> exit {self.code}, "
                f"{self.seconds:.2f} s, {self.rss_mb:.0f} MB\n  " + "\n  ".join(self.problems)
                + (f"\n  stderr: {self.stderr[-1500:]}" if self.problems else ""))


def plan(kinds: Iterable[str], per_kind: int) -> list[tuple[str, int]]:
    """Mutants in round-robin order over the kinds, so a shorter run still covers every kind."""
    return [(kind, i) for i in range(per_kind) for kind in kinds]


def baseline(kinds: Iterable[str], games: tuple[str, ...] = GAMES) -> list[tuple[str, int]]:
    """The shipped files of each kind in each game, unchanged: every command reading them must succeed."""
    return [(kind, -1 - g) for kind in kinds for g in range(len(games))]


class Fuzzer:
    def __init__(self, seed: int = 0, jobs: int = 2, budget: Budget = Budget(), all_commands: bool = False,
                 games: tuple[str, ...] = GAMES):
        self.seed, self.jobs, self.budget, self.all_commands, self.games = seed, jobs, budget, all_commands, games
        self.folder = Path(tempfile.mkdtemp(prefix="cardtools-fuzz-"))
        self.slots = []
        for n in range(jobs):
            root = self.folder / f"ws{n}"
            copy_workspace(root)
            self.slots.append(_Slot(root))
        self._words: dict[str, list[str]] = {}

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> "Fuzzer":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- mutants
    def mutant(self, slot: "_Slot", kind: str, index: int) -> tuple[Target, str]:
        """Mutant ``index`` of ``kind``, written into the slot's workspace; the same for a seed. A
        negative index leaves the file as shipped (``PRISTINE``): the first file of the kind in game
        ``-index - 1``, whose commands must all succeed."""
        if index < 0:
            return targets(slot.root, kind, self.games[-index - 1])[0], PRISTINE
        rng = random.Random(f"{self.seed}:{kind}:{index}")
        target = choose(slot.root, kind, rng, self.games)
        path = slot.root / target.path
        slot.save(path)
        roll = rng.random()
        if roll < 0.04:
            return target, mutate.replace_file(path, rng)
        if kind == "font":
            data, what = mutate.mutate_font(path.read_bytes(), rng)
            path.write_bytes(data)
            return target, what
        if roll < 0.10:
            data, what = mutate.flip_bytes(path.read_bytes(), rng)
            path.write_bytes(data)
            return target, what
        text = path.read_text(encoding="utf-8")
        if kind in ("icon", "art"):
            text, what = mutate.mutate_svg(text, rng)
        elif path.suffix == ".csv":
            text, what = mutate.mutate_csv(text, rng, self.words(target))
        elif kind in ("variant", "layout") and roll < 0.16:
            text, what = self._extends(slot.root, target, text, rng)
        else:
            text, what = mutate.mutate_yaml(text, rng, self.words(target))
        path.write_text(text, encoding="utf-8")
        return target, what

    def words(self, target: Target) -> list[str]:
        """Names a mutant may swap in: the file's own words, the game's card ids, variant and layout names."""
        key = f"{target.game}:{target.path}"
        if key not in self._words:
            root = self.slots[0].root
            found = mutate.nodes((root / target.path).read_text(encoding="utf-8")) or []
            names = {n.value for n in found if n.value and re.fullmatch(r"[a-z0-9_./-]{1,40}", n.value)}
            for card_file in (root / "decks" / target.game).glob("*.yaml"):
                names.update(re.findall(r"^- id: ([a-z0-9_-]+)$", card_file.read_text(encoding="utf-8"), re.M))
            names.update(p.stem for p in (root / "decks" / target.game / "variants").glob("*.yaml"))
            names.update(f"{p.parent.name}/{p.stem}" for p in (root / "templates/layouts").glob("*/*.yaml"))
            self._words[key] = sorted(names)
        return self._words[key]

    @staticmethod
    def _extends(root: Path, target: Target, text: str, rng: random.Random) -> tuple[str, str]:
        """``extends:`` naming the file itself or another of its kind: cycles, self-reference, unknown names."""
        own = Path(target.path).stem if target.kind == "variant" else \
            f"{Path(target.path).parent.name}/{Path(target.path).stem}"
        others = [p.stem for p in (root / "decks" / target.game / "variants").glob("*.yaml")] \
            if target.kind == "variant" else [f"{target.game}/card", "default/card"]
        name = rng.choice([own, own, *others, "nope", "../../tta/variants/peaceful"])
        lines = [line for line in text.split("\n") if not line.startswith("extends:")]
        at = next((i for i, line in enumerate(lines) if line and not line.startswith("#")), len(lines))
        lines.insert(at, f"extends: {name}")
        return "\n".join(lines), f"extends: {name}"

    # -- running
    def run(self, mutants: Iterable[tuple[str, int]], each: Callable[[Run], None] = lambda run: None) -> list[Run]:
        """Run every mutant's commands; ``each`` sees each run as it finishes."""
        todo: Iterator[tuple[str, int]] = iter(mutants)
        runs: list[Run] = []
        gc.freeze()  # children then share this process's objects instead of copying them when collecting
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            self._loop(todo, runs, each)
        finally:
            gc.unfreeze()
        return runs

    def _loop(self, todo: Iterator[tuple[str, int]], runs: list[Run], each: Callable[[Run], None]) -> None:
        while True:
            for slot in self.slots:
                if slot.child is None and not slot.commands:
                    slot.restore()
                    nxt = next(todo, None)
                    if nxt is not None:
                        kind, index = nxt
                        target, what = self.mutant(slot, kind, index)
                        commands = target.commands if self.all_commands or what == PRISTINE else target.commands[:1]
                        slot.begin(f"{kind}#{index}", target, what, list(commands))
                if slot.child is None and slot.commands:
                    slot.start(self.budget)
            running = [s for s in self.slots if s.child is not None]
            if not running:
                break
            time.sleep(0.002)
            for slot in running:
                run = slot.poll(self.budget)
                if run is not None:
                    runs.append(run)
                    each(run)


class _Slot:
    """One workspace copy, the mutant applied to it and the command running on it."""

    def __init__(self, root: Path):
        self.root = root
        self.saved: dict[Path, bytes] = {}
        self.commands: list[tuple[str, ...]] = []
        self.child: tuple[int, float, tuple[str, ...]] | None = None
        self.label = self.what = ""
        self.target: Target | None = None

    def save(self, path: Path) -> None:
        self.saved[path] = path.read_bytes()

    def restore(self) -> None:
        for path, data in self.saved.items():
            _remove(path)
            path.write_bytes(data)
        self.saved = {}
        shutil.rmtree(self.root / "out")
        (self.root / "out").mkdir()

    def begin(self, label: str, target: Target, what: str, commands: list) -> None:
        self.label, self.target, self.what, self.commands = label, target, what, commands

    def start(self, budget: Budget) -> None:
        argv = ("--root", ".", *self.commands.pop(0))
        pid = os.fork()
        if pid == 0:  # the child: never returns
            _child(self.root, argv, budget)
        self.child = (pid, time.monotonic(), argv)

    def poll(self, budget: Budget) -> Run | None:
        pid, started, argv = self.child
        done, status, usage = os.wait4(pid, os.WNOHANG)
        elapsed = time.monotonic() - started
        if done == 0:
            if elapsed < budget.kill_after:
                return None
            _kill(pid)
            done, status, usage = os.wait4(pid, 0)
        self.child = None
        code = os.waitstatus_to_exitcode(status)
        run = Run(self.target.kind, self.label, self.target.path, self.what, argv[2:],
                  code if code >= 0 else None, elapsed, usage.ru_maxrss / 1024)
        run.stderr = (self.root / ".stderr").read_text(encoding="utf-8", errors="replace")
        run.problems = check(run, self.root, budget)
        return run


def _child(root: Path, argv: tuple[str, ...], budget: Budget) -> None:
    """Run ``cardtools ARGV`` in this forked child, in its own process group, stdout and stderr to
    files; exit with its code (``TRACEBACK`` if ``main`` raised)."""
    code = TRACEBACK
    try:
        os.setpgid(0, 0)
        os.chdir(root)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        for fd, name in ((1, ".stdout"), (2, ".stderr")):
            handle = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(handle, fd)
            os.close(handle)
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8", line_buffering=True)
        cap = _address_space() + int(budget.memory_cap_mb * 2**20)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        from cardtools.cli import main

        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException:  # noqa: BLE001 - the property under test
            print("FUZZ: main raised\n" + traceback.format_exc(), file=sys.stderr)
            code = TRACEBACK
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code if isinstance(code, int) and 0 <= code < 256 else TRACEBACK)


def _address_space() -> int:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[0]) * resource.getpagesize()


def resident_mb() -> float:
    """This process's resident memory: what every forked child starts with."""
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * resource.getpagesize() / 2**20


def _kill(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()


# -- properties --------------------------------------------------------------------------------

#: What can be wrong with a run: each problem is "<category>: <detail>".
CATEGORIES = ("traceback", "exit code", "positionless", "outside the file", "over budget", "long line",
              "unexpected output")


def check(run: Run, root: Path, budget: Budget) -> list[str]:
    """What is wrong with a run (empty: nothing), each as "<category>: <detail>"."""
    problems = []
    if run.code == TRACEBACK:
        problems.append("traceback: main raised")
    elif run.code is None:
        problems.append(f"over budget: killed after {run.seconds:.1f} s (a runaway)")
    elif run.code not in (0, 1, 2) or (run.mutation == PRISTINE and run.code != 0):
        problems.append(f"exit code: {run.code}" + (" on the shipped files" if run.mutation == PRISTINE else ""))
    if run.seconds > budget.seconds and run.code is not None:
        problems.append(f"over budget: {run.seconds:.1f} s (budget {budget.seconds:g} s)")
    if run.rss_mb > budget.rss_mb:
        problems.append(f"over budget: peak memory {run.rss_mb:.0f} MB (budget {budget.rss_mb:g} MB)")
    if run.code == TRACEBACK:
        return problems
    for line in run.stderr.split("\n"):
        if len(line) > MAX_LINE:
            problems.append(f"long line: {len(line):,} characters: {line[:120]!r}…")
            continue
        match = _DIAGNOSTIC.match(line)
        if match:
            where = _outside(root, match["path"], int(match["line"]), int(match["col"]))
            if where:
                problems.append(f"outside the file: {where}: {line[:200]}")
        elif _POSITIONLESS.match(line):
            if not (run.code == 2 and run.mutation.startswith(mutate.REPLACED)):
                problems.append(f"positionless: {line[:300]}")
        elif not (_SUMMARY.match(line) or _CHATTER.match(line) or line.startswith("  ")):  # "  " continues a message
            problems.append(f"unexpected output: {line[:200]!r}")
    return problems


def _outside(root: Path, name: str, line: int, col: int) -> str | None:
    """Why a diagnostic's position is not inside its file, or None if it is."""
    path = root / name
    if not os.path.lexists(path):
        return "no such file"
    if not path.is_file():
        return None if (line, col) == (1, 1) else "position in a path that is not a regular file"
    lines = path.read_bytes().decode("utf-8", errors="replace").split("\n")
    if not 1 <= line <= len(lines):
        return f"line {line} outside the file ({len(lines)} lines)"
    if not 1 <= col <= len(lines[line - 1]) + 1:
        return f"column {col} outside line {line} ({len(lines[line - 1])} characters)"
    return None


def warm_up(fuzzer: Fuzzer | None = None) -> None:
    """Import what the commands use, once: each forked child then starts as a command would after
    its imports, and its time and memory are the command's own work. With a fuzzer, also run the
    first command of each kind once, here, on a copy of the workspace no mutant touches: children
    then find its templates compiled and its fonts read (quicker, for a CI-sized run; their peak
    memory then includes what this process holds)."""
    from contextlib import redirect_stderr, redirect_stdout

    from cardtools.cli import main

    import cardtools.render.pnp  # noqa: F401
    import cardtools.render.reference  # noqa: F401
    import cardtools.sim.runner  # noqa: F401
    import cardtools.sim.scenario  # noqa: F401

    if fuzzer is None:
        return
    root = fuzzer.folder / "primer"
    copy_workspace(root)
    here = os.getcwd()
    os.chdir(root)
    try:
        for kind in KINDS:
            for game in fuzzer.games:
                argv = ("--root", ".", *targets(root, kind, game)[0].commands[0])
                with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as err:
                    if main(list(argv)) != 0:
                        raise RuntimeError(f"cardtools {' '.join(argv)} fails on the shipped files: {err.getvalue()}")
    finally:
        os.chdir(here)


__all__ = ["Budget", "CATEGORIES", "Fuzzer", "KINDS", "Run", "baseline", "plan", "resident_mb", "warm_up"]

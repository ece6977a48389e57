"""Compiles the engines' hot modules with Cython when cardtools is installed (a hatchling build hook).

The modules are the ones `[tool.hatch.build.hooks.custom] modules` lists in pyproject.toml; each is
compiled unchanged (Python semantics, annotations not used as C types) into
`cardtools/_native/<module><suffix>`, beside a manifest of the sources' SHA-256 that
`cardtools/native.py` checks at import. Between Cython and the C compiler, each attribute read and
write, method call and subscript of the generated C gets an inline cache (inline_caches.h), as
Python's interpreter gives each of its own. Without Cython or a C compiler, or with CARDTOOLS_NATIVE=0,
nothing is compiled and cardtools runs as Python. After editing a listed module, `pip install -e .`
(or `python build_native.py`) compiles it again; until then it runs as Python.

With GCC, the compile is guided by a profile (PGO): the modules are compiled once instrumented, play
the seeded games of ``TRAINING`` (``python build_native.py --train``), and are compiled again with
what those games counted — hot paths laid out together, cold ones out of the way, so that fewer
instruction-cache misses and mispredicted branches cost the engines time (docs/simulation.md
§ Compiled engine modules). It takes about twice as long; CARDTOOLS_PGO=0 compiles once, unguided.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:          # run as a script: python build_native.py
    BuildHookInterface = object


def _native_module():
    """cardtools/native.py, loaded by path: the build runs before cardtools is installed."""
    spec = importlib.util.spec_from_file_location("cardtools_native", Path(__file__).parent / "cardtools" / "native.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


native = _native_module()
DIRECTIVES = "language_level=3,annotation_typing=False,infer_types=False,binding=True"
#: The C header giving each attribute read and write, method call and subscript of Cython's output
#: its own inline cache.
INLINE_CACHES = Path(__file__).resolve().parent / "inline_caches.h"
#: Cython's generic attribute read, method call, subscript and attribute write, at their call sites
#: (not their definitions), and the cached macros of INLINE_CACHES that replace them.
CACHED_CALLS = ((re.compile(r"\b__Pyx_PyObject_GetAttrStr\((?!PyObject\b|o,\s*n\))"), "CT_GETATTR("),
                (re.compile(r"\b__Pyx_PyObject_FastCallMethod\((?!PyObject\b|name,)"), "CT_CALLMETHOD("),
                (re.compile(r"\b__Pyx_PyObject_GetItem\((?!PyObject\b|obj,)"), "CT_GETITEM("),
                (re.compile(r"\b__Pyx_PyObject_SetAttrStr\((?!PyObject\b|o,)"), "CT_SETATTR("))


def modules_of(root: Path, patterns: list[str]) -> dict[str, Path]:
    """Module name -> source file, for the listed files and globs (package __init__ files excluded)."""
    found = {}
    for pattern in patterns:
        for name in sorted(glob.glob(pattern, root_dir=root)):
            path = Path(name)
            if path.suffix == ".py" and path.name != "__init__.py":
                found[".".join(path.with_suffix("").parts)] = path
    return found


def compiler() -> list[str]:
    """The command that compiles and links one C file into an extension for this interpreter."""
    ldshared = sysconfig.get_config_var("LDSHARED")
    if not ldshared:
        raise RuntimeError("this Python names no C compiler for extensions (sysconfig LDSHARED)")
    include = sysconfig.get_paths()["include"]
    return [*shlex.split(ldshared), *shlex.split(sysconfig.get_config_var("CCSHARED") or ""),
            "-O2", "-fwrapv", "-DNDEBUG", "-w", f"-I{include}", "-include", str(INLINE_CACHES)]


def with_inline_caches(c_file: Path) -> None:
    """Point Cython's attribute reads and writes, method calls and subscripts in ``c_file`` at
    INLINE_CACHES' ones: Python 3.11's interpreter caches each such site (specialisation), Cython's
    calls look everything up every time, and on the engines' slotted states that made compiled code
    slower than Python."""
    text = c_file.read_text(encoding="utf-8")
    for pattern, cached in CACHED_CALLS:
        text = pattern.sub(cached, text)
    c_file.write_text(text, encoding="utf-8")


def translate(root: Path, name: str, source: Path, work: Path) -> str | None:
    """Cython, then the inline caches, for one module (``work/<name>.c``); None when done, else why
    it failed."""
    c_file = work / f"{name}.c"
    failed = run(root, [sys.executable, "-m", "cython", "--directive", DIRECTIVES, "--module-name", name,
                        str(source), "-o", str(c_file)])
    if not failed:
        with_inline_caches(c_file)
    return failed


def profile_guided() -> bool:
    """Whether this build trains the compiler on the engines' games: a GCC of version 10 or later
    (its ``-fprofile-partial-training``), unless CARDTOOLS_PGO=0."""
    if os.environ.get("CARDTOOLS_PGO", "1") == "0":
        return False
    try:
        banner, version = (subprocess.run([compiler()[0], flag], capture_output=True, text=True).stdout
                           for flag in ("--version", "-dumpfullversion"))
    except OSError:
        return False
    major = re.match(r"(\d+)\.", version)
    return "Free Software Foundation" in banner and major is not None and int(major.group(1)) >= 10


def profile_flags(profile: Path, use: bool) -> list[str]:
    """GCC's flags to count (``use`` False) or to use (True) a profile kept in ``profile``. Code the
    training never ran is optimised as without a profile (partial training), not for size."""
    if not use:
        return ["-fprofile-generate", "-fprofile-update=single", f"-fprofile-dir={profile}"]
    return ["-fprofile-use", "-fprofile-partial-training", f"-fprofile-dir={profile}", "-Wno-missing-profile"]


def train(root: Path, training: list[str], out: Path, profile: Path) -> str | None:
    """Run ``training`` (from ``root``, the instrumented copies in ``out`` in use); None when it ran
    some of them, else why not. The project's entry points are made visible to it as an installed
    cardtools would have them (``entry_point_shim``): the build runs before the install."""
    with tempfile.TemporaryDirectory() as shim:
        entry_point_shim(root, Path(shim))
        path = os.pathsep.join(p for p in (shim, str(root), os.environ.get("PYTHONPATH")) if p)
        failed = run(root, training, env={**os.environ, "PYTHONPATH": path, "CARDTOOLS_NATIVE_FOLDER": str(out),
                                          "PYTHONHASHSEED": "0"})
    if failed:
        return failed
    if not any(profile.rglob("*.gcda")):
        return "it ran none of the compiled modules"
    return None


def entry_point_shim(root: Path, folder: Path) -> None:
    """A ``.dist-info`` in ``folder`` declaring the entry points of ``root``'s pyproject.toml (the
    games' plugins), for ``importlib.metadata`` to find on the training run's path."""
    import tomllib

    try:
        project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8")).get("project", {})
    except (OSError, ValueError):
        return
    groups, name = project.get("entry-points", {}), project.get("name", "project")
    info = folder / f"{name}-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{point} = {value}\n" for point, value in points.items()) + "\n"
        for group, points in groups.items()), encoding="utf-8")


#: What the profile-guided compile is trained on: (game, variant, seeded games at each of 2 and 4
#: players). Every 40th move, a greedy agent's look-ahead (each legal move on a clone, then its
#: features) and a search rollout (a clone played to the end): what the agents make the engines do.
TRAINING = (("aoc", None, 60), ("tta", "first-game", 4), ("tta", None, 1), ("7ages", None, 1))


def play_training_games() -> None:
    """``TRAINING``'s games (``python build_native.py --train``, run by the build)."""
    from cardtools.core.loader import load_deck
    from cardtools.engine.contract import new_game, random_move

    for game_id, variant, games in TRAINING:
        game = new_game(load_deck(game_id, variant))
        for players in (2, 4):
            for seed in range(games):
                state, rng, moves = game.new_state(players, seed), random.Random(seed), 0
                while not state.is_terminal():
                    legal = state.legal_actions()
                    if moves % 40 == 0:
                        for move in legal:
                            after = state.clone()
                            after.apply(move)
                            after.features(state.current_player)
                        rollout = state.clone()
                        while not rollout.is_terminal():
                            rollout.apply(random_move(rollout, rollout.legal_actions(), rng))
                    state.apply(random_move(state, legal, rng))
                    moves += 1


def run(root: Path, command: list[str], env: dict[str, str] | None = None) -> str | None:
    """None when ``command`` succeeds, else the last line it said."""
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
    if not done.returncode:
        return None
    said = (done.stderr or done.stdout).strip().splitlines()
    return said[-1] if said else "failed"


def build(root: Path, patterns: list[str], out: Path, say=print, training: list[str] | None = None) -> dict[str, str]:
    """Compile the listed modules into ``out`` with a manifest; returns module -> source digest.
    ``training``: a command exercising the modules, for a profile-guided compile (``profile_guided``)."""
    if out.exists():
        shutil.rmtree(out)
    modules = modules_of(root, patterns)
    if not native.enabled():
        say("cardtools: CARDTOOLS_NATIVE=0, nothing compiled: the engines run as Python")
        return {}
    try:
        import Cython  # noqa: F401
        compiler()
    except (ImportError, RuntimeError) as error:
        say(f"cardtools: no compiled modules ({error}); the engines run as Python, slower")
        return {}
    out.mkdir(parents=True)
    start = time.monotonic()
    guided = training is not None and profile_guided()
    took = ("ten minutes on two cores, trained on the engines' games; CARDTOOLS_PGO=0 takes four" if guided
            else "four minutes on two cores")
    say(f"cardtools: compiling {len(modules)} engine modules with Cython (about {took})")
    biggest_first = sorted(modules, key=lambda m: -(root / modules[m]).stat().st_size)
    with tempfile.TemporaryDirectory() as scratch, ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        work, profile = Path(scratch), Path(scratch) / "profile"

        def compile_all(names: list[str], flags: list[str]) -> dict[str, str | None]:
            return dict(zip(names, pool.map(lambda m: run(root, [*compiler(), *flags, str(work / f"{m}.c"), "-o",
                                                                 str(out / f"{m}{native.SUFFIX}")]), names)))

        failed = dict(zip(biggest_first, pool.map(lambda m: translate(root, m, modules[m], work), biggest_first)))
        translated = [m for m in biggest_first if failed[m] is None]
        flags: list[str] = []
        if guided:
            counted = compile_all(translated, profile_flags(profile, use=False))
            native.write_manifest(out, {m: native.source_digest(root / modules[m]) for m in translated if counted[m] is None})
            why = train(root, training, out, profile)
            if why is None:
                flags = profile_flags(profile, use=True)
            else:
                say(f"cardtools: the training games did not run ({why}); compiled without a profile")
        failed.update(compile_all(translated, flags))
    for name in translated:
        if failed[name] is not None:                 # (an instrumented copy may be left)
            (out / f"{name}{native.SUFFIX}").unlink(missing_ok=True)
    built = {m: native.source_digest(root / modules[m]) for m in modules if failed[m] is None}
    for name, why in sorted(failed.items()):
        if why is not None:
            say(f"cardtools: {name} not compiled (runs as Python): {why}")
    native.write_manifest(out, built)
    guide = ", guided by the training games' profile" if flags else ""
    say(f"cardtools: {len(built)} of {len(modules)} modules compiled{guide} in {time.monotonic() - start:.0f} s")
    return built


class NativeBuildHook(BuildHookInterface):
    """hatchling: compile into the source tree for an editable install, into the wheel otherwise."""

    def initialize(self, version, build_data):
        root, patterns = Path(self.root), list(self.config.get("modules", []))
        training = [sys.executable, str(root / "build_native.py"), "--train"] if self.config.get("train") else None
        if version == "editable":
            build(root, patterns, root / "cardtools" / "_native", say=self.app.display_info, training=training)
            return
        self.scratch = Path(tempfile.mkdtemp(prefix="cardtools-native-"))
        out = self.scratch / "_native"
        if build(root, patterns, out, say=self.app.display_info, training=training):
            build_data["force_include"][str(out)] = "cardtools/_native"
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def finalize(self, version, build_data, artifact_path):
        """The wheel holds its copy of the compiled modules: the scratch folder goes."""
        scratch = getattr(self, "scratch", None)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    import tomllib

    if sys.argv[1:] == ["--train"]:
        play_training_games()
        sys.exit(0)
    here = Path(__file__).resolve().parent
    hook = tomllib.loads((here / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["hooks"]["custom"]
    training = [sys.executable, str(here / "build_native.py"), "--train"] if hook.get("train") else None
    sys.exit(0 if build(here, hook["modules"], here / "cardtools" / "_native", training=training) else 1)

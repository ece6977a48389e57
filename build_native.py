"""Compiles the engines' hot modules with Cython when cardtools is installed (a hatchling build hook).

The modules are the ones `[tool.hatch.build.hooks.custom] modules` lists in pyproject.toml; each is
compiled unchanged (Python semantics, annotations not used as C types) into
`cardtools/_native/<module><suffix>`, beside a manifest of the sources' SHA-256 that
`cardtools/native.py` checks at import. Between Cython and the C compiler, each attribute read and
write, method call and subscript of the generated C gets an inline cache (inline_caches.h), as
Python's interpreter gives each of its own. Without Cython or a C compiler, or with CARDTOOLS_NATIVE=0,
nothing is compiled and cardtools runs as Python. After editing a listed module, `pip install -e .`
(or `python build_native.py`) compiles it again; until then it runs as Python.
"""

from __future__ import annotations

import glob
import importlib.util
import os
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


def compile_one(root: Path, name: str, source: Path, work: Path, out: Path) -> str | None:
    """Cython, the inline caches, then the C compiler, for one module; None when done, else why it failed."""
    c_file = work / f"{name}.c"
    failed = run(root, [sys.executable, "-m", "cython", "--directive", DIRECTIVES, "--module-name", name,
                        str(source), "-o", str(c_file)])
    if failed:
        return failed
    with_inline_caches(c_file)
    return run(root, [*compiler(), str(c_file), "-o", str(out / f"{name}{native.SUFFIX}")])


def run(root: Path, command: list[str]) -> str | None:
    """None when ``command`` succeeds, else the last line it said."""
    done = subprocess.run(command, cwd=root, capture_output=True, text=True)
    if not done.returncode:
        return None
    said = (done.stderr or done.stdout).strip().splitlines()
    return said[-1] if said else "failed"


def build(root: Path, patterns: list[str], out: Path, say=print) -> dict[str, str]:
    """Compile the listed modules into ``out`` with a manifest; returns module -> source digest."""
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
    say(f"cardtools: compiling {len(modules)} engine modules with Cython (about four minutes on two cores)")
    biggest_first = sorted(modules, key=lambda m: -(root / modules[m]).stat().st_size)
    with tempfile.TemporaryDirectory() as work, ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        failed = dict(zip(biggest_first, pool.map(
            lambda m: compile_one(root, m, modules[m], Path(work), out), biggest_first)))
    built = {m: native.source_digest(root / modules[m]) for m in modules if failed[m] is None}
    for name, why in sorted(failed.items()):
        if why is not None:
            say(f"cardtools: {name} not compiled (runs as Python): {why}")
    native.write_manifest(out, built)
    say(f"cardtools: {len(built)} of {len(modules)} modules compiled in {time.monotonic() - start:.0f} s")
    return built


class NativeBuildHook(BuildHookInterface):
    """hatchling: compile into the source tree for an editable install, into the wheel otherwise."""

    def initialize(self, version, build_data):
        root, patterns = Path(self.root), list(self.config.get("modules", []))
        if version == "editable":
            build(root, patterns, root / "cardtools" / "_native", say=self.app.display_info)
            return
        self.scratch = Path(tempfile.mkdtemp(prefix="cardtools-native-"))
        out = self.scratch / "_native"
        if build(root, patterns, out, say=self.app.display_info):
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

    here = Path(__file__).resolve().parent
    config = tomllib.loads((here / "pyproject.toml").read_text(encoding="utf-8"))
    listed = config["tool"]["hatch"]["build"]["hooks"]["custom"]["modules"]
    sys.exit(0 if build(here, listed, here / "cardtools" / "_native") else 1)

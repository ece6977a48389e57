"""Compiled copies of the engines' hot modules, used only while they match their source.

`pip install` compiles the modules that pyproject.toml lists (`[tool.hatch.build.hooks.custom]`)
with Cython into `cardtools/_native/` (build_native.py); the rules stay Python, the compiled copy
only runs them faster (1.3-2.2x in games/s: docs/simulation.md § Compiled engine modules). The
manifest there records the SHA-256 of the source each copy was compiled from; a module whose `.py` differs from it
(edited since the build) is imported as Python, so an edit is never hidden by a stale build.
`CARDTOOLS_NATIVE=0` in the environment turns the compiled copies off (a debugger, coverage).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
#: Where the compiled copies are: beside the package, or where CARDTOOLS_NATIVE_FOLDER says (the
#: build's training run, before the install, uses the copies it is compiling: build_native.py).
FOLDER = Path(os.environ.get("CARDTOOLS_NATIVE_FOLDER") or PACKAGE / "_native")
MANIFEST = "manifest.json"
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def enabled() -> bool:
    """False when CARDTOOLS_NATIVE=0 (at install: compile nothing; at run time: use nothing compiled)."""
    return os.environ.get("CARDTOOLS_NATIVE", "1") != "0"


def source_digest(path: Path) -> str:
    """The SHA-256 the manifest records for a module's source."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_manifest(folder: Path, built: dict[str, str]) -> None:
    """Record which modules were compiled for this interpreter, and from which sources."""
    manifest = {"suffix": SUFFIX, "modules": dict(sorted(built.items()))}
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


class NativeFinder:
    """Finds a listed module's compiled copy when it was built for this interpreter from the
    module's current source; otherwise leaves the import to Python's own finders."""

    def __init__(self, folder: Path, built: dict[str, str], root: Path = PACKAGE.parent):
        self.folder, self.root = folder, root
        self.built = built            # module name -> SHA-256 of the source it was compiled from
        self.used: list[str] = []     # compiled copies imported
        self.stale: list[str] = []    # listed modules imported as Python: changed since the build

    def find_spec(self, fullname, path=None, target=None):
        digest = self.built.get(fullname)
        if digest is None:
            return None
        source = self.root / (fullname.replace(".", "/") + ".py")
        compiled = self.folder / (fullname + SUFFIX)
        try:
            if not compiled.is_file() or source_digest(source) != digest:
                self.stale.append(fullname)
                return None
        except OSError:
            return None
        self.used.append(fullname)
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(compiled))
        return importlib.util.spec_from_file_location(fullname, compiled, loader=loader)


def read_manifest(folder: Path) -> dict[str, str]:
    """Module name -> source digest of the copies built for this interpreter ({} when none are)."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        if manifest.get("suffix") != SUFFIX:
            return {}
        return {str(name): str(digest) for name, digest in manifest["modules"].items()}
    except (OSError, ValueError, KeyError, AttributeError, TypeError):
        return {}


FINDER: NativeFinder | None = None


def install() -> None:
    """Put the finder first on the import path (once, from cardtools/__init__.py), unless turned
    off or nothing was built."""
    global FINDER
    built = read_manifest(FOLDER) if enabled() and FINDER is None else {}
    if built:
        FINDER = NativeFinder(FOLDER, built)
        sys.meta_path.insert(0, FINDER)


def status() -> str:
    """One line for a benchmark's header: which listed modules run compiled, which as Python."""
    if not enabled():
        return "compiled modules off (CARDTOOLS_NATIVE=0)"
    if FINDER is None:
        return "no compiled modules (pure Python: pip install -e . builds them; docs/simulation.md § Compiled engine modules)"
    line = f"{len(FINDER.used)} compiled modules in use"
    if FINDER.stale:
        line += f", {len(FINDER.stale)} run as Python (changed since the build: {', '.join(sorted(FINDER.stale))})"
    return line

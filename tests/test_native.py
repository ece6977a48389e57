"""The engines' compiled modules: built by the install, used only while they match their source, and
playing exactly the games the Python modules play."""

import json
import os
import subprocess
import sys
import textwrap
import tomllib
import zipfile
from pathlib import Path

import pytest

import build_native
from cardtools import native

REPO = Path(__file__).parent.parent
LISTED = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["hooks"]["custom"]["modules"]


def test_every_listed_pattern_names_modules():
    for pattern in LISTED:
        assert build_native.modules_of(REPO, [pattern]), f"{pattern} names no module: renamed?"
    names = build_native.modules_of(REPO, LISTED)
    assert "cardtools.engine.state" in names and "cardtools.engine.__init__" not in names


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A tiny package compiled by the real build: one module that compiles, one Cython refuses."""
    root = tmp_path_factory.mktemp("native")
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "fast.py").write_text(textwrap.dedent('''\
        def piece(x):
            what = f"{x} on"
            return f"{'an' if what[0] in 'aeiou' else 'a'} {what}"
        '''))
    (root / "pkg" / "refused.py").write_text("def f(a, b):\n    return min([*a, *([b] if b else [])])\n")
    said = []
    digests = build_native.build(root, ["pkg/*.py"], root / "pkg" / "_native", say=said.append)
    return root, digests, said


def test_the_build_compiles_what_it_can_and_names_what_it_cannot(built):
    root, digests, said = built
    assert list(digests) == ["pkg.fast"]
    assert any("pkg.refused not compiled (runs as Python)" in line and "starred" in line for line in said), said
    assert said[-1].startswith("cardtools: 1 of 2 modules compiled in ")
    manifest = json.loads((root / "pkg" / "_native" / "manifest.json").read_text())
    assert manifest == {"suffix": native.SUFFIX, "modules": digests}


def test_a_compiled_module_is_used_while_its_source_is_unchanged(built, monkeypatch):
    root, digests, _ = built
    finder = native.NativeFinder(root / "pkg" / "_native", native.read_manifest(root / "pkg" / "_native"), root)
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    for name in ("pkg", "pkg.fast", "pkg.refused"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import pkg.fast
    import pkg.refused

    assert pkg.fast.__file__.endswith(native.SUFFIX) and pkg.refused.__file__.endswith("refused.py")
    assert pkg.fast.piece("infantry") == "an infantry on" and pkg.fast.piece("farm") == "a farm on"
    assert finder.used == ["pkg.fast"] and finder.stale == []


def test_an_edited_module_runs_as_python(built, tmp_path):
    root, digests, _ = built
    source = root / "pkg" / "fast.py"
    finder = native.NativeFinder(root / "pkg" / "_native", digests, root)
    original = source.read_text()
    try:
        source.write_text(original + "\n# edited after the build\n")
        assert finder.find_spec("pkg.fast") is None and finder.stale == ["pkg.fast"]
    finally:
        source.write_text(original)
    assert finder.find_spec("pkg.fast").origin.endswith(native.SUFFIX)


@pytest.mark.slow
def test_a_wheel_carries_the_compiled_modules_and_leaves_no_scratch(tmp_path):
    """`pip wheel` (a non-editable install) through the real hook: the extensions and the manifest
    go into the wheel under cardtools/_native, tagged for this platform; the build's scratch
    folder is removed once the wheel is written."""
    project = tmp_path / "project"
    (project / "cardtools").mkdir(parents=True)
    (project / "cardtools" / "__init__.py").write_text("")
    (project / "cardtools" / "fast.py").write_text("def double(x):\n    return 2 * x\n")
    (project / "cardtools" / "native.py").write_text((REPO / "cardtools" / "native.py").read_text())
    (project / "build_native.py").write_text((REPO / "build_native.py").read_text())
    (project / "pyproject.toml").write_text(textwrap.dedent('''\
        [build-system]
        requires = ["hatchling>=1.21", "Cython>=3.1,<4"]
        build-backend = "hatchling.build"
        [project]
        name = "cardtools"
        version = "0"
        [tool.hatch.build.targets.wheel]
        packages = ["cardtools"]
        [tool.hatch.build.hooks.custom]
        path = "build_native.py"
        modules = ["cardtools/fast.py"]
        '''))
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch), "CARDTOOLS_NATIVE": "1"}
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(tmp_path / "out"),
                           str(project)], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = (tmp_path / "out").glob("*.whl")
    assert not wheel.name.endswith("-none-any.whl"), wheel.name        # a platform wheel
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        manifest = json.loads(archive.read("cardtools/_native/manifest.json"))
    assert f"cardtools/_native/cardtools.fast{native.SUFFIX}" in names
    assert manifest["modules"] == {"cardtools.fast": native.source_digest(project / "cardtools" / "fast.py")}
    assert not list(scratch.glob("cardtools-native-*")), "the build's scratch folder was left behind"


@pytest.mark.parametrize("manifest", ['{"suffix": ".cpython-39-darwin.so", "modules": {"pkg.fast": "0"}}',
                                      '{"modules": [', '[]', '{"suffix": "%s"}' % native.SUFFIX])
def test_a_manifest_for_another_python_or_damaged_is_no_build(tmp_path, manifest):
    (tmp_path / "manifest.json").write_text(manifest)
    assert native.read_manifest(tmp_path) == {}


GAMES = textwrap.dedent('''\
    import hashlib, random, sys
    from cardtools import native
    from cardtools.core.loader import load_deck
    from cardtools.engine.contract import random_move
    from cardtools.games.aoc.rules import Game as AoC
    from cardtools.games.seven_ages.rules import Game as SevenAges
    from cardtools.games.tta.rules import Game as TtA
    digest = hashlib.sha256()
    for game, games in ((AoC(load_deck("aoc")), 40), (TtA(load_deck("tta", "first-game")), 3),
                        (TtA(load_deck("tta")), 1), (SevenAges(load_deck("7ages")), 1)):
        for seed in range(games):
            state, rng = game.new_state(4, seed, log=True), random.Random(seed)
            while not state.is_terminal():
                state.apply(random_move(state, state.legal_actions(), rng))
            digest.update("\\n".join(state.log).encode())
    print(len(native.FINDER.used) if native.FINDER else 0, digest.hexdigest())
    ''')


@pytest.mark.slow
def test_compiled_engines_play_the_games_python_plays():
    if native.FINDER is None and not os.environ.get("CI"):
        pytest.skip("no compiled modules here (pip install -e . builds them)")
    ran = {}
    for setting in ("1", "0"):
        env = {**os.environ, "CARDTOOLS_NATIVE": setting, "PYTHONHASHSEED": "0"}
        done = subprocess.run([sys.executable, "-c", GAMES], env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        ran[setting] = done.stdout.split()
    assert int(ran["1"][0]) >= 20, "the install compiled the engines (CI builds them): too few in use"
    assert ran["0"][0] == "0" and ran["1"][1] == ran["0"][1]

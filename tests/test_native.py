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
    (root / "pkg" / "cached.py").write_text(CACHED)
    said = []
    digests = build_native.build(root, ["pkg/*.py"], root / "pkg" / "_native", say=said.append, training=TRAINING)
    return root, digests, said


#: The fixture's training run: its compiled copies (instrumented, in CARDTOOLS_NATIVE_FOLDER) in use.
TRAINING = [sys.executable, "-c", textwrap.dedent("""\
    import os, sys
    from pathlib import Path
    from cardtools import native
    folder = Path(os.environ["CARDTOOLS_NATIVE_FOLDER"])
    sys.meta_path.insert(0, native.NativeFinder(folder, native.read_manifest(folder), Path.cwd()))
    import pkg.cached, pkg.fast
    assert pkg.fast.__file__.endswith(native.SUFFIX)
    pkg.fast.piece("farm")
    pkg.cached.cases()
    """)]


def test_the_build_compiles_what_it_can_and_names_what_it_cannot(built):
    root, digests, said = built
    assert list(digests) == ["pkg.cached", "pkg.fast"]
    assert any("pkg.refused not compiled (runs as Python)" in line and "starred" in line for line in said), said
    if build_native.profile_guided():
        assert said[-1].startswith("cardtools: 2 of 3 modules compiled, guided by the training games' profile in "), said
    else:
        assert said[-1].startswith("cardtools: 2 of 3 modules compiled in "), said
    manifest = json.loads((root / "pkg" / "_native" / "manifest.json").read_text())
    assert manifest == {"suffix": native.SUFFIX, "modules": digests}


@pytest.mark.skipif(not build_native.profile_guided(), reason="profile-guided builds need GCC 10 or later")
@pytest.mark.parametrize("training, why", [
    ("raise SystemExit('no games here')", "the training games did not run (no games here); compiled without a profile"),
    ("import pkg.fast", "the training games did not run (it ran none of the compiled modules); compiled without a profile"),
])
def test_training_that_fails_or_runs_nothing_compiled_leaves_an_unguided_build(tmp_path, training, why):
    """A training run that fails, or imports the Python modules instead of the instrumented copies,
    gives no profile: the build says so and compiles without one, the modules still compiled."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "fast.py").write_text("def double(x):\n    return 2 * x\n")
    said = []
    digests = build_native.build(tmp_path, ["pkg/*.py"], tmp_path / "pkg" / "_native", say=said.append,
                                 training=[sys.executable, "-c", training])
    assert list(digests) == ["pkg.fast"]
    assert f"cardtools: {why}" in said, said
    assert said[-1].startswith("cardtools: 1 of 1 modules compiled in "), said


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


#: Attribute reads (slots, instance and class attributes, named tuples' fields), method calls and
#: subscripts at one call site each, while the types change under them: the compiled module's inline
#: caches (inline_caches.h) must answer as Python does.
CACHED = textwrap.dedent('''\
    class Slotted:
        __slots__ = ("a",)
        def __init__(self, a):
            self.a = a
        def m(self):
            return "slotted m"

    class Wider(Slotted):
        __slots__ = ("b",)
        def __init__(self, a):
            self.b, self.a = "b", a

    class Plain:
        def __init__(self):
            self.x = "instance x"
        def m(self):
            return "plain m"

    def read_a(o):
        try:
            return o.a
        except AttributeError:
            return "AttributeError"

    def read_x(o):
        return o.x

    def call_m(o):
        return o.m()

    class Guarded(Slotted):
        __slots__ = ()
        def __init__(self, a):
            object.__setattr__(self, "a", a)
        def __setattr__(self, name, value):
            raise AttributeError("guarded")

    def write_a(o, value):
        try:
            o.a = value
            return o.a
        except AttributeError as e:
            return str(e)

    def is_leader(kind):
        return kind == "leader"

    class Word(str):
        pass

    def item(seq, i):
        try:
            return seq[i]
        except (IndexError, TypeError) as e:
            return type(e).__name__

    class Table:
        __slots__ = ("own",)
        KINDS = {"coins": 1}

    class Wide(Table):
        __slots__ = ()
        KINDS = "wide kinds"

    def read_kinds(o):
        return o.KINDS

    from collections import namedtuple
    Pair = namedtuple("Pair", "first second")

    class Shadowed(Pair):
        __slots__ = ()
        first = property(lambda self: "property first")

    def read_second(o):
        try:
            return o.second
        except IndexError as e:
            return type(e).__name__

    def read_first(o):
        return o.first

    def cases():
        s, p, q = Slotted(1), Plain(), Plain()
        out = [read_a(s), read_a(s), read_a(Wider(2)), read_x(p), read_x(p)]
        q.x = "another x"
        out += [read_x(q), read_x(p)]
        p.x = "changed x"                                   # the same instance, its dict changed
        out.append(read_x(p))
        p.x = "instance x"
        del s.a                                             # an empty slot
        out.append(read_a(s))
        Plain.x = property(lambda self: "property x")       # a data descriptor wins over the instance
        out.append(read_x(p))
        del Plain.x
        out += [read_x(p), call_m(s), call_m(s), call_m(Wider(3)), call_m(p), call_m(p)]
        p.m = lambda: "instance m"                          # the instance's own attribute wins
        out.append(call_m(p))
        del p.m
        Slotted.m = lambda self: "replaced m"
        out += [call_m(p), call_m(s), call_m(Wider(4))]
        out += [write_a(s, "w1"), write_a(s, "w2"), write_a(Wider(5), "w3"), write_a(Guarded(6), "w4")]
        out += [is_leader("leader"), is_leader("lea" + "der".lower()), is_leader("wonder"), is_leader("lead"),
                is_leader(Word("leader")), is_leader("lеader"[:6])]
        out += [item([1, 2], 1), item([1, 2], 2), item((3,), 0), item([1, 5], -1), item([1], 2 ** 40),
                item({0: "dict"}, 0), item("ab", 1), item([1, 6], True), item([1], "0")]
        t = Table()
        out += [read_kinds(t), read_kinds(t), read_kinds(Wide())]
        Table.KINDS = {"coins": 2}                          # a class attribute replaced
        out.append(read_kinds(t))
        Table.KINDS = property(lambda self: "property kinds")   # then a descriptor
        out.append(read_kinds(t))
        Table.KINDS = Word("kinds")                         # a value of a class of ours …
        out += [read_kinds(t), read_kinds(t)]
        Word.__get__ = lambda self, obj, owner: "a descriptor now"   # … which becomes a descriptor
        out.append(read_kinds(t))
        del Word.__get__
        out += [read_second(Pair(1, 2)), read_second(Pair(3, 4)), read_second(tuple.__new__(Pair, (5,))),
                read_first(Pair(6, 7)), read_first(Shadowed(8, 9)), read_first(Pair(10, 11))]
        return out
    ''')


def test_the_compiled_inline_caches_answer_as_python_does(built, monkeypatch):
    root, _, _ = built
    finder = native.NativeFinder(root / "pkg" / "_native", native.read_manifest(root / "pkg" / "_native"), root)
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    for name in ("pkg", "pkg.cached"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import pkg.cached

    as_python: dict = {}
    exec(CACHED, as_python)
    assert pkg.cached.__file__.endswith(native.SUFFIX)
    assert pkg.cached.cases() == as_python["cases"]() == [
        1, 1, 2, "instance x", "instance x", "another x", "instance x", "changed x", "AttributeError",
        "property x", "instance x", "slotted m", "slotted m", "slotted m", "plain m", "plain m", "instance m",
        "plain m", "replaced m", "replaced m",
        "w1", "w2", "w3", "guarded", True, True, False, False, True, False,
        2, "IndexError", 3, 5, "IndexError", "dict", "b", 6, "TypeError",
        {"coins": 1}, {"coins": 1}, "wide kinds", {"coins": 2}, "property kinds", "kinds", "kinds", "a descriptor now",
        2, 4, "IndexError", 6, "property first", 10]
    plain = pkg.cached.Plain()
    for i in range(300):      # the interpreter's own stores, specialised after a few, between compiled reads
        plain.x = i
        assert pkg.cached.read_x(plain) == i


def test_only_the_call_sites_take_the_inline_caches(tmp_path):
    """Cython's definitions of the generic calls stay; every use of them goes through a cache."""
    c_file = tmp_path / "m.c"
    c_file.write_text(textwrap.dedent('''\
        static CYTHON_INLINE PyObject* __Pyx_PyObject_GetAttrStr(PyObject* obj, PyObject* attr_name);
        #define __Pyx_PyObject_GetAttrStr(o,n) PyObject_GetAttr(o,n)
        #define __Pyx_PyObject_FastCallMethod(name, args, nargsf) PyObject_VectorcallMethod(name, args, nargsf, NULL)
        static PyObject *__Pyx_PyObject_GetItem(PyObject *obj, PyObject *key) {
        t1 = __Pyx_PyObject_GetAttrStr(__pyx_v_self, __pyx_n_u_a); t2 = __Pyx_PyObject_GetItem(t1, k);
        t3 = __Pyx_PyObject_FastCallMethod((PyObject*)__pyx_n_u_m, args+1, 2);
        '''))
    build_native.with_inline_caches(c_file)
    lines = c_file.read_text().splitlines()
    assert lines[:4] == [
        "static CYTHON_INLINE PyObject* __Pyx_PyObject_GetAttrStr(PyObject* obj, PyObject* attr_name);",
        "#define __Pyx_PyObject_GetAttrStr(o,n) PyObject_GetAttr(o,n)",
        "#define __Pyx_PyObject_FastCallMethod(name, args, nargsf) PyObject_VectorcallMethod(name, args, nargsf, NULL)",
        "static PyObject *__Pyx_PyObject_GetItem(PyObject *obj, PyObject *key) {"]
    assert lines[4:] == ["t1 = CT_GETATTR(__pyx_v_self, __pyx_n_u_a); t2 = CT_GETITEM(t1, k);",
                         "t3 = CT_CALLMETHOD((PyObject*)__pyx_n_u_m, args+1, 2);"]


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
    (project / "inline_caches.h").write_text((REPO / "inline_caches.h").read_text())
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

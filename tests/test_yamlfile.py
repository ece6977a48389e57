"""The loader: YAML 1.2 scalars, strictness, and a position for every value (property tests)."""

import string
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtools.core.yamlfile import load_yaml

words = st.text(alphabet=string.ascii_letters + " _-", min_size=1, max_size=12)
scalars = st.none() | st.booleans() | st.integers(-10**12, 10**12) | words
data = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(words, inner, max_size=4),
                    max_leaves=30)


def pointers(value, prefix=""):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from pointers(v, f"{prefix}/{k.replace('~', '~0').replace('/', '~1')}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from pointers(v, f"{prefix}/{i}")


@given(data, st.sampled_from([False, True]))
@settings(max_examples=300)
def test_round_trip_and_every_value_has_a_position(value, flow):
    text = yaml.safe_dump(value, default_flow_style=flow, allow_unicode=True)
    doc, diagnostics = load_yaml(Path("x.yaml"), text)
    assert diagnostics == []
    assert doc.data == value
    for pointer in pointers(value):
        pos = doc.values[pointer]
        assert 1 <= pos.line <= text.count("\n") + 1 and pos.col >= 1


@given(st.text(max_size=200))
@settings(max_examples=500)
def test_any_text_gives_data_or_diagnostics_never_an_exception(text):
    doc, diagnostics = load_yaml(Path("x.yaml"), text)
    assert doc is not None or diagnostics
    for d in diagnostics:
        assert d.location.line >= 1 and d.location.col >= 1


def test_yaml_1_2_scalars():
    doc, _ = load_yaml(Path("x.yaml"), "on: yes\noff: no\ny: n\nt: true\nf: False\nn: ~\ni: 0x1F\no: 0o17\n"
                                       "fl: 3.10\nv: '3.10'\nd: 2020-01-01\n")
    assert doc.data == {"on": "yes", "off": "no", "y": "n", "t": True, "f": False, "n": None, "i": 31, "o": 15,
                        "fl": 3.1, "v": "3.10", "d": "2020-01-01"}


def test_numbers_as_keys_become_strings_like_json():
    doc, _ = load_yaml(Path("x.yaml"), "count: {2: 1, 3: 2}\n")
    assert doc.data == {"count": {"2": 1, "3": 2}}


def test_key_positions_are_recorded():
    doc, _ = load_yaml(Path("x.yaml"), "a:\n  bb: 1\n")
    assert (doc.keys["/a/bb"].line, doc.keys["/a/bb"].col) == (2, 3)
    assert (doc.values["/a/bb"].line, doc.values["/a/bb"].col) == (2, 7)


def test_aliases_are_copied_not_shared():
    doc, _ = load_yaml(Path("x.yaml"), "a: &x {b: 1}\nc: *x\n")
    assert doc.data["a"] == doc.data["c"] and doc.data["a"] is not doc.data["c"]


def test_hostile_documents_are_refused_with_a_position():
    cases = {
        "a: &a [*a]\n": "alias",
        "a: *nope\n": "alias",
        "<<: {a: 1}\n": "merge-key",
        "? [a]\n: 1\n": "complex-key",
        "a: 1\n---\nb: 2\n": "syntax",
        "[" * 100_000 + "]" * 100_000: "too-deep",
        "- " * 100_000 + "x\n": "too-deep",
        "a: !custom 1\n": "forbidden-tag",
    }
    for text, code in cases.items():
        doc, diagnostics = load_yaml(Path("x.yaml"), text)
        assert doc is None and [d.code for d in diagnostics] == [code], text[:20]


def test_a_line_separator_is_refused_where_an_editor_shows_it(tmp_path):
    """libyaml counts U+2028 as a new line and editors do not, so every later position was off by a line."""
    path = tmp_path / "cards.yaml"
    path.write_text("- id: egypt\n  name: Eg\u2028ypt\n  count: x\n", encoding="utf-8")
    doc, found = load_yaml(path)
    assert doc is None
    assert [(d.location.line, d.location.col, d.code, d.message) for d in found] == [
        (2, 11, "syntax", "character U+2028 (LINE SEPARATOR) is a line break to YAML but not to editors: replace it "
                          "with a space or a new line")]

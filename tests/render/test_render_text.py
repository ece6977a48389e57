"""Card text markup, fitting with a floor, icons and fonts."""

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from cardtools.core.workspace import BUILTIN
from cardtools.render.fonts import Fonts
from cardtools.render.icons import IconSet, parse_path
from cardtools.render.richtext import FLOOR, MarkupError, Typesetter, parse

#: Icon tokens the effect-text generator emits for the AoC rules (docs/printing.md); the games'
#: vocabularies add theirs (see the test below).
TOKENS = ("coin worker score technology wonder military war sacrifice slot red_slot food resource science "
          "culture happy unhappy civil_action military_action glory money progress population").split()


def vocabulary_icons() -> set[str]:
    """Every ``icon:`` a game's vocabulary gives a word (templates/text/<game>/vocabulary.yaml)."""
    def icons(node):
        if isinstance(node, dict):
            return {node["icon"]} if isinstance(node.get("icon"), str) else set().union(*map(icons, node.values()))
        return set().union(*map(icons, node)) if isinstance(node, list) else set()

    files = sorted((BUILTIN / "templates" / "text").glob("*/vocabulary.yaml"))
    return set().union(*(icons(yaml.safe_load(f.read_text())) for f in files))


def test_markup_words_bold_and_icons():
    markup = parse("**Every turn end:** gain 3{coin}\nthen {worker}")
    first, second = markup.paragraphs
    assert [[(p.kind, p.value, p.bold) for p in w] for w in first] == [
        [("text", "Every", True)], [("text", "turn", True)], [("text", "end:", True)],
        [("text", "gain", False)], [("text", "3", False), ("icon", "coin", False)]]
    assert [[p.value for p in w] for w in second] == [["then"], ["worker"]]
    assert markup.icons() == ["coin", "worker"]


@pytest.mark.parametrize("text, problem", [("**open", "not closed"), ("a {coin", "unmatched '{'"), ("{}", "empty")])
def test_bad_markup(text, problem):
    with pytest.raises(MarkupError, match=problem):
        parse(text)


def test_fit_picks_the_largest_size_that_fits_and_never_goes_below_the_floor():
    typesetter = Typesetter(Fonts())
    words = parse("word " * 40)
    block = typesetter.fit(words, 150, 60, 12)
    assert FLOOR <= block.size < 12 and block.height <= 60
    assert typesetter.wrap(words, 150, block.size + 0.1).height > 60  # 0.1 pt larger would not fit
    assert typesetter.fit(parse("word " * 400), 150, 60, 12) is None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["gain", "3{coin}", "**Every**", "turn", "{worker}{worker}", "end:"]), max_size=30),
       st.floats(80, 200), st.floats(30, 120))
def test_fitted_text_stays_inside_its_box(words, width, height):
    typesetter = Typesetter(Fonts())
    block = typesetter.fit(parse(" ".join(words)), width, height, 10)
    if block is not None:
        assert block.height <= height + 1e-6 and block.width <= width + 1e-6 and block.size >= FLOOR


def test_missing_glyphs_are_found():
    assert Fonts().missing("Café → 🔥 火", "regular") == ["🔥", "火"]


def test_every_token_the_text_generator_emits_has_an_icon():
    icons = IconSet([BUILTIN / "templates" / "icons"])
    assert icons.problems == []
    assert {"blue_token", "yellow_token", "strength"} <= vocabulary_icons()  # the TtA vocabulary's own
    assert set(TOKENS) | vocabulary_icons() <= set(icons.names())


def test_icon_files_outside_the_svg_subset_are_reported_with_their_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "blur.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">\n'
                                      '  <circle cx="12" cy="12" r="5"/>\n  <mask id="m"/>\n</svg>\n')
    (tmp_path / "arc.svg").write_text('<svg viewBox="0 0 24 24"><path d="M0 0 A 5 5 0 0 1 10 10"/></svg>')
    icons = IconSet([tmp_path])
    assert sorted(d.format() for d in icons.problems) == sorted([
        "blur.svg:3:1: error[icon]: unsupported element <mask>: icons use path, circle, ellipse, rect, line, "
        "polyline, polygon and g",
        "arc.svg:1:1: error[icon]: <path>: arc commands (A) are not supported: use <circle>/<ellipse> or curves"])
    assert "blur" not in icons.names()


def test_path_data_relative_commands_and_quadratic_curves():
    assert parse_path("m1 2 h3 v4 z") == [("M", 1, 2), ("L", 4, 2), ("L", 4, 6), ("Z",)]
    [_, curve] = parse_path("M0 0 Q 3 3 6 0")
    assert curve == ("C", 2.0, 2.0, 4.0, 2.0, 6.0, 0.0)

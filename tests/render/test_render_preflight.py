"""Preflight: problems a designer can cause stop the build with the card's id and YAML line."""

import pytest

from cardtools.cli import main

CARDS = "decks/demo/cards.yaml"


def run(*argv):
    return main(list(argv))


def problems(capsys) -> list[str]:
    return [l for l in capsys.readouterr().err.splitlines() if ": error[" in l]


def test_clean_deck_prints(demo, capsys):
    assert run("pnp", "demo", "-o", "out/demo.pdf") == 0
    assert (demo.root / "out/demo.pdf").stat().st_size > 0


def test_text_too_long_to_fit_at_6_pt_names_card_and_line(demo, capsys):
    demo.replace(CARDS, "gain 2{coin}.", "gain 2{coin}. " + "And then some more words. " * 60)
    assert run("pnp", "demo", "-o", "out/demo.pdf") == 1
    [message] = problems(capsys)
    assert message.startswith("decks/demo/cards.yaml:8:9: error[text-overflow]: card 'archer': region 'effects'")
    assert "does not fit in 57.1 × 50.7 mm even at 6 pt" in message
    assert not (demo.root / "out/demo.pdf").exists()  # nothing half-made is left behind


def test_missing_glyph_names_the_character(demo, capsys):
    demo.replace(CARDS, "Cannot be attacked by {war} cards.", "Cannot be attacked by 火 cards.")
    assert run("pnp", "demo", "-o", "out/demo.pdf") == 1
    [message] = problems(capsys)
    assert message.startswith("decks/demo/cards.yaml:17:9: error[missing-glyph]: card 'knight'")
    assert "font 'regular' has no glyph for '火' (U+706B)" in message


def test_unknown_icon_token_with_suggestion(demo, capsys):
    demo.replace(CARDS, "gain 2{coin}.", "gain 2{coins}.")
    assert run("pnp", "demo", "-o", "out/demo.pdf") == 1
    [message] = problems(capsys)
    assert message.startswith("decks/demo/cards.yaml:8:9: error[unknown-icon]: card 'archer'")
    assert message.endswith("unknown icon '{coins}'; did you mean 'coin'?")


def test_unbalanced_bold_markup(demo, capsys):
    demo.replace(CARDS, "**On arrival:** gain", "**On arrival: gain")
    assert run("pnp", "demo", "-o", "out/demo.pdf") == 1
    assert problems(capsys) == [
        "decks/demo/cards.yaml:8:9: error[markup]: card 'archer': region 'effects' "
        "(templates/layouts/default/card.yaml:65:3): a '**' bold span is not closed"
        .replace("templates/layouts/default/card.yaml", _default_layout())]


def _default_layout() -> str:
    import os

    from cardtools.core.workspace import BUILTIN

    return os.path.relpath(BUILTIN / "templates/layouts/default/card.yaml")


def test_all_problems_are_reported_in_one_run(demo, capsys):
    demo.replace(CARDS, "gain 2{coin}.", "gain 2{coins}.")
    demo.replace(CARDS, "Cannot be attacked by {war} cards.", "Cannot be attacked by 火 cards.")
    assert run("pnp", "demo", "-o", "out/demo.pdf") == 1
    assert [m.split(": error[")[1].split("]")[0] for m in problems(capsys)] == ["unknown-icon", "missing-glyph"]


def test_unknown_selection_is_a_usage_error(demo, capsys):
    assert run("pnp", "demo", "--only", "archr") == 2
    assert "'archr' is not a card id of demo; did you mean 'archer'?" in capsys.readouterr().err


def test_selection_by_tag_and_one_each(demo, capsys):
    assert run("pnp", "demo", "--only", "tag:light,banner", "--one-each", "--backs", "none", "-o", "o.pdf") == 0
    assert "2 cards, 1 pages" in capsys.readouterr().out


def test_selection_by_type(demo, capsys):
    types = {c.type for c in demo.deck()}
    assert run("pnp", "demo", "--only", "type:unit", "--backs", "none", "-o", "o.pdf") == 0
    units = sum(demo.deck().full_set(c) for c in demo.deck() if c.type == "unit")
    assert f"{units} cards" in capsys.readouterr().out and len(types) > 1


@pytest.mark.parametrize("only, message", [
    ("unit", "'unit' is not a card id; for every card of that type, write type:unit"),
    ("light", "'light' is not a card id; for every card of that tag, write tag:light"),
    ("tag:heavy", "no card of demo has the tag 'heavy'"),
    ("type:units", "'units' is not a card type of demo; did you mean 'unit'?"),
    ("kind:unit", "'kind:unit': use a card id, tag:NAME or type:NAME"),
])
def test_a_selection_that_names_nothing_is_an_error_with_a_hint(demo, capsys, only, message):
    assert run("pnp", "demo", "--only", only, "-o", "o.pdf") == 2
    assert message in capsys.readouterr().err
    assert not demo.path("o.pdf").exists()


def test_a_selection_of_cards_printed_elsewhere_is_an_error(capsys):
    assert run("pnp", "7ages", "--only", "type:artefact", "-o", "o.pdf") == 2
    assert "selects only cards with count 0 (they are printed on other cards)" in capsys.readouterr().err


def test_tags_on_a_deck_without_tags_name_the_types_instead(capsys):
    assert run("pnp", "aoc", "--only", "tag:wonders", "-o", "o.pdf") == 2
    assert "no card of aoc has tags; select by id or type:NAME (civilization, " in capsys.readouterr().err


def test_output_goes_to_out_of_the_current_folder(tmp_path, monkeypatch, capsys):
    """Run from an empty folder, the shipped game prints into ./out/, never beside the package."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CARDTOOLS_ROOT", raising=False)
    assert run("pnp", "aoc", "--only", "egypt", "--one-each") == 0
    assert capsys.readouterr().out.startswith("wrote out/aoc-pnp-a4.pdf: 1 cards")
    assert (tmp_path / "out/aoc-pnp-a4.pdf").stat().st_size > 0

"""Preflight: problems a designer can cause stop the build with the card's id and YAML line."""

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
    assert "'archr' is neither a card id nor a tag in demo; did you mean 'archer'?" in capsys.readouterr().err


def test_selection_by_tag_and_one_each(demo, capsys):
    assert run("pnp", "demo", "--only", "light,banner", "--one-each", "--backs", "none", "-o", "o.pdf") == 0
    assert "2 cards, 1 pages" in capsys.readouterr().out

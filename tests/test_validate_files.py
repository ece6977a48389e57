"""`cardtools validate` checks everything a build reads besides the deck (layouts, reference sheet
templates, icons in card text), the agent profiles and the scenario files, with positions."""

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent


def errors(err: str) -> list[str]:
    return [line for line in err.splitlines() if ": error[" in line or ": warning[" in line]


LAYOUT = """# yaml-language-server: $schema=../../../schemas/layout.schema.json
extends: default/card
front:
  title:
    align: lefft
"""


def test_a_layout_mistake_is_found_by_validate_not_only_by_pnp(mini, cli):
    mini.write("templates/layouts/mini/unit.yaml", LAYOUT)
    expected = ["templates/layouts/mini/unit.yaml:5:12: error[schema]: layout.front.title.align: 'lefft' is not one "
                "of 'left', 'center', 'right'; did you mean 'left'?"]
    for args in (("validate",), ("validate", "mini"), ("validate", "templates"),
                 ("validate", "templates/layouts/mini/unit.yaml")):
        code, _, err = cli(*args)
        assert (code, errors(err)) == (1, expected), args
    code, _, err = cli("validate", "decks/mini/units.yaml")  # a card file: only its own problems
    assert code == 0


def test_a_file_no_game_reads_is_a_usage_error(mini, cli):
    mini.write("notes/todo.yaml", "a: 1\n")
    code, _, err = cli("validate", "notes/todo.yaml")
    assert code == 2 and "is neither inside a deck folder" in err


def test_a_reference_sheet_template_is_validated(mini, cli):
    mini.write("templates/reference/mini/sheet.yaml", "# yaml-language-server: $schema=../../../schemas/reference.schema.json\n"
                                                      "title: Mini\nsection: []\n")
    code, _, err = cli("validate", "templates/reference")
    assert code == 1
    assert "templates/reference/mini/sheet.yaml:3:1: error[unknown-key]: sheet: unknown key 'section'; " \
           "did you mean 'sections'?" in errors(err)


def test_an_unknown_icon_in_card_text_is_reported_at_the_card(mini, cli):
    mini.replace("schemas/mini/unit.schema.json", '"tags":', '"text": {"$ref": "../card.schema.json#/$defs/text"},\n    "tags":')
    mini.replace("decks/mini/units.yaml", "  cost: 2\n", "  cost: 2\n  text: \"Pay 2{coinn}: +1 {militray}.\"\n")
    code, _, err = cli("validate", "mini")
    assert code == 1
    assert [e for e in errors(err) if "error[" in e] == [
        "decks/mini/units.yaml:7:9: error[unknown-icon]: archer: unknown icon '{coinn}'; did you mean 'coin'?",
        "decks/mini/units.yaml:7:9: error[unknown-icon]: archer: unknown icon '{militray}'; did you mean 'military'?"]
    mini.replace("decks/mini/units.yaml", '"Pay 2{coinn}: +1 {militray}."', '"Pay 2{coin}: **bold"')
    code, _, err = cli("validate", "mini")
    assert "decks/mini/units.yaml:7:9: error[markup]: archer: a '**' bold span is not closed" in errors(err)


@pytest.fixture
def aoc_copy(tmp_path, monkeypatch):
    for folder in ("decks/aoc", "schemas", "templates/agents/aoc", "tests/scenarios/aoc"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_agent_profiles_and_scenarios_are_validated(aoc_copy, cli):
    profile = aoc_copy / "templates/agents/aoc/builder.yaml"
    profile.write_text(profile.read_text().replace("  wonders: 5", "  wonder: 5"))
    scenario = aoc_copy / "tests/scenarios/aoc/rest.yaml"
    scenario.write_text(scenario.read_text().replace("\ndo:", "\ndoo:"))
    line = scenario.read_text().splitlines().index("doo:") + 1
    code, _, err = cli("validate", "aoc")
    assert code == 1
    found = errors(err)
    assert found[0].startswith("templates/agents/aoc/builder.yaml:8:3: error[profile]: the aoc engine has no "
                               "feature 'wonder'; did you mean 'wonders'?")
    assert found[1] == f"tests/scenarios/aoc/rest.yaml:{line}:1: error[unknown-key]: scenario: unknown key 'doo'; " \
                       "did you mean 'do'?"
    assert len(found) == 2
    code, _, err = cli("validate", "tests/scenarios/aoc/rest.yaml")
    assert (code, errors(err)) == (1, found[1:])


def test_a_scenario_naming_a_card_the_deck_lacks_is_an_error_at_its_position(aoc_copy, cli):
    scenario = aoc_copy / "tests/scenarios/aoc/rise-egypt-four-workers.yaml"
    scenario.write_text(scenario.read_text().replace("civ_market: [egypt, china,", "civ_market: [egypt, chnia,"))
    code, _, err = cli("validate", "aoc")
    assert (code, errors(err)) == (1, [
        "tests/scenarios/aoc/rise-egypt-four-workers.yaml:8:23: error[schema]: scenario.setup.civ_market[1]: no "
        "civilization with id 'chnia' in this deck; did you mean 'china'?"])


@pytest.mark.parametrize("manifest", [None, "game.yml"])
def test_a_deck_folder_without_its_manifest_is_an_error_not_skipped(mini, cli, manifest):
    """A deck folder whose game.yaml is missing (deleted, or misnamed) was skipped without a word, and
    `validate` and `build` said all was well without reading its cards."""
    shutil.copytree(mini.path("decks/mini"), mini.path("decks/mygame"))
    mini.path("decks/mygame/game.yaml").unlink()
    if manifest:
        mini.write(f"decks/mygame/{manifest}", "game: mygame\n")
    hint = "rename decks/mygame/game.yml to game.yaml" if manifest else \
        "add one (cardtools new, docs/deck-format.md) or move the folder out of decks/"
    for command in ("validate", "build"):
        code, _, err = cli(command)
        assert code == 1, command
        assert errors(err) == [f"decks/mygame:1:1: error[no-manifest]: deck folder 'mygame' has no game.yaml; {hint}"]

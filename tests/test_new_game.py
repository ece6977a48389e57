"""`cardtools new`: a game of one's own, from an empty folder, whose card types declare their fields."""

import pdfplumber
import pytest


@pytest.fixture
def empty(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CARDTOOLS_ROOT", raising=False)
    return tmp_path


def text_of(pdf) -> str:
    with pdfplumber.open(pdf) as doc:
        return "\n".join(page.extract_text() or "" for page in doc.pages)


@pytest.mark.parametrize("starter", ["minimal", "aoc", "tta", "7ages"])
def test_a_new_game_builds_in_an_empty_folder(starter, empty, cli):
    code, out, _ = cli("new", "mygame", "--from", starter)
    assert code == 0 and out.startswith(f"made mygame ({starter}): 5 files")
    assert cli("build")[0] == 0
    assert sorted(p.name for p in (empty / "out").iterdir()) == [
        "mygame-pnp-a4.pdf", "mygame-pnp-letter.pdf", "mygame-reference-a4.pdf", "mygame-reference-letter.pdf"]
    assert cli("validate") == (0, "", "")
    assert cli("schema", "--check")[0] == 0


def test_a_field_added_to_the_manifest_can_be_printed_by_a_layout(empty, cli):
    assert cli("new", "mygame")[0] == 0
    manifest, cards, layout = (empty / f for f in ("decks/mygame/game.yaml", "decks/mygame/cards.yaml",
                                                   "templates/layouts/mygame/card.yaml"))
    # one line in the manifest, one in a card, and a region that prints it
    manifest.write_text(manifest.read_text().replace(
        "      upgrades_to:", "      motto: {type: string, description: Printed under the name.}\n      upgrades_to:"))
    cards.write_text(cards.read_text().replace("  color: blue\n", "  color: blue\n  motto: Hold the line\n"))
    layout.write_text(layout.read_text() + "  motto:\n    kind: text\n    x: safe\n    y: 40\n    width: 40\n"
                                           "    height: 6\n    text: \"{{ card.motto | default('') }}\"\n")
    assert cli("build")[0] == 0
    assert "Hold the line" in text_of(empty / "out/mygame-pnp-a4.pdf")
    # editors lag behind until the generated schemas are rewritten
    code, out, _ = cli("schema", "--check")
    assert code == 1 and "stale: schemas/mygame/unit.schema.json" in out.splitlines()
    assert cli("schema", "--write")[0] == 0 and cli("schema", "--check")[0] == 0

    cards.write_text(cards.read_text().replace("  motto: Hold the line", "  mottoo: Hold the line"))
    code, _, err = cli("validate")
    line = cards.read_text().splitlines().index("  mottoo: Hold the line") + 1
    assert code == 1
    assert f"decks/mygame/cards.yaml:{line}:3: error[unknown-key]: cards[2]: unknown key 'mottoo'; " \
           "did you mean 'motto'?" in err


def test_declared_fields_are_checked_like_any_schema(empty, cli):
    assert cli("new", "mygame")[0] == 0
    cards = empty / "decks/mygame/cards.yaml"
    cards.write_text(cards.read_text().replace("color: green", "color: gren").replace("upgrades_to: knight",
                                                                                      "upgrades_to: knigth"))
    code, _, err = cli("validate", "mygame")
    assert code == 1
    assert [line.split(": ", 1)[1] for line in err.splitlines()[:2]] == [
        "error[schema]: cards[0].color: 'gren' is not one of 'red', 'green', 'blue'; did you mean 'green'?",
        "error[schema]: cards[1].upgrades_to: no unit with id 'knigth' in this deck; did you mean 'knight'?"]


def test_a_card_type_gives_either_a_schema_or_fields(empty, cli):
    assert cli("new", "mygame")[0] == 0
    manifest = empty / "decks/mygame/game.yaml"
    manifest.write_text(manifest.read_text().replace("  unit:\n", "  unit:\n    schema: mygame/unit.schema.json\n"))
    line = manifest.read_text().splitlines().index("    schema: mygame/unit.schema.json") + 1
    code, _, err = cli("validate")
    assert code == 1
    assert f"decks/mygame/game.yaml:{line}:13: error[manifest]: card type 'unit': give either 'schema' (a " \
           "hand-written schema) or 'fields', not both" in err


def test_new_refuses_what_it_cannot_make(empty, cli):
    assert cli("new", "mygame")[0] == 0
    assert cli("new", "mygame")[2].startswith("cardtools new: error: ") and cli("new", "mygame")[0] == 2
    assert cli("new", "My Game")[0] == 2
    code, _, err = cli("new", "other", "--from", "monopoly")
    assert code == 2 and "starters: 7ages, aoc, minimal, tta" in err


@pytest.mark.parametrize("game", ["aoc", "7ages", "default", "core"])
def test_a_new_game_may_not_take_the_name_of_a_shipped_game_or_default(game, empty, cli):
    """`cardtools new aoc` (or `default`) wrote files that hid the shipped ones: the new game did not
    validate (a schema $ref leading nowhere; a layout extending itself)."""
    code, out, err = cli("new", game)
    assert (code, out) == (2, "")
    assert err.strip() == (f"cardtools new: error: '{game}' names shipped files (7ages, aoc, core, default, tta): a "
                           "game of that id would hide them; choose another id (--from aoc starts from a shipped "
                           "game's cards)")
    assert list(empty.iterdir()) == []

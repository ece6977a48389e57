"""Spreadsheets as card files: CSV (and xlsx) read with a position for every cell, and every shipped
game written out by `cardtools export` and read back without losing a field."""

import json
import shutil
from pathlib import Path

import openpyxl
import pytest

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace

REPO = Path(__file__).parent.parent

UNITS = """id,name,type,count,cost,color,requires,keywords.on,source
archer,Archer,unit,"{2: 1, 3: 2, 4: 2}",2,red,bows,,rules.pdf § Units
knight,Knight,unit,2,4,blue,,,rules.pdf § Units
scout,Scout,unit,"{2: 0, 3: 0, 4: 1}",1,green,,arrival,"provisional: invented for the tests"
"""


def errors(err: str) -> list[str]:
    return [line for line in err.splitlines() if ": error[" in line or ": warning[" in line]


def as_csv(mini, text: str = UNITS) -> None:
    mini.path("decks/mini/units.yaml").unlink()
    mini.write("decks/mini/units.csv", text)
    mini.replace("decks/mini/game.yaml", "  - units.yaml\n", "  - units.csv\n")


def test_a_csv_card_file_reads_like_the_yaml_one(mini, cli):
    before = {c.id: c.to_dict() for c in mini.deck().cards}
    as_csv(mini)
    assert cli("validate") == (0, "", "")
    assert {c.id: c.to_dict() for c in mini.deck().cards} == before
    assert cli("show", "mini", "archer")[1].splitlines()[0] == "# decks/mini/units.csv:2:1"


def test_spreadsheet_errors_point_at_row_and_column(mini, cli):
    as_csv(mini, UNITS.replace("knight,Knight,unit,2,4,", "knight,Knight,unit,2,four,")
                      .replace(",green,", ",gren,").replace(",bows,", ",[bows,"))
    code, _, err = cli("validate")
    assert code == 1
    found = errors(err)
    assert found[0].startswith("decks/mini/units.csv:2:7: error[spreadsheet]: units[0].requires: YAML syntax error")
    assert found[1:] == [
        "decks/mini/units.csv:3:5: error[schema]: units[1].cost: 'four' is not of type 'integer'",
        "decks/mini/units.csv:4:6: error[schema]: units[2].color: 'gren' is not one of 'red', 'blue', 'green'; "
        "did you mean 'green'?"]


def test_a_csv_saved_in_another_encoding_is_reported_at_the_first_odd_character(mini, cli):
    """A CSV saved as Windows-1252 (as spreadsheet programs may) was reported at 1:1, not at its '§'."""
    as_csv(mini)
    mini.path("decks/mini/units.csv").write_bytes(UNITS.encode("cp1252"))
    code, _, err = cli("validate")
    assert (code, errors(err)) == (1, ["decks/mini/units.csv:2:63: error[encoding]: file is not UTF-8 (invalid "
                                       "start byte); save it as CSV UTF-8"])


def test_an_unknown_column_is_an_unknown_key_in_each_row_that_fills_it(mini, cli):
    as_csv(mini, UNITS.replace("keywords.on,source", "keywords.on,source,colour")
                      .replace('invented for the tests"', 'invented for the tests",green'))
    code, _, err = cli("validate")
    assert (code, errors(err)) == (1, [
        "decks/mini/units.csv:4:10: error[unknown-key]: units[2]: unknown key 'colour'; did you mean 'color'?"])


def test_a_side_file_holds_what_cells_do_not(mini, cli):
    as_csv(mini, UNITS.replace(",arrival,", ",,"))
    mini.write("decks/mini/units.csv.yaml", "scout:\n  keywords: {on: arrival}\narcher:\n  cost: 3\nscuot:\n  cost: 1\n")
    code, _, err = cli("validate")
    assert (code, errors(err)) == (1, [
        "decks/mini/units.csv.yaml:4:3: error[spreadsheet]: units[0]: 'cost' is given both in a cell and here",
        "decks/mini/units.csv.yaml:5:1: error[spreadsheet]: no card 'scuot' in units.csv; did you mean 'scout'?"])
    mini.write("decks/mini/units.csv.yaml", "scout:\n  keywords: {on: arrival}\n  requires: bowz\n")
    code, _, err = cli("validate")
    assert (code, errors(err)) == (1, [
        "decks/mini/units.csv.yaml:3:13: error[schema]: units[2].requires: no tech with id 'bowz' in this deck; "
        "did you mean 'bows'?"])


def test_a_workbook_names_the_sheet_in_every_position(mini, cli):
    mini.path("decks/mini/units.yaml").unlink()
    book = openpyxl.Workbook()
    book.active.title = "Units"
    for row in [["id", "name", "type", "count", "cost", "color", "source"],
                ["archer", "Archer", "unit", "{2: 1, 3: 2, 4: 2}", 2, "red", "rules.pdf § Units"],
                ["knight", "Knight", "unit", 2, "4", "blue", "rules.pdf § Units"],
                ["scout", "Scout", "unit", "{2: 0, 3: 0, 4: 1}", 1, "green", "rules.pdf § Units"]]:
        book.active.append(row)
    book.save(mini.path("decks/mini/cards.xlsx"))
    mini.replace("decks/mini/game.yaml", "  - units.yaml\n", "  - cards.xlsx\n")
    code, _, err = cli("validate")
    assert (code, errors(err)) == (1, [
        "decks/mini/cards.xlsx/Units:3:5: error[schema]: Units[1].cost: '4' is not of type 'integer'"])


def exported_workspace(game: str, fmt: str, tmp_path: Path, cli) -> Path:
    """A copy of the game whose card files are the spreadsheets `cardtools export` wrote."""
    root = tmp_path / "ws"
    deck = root / "decks" / game
    shutil.copytree(REPO / "decks" / game, deck)
    shutil.copytree(REPO / "schemas", root / "schemas")
    assert cli("--root", str(REPO), "export", game, "--format", fmt, "-o", str(tmp_path / "sheets"))[0] == 0
    manifest = (deck / "game.yaml").read_text()
    for name in load_deck(game, workspace=Workspace(REPO)).manifest.files:
        (deck / name).unlink()
        manifest = manifest.replace(f"  - {name}\n", f"  - {Path(name).stem}.{fmt}\n")
    (deck / "game.yaml").write_text(manifest)
    for path in (tmp_path / "sheets").iterdir():
        shutil.copy(path, deck / path.name)
    return root


@pytest.mark.parametrize("game, fmt", [("aoc", "csv"), ("tta", "csv"), ("7ages", "csv"), ("aoc", "xlsx")])
def test_every_shipped_game_goes_to_spreadsheets_and_back_unchanged(game, fmt, tmp_path, cli):
    root = exported_workspace(game, fmt, tmp_path, cli)
    assert cli("--root", str(root), "validate", game)[0] == 0
    before, after = (load_deck(game, workspace=Workspace(r)) for r in (REPO, root))
    # every field, in its order: what `cardtools show` prints (below its first line, the position)
    assert [json.dumps(c.to_dict()) for c in after.cards] == [json.dumps(c.to_dict()) for c in before.cards]
    card = after.cards[-1].id
    shown = [cli("--root", str(r), "show", game, card)[1].split("\n", 1) for r in (REPO, root)]
    assert shown[0][1] == shown[1][1] and f".{fmt}" in shown[1][0]


def test_export_one_type(tmp_path, cli):
    code, out, _ = cli("--root", str(REPO), "export", "aoc", "--type", "civilization", "-o", str(tmp_path))
    assert code == 0 and out.startswith("wrote 34 cards into 2 files:")
    assert (tmp_path / "civilization.csv").read_text().splitlines()[0] == \
        "id,name,type,count,population,military,main,legacy,source"
    assert cli("--root", str(REPO), "export", "aoc", "--type", "civilisation")[2].strip() == \
        "cardtools export: error: unknown card type 'civilisation'; did you mean 'civilization'?"

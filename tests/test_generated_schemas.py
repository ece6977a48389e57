"""Generated schemas: committed up to date, made by `cardtools schema --write`, and never the last word
on a deck (cardtools checks the deck it validates, variants included)."""

import json
from pathlib import Path

import pytest

from cardtools.cli import main

REPO = Path(__file__).parent.parent


@pytest.mark.parametrize("root", [".", "tests/fixtures/mini", "tests/fixtures/printing"])
def test_generated_schemas_are_not_stale(root, capsys):
    code = main(["--root", str(REPO / root), "schema", "--check"])
    assert code == 0, capsys.readouterr().out


def test_card_ids_list_the_deck_by_type(mini, cli):
    ids = json.loads(mini.read("schemas/mini/card-ids.schema.json"))
    assert ids["enum"] == ["archer", "bows", "knight", "scout"]
    assert ids["$defs"]["tech"] == {"type": "string", "x-card-ref": "tech", "enum": ["bows"],
                                    "description": "The id of a tech card of this deck."}
    mini.replace("decks/mini/units.yaml", "- id: knight\n", "- id: paladin\n")
    stale = "stale: schemas/mini/card-ids.schema.json\nstale: schemas/mini/variant.schema.json\n"
    assert cli("schema", "--check") == (1, stale, "run `cardtools schema --write` and commit the result\n")
    assert cli("schema", "--write")[1] == stale.replace("stale", "wrote")
    assert json.loads(mini.read("schemas/mini/card-ids.schema.json"))["$defs"]["unit"]["enum"] == \
        ["archer", "paladin", "scout"]


def test_a_card_a_variant_adds_may_be_referred_to_though_no_enum_lists_it(mini, cli):
    mini.write("schemas/mini/tech.schema.json", mini.read("schemas/mini/tech.schema.json").replace(
        '"source": {"$ref": "../card.schema.json#/$defs/source"}',
        '"source": {"$ref": "../card.schema.json#/$defs/source"},\n'
        '    "unlocks": {"$ref": "card-ids.schema.json#/$defs/unit"}'))
    mini.write("decks/mini/variants/pikes.yaml",
               'name: Pikes\ndescription: one more unit\nsource: "provisional: made up for tests"\n'
               'add:\n  - {id: pike, name: Pike, type: unit, count: 0, cost: 3, color: red,'
               ' source: "provisional: made up for tests"}\npatch:\n  bows: {unlocks: pike}\n')
    assert cli("validate", "mini") == (0, "", "")
    mini.replace("decks/mini/variants/pikes.yaml", "unlocks: pike", "unlocks: pkie")
    code, _, err = cli("validate", "mini")
    assert code == 1
    assert err.splitlines()[0] == ("decks/mini/variants/pikes.yaml:7:19: error[schema]: techs[0].unlocks: "
                                   "no unit with id 'pkie' in this deck; did you mean 'pike'?")


def test_an_id_in_a_schema_is_reported_and_removed_by_schema_write(mini, cli):
    path = "schemas/mini/tech.schema.json"
    clean = mini.read(path)
    mini.write(path, clean.replace('{\n', '{\n  "$id": "https://example.org/tech.schema.json",\n', 1))
    code, _, err = cli("validate", "mini")
    assert code == 1
    assert err.startswith("schemas/mini/tech.schema.json:1:1: error[schema-file]: remove this schema's '$id'")
    assert cli("schema", "--write")[1] == "wrote: schemas/mini/tech.schema.json\n"
    assert mini.read(path) == clean


def test_a_ref_that_leads_nowhere_is_an_error_at_the_schema(mini, cli):
    mini.replace("schemas/mini/unit.schema.json", '"requires": {"type": "string", "x-card-ref": "tech"}',
                 '"requires": {"$ref": "card-ids.schema.json#/$defs/gadget"}')
    code, _, err = cli("validate", "mini")
    assert code == 1
    assert err.splitlines() == [
        "schemas/mini/unit.schema.json:1:1: error[schema-file]: a $ref of this schema (or of one it uses) leads "
        "nowhere: '/$defs/gadget'; if it names a generated schema, run `cardtools schema --write`",
        "1 error(s), 0 warning(s)"]

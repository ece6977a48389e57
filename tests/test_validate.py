"""`cardtools validate`: every problem reported at its exact file:line:col, in one run."""

import json
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).parent.parent

UNITS = "decks/mini/units.yaml"


def errors(err: str) -> list[str]:
    return [line for line in err.splitlines() if ": error[" in line or ": warning[" in line]


def test_fixture_deck_is_valid(mini, cli):
    assert cli("validate") == (0, "", "")


def test_type_error(mini, cli):
    mini.replace(UNITS, "  cost: 2\n", "  cost: two\n")
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == ["decks/mini/units.yaml:6:9: error[schema]: units[0].cost: 'two' is not of type 'integer'"]


def test_missing_required_field_points_at_the_card(mini, cli):
    mini.replace(UNITS, "  color: blue\n", "")
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == ["decks/mini/units.yaml:11:3: error[schema]: units[1]: missing required field 'color'"]


def test_unknown_key_with_suggestion(mini, cli):
    mini.replace(UNITS, "  color: red\n", "  colour: red\n")
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == [
        "decks/mini/units.yaml:2:3: error[schema]: units[0]: missing required field 'color'",
        "decks/mini/units.yaml:7:3: error[unknown-key]: units[0]: unknown key 'colour'; did you mean 'color'?",
    ]


def test_misspelt_enum_with_suggestion(mini, cli):
    mini.replace(UNITS, "  color: blue\n", "  color: blu\n")
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == [
        "decks/mini/units.yaml:16:10: error[schema]: units[1].color: 'blu' is not one of 'red', 'blue', 'green'; "
        "did you mean 'blue'?"]


def test_unknown_card_type_with_suggestion(mini, cli):
    mini.replace(UNITS, "  type: unit\n  count: 2\n", "  type: unti\n  count: 2\n")
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == ["decks/mini/units.yaml:13:9: error[schema]: units[1]: unknown card type 'unti'; "
                           "did you mean 'unit'?; this game's types: unit, tech"]


def test_duplicate_key_names_both_positions(mini, cli):
    mini.replace(UNITS, "  cost: 4\n", "  cost: 4\n  cost: 5\n")
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == ["decks/mini/units.yaml:16:3: error[duplicate-key]: duplicate key 'cost' "
                           "(first defined at line 15, column 3)"]
    code, out, _ = cli("validate", "--format", "json")
    [d] = json.loads(out)["diagnostics"]
    assert (d["line"], d["col"]) == (16, 3)
    assert [(r["line"], r["col"]) for r in d["related"]] == [(15, 3)]


def test_duplicate_card_id_names_both_positions(mini, cli):
    mini.replace(UNITS, "- id: knight\n", "- id: archer\n")
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == ["decks/mini/units.yaml:11:7: error[duplicate-id]: card id 'archer' is already used "
                           "at units.yaml:2:7"]


def test_on_key_stays_a_string(mini, cli):
    code, out, _ = cli("show", "mini", "scout", "--format", "json")
    assert code == 0
    assert json.loads(out)["keywords"] == {"on": "arrival"}


def test_yes_no_on_off_values_stay_strings(mini, cli):
    mini.replace(UNITS, "  color: red\n", "  color: no\n")
    code, _, err = cli("validate")
    assert errors(err) == ["decks/mini/units.yaml:7:10: error[schema]: units[0].color: 'no' is not one of "
                           "'red', 'blue', 'green'"]


def test_billion_laughs_is_rejected_quickly_and_small(mini, cli):
    lines = ['- &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        lines.append(f"- &{chr(97 + i)} [" + ", ".join([f"*{chr(96 + i)}"] * 9) + "]")
    mini.write(UNITS, "\n".join(lines) + "\n")
    tracemalloc.start()
    start = time.process_time()  # this process's CPU time: a wall clock also counts the tests running beside it
    code, _, err = cli("validate")
    elapsed = time.process_time() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert code == 1
    assert errors(err)[0].startswith("decks/mini/units.yaml:6:7: error[alias]: aliases expand this document beyond")
    assert elapsed < 1.0
    assert peak < 50 * 2**20


def test_python_object_tag_is_rejected_not_run(mini, cli, tmp_path):
    marker = tmp_path / "pwned"
    mini.replace(UNITS, "  cost: 2\n", f"  cost: !!python/object/apply:os.system ['touch {marker}']\n")
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err)[0] == ("decks/mini/units.yaml:6:9: error[forbidden-tag]: YAML tag "
                              "'tag:yaml.org,2002:python/object/apply:os.system' is not allowed: deck files hold "
                              "plain data only (quote a value to keep it a string)")
    assert not marker.exists()


def test_broken_cross_reference_with_suggestion(mini, cli):
    mini.replace(UNITS, "  requires: bows\n", "  requires: bow\n")
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == ["decks/mini/units.yaml:8:13: error[schema]: units[0].requires: no tech with id 'bow' "
                           "in this deck; did you mean 'bows'?"]


def test_cross_reference_to_wrong_type(mini, cli):
    mini.replace(UNITS, "  requires: bows\n", "  requires: knight\n")
    code, _, err = cli("validate")
    assert errors(err) == ["decks/mini/units.yaml:8:13: error[schema]: units[0].requires: 'knight' is a unit, "
                           "but a tech is expected here"]


def test_counts_that_do_not_add_up(mini, cli):
    mini.replace(UNITS, "count: {2: 0, 3: 0, 4: 1}", "count: {2: 0, 3: 0, 4: 2}")
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == ["decks/mini/game.yaml:15:52: error[composition]: unit cards: the cards add up to 6 at "
                           "4 players, but the manifest expects 5 (+1)"]


def test_count_must_cover_every_player_count(mini, cli):
    mini.replace(UNITS, "count: {2: 0, 3: 0, 4: 1}", "count: {3: 0, 4: 1, 5: 1}")
    code, _, err = cli("validate")
    assert errors(err) == [
        "decks/mini/units.yaml:22:10: error[count]: scout: count for 5 players, but the game is for 2-4 players",
        "decks/mini/units.yaml:22:10: error[count]: scout: count gives no number for 2 players",
    ]


def test_missing_source_is_an_error(mini, cli):
    mini.replace(UNITS, '  source: "provisional: invented for the tests"\n', "")
    code, _, err = cli("validate")
    assert errors(err) == ["decks/mini/units.yaml:19:3: error[schema]: units[2]: missing required field 'source'"]


def test_source_must_name_a_section_or_be_provisional(mini, cli):
    mini.replace(UNITS, '"provisional: invented for the tests"', '"I made it up"')
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == ["decks/mini/units.yaml:27:11: error[schema]: units[2].source: 'I made it up': a source is "
                           "'<document> § <section>', 'reference/<table>', or 'provisional: <reason>' (a reason of 7 "
                           "characters or more)"]


def test_all_errors_of_a_run_are_reported_sorted(mini, cli):
    mini.replace(UNITS, "  cost: 4\n", "  cost: four\n")
    mini.replace(UNITS, "  cost: 2\n", "  cost: two\n")
    mini.replace("decks/mini/techs.yaml", "  count: 1\n", "  count: -1\n")
    code, _, err = cli("validate")
    assert [e.split(": error")[0] for e in errors(err)] == [
        "decks/mini/techs.yaml:5:10", "decks/mini/units.yaml:6:9", "decks/mini/units.yaml:15:9"]
    assert err.rstrip().endswith("3 error(s), 0 warning(s)")


def test_yaml_syntax_error_has_position(mini, cli):
    mini.replace(UNITS, "  cost: 2\n", "  cost: [2\n")
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == ["decks/mini/units.yaml:7:8: error[syntax]: YAML syntax error: did not find expected "
                           "',' or ']' (while parsing a flow sequence started at line 6, column 9)"]


def test_validating_one_file_reports_only_that_file(mini, cli):
    mini.replace("decks/mini/techs.yaml", "  count: 1\n", "  count: -1\n")
    assert cli("validate", UNITS)[0] == 0
    code, _, err = cli("validate", "decks/mini/techs.yaml")
    assert code == 1 and len(errors(err)) == 1


def test_json_format_for_tools(mini, cli):
    mini.replace(UNITS, "  cost: 2\n", "  cost: two\n")
    code, out, _ = cli("validate", "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["errors"] == 1
    assert data["diagnostics"][0] == {
        "path": "decks/mini/units.yaml", "line": 6, "col": 9, "severity": "error", "code": "schema",
        "message": "units[0].cost: 'two' is not of type 'integer'", "related": []}


def test_unlisted_card_file_and_missing_schema_comment_are_warnings(mini, cli):
    mini.write("decks/mini/extra.yaml", "- id: x\n")
    mini.replace("decks/mini/techs.yaml", "# yaml-language-server: $schema=../../schemas/mini/cards.schema.json\n", "")
    code, _, err = cli("validate")
    assert code == 0
    assert errors(err) == [
        "decks/mini/extra.yaml:1:1: warning[unlisted-file]: 'extra.yaml' is not listed under 'files' in "
        "game.yaml; its cards are ignored",
        "decks/mini/techs.yaml:1:1: warning[schema-comment]: first line should be '# yaml-language-server: "
        "$schema=../../schemas/mini/cards.schema.json' so editors validate and complete this file",
    ]


def test_manifest_cannot_reach_outside_its_folder(mini, cli):
    mini.replace("decks/mini/game.yaml", "  - techs.yaml\n", "  - ../../../etc/passwd.yaml\n")
    code, _, err = cli("validate")
    assert code == 1
    assert "error[schema]: game.files[1]" in err


def test_usage_errors_exit_2(mini, cli):
    assert cli("validate", "no-such-thing")[0] == 2
    assert cli("show", "mini", "archr")[2].strip() == "cardtools show: error: no card 'archr' in mini; did you mean 'archer'?"
    code, _, err = cli("list", "nogame")
    assert code == 1 and "no deck 'nogame'" in err


def test_data_files_are_validated_with_positions_and_available_by_name(mini, cli):
    mini.write("schemas/mini/board.schema.json", """{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object", "additionalProperties": false, "required": ["spaces"],
  "properties": {"spaces": {"type": "array", "items": {"type": "integer"}},
                 "favourite": {"type": "string", "x-card-ref": "unit"}}
}""")
    mini.replace("decks/mini/game.yaml", "composition:", "data:\n  board: {file: board.yaml, schema: mini/board.schema.json}\ncomposition:")
    mini.write("decks/mini/board.yaml", "# yaml-language-server: $schema=../../schemas/mini/board.schema.json\n"
                                        "spaces: [1, 2, three]\nfavourite: archr\n")
    code, _, err = cli("validate")
    assert errors(err) == [
        "decks/mini/board.yaml:2:16: error[schema]: board.spaces[2]: 'three' is not of type 'integer'",
        "decks/mini/board.yaml:3:12: error[schema]: board.favourite: no unit with id 'archr' in this deck; "
        "did you mean 'archer'?",
    ]
    mini.write("decks/mini/board.yaml", "# yaml-language-server: $schema=../../schemas/mini/board.schema.json\n"
                                        "spaces: [1, 2, 3]\nfavourite: archer\n")
    from cardtools.core.loader import load_deck
    from cardtools.core.workspace import Workspace

    deck = load_deck("mini", workspace=Workspace(mini.root))
    assert deck.data["board"]["spaces"] == (1, 2, 3)
    assert str(deck.locate_data("board", "spaces", 2)) == "decks/mini/board.yaml:2:16"


def test_list_provisional_includes_invented_facts_in_data_files(mini, cli):
    mini.write("schemas/mini/board.schema.json", """{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object", "additionalProperties": false,
  "properties": {"source": {"$ref": "../card.schema.json#/$defs/source"},
                 "spaces": {"type": "array", "items": {"type": "object", "properties": {
                     "n": {"type": "integer"}, "source": {"$ref": "../card.schema.json#/$defs/source"}}}}}
}""")
    mini.replace("decks/mini/game.yaml", "composition:", "data:\n  board: {file: board.yaml, schema: mini/board.schema.json}\ncomposition:")
    mini.write("decks/mini/board.yaml", "# yaml-language-server: $schema=../../schemas/mini/board.schema.json\n"
                                        'source: "rules.pdf § Board"\n'
                                        "spaces:\n  - {n: 1}\n  - {n: 2, source: \"provisional: the rules show no number here\"}\n")
    code, out, _ = cli("list", "mini", "--provisional")
    assert code == 0
    assert "board  spaces[1]  the rules show no number here  decks/mini/board.yaml:5:20" in out
    assert out.rstrip().endswith("1 provisional entry in data files")


def test_output_that_cannot_be_written_is_a_clear_error(mini, cli, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    code, _, err = cli("pnp", "mini", "-o", str(blocker / "cards.pdf"))
    # it said "File exists", of the file in the way, as if the output were refused for existing
    assert (code, err.strip()) == (1, f"cardtools pnp: error: Not a directory: {blocker}")
    code, _, err = cli("images", "mini", "-o", str(blocker))
    assert (code, err.strip()) == (1, f"cardtools images: error: Not a directory: {blocker}")


def test_player_count_outside_the_game_is_a_usage_error(mini, cli):
    code, _, err = cli("list", "mini", "--players", "7")
    assert code == 2 and err.strip() == "cardtools list: error: Mini test game is for 2-4 players, not 7"


def test_validating_a_game_validates_its_variants(mini, cli):
    mini.write("decks/mini/variants/cheap.yaml", 'name: Cheap\ndescription: cheaper units\n'
                                                 'source: "provisional: made up for tests"\npatch:\n  archer: {cost: free}\n')
    expected = ["decks/mini/variants/cheap.yaml:5:18: error[schema]: units[0].cost: 'free' is not of type 'integer'"]
    for target in ("mini", "decks/mini", "decks/mini/variants/cheap.yaml"):
        code, _, err = cli("validate", target)
        assert (code, errors(err)) == (1, expected), target
    assert cli("validate", "mini", "--variant", "cheap")[0] == 1
    assert cli("validate", "decks/mini/units.yaml") == (0, "", "")  # a card file: the base deck's problems in it


def test_list_where_a_field_no_card_has_is_a_usage_error(mini, cli):
    """`--where colr=red` listed no card and exited 0, as if no red card existed."""
    code, out, err = cli("list", "mini", "--where", "colr=red")
    assert (code, out) == (2, "")
    assert err.strip() == "cardtools list: error: --where colr=red: no card of mini has a field 'colr'; did you mean 'color'?"
    code, _, err = cli("list", "mini", "--age", "I")
    assert (code, err.strip()) == (2, "cardtools list: error: --age I: no card of mini has a field 'age'")
    assert cli("list", "mini", "--where", "requires=bows")[0] == 0  # a field some cards lack


def test_list_where_a_yes_no_field_is_written_as_in_yaml(cli):
    """`--where initial=true` (as the deck writes it) listed no card: the value was compared with Python's `True`."""
    ids = {}
    for value in ("true", "True"):
        code, out, _ = cli("--root", str(REPO), "list", "tta", "--type", "government", "--where", f"initial={value}",
                           "--format", "json")
        ids[value] = [row["id"] for row in json.loads(out)]
    assert ids["true"] == ids["True"] == ["despotism"]


def test_a_reference_to_a_card_without_a_type_says_only_that_the_type_is_missing(mini, cli):
    """A card naming one whose type is missing read `'bows' is a , but a tech is expected here`."""
    mini.replace("decks/mini/techs.yaml", "  type: tech\n", "")
    code, _, err = cli("validate", "mini")
    assert code == 1
    assert not [e for e in errors(err) if "is a ," in e or "is expected here" in e]
    assert any(e.startswith("decks/mini/techs.yaml:2:3: error[schema]: techs[0]: missing required field 'type'")
               for e in errors(err))


def test_a_root_that_is_no_folder_is_a_usage_error(tmp_path, cli, monkeypatch):
    """`--root` mistyped said `no decks found under …/decks` (validate) or `no deck 'aoc'` at a file
    under a folder that is not there."""
    missing = tmp_path / "nowhere"
    assert cli("--root", str(missing), "validate") == (2, "", f"cardtools validate: error: --root {missing}: no such folder\n")
    monkeypatch.setenv("CARDTOOLS_ROOT", str(missing))
    assert cli("list", "aoc") == (2, "", f"cardtools list: error: CARDTOOLS_ROOT={missing}: no such folder\n")
    monkeypatch.chdir(tmp_path)
    assert cli("--root", str(missing), "new", "mygame")[0] == 0  # a new workspace there

"""Variants: overlays merged before validation, errors at the variant line, diffs."""

import json

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace

HEADER = "# yaml-language-server: $schema=../../../schemas/variant.schema.json\n"


def variant(mini, name: str, body: str) -> None:
    mini.write(f"decks/mini/variants/{name}.yaml", HEADER + body)


def errors(err: str) -> list[str]:
    return [line for line in err.splitlines() if ": error[" in line]


def deck(mini, name=None):
    return load_deck("mini", name, Workspace(mini.root))


def test_remove_add_patch_and_null_delete(mini):
    variant(mini, "lite", """name: Lite
description: fewer, cheaper units
source: "provisional: a test variant"
remove: [scout]
patch:
  archer: {cost: 1, requires: null, count: {4: 3}}
add:
  - {id: pike, name: Pike, type: unit, count: 1, cost: 3, color: red, source: "provisional: made up for tests"}
rules: {hand: 5}
""")
    d = deck(mini, "lite")
    assert [c.id for c in d.cards] == ["archer", "knight", "bows", "pike"]  # added cards come last
    archer = d.card("archer")
    assert archer.get("cost") == 1 and "requires" not in archer.fields
    assert archer.copies(2) == 1 and archer.copies(4) == 3  # the count map merges key by key
    assert d.rules == {"hand": 5} and d.variant == "lite"


def test_remove_by_tag(mini):
    mini.replace("decks/mini/units.yaml", "  cost: 4\n", "  cost: 4\n  tags: [heavy]\n")
    variant(mini, "light", 'name: Light\ndescription: no heavy units\nsource: "provisional: made up for tests"\nremove: ["tag:heavy"]\n')
    assert "knight" not in [c.id for c in deck(mini, "light").cards]


def test_extends_chain_applies_base_first(mini):
    variant(mini, "a", 'name: A\ndescription: a\nsource: "provisional: made up for tests"\npatch: {archer: {cost: 5}}\nrules: {x: 1, y: 1}\n')
    variant(mini, "b", 'name: B\ndescription: b\nsource: "provisional: made up for tests"\nextends: a\n'
                       'patch: {archer: {color: blue}}\nrules: {y: 2}\n')
    d = deck(mini, "b")
    assert (d.card("archer").get("cost"), d.card("archer").get("color")) == (5, "blue")
    assert d.rules == {"x": 1, "y": 2}


def test_error_in_a_patched_value_points_at_the_variant_line(mini, cli):
    variant(mini, "bad", 'name: Bad\ndescription: b\nsource: "provisional: made up for tests"\npatch:\n  knight:\n    cost: lots\n')
    code, _, err = cli("validate", "decks/mini/variants/bad.yaml")
    assert code == 1
    assert errors(err) == ["decks/mini/variants/bad.yaml:7:11: error[schema]: units[1].cost: 'lots' is not of type 'integer'"]


def test_deleting_a_required_field_points_at_the_null(mini, cli):
    variant(mini, "bad", 'name: Bad\ndescription: b\nsource: "provisional: made up for tests"\npatch:\n  knight: {color: null}\n')
    code, _, err = cli("validate", "--variant", "bad", "mini")
    assert errors(err) == ["decks/mini/variants/bad.yaml:6:19: error[schema]: units[1]: missing required field 'color'"]


def test_added_card_errors_point_into_the_variant(mini, cli):
    variant(mini, "bad", 'name: Bad\ndescription: b\nsource: "provisional: made up for tests"\nadd:\n'
                         '  - {id: pike, name: Pike, type: unit, count: 1, cost: 3, colour: red, source: "provisional: made up for tests"}\n')
    code, _, err = cli("validate", "--variant", "bad", "mini")
    assert errors(err) == [
        "decks/mini/variants/bad.yaml:6:5: error[schema]: bad.add[0]: missing required field 'color'",
        "decks/mini/variants/bad.yaml:6:59: error[unknown-key]: bad.add[0]: unknown key 'colour'; did you mean 'color'?"]


def test_unknown_card_in_remove_and_patch(mini, cli):
    variant(mini, "bad", 'name: Bad\ndescription: b\nsource: "provisional: made up for tests"\nremove: [scuot]\npatch: {archr: {cost: 1}}\n')
    code, _, err = cli("validate", "--variant", "bad", "mini")
    assert errors(err) == [
        "decks/mini/variants/bad.yaml:5:10: error[variant]: bad: no card 'scuot' to remove; did you mean 'scout'?",
        "decks/mini/variants/bad.yaml:6:9: error[variant]: bad: patch names no card 'archr'; did you mean 'archer'?"]


def test_cycle_is_a_clear_error(mini, cli):
    variant(mini, "a", 'name: A\ndescription: a\nsource: "provisional: made up for tests"\nextends: b\n')
    variant(mini, "b", 'name: B\ndescription: b\nsource: "provisional: made up for tests"\nextends: a\n')
    code, _, err = cli("validate", "--variant", "a", "mini")
    assert code == 1
    # reported where the loop closes: b extends a
    assert errors(err) == ["decks/mini/variants/b.yaml:5:10: error[variant]: variants extend each other in a cycle: a -> b -> a"]


def test_an_empty_variant_file_is_said_to_be_empty_like_any_other_file(mini, cli):
    """An empty (or comment-only) variant said `example: None is not of type 'object'`; an empty card
    file or manifest says `file is empty`."""
    variant(mini, "lite", "")
    code, _, err = cli("validate", "mini")
    assert (code, errors(err)) == (1, ["decks/mini/variants/lite.yaml:1:1: error[empty]: file is empty"])


def test_missing_base_is_a_clear_error(mini, cli):
    variant(mini, "a", 'name: A\ndescription: a\nsource: "provisional: made up for tests"\nextends: lte\n')
    variant(mini, "lite", 'name: L\ndescription: l\nsource: "provisional: made up for tests"\n')
    code, _, err = cli("validate", "--variant", "a", "mini")
    [line] = errors(err)
    assert line.startswith("decks/mini/variants/a.yaml:5:10: error[variant]: no variant 'lte'")
    assert line.endswith("did you mean 'lite'?; variants: a, lite")


def test_validate_checks_every_variant_and_a_variant_is_not_held_to_base_totals(mini, cli):
    variant(mini, "lite", 'name: L\ndescription: l\nsource: "provisional: made up for tests"\nremove: [scout]\n')
    assert cli("validate")[0] == 0  # the base totals (5 units at 4 players) do not bind the variant
    variant(mini, "lite", 'name: L\ndescription: l\nsource: "provisional: made up for tests"\nremove: [scout]\n'
                          'composition:\n  - {name: units, where: {type: unit}, total: 5}\n')
    code, _, err = cli("validate")
    assert code == 1 and "decks/mini/variants/lite.yaml:7:47: error[composition]: units: the cards add up to 3 at 2 players, but the variant expects 5 (-2)" in err


def test_diff_lists_changes_field_by_field(mini, cli):
    variant(mini, "lite", 'name: L\ndescription: l\nsource: "provisional: made up for tests"\nremove: [scout]\n'
                          'patch: {archer: {cost: 1}}\nrules: {hand: 5}\n'
                          'add:\n  - {id: pike, name: Pike, type: unit, count: 1, cost: 3, color: red, source: "provisional: made up for tests"}\n')
    code, out, _ = cli("variant", "diff", "mini", "lite")
    assert code == 0
    assert out.splitlines() == ["mini: base deck -> lite",
                                "- removed 1 card (1 copy at 4 players)", "    Unit: scout",
                                "+ added 1 card (1 copy at 4 players)", "    Unit: pike",
                                "~ changed archer", "    cost: 2 -> 1", "~ rule hand: null -> 5",
                                # the base deck's totals, counted in both decks
                                "= deck totals (at 2 / 3 / 4 players)", "    unit cards: 3 / 4 / 5 -> 4 / 5 / 5"]
    code, out, _ = cli("variant", "diff", "mini", "lite", "--format", "json")
    result = json.loads(out)
    assert result["changed"] == {"archer": [{"field": "cost", "before": 2, "after": 1}]}
    assert result["totals"] == [{"name": "unit cards", "before": {"2": 3, "3": 4, "4": 5}, "after": {"2": 4, "3": 5, "4": 5}}]


def test_diff_groups_many_cards_by_type_and_wraps_long_lists(mini, cli):
    ids = [f"unit_number_{i}" for i in range(12)]
    cards = "".join(f"  - {{id: {i}, name: U, type: unit, count: 1, cost: 1, color: red, source: \"provisional: made up for tests\"}}\n"
                    for i in ids)
    variant(mini, "many", f'name: M\ndescription: m\nsource: "provisional: made up for tests"\nremove: [knight]\nadd:\n{cards}')
    code, out, _ = cli("variant", "diff", "mini", "many")
    lines = out.splitlines()
    assert lines[1:3] == ["- removed 1 card (2 copies at 4 players)", "    Unit: knight"]
    assert lines[3] == "+ added 12 cards (12 copies at 4 players)"
    listed = lines[4:lines.index("= deck totals (at 2 / 3 / 4 players)")]
    assert listed[0].startswith("    Unit: unit_number_0, ") and all(line.startswith("      ") for line in listed[1:])
    assert all(len(line) <= 100 for line in listed) and len(listed) > 1
    assert " ".join(listed).replace(",", "").split()[1:] == ids  # every id, in order, none cut


def test_show_gives_each_field_its_origin(mini, cli):
    variant(mini, "lite", 'name: L\ndescription: l\nsource: "provisional: made up for tests"\npatch: {archer: {cost: 1}}\n')
    code, out, _ = cli("variant", "show", "mini", "lite")
    lines = out.splitlines()
    assert "  cost: 1    # decks/mini/variants/lite.yaml:5" in lines
    assert '  color: "red"    # decks/mini/units.yaml:7' in lines


def test_list_summarises_variants(mini, cli):
    variant(mini, "lite", 'name: L\ndescription: fewer units\nsource: "provisional: made up for tests"\nremove: [scout]\n')
    code, out, _ = cli("variant", "list", "mini")
    assert code == 0 and "lite     L     (base deck)  +0 -1 ~0  0      fewer units" in out


def test_commands_honour_variant(mini, cli):
    variant(mini, "lite", 'name: L\ndescription: l\nsource: "provisional: made up for tests"\nremove: [scout]\n')
    code, out, _ = cli("list", "mini", "--variant", "lite", "--format", "json")
    assert [c["id"] for c in json.loads(out)] == ["archer", "knight", "bows"]


def test_remove_by_field_values(mini, cli):
    variant(mini, "mono", 'name: Mono\ndescription: red only\nsource: "provisional: made up for tests"\n'
                          'remove: [{color: [blue, green]}, {color: purple}]\n')
    code, _, err = cli("validate", "--variant", "mono", "mini")
    assert errors(err) == ["decks/mini/variants/mono.yaml:5:34: error[variant]: mono: no card matches {color: purple}"]
    variant(mini, "mono", 'name: Mono\ndescription: red only\nsource: "provisional: made up for tests"\n'
                          'remove: [{color: [blue, green]}]\n')
    assert [c.id for c in deck(mini, "mono").cards] == ["archer", "bows"]


# -- rule parameters --------------------------------------------------------------------------------

RULES_SCHEMA = json.dumps({
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object", "additionalProperties": False, "required": ["hand"],
    "properties": {"hand": {"type": "integer"}, "market": {"type": "integer"}}})


def with_rules_schema(mini) -> None:
    mini.write("schemas/mini/rules.schema.json", RULES_SCHEMA)
    mini.replace("decks/mini/game.yaml", "files:\n", "rules_schema: mini/rules.schema.json\nrules: {hand: 5}\nfiles:\n")


def test_rules_are_checked_against_the_games_rules_schema_where_a_variant_wrote_them(mini, cli):
    with_rules_schema(mini)
    assert cli("validate", "mini")[0] == 0
    variant(mini, "bad", 'name: B\ndescription: b\nsource: "provisional: made up for tests"\nrules:\n  hnad: 6\n  market: many\n')
    variant(mini, "gone", 'name: G\ndescription: g\nsource: "provisional: made up for tests"\nrules: {hand: null}\n')
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == [
        "decks/mini/variants/bad.yaml:6:3: error[unknown-key]: rules: unknown key 'hnad'; did you mean 'hand'?",
        "decks/mini/variants/bad.yaml:7:11: error[schema]: rules.market: 'many' is not of type 'integer'",
        "decks/mini/variants/gone.yaml:5:15: error[schema]: rules: missing required field 'hand'"]


def test_a_missing_rules_schema_is_a_manifest_error(mini, cli):
    mini.replace("decks/mini/game.yaml", "files:\n", "rules_schema: mini/rulez.schema.json\nfiles:\n")
    code, _, err = cli("validate", "mini")
    assert errors(err) == ["decks/mini/game.yaml:11:15: error[manifest]: no schema 'schemas/mini/rulez.schema.json'; "
                           "did you mean 'mini/unit.schema.json'?"]


def test_show_gives_each_rule_its_origin(mini, cli):
    with_rules_schema(mini)
    variant(mini, "lite", 'name: L\ndescription: l\nsource: "provisional: made up for tests"\nrules: {market: 3}\n')
    code, out, _ = cli("variant", "show", "mini", "lite")
    assert out.splitlines()[:4] == ["# mini + variant lite: 4 cards", "rules:",
                                    "  hand: 5    # decks/mini/game.yaml:12",
                                    "  market: 3    # decks/mini/variants/lite.yaml:5"]
    code, out, _ = cli("variant", "show", "mini", "lite", "--format", "json")
    assert json.loads(out)["rule_origin"] == {"hand": "decks/mini/game.yaml:12", "market": "decks/mini/variants/lite.yaml:5"}


def test_a_workspace_parses_a_file_once_and_again_after_it_changes(mini):
    ws = Workspace(mini.root)
    path = mini.path("decks/mini/techs.yaml")
    first, _ = ws.read_yaml(path)
    assert ws.read_yaml(path)[0] is first  # every variant of a game reads the same card files
    mini.replace("decks/mini/techs.yaml", "name: Bows", "name: Longbows")
    again, _ = ws.read_yaml(path)
    assert again is not first and again.data[0]["name"] == "Longbows"


NO_BOWS = 'name: No bows\ndescription: without bows\nsource: "provisional: made up for tests"\nremove: [bows]\n'


def test_removing_a_card_another_names_says_which_and_the_patch_that_drops_it(mini, cli):
    variant(mini, "nobows", NO_BOWS)
    code, _, err = cli("validate", "--variant", "nobows", "mini")
    assert code == 1
    assert errors(err) == [
        "decks/mini/units.yaml:8:13: error[schema]: units[0].requires: no tech with id 'bows' in this deck",
        "decks/mini/variants/nobows.yaml:5:10: error[variant]: nobows: removes 'bows', which 1 value still name: "
        "archer.requires (units.yaml:8); `patch: {archer: {requires: null}}` drops it"]
    variant(mini, "nobows", NO_BOWS + "patch: {archer: {requires: null}}\n")     # the fix the error gives
    assert "requires" not in deck(mini, "nobows").card("archer").fields


def test_removing_a_card_another_cannot_go_without_says_remove_it_too(mini, cli):
    mini.replace("schemas/mini/unit.schema.json", '"requires": {"type": "string", "x-card-ref": "tech"}',
                 '"requires": {"type": "array", "items": {"type": "string", "x-card-ref": "tech"}}')
    mini.replace("decks/mini/units.yaml", "requires: bows", "requires: [bows]")
    variant(mini, "nobows", NO_BOWS)
    code, _, err = cli("validate", "--variant", "nobows", "mini")
    assert errors(err)[-1] == (
        "decks/mini/variants/nobows.yaml:5:10: error[variant]: nobows: removes 'bows', which 1 value still name: "
        "archer.requires.0 (units.yaml:8); archer cannot go without it: remove or patch it too")


def test_a_card_removed_and_added_back_is_no_missing_reference(mini):
    variant(mini, "newbows", NO_BOWS + "add:\n  - {id: bows, name: Better bows, type: tech, count: 1, "
                                       'source: "provisional: made up for tests"}\n')
    assert deck(mini, "newbows").card("archer").get("requires") == "bows"

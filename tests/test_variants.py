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
    assert out.splitlines() == ["mini: base deck -> lite", "- removed scout (Scout)", "+ added   pike (Pike)",
                                "~ changed archer", "    cost: 2 -> 1", "~ rule hand: null -> 5"]
    code, out, _ = cli("variant", "diff", "mini", "lite", "--format", "json")
    assert json.loads(out)["changed"] == {"archer": [{"field": "cost", "before": 2, "after": 1}]}


def test_show_gives_each_field_its_origin(mini, cli):
    variant(mini, "lite", 'name: L\ndescription: l\nsource: "provisional: made up for tests"\npatch: {archer: {cost: 1}}\n')
    code, out, _ = cli("variant", "show", "mini", "lite")
    lines = out.splitlines()
    assert "  cost: 1    # decks/mini/variants/lite.yaml:5" in lines
    assert '  color: "red"    # decks/mini/units.yaml:7' in lines


def test_list_summarises_variants(mini, cli):
    variant(mini, "lite", 'name: L\ndescription: fewer units\nsource: "provisional: made up for tests"\nremove: [scout]\n')
    code, out, _ = cli("variant", "list", "mini")
    assert code == 0 and "lite     (base deck)  +0 -1 ~0  0      fewer units" in out


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

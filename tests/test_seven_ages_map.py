"""The 7 Ages prototype map: every area the rulebook names, the facts its examples state (checked by
validation), and the map checks that point at the exact line of a broken border or example."""

from functools import partial
from pathlib import Path
from typing import Mapping

import pytest
from seven_ages_copy import copy_7ages, edit, position

from cardtools.cli import main
from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.games.seven_ages.example_checks import KINDS, check_examples
from cardtools.games.seven_ages.worldmap import WorldMap

REPO = Path(__file__).parent.parent
MAP = "decks/7ages/map.yaml"
EXAMPLES = "decks/7ages/examples.yaml"

# Areas the rulebook gives a grid reference for (Terms of play, examples; the canals are in Great Canal*).
GRID = {
    "galapagos": "A1", "gulf_of_mexico": "D4", "andalusia": "H5", "germany": "J4", "carthage": "J5",
    "western_mediterranean": "J5", "benin": "J7", "epirus": "K5", "central_mediterranean": "K5", "ukraine": "L4",
    "cyrenaica": "L6", "palestine": "M5", "egypt": "M6", "mecca": "N6", "japanese_coast": "R0", "siam": "T4",
    "timor_bali": "W4", "solomons": "Y2", "south_pacific": "Z0",
}
CANALS = {"kiel_canal": ("J3", "schleswig"), "panama_canal": ("B4", "panama"), "suez_canal": ("N5", "sinai")}
NAMED = {
    "thracia", "armenia", "muscovy", "smolensk", "novgorod", "dacia", "mauretania", "normandy", "burgundy", "england",
    "yucatan", "malaya", "sahara", "iceland", "schleswig", "cis_alpine", "hausa", "pallava", "eastern_mediterranean",
    "pillars_of_hercules", "bay_of_biscay", "gulf_of_panama", "java_sea", "baltic", "north_sea", "panama",
}


@pytest.fixture(scope="module")
def deck():
    return load_deck("7ages", workspace=Workspace(REPO))


@pytest.fixture(scope="module")
def world(deck):
    return WorldMap.of(deck)


def facts(deck, kind):
    return [f for example in deck.data["examples"]["examples"] for f in example["facts"] if kind in f]


def test_the_examples_file_states_every_area_the_rulebook_names(world, deck):
    """The rulebook's names and grid references (Terms of play, examples) are facts examples.yaml keeps."""
    grids = {f["area"]: f["grid"] for f in facts(deck, "area") if "grid" in f}
    assert {a: grids.get(a) for a in GRID} == GRID
    named = set()

    def walk(value):
        if isinstance(value, str) and value in world.areas:
            named.add(value)
        for item in value.values() if isinstance(value, Mapping) else value if isinstance(value, tuple) else ():
            walk(item)
    walk(deck.data["examples"])
    assert NAMED <= named
    assert {c: (world.canals[c]["grid"], world.canals[c]["area"]) for c in CANALS} == CANALS


def test_the_shipped_map_keeps_every_example_and_each_kind_of_fact_is_used(deck):
    assert check_examples(deck) == []
    assert all(facts(deck, kind) for kind in KINDS)


def test_a_map_edit_that_breaks_an_example_names_it(ws, capsys):
    edit_area(ws, "novgorod", "borders: [finland, lithuania, smolensk, baltic]",
              "borders: [finland, lithuania, smolensk, muscovy, baltic]")
    edit_area(ws, "muscovy", "borders: [smolensk,", "borders: [novgorod, smolensk,")
    edit_area(ws, "smolensk", "terrain: fertile", "terrain: forest")
    edit_area(ws, "yucatan", "    coasts: [[gulf_of_mexico], [gulf_of_panama]]\n", "")
    edit(ws, MAP, "    name: Wheat\n    income: 2", "    name: Wheat\n    income: 3")
    assert main(["validate", "7ages"]) == 1
    fact = partial(position, ws, EXAMPLES)
    assert errors(capsys) == [
        f"{EXAMPLES}:{fact('- id: egypt_income', '{income:')}: error[example]: rulebook example 'egypt_income': the "
        "income of egypt (age 1, a value 1 city) is 7, not 6",
        *(f"{EXAMPLES}:{fact('- id: germany_income', f'age: {age}, city: 3')[:-2]}9: error[example]: rulebook "
          f"example 'germany_income': the income of germany (age {age}, a value 3 city) is {n + 1}, not {n}"
          for age, n in ((5, 7), (6, 8), (7, 8))),
        f"{EXAMPLES}:{fact('- id: no_ships_across_yucatan', '{coasts_apart:')}: error[example]: rulebook example "
        "'no_ships_across_yucatan': a ship in yucatan passes from gulf_of_mexico to gulf_of_panama along one coast",
        f"{EXAMPLES}:{fact('- id: no_ships_across_yucatan', '{galleys_apart:')}: error[example]: rulebook example "
        "'no_ships_across_yucatan': galleys sail from gulf_of_mexico to gulf_of_panama without entering ocean",
        f"{EXAMPLES}:{fact('- id: conflict', '{apart:')}: error[example]: rulebook example 'conflict': novgorod and "
        "muscovy share a border",
        f"{EXAMPLES}:{fact('- id: conflict', 'path: [novgorod, smolensk, muscovy]')[:-2]}9: error[example]: "
        "rulebook example 'conflict': the rifle has 3 movement points, but entering smolensk, muscovy costs 4 in age 5",
        f"{EXAMPLES}:{fact('- id: removing_disorder_cost', '{income: {area: ukraine, age: 7}')}: error[example]: rulebook example "
        "'removing_disorder_cost': the income of ukraine (age 7) is 6, not 5",
        f"{EXAMPLES}:{fact('- id: removing_disorder_cost', '{income: {area: ukraine, age: 7, city: 7}')}: error[example]: rulebook example "
        "'removing_disorder_cost': the income of ukraine (age 7, a value 7 city) is 13, not 12",
    ]


def test_the_map_is_one_connected_world(world):
    [everything] = world.components()
    assert len(everything) == len(world.areas) == 230


@pytest.fixture
def ws(tmp_path, monkeypatch):
    return copy_7ages(tmp_path, monkeypatch)


def errors(capsys) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if ": error[" in line]


def test_a_border_listed_on_one_side_only_is_reported_at_that_entry(ws, capsys):
    edit(ws, MAP, "borders: [hungary, ukraine, {area: moesia, river: danube}, {area: epirus, river: danube}, black_sea]",
         "borders: [hungary, ukraine, {area: moesia, river: danube}, black_sea]")
    assert main(["validate", "7ages"]) == 1
    at = position(ws, MAP, "- id: epirus", "{area: dacia")
    assert errors(capsys) == [f"{MAP}:{at}: error[map-border]: epirus: borders 'dacia', but 'dacia' does not list "
                              "'epirus' among its borders"]


def test_a_misspelt_border_and_a_river_on_one_side_only(ws, capsys):
    edit(ws, MAP, "borders: [{area: dacia, river: danube}, illyria,", "borders: [dacia, ilyria,")
    assert main(["validate", "7ages"]) == 1
    assert set(errors(capsys)) == {
        f"{MAP}:{position(ws, MAP, '- id: dacia', '{area: epirus')}: error[map-border]: dacia: the border with "
        "'epirus' is a river (danube) here but a plain border in 'epirus'",
        f"{MAP}:{position(ws, MAP, '- id: epirus', 'ilyria')}: error[unknown-id]: epirus: border names no area "
        "'ilyria'; did you mean 'illyria'?",
        f"{MAP}:{position(ws, MAP, '- id: illyria', 'epirus')}: error[map-border]: illyria: borders 'epirus', but "
        "'epirus' does not list 'illyria' among its borders",
        # the river is a fact of the rulebook's Epirus example
        f"{EXAMPLES}:{position(ws, EXAMPLES, '- id: epirus_defence', '{neighbours:')}: error[example]: rulebook "
        "example 'epirus_defence': the border of epirus and dacia is a plain border, not a river",
        f"{EXAMPLES}:{position(ws, EXAMPLES, '- id: epirus_defence', '{defence:')}: error[example]: rulebook "
        "example 'epirus_defence': the defence of epirus (age 2, units entered from dacia) is 3, not 4",
    }


def test_islands_cut_off_from_the_world_are_reported(ws, capsys):
    edit(ws, MAP, "crete, cyrenaica,", "cyrenaica,")
    edit(ws, MAP, "              cyprus, central_mediterranean, black_sea]", "              central_mediterranean, black_sea]")
    for island, other in (("crete", "cyprus"), ("cyprus", "crete")):
        lines = (ws / MAP).read_text().split("\n")
        row = next(i for i, line in enumerate(lines) if line == f"  - id: {island}")
        lines[row + 5] = lines[row + 5].replace("eastern_mediterranean", other)
        (ws / MAP).write_text("\n".join(lines))
    assert main(["validate", "7ages"]) == 1
    assert errors(capsys) == [f"{MAP}:{position(ws, MAP, '- id: crete', 'id: crete')}: error[map-connected]: crete, "
                              "cyprus: cannot be reached from the rest of the map (228 areas); add a border"]


def test_start_areas_must_be_on_the_map(ws, capsys):
    edit(ws, "decks/7ages/ancients-kingdoms.yaml", "starts: [benin]", "starts: [benn]")
    assert main(["validate", "7ages"]) == 1
    at = position(ws, "decks/7ages/ancients-kingdoms.yaml", "- id: bantu", "benn")
    assert errors(capsys) == [f"decks/7ages/ancients-kingdoms.yaml:{at}: error[unknown-id]: bantu: no start area "
                              "'benn' (not on the map); did you mean 'benin'?"]


def test_crossing_arrows_touch_seas_next_to_their_area(ws, capsys):
    edit(ws, MAP, "{area: mauretania, crossing: [western_mediterranean, pillars_of_hercules]}",
         "{area: mauretania, crossing: [western_mediterranean, bay_of_biscay]}")
    edit(ws, MAP, "{area: andalusia, crossing: [western_mediterranean, pillars_of_hercules]}",
         "{area: andalusia, crossing: [western_mediterranean, bay_of_biscay]}")
    assert main(["validate", "7ages"]) == 1
    assert errors(capsys) == [
        f"{EXAMPLES}:{position(ws, EXAMPLES, '- id: crossing_arrow', '{neighbours:')}: error[example]: rulebook "
        "example 'crossing_arrow': the crossing arrow of andalusia and mauretania touches western_mediterranean, "
        "bay_of_biscay, not western_mediterranean, pillars_of_hercules",
        f"{MAP}:{position(ws, MAP, '- id: andalusia', 'bay_of_biscay')}: error[map-border]: andalusia: the crossing "
        "arrow to 'mauretania' touches 'bay_of_biscay', which does not border 'andalusia'",
        f"{MAP}:{position(ws, MAP, '- id: mauretania', 'bay_of_biscay')}: error[map-border]: mauretania: the crossing "
        "arrow to 'andalusia' touches 'bay_of_biscay', which does not border 'mauretania'",
    ]


def test_ships_keep_to_one_coast_and_galleys_sail_in_eight_basins(world):
    # § 4. Manoeuvre › Ship movement restrictions: no ship from the Gulf of Mexico through Yucatan to the
    # Gulf of Panama; only the Suez canal joins the Mediterranean and the Red Sea.
    assert world.coasts("yucatan") == (frozenset({"gulf_of_mexico"}), frozenset({"gulf_of_panama"}))
    assert world.coasts("carthage") == (frozenset({"western_mediterranean", "central_mediterranean"}),)
    assert world.coasts("sahara") == ()
    basins = world.galley_basins()
    assert [len(b) for b in basins] == [14, 10, 1, 1, 1, 1, 1, 1]
    indian, europe = map(set, basins[:2])
    assert {"red_sea", "arabian_sea", "bay_of_bengal", "japanese_coast", "mozambique_channel"} <= indian
    assert {"baltic", "bay_of_biscay", "pillars_of_hercules", "black_sea"} <= europe
    assert [b for b in basins[2:]] == [["caspian_sea"], ["gulf_of_alaska"], ["gulf_of_panama"], ["gulf_of_mexico"],
                                       ["hudson_bay"], ["gulf_of_guinea"]]


def edit_area(root: Path, area: str, old: str, new: str) -> None:
    """Replace ``old`` (once) inside the entry of ``area`` in map.yaml."""
    path = root / MAP
    text = path.read_text()
    start = text.index(f"  - id: {area}\n")
    end = text.index("\n  - id: ", start + 1)
    block = text[start:end]
    assert block.count(old) == 1, old
    path.write_text(text[:start] + block.replace(old, new) + text[end:])


def test_coasts_must_share_out_the_areas_seas(ws, capsys):
    edit_area(ws, "yucatan", "coasts: [[gulf_of_mexico], [gulf_of_panama]]",
              "coasts: [[gulf_of_mexico], [gulf_of_panma]]")
    edit_area(ws, "new_granada", "coasts: [[gulf_of_mexico], [gulf_of_panama]]",
              "coasts: [[gulf_of_mexico], [gulf_of_mexico, gulf_of_panama]]")
    assert main(["validate", "7ages"]) == 1
    row, col = map(int, position(ws, MAP, "- id: yucatan", "coasts:").split(":"))
    granada = position(ws, MAP, "- id: new_granada", "coasts:").split(":")[0]
    assert errors(capsys) == [
        f"{EXAMPLES}:{position(ws, EXAMPLES, '- id: no_ships_across_yucatan', '{galleys_apart:')}: error[example]: "
        "rulebook example 'no_ships_across_yucatan': galleys sail from gulf_of_mexico to gulf_of_panama without "
        "entering ocean",
        f"{MAP}:{row}:{col + 8}: error[map]: yucatan: it borders 'gulf_of_panama', which is on none of its coasts",
        f"{MAP}:{row}:{col + 28}: error[map]: yucatan: a coast faces the sea and ocean areas it borders; "
        "'gulf_of_panma' is not one; did you mean 'gulf_of_panama'?",
        f"{MAP}:{granada}:{col + 28}: error[map]: new_granada: 'gulf_of_mexico' is on two coasts; a sea is on one",
    ]


def test_a_canal_must_join_seas_its_area_keeps_apart(ws, capsys):
    edit_area(ws, "sinai", "    coasts: [[eastern_mediterranean], [red_sea]]\n", "")
    assert main(["validate", "7ages"]) == 1
    assert errors(capsys) == [
        f"{EXAMPLES}:{position(ws, EXAMPLES, '- id: canals', '{galleys_apart:')}: error[example]: rulebook example "
        "'canals': galleys sail from eastern_mediterranean to red_sea without entering ocean",
        f"{MAP}:{position(ws, MAP, '- {id: suez_canal', '[eastern_mediterranean')}: error[map]: canal suez_canal: ships already "
        "pass between eastern_mediterranean and red_sea along one coast of 'sinai'; give 'sinai' coasts that keep "
        "them apart (only the canal joins them)"]


def test_an_example_naming_an_area_not_on_the_map(ws, capsys):
    edit(ws, EXAMPLES, "{income: {area: egypt, age: 1, city: 1}, is: 6}", "{income: {area: egpyt, age: 1, city: 1}, is: 6}")
    assert main(["validate", "7ages"]) == 1
    assert errors(capsys) == [f"{EXAMPLES}:{position(ws, EXAMPLES, '- id: egypt_income', 'egpyt')}: error[unknown-id]: "
                              "egypt_income: no area 'egpyt' on the map; did you mean 'egypt'?"]


def test_every_kind_of_example_fact_reports_what_the_data_says(ws, capsys):
    """Wrong expectations written into examples.yaml: each fact kind says what the map holds instead."""
    for old, new in (
            ("{area: egypt, grid: M6, terrain: fertile, resources: [wheat]}",
             "{area: egypt, grid: M7, terrain: desert, resources: [oil]}"),
            ("{area: sahara, coastal: false}", "{area: sahara, coastal: true}"),
            ("{area: japanese_coast, grid: R0, regions: [north_east_asia, asia]}",
             "{area: japanese_coast, grid: R0, regions: [asia]}"),
            ("{area: western_mediterranean, grid: J5, in_regions: [europe]}",
             "{area: western_mediterranean, grid: J5, in_regions: [europe, india]}"),
            ("{area: palestine, grid: M5, religious_sites: [christianity]}",
             "{area: palestine, grid: M5, religious_sites: [hinduism]}"),
            ("{neighbours: [galapagos, south_pacific], by: wrap}", "{neighbours: [galapagos, south_pacific], by: river}"),
            ("{neighbours: [siam, malaya]}", "{neighbours: [siam, egypt]}"),
            ("{garrison: {area: armenia, age: 3, city: 1, siege: true, fort: true}, is: 4}",
             "{garrison: {area: armenia, age: 3, city: 1, siege: true, fort: true}, is: 5}"),
            ("{defence: {area: muscovy, age: 4}, is: 1}", "{defence: {area: muscovy, age: 6}, is: 1}"),
            ("{disorder_cost: {area: cyrenaica, age: 1}, is: 5}", "{disorder_cost: {area: cyrenaica, age: 1, city: 5}, is: 5}")):
        edit(ws, EXAMPLES, old, new)
    assert main(["validate", "7ages"]) == 1
    def at(example: str, text: str) -> str:  # a fact's line; facts start in column 9
        return f"{EXAMPLES}:{position(ws, EXAMPLES, f'- id: {example}', text).split(':')[0]}:9"
    fact = "error[example]: rulebook example"
    assert errors(capsys) == [
        f"{at('egypt_income', '{area: egypt')}: {fact} 'egypt_income': egypt: its grid reference is M6, not M7; it "
        "is fertile, not desert; it has no oil",
        f"{at('blue_arrow', '{neighbours:')}: {fact} 'blue_arrow': the border of galapagos and south_pacific is a blue "
        "arrow, not a river",
        f"{at('armenia_disorder', 'siege: true, fort: true')}: {fact} 'armenia_disorder': the garrison of armenia (age "
        "3, a value 1 city, a siege unit, a fort) is 4, not 5",
        f"{at('conflict', '{defence:')}: {fact} 'conflict': the defence of muscovy (age 6) is 0, not 1",  # forest is gone
        f"{at('invading_siam', 'egypt')}: {fact} 'invading_siam': siam and egypt do not share a border",
        f"{at('coastal_areas', 'sahara')}: {fact} 'coastal_areas': sahara: it is not coastal",
        f"{at('regions', 'japanese_coast')}: {fact} 'regions': japanese_coast: it counts in asia, north_east_asia, not "
        "exactly asia",
        f"{at('regions', 'western_mediterranean')}: {fact} 'regions': western_mediterranean: it does not count in india",
        f"{at('religious_sites', 'palestine')}: {fact} 'religious_sites': palestine: it is not a religious site of "
        "hinduism",
        f"{at('removing_disorder_cost', 'city: 5')}: {fact} 'removing_disorder_cost': the disorder cost of cyrenaica "
        "(age 1, a value 5 city) is 6, not 5",
    ]

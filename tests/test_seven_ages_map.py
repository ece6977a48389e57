"""The 7 Ages prototype map: every area the rulebook names, its stated facts, and the map checks
that point at the exact line of a broken border."""

import shutil
from pathlib import Path

import pytest

from cardtools.cli import main
from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.games.seven_ages.worldmap import WorldMap

REPO = Path(__file__).parent.parent
MAP = "decks/7ages/map.yaml"

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
def world():
    return WorldMap.of(load_deck("7ages", workspace=Workspace(REPO)))


def test_every_area_the_rulebook_names_is_on_the_map_with_its_grid_reference(world):
    assert {a: world.areas[a].grid for a in GRID} == GRID
    assert {c: (world.canals[c]["grid"], world.canals[c]["area"]) for c in CANALS} == CANALS
    assert NAMED <= set(world.areas)


def test_facts_the_rulebook_states_about_areas(world):
    terrain = {a: world.areas[a].terrain for a in ("egypt", "germany", "armenia", "epirus", "muscovy")}
    assert terrain == {"egypt": "fertile", "germany": "forest", "armenia": "mountain", "epirus": "mountain",
                       "muscovy": "forest"}
    assert "wheat" in world.areas["egypt"].resources and "wheat" in world.areas["germany"].resources
    assert "elephants" in world.areas["siam"].resources
    assert world.coastal("carthage") and not world.coastal("sahara")
    assert {"java_sea", "malaya"} <= set(world.neighbours("siam"))
    assert "christianity" in world.areas["palestine"].religious_sites
    assert world.areas["iceland"].region == "britain" and world.region_chain("britain") == ("britain", "europe")


def test_seas_belong_to_the_regions_of_the_land_they_touch(world):
    assert world.regions_of("central_mediterranean") == {"africa", "italy", "europe"}
    assert world.regions_of("japanese_coast") == {"north_east_asia", "asia"}
    assert "europe" in world.regions_of("western_mediterranean")  # not exclusively outside Europe
    assert world.regions_of("solomons") == {"australasia", "asia"}
    assert world.regions_of("timor_bali") == {"se_asia", "asia"}


def test_special_borders(world):
    borders = {(a.id, b.area): b for a in world.areas.values() for b in a.borders}
    assert borders["galapagos", "south_pacific"].wrap  # the blue arrow across the map's edge
    assert set(borders["andalusia", "mauretania"].crossing) == {"western_mediterranean", "pillars_of_hercules"}
    assert borders["epirus", "dacia"].river and world.river_area("epirus")
    assert {"gulf_of_mexico", "gulf_of_panama"} <= set(world.neighbours("yucatan"))
    assert "gulf_of_panama" not in world.neighbours("gulf_of_mexico")  # ships need the canal
    assert set(world.canals["panama_canal"]["connects"]) == {"gulf_of_mexico", "gulf_of_panama"}
    assert set(world.canals["kiel_canal"]["connects"]) == {"baltic", "north_sea"}


def test_the_map_is_one_connected_world(world):
    [everything] = world.components()
    assert len(everything) == len(world.areas) == 230


@pytest.fixture
def ws(tmp_path, monkeypatch):
    root = tmp_path / "ws"
    shutil.copytree(REPO / "decks" / "7ages", root / "decks" / "7ages")
    shutil.copytree(REPO / "schemas", root / "schemas")
    monkeypatch.chdir(root)
    return root


def edit(root: Path, rel: str, old: str, new: str) -> None:
    path = root / rel
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


def position(root: Path, rel: str, after: str, text: str) -> str:
    """'line:col' of the first ``text`` after the line holding ``after``."""
    lines = (root / rel).read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if after in line)
    row = next(i for i in range(start, len(lines)) if text in lines[i])
    return f"{row + 1}:{lines[row].index(text) + 1}"


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
        f"{MAP}:{row}:{col + 8}: error[map]: yucatan: it borders 'gulf_of_panama', which is on none of its coasts",
        f"{MAP}:{row}:{col + 28}: error[map]: yucatan: a coast faces the sea and ocean areas it borders; "
        "'gulf_of_panma' is not one; did you mean 'gulf_of_panama'?",
        f"{MAP}:{granada}:{col + 28}: error[map]: new_granada: 'gulf_of_mexico' is on two coasts; a sea is on one",
    ]


def test_a_canal_must_join_seas_its_area_keeps_apart(ws, capsys):
    edit_area(ws, "sinai", "    coasts: [[eastern_mediterranean], [red_sea]]\n", "")
    assert main(["validate", "7ages"]) == 1
    assert errors(capsys) == [
        f"{MAP}:{position(ws, MAP, '- {id: suez_canal', '[eastern_mediterranean')}: error[map]: canal suez_canal: ships already "
        "pass between eastern_mediterranean and red_sea along one coast of 'sinai'; give 'sinai' coasts that keep "
        "them apart (only the canal joins them)"]

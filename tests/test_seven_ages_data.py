"""7 Ages data tables: progress track, cost chart, leader types and glory categories agree with the
rulebook, and a third-party validator agrees with ours on every data file."""

import shutil
from pathlib import Path

import pytest
from check_jsonschema import main as check_jsonschema
from click.testing import CliRunner

from cardtools.cli import main
from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace

REPO = Path(__file__).parent.parent
DATA = ["map", "leader-types", "glory-categories", "progress-track", "cost-chart", "counters", "examples"]


@pytest.fixture(scope="module")
def deck():
    return load_deck("7ages", workspace=Workspace(REPO))


def third_party(root: Path, name: str) -> int:
    schema = (REPO / "schemas" / "7ages" / f"{name}.schema.json").resolve()
    result = CliRunner().invoke(check_jsonschema, ["--base-uri", schema.as_uri(), "--schemafile", str(schema),
                                                   str(root / "decks" / "7ages" / f"{name}.yaml")])
    return result.exit_code


@pytest.mark.parametrize("name", DATA)
def test_check_jsonschema_accepts_every_data_file(name):
    assert third_party(REPO, name) == 0


def test_a_broken_data_file_fails_both_validators(tmp_path, capsys):
    root = tmp_path / "ws"
    shutil.copytree(REPO / "decks" / "7ages", root / "decks" / "7ages")
    shutil.copytree(REPO / "schemas", root / "schemas")
    path = root / "decks" / "7ages" / "progress-track.yaml"
    path.write_text(path.read_text().replace("max_city: 3}", "max_city: 4}", 1))
    assert main(["--root", str(root), "validate", "7ages"]) == 1
    assert "progress_track.ages[1].max_city: 4 is not one of 1, 3, 5, 7" in capsys.readouterr().err
    assert third_party(root, "progress-track") == 1


def age_of(level: int, track) -> int:
    return (level - 1) // track["levels_per_age"] + 1


def test_progress_track(deck):
    track = deck.data["progress_track"]
    assert [a["name"] for a in track["ages"]] == ["Antiquity", "Empires", "Revolt", "The Renaissance", "Discovery",
                                                  "Colonialism", "Aquarius"]
    assert [a["max_city"] for a in track["ages"]] == [1, 3, 3, 5, 5, 5, 7]
    assert [age_of(level, track) for level in (2, 5, 6, 8, 22, 31, 49)] == [1, 1, 1, 2, 4, 5, 7]
    assert track["dark_ages"]["levels"] == (18, 19, 20, 24, 26, 32, 33, 38, 45)
    assert (track["beyond"]["level"], track["beyond"]["glory"]) == (49, 7)


def test_cost_chart_costs_and_unit_availability(deck):
    chart = deck.data["cost_chart"]
    assert {c["id"]: c["cost"] for c in chart["classes"]} == {"infantry": 2, "missile": 3, "cavalry": 4, "ships": 5,
                                                              "aircraft": 7}
    level = {u["id"]: u["level"] for c in chart["classes"] for u in c["units"]}
    assert (level["spear"], level["elephant"], level["ship_of_the_line"], level["tank"], level["star_wars"]) == (
        1, 10, 23, 43, 49)
    assert len(level) == 23
    costs = {m["id"]: m for m in chart["markers"]}
    assert (costs["fort"]["cost"], costs["fort"]["builder_cost"]) == (5, 4)
    assert (costs["glory"]["cost"], costs["glory"]["renaissance_cost"]) == (50, 30)
    assert costs["remove_disorder"]["minimum"] == 5 and costs["elite"]["minimum"] == 3


def test_ten_leader_types_and_the_glory_legend(deck):
    codes = [t["code"] for t in deck.data["leader_types"]["types"]]
    assert codes == ["Ad", "Ar", "Bu", "Ex", "Ph", "Po", "Re", "Sc", "St", "Ta"]
    categories = {c["id"]: c for c in deck.data["glory_categories"]["categories"]}
    religions = sorted(c["religion"] for c in categories.values() if "religion" in c)
    assert religions == ["buddhism", "christianity", "confucianism", "hinduism", "islam", "judaism", "pantheism"]
    assert {c for c, v in categories.items() if v["scoring"] == "per_area"} == {"wheat", "elephants", "oil"}
    assert categories["region"]["parameters"] == ("region", "areas")


def test_cards_use_only_known_leader_types_and_glory_categories(tmp_path, monkeypatch, capsys):
    root = tmp_path / "ws"
    shutil.copytree(REPO / "decks" / "7ages", root / "decks" / "7ages")
    shutil.copytree(REPO / "schemas", root / "schemas")
    monkeypatch.chdir(root)
    path = root / "decks" / "7ages" / "classic.yaml"
    text = path.read_text()
    text = text.replace("{name: Caesar, types: [ta]}", "{name: Caesar, types: [tc]}", 1)
    text = text.replace("- {category: region, region: europe, areas: land, value: 3}\n      - {category: cities, "
                        "value: 2}\n      - {category: land_units, value: 2}",
                        "- {category: region, region: eurpoe, areas: land, value: 3}\n      - {category: cities}\n"
                        "      - {category: land_units, value: 2}", 1)
    path.write_text(text)
    assert main(["validate", "7ages"]) == 1
    lines = path.read_text().splitlines()
    caesar = next(i for i, line in enumerate(lines) if "name: Caesar" in line)
    region = next(i for i, line in enumerate(lines) if "eurpoe" in line)
    err = [line for line in capsys.readouterr().err.splitlines() if "error[" in line]
    assert err == [
        f"decks/7ages/classic.yaml:{caesar + 1}:{lines[caesar].index('tc') + 1}: error[unknown-id]: romans: no leader "
        "type 'tc' (Caesar); the types are ad, ar, bu, ex, ph, po, re, sc, st, ta",
        f"decks/7ages/classic.yaml:{region + 1}:{lines[region].index('eurpoe') + 1}: error[unknown-id]: romans: no "
        "region 'eurpoe'; did you mean 'europe'?",
        f"decks/7ages/classic.yaml:{region + 2}:9: error[inconsistent]: romans: glory category 'cities' needs its "
        "number (value: 1, 2 or 3)",
    ]

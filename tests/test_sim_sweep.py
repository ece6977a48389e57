"""``cardtools sweep``: a grid of values set through generated variants, each run on the base run's
seeds and compared with it game by game."""

import json
from pathlib import Path

import pytest

from cardtools.core.workspace import Workspace
from cardtools.sim.runner import Request
from cardtools.sim.sweep import Axis, grid, parse_axis, sweep

REPO = Path(__file__).parent.parent


def test_an_axis_is_a_range_or_a_list():
    assert parse_axis("cards.aztecs.population=2..5") == Axis("cards.aztecs.population", (2, 3, 4, 5))
    assert parse_axis("rules.rest_coins=1, 3") == Axis("rules.rest_coins", (1, 3))
    assert parse_axis("rules.achievements=true,false").values == (True, False)
    assert parse_axis("cards.egyptians.empire.money=10..12") == Axis("cards.egyptians.empire.money", (10, 11, 12))
    assert parse_axis("cards.rome.name=Roma").values == ("Roma",)
    assert parse_axis("cards.korea.legacy.0.do.gain.coins=1..2").values == (1, 2)


@pytest.mark.parametrize("text, message", [
    ("cards.rome.population", "write PATH=VALUES"),
    ("rome.population=2", "the path is cards.CARD.FIELD"),
    ("cards.rome=2", "the path is cards.CARD.FIELD"),
    ("cards.rome.0=x", "the path is cards.CARD.FIELD"),          # an index is inside a field
    ("cards.rome.population=5..2", "the range goes down (5 > 2)"),
    ("rules.rest_coins=0..99", "100 values; a sweep has at most 64 points"),
])
def test_a_malformed_axis_says_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_axis(text)


def test_the_grid_is_every_combination_first_axis_slowest():
    points = grid([parse_axis("rules.rest_coins=1,2"), parse_axis("cards.rome.population=3..4")])
    assert points == [(("rules.rest_coins", 1), ("cards.rome.population", 3)),
                      (("rules.rest_coins", 1), ("cards.rome.population", 4)),
                      (("rules.rest_coins", 2), ("cards.rome.population", 3)),
                      (("rules.rest_coins", 2), ("cards.rome.population", 4))]
    with pytest.raises(ValueError, match="same path twice"):
        grid([parse_axis("rules.rest_coins=1"), parse_axis("rules.rest_coins=2")])


@pytest.fixture(scope="module")
def rome(tmp_path_factory):
    """Rome's population (3 in the deck) swept over 3 and 4, on 60 three-player games."""
    folder = tmp_path_factory.mktemp("sweep")
    request = Request("aoc", 3, 60, jobs=1, chunk=30)
    return folder, request, sweep(request, [parse_axis("cards.rome.population=3..4")], folder, Workspace.find())


def test_a_point_equal_to_the_deck_plays_the_very_same_games(rome):
    """Common random numbers: the same deals and agent streams, so an unchanged deck changes nothing."""
    folder, _, result = rome
    same, changed = result["points"]
    assert same["point"] == {"cards.rome.population": 3}
    assert (folder / same["folder"] / "games.jsonl").read_text() == (folder / "base" / "games.jsonl").read_text()
    assert all(m["difference"] == 0 and m["ci"] == [0, 0] for m in same["game"].values())
    assert same["cards"]["rome"] == result["base"]["cards"]["rome"]
    assert (folder / changed["folder"] / "games.jsonl").read_text() != (folder / "base" / "games.jsonl").read_text()
    assert changed["folder"] == "point-02-population=4"


def test_a_sweep_run_again_resumes_and_reports_the_same(rome):
    folder, request, result = rome
    stamps = {p: p.stat().st_mtime_ns for p in folder.glob("*/chunks/*.jsonl")}
    assert len(stamps) == 6                  # 3 runs of 2 chunks
    again = sweep(request, [parse_axis("cards.rome.population=3..4")], folder, Workspace.find())
    assert json.dumps(again, sort_keys=True) == json.dumps(result, sort_keys=True)
    assert {p: p.stat().st_mtime_ns for p in folder.glob("*/chunks/*.jsonl")} == stamps   # no game played again


def test_the_command_prints_a_row_per_point(cli, tmp_path):
    code, out, _ = cli("sweep", "aoc", "--set", "rules.rest_coins=2..3", "--players", "2", "--games", "20",
                       "--jobs", "1", "-o", str(tmp_path / "coins"))
    assert code == 0
    rows = out.splitlines()
    assert rows[0] == ("# sweep of aoc: 20 games per point at 2 players, seed 0, agents random, random; "
                       "an even share is 50.0%")
    assert [r.split("  ")[0] for r in rows[5:]] == ["point", "-" * 18, "base deck", "rules.rest_coins=2",
                                                     "rules.rest_coins=3"]
    assert rows[8].split()[1:] == ["+0.00", "[+0.00,", "+0.00]", "+0.0", "pp", "[+0.0", "pp,", "+0.0", "pp]",
                                   "+0.00", "[+0.00,", "+0.00]"]   # 2 coins is the deck's own rest


@pytest.mark.parametrize("axis, message", [
    ("cards.rmoe.population=2", "--set cards.rmoe.population=2: no card 'rmoe' in aoc; did you mean 'rome'?"),
    ("cards.rome.population=x", "--set cards.rome.population=x: civilizations[3].population: 'x' is not of type "
                                "'integer'"),
    ("rules.rest_coin=1", "--set rules.rest_coin=1: no rule parameter 'rest_coin' in aoc; did you mean 'rest_coins'?"),
])
def test_a_point_that_cannot_be_played_stops_the_sweep_before_any_game(cli, tmp_path, axis, message):
    code, _, err = cli("sweep", "aoc", "--set", axis, "--players", "2", "--games", "20", "-o", str(tmp_path / "s"))
    assert (code, err) == (2, f"cardtools sweep: error: {message}\n")
    assert not (tmp_path / "s").exists()


def test_a_sweep_file_sweeps_each_grid_against_one_base_run(cli, tmp_path):
    code, out, _ = cli("sweep", "aoc", "--file", "templates/sweeps/aoc/rome-and-rest.yaml", "--players", "2",
                       "--games", "10", "--jobs", "1", "--json", "-o", str(tmp_path / "s"))
    assert code == 0
    results = json.loads(out)
    assert [(r["name"], len(r["points"])) for r in results] == [("rome", 3), ("rest", 6)]
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == ["base", "rest", "rome"]
    assert not (tmp_path / "s/rome/base").exists()          # the base run is played once, for both grids
    assert results[1]["points"][3]["point"] == {"rules.rest_coins": 2, "rules.rest_workers": 1}   # the deck's own
    assert all(m["difference"] == 0 for m in results[1]["points"][3]["game"].values())


@pytest.mark.parametrize("change, message", [
    (("cards.rome.population", "rome.population"),
     "4:7: error[schema]: sweep.grids[0].set: 'rome.population': a path is cards.CARD.FIELD (a nested field: "
     "cards.CARD.FIELD.KEY; in a list: cards.CARD.FIELD.0.KEY) or rules.PARAMETER"),
    (("name: rest", "name: rome"),
     "5:11: error[sweep]: grid name 'rome' is taken (each grid has a folder of its own; 'base' is the base run's)"),
    (("2..4", "[]"), "4:30: error[schema]: sweep.grids[0].set.cards.rome.population: [] should be non-empty"),
])
def test_a_mistake_in_a_sweep_file_is_reported_at_its_line(cli, tmp_path, monkeypatch, change, message):
    text = """grids:
  - name: rome
    set:
      cards.rome.population: 2..4
  - name: rest
    set:
      rules.rest_coins: [1, 3]
""".replace(*change)
    (tmp_path / "grids.yaml").write_text(text)
    monkeypatch.chdir(tmp_path)
    code, _, err = cli("--root", str(REPO), "sweep", "aoc", "--file", "grids.yaml", "--players", "2", "--games", "10",
                       "-o", "s")
    assert (code, err.splitlines()[0]) == (1, f"grids.yaml:{message}")
    assert not (tmp_path / "s").exists()


@pytest.mark.slow
def test_a_sweep_on_a_dask_cluster_plays_the_same_games(cli, tmp_path):
    pytest.importorskip("dask.distributed")
    common = ("sweep", "aoc", "--set", "rules.rest_coins=1,2", "--players", "2", "--games", "40", "--chunk", "20",
              "--jobs", "1")
    assert cli(*common, "-o", str(tmp_path / "local"))[0] == 0
    assert cli(*common, "--backend", "dask", "-o", str(tmp_path / "dask"))[0] == 0
    for run in ("base", "point-01-rest_coins=1", "point-02-rest_coins=2"):
        assert (tmp_path / "dask" / run / "games.jsonl").read_bytes() == (tmp_path / "local" / run / "games.jsonl").read_bytes()


def test_a_number_inside_a_cards_effects_is_set_by_its_index(cli, tmp_path):
    """Korea's legacy ability gains 1 coin; the list holding it is copied with that number changed."""
    code, out, _ = cli("sweep", "aoc", "--set", "cards.korea.legacy.0.do.gain.coins=1,3", "--players", "2",
                       "--games", "20", "--jobs", "1", "--json", "-o", str(tmp_path / "s"))
    assert code == 0
    same, more = json.loads(out)["points"]
    assert all(m["difference"] == 0 for m in same["game"].values())      # 1 is what the card says
    variant = next(tmp_path.glob("s/point-02-*/manifest.json")).read_text()
    assert '"set": {\n      "cards.korea.legacy.0.do.gain.coins": 3' in variant
    code, _, err = cli("sweep", "aoc", "--set", "cards.korea.legacy.4.do=1", "--players", "2", "--games", "20",
                       "-o", str(tmp_path / "t"))
    assert (code, err) == (2, "cardtools sweep: error: --set cards.korea.legacy.4.do=1: korea.legacy.4 is not in the "
                              "card\n")

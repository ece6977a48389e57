"""Balance answers on planted faults (issue 20): a variant gives Rome 6 workers (it prints 3) and
Egypt 1 (it prints 4): ``report`` flags both, and ``tune`` finds each card's par again; another
gives the Pyramids 10 points for a player who also has Mathematics: the interaction check finds
that pair first."""

import shutil
from pathlib import Path

import pytest

from cardtools.core.workspace import Workspace
from cardtools.sim.report import agreement, build_report
from cardtools.sim.runner import Request, simulate
from cardtools.sim.store import RunStore
from cardtools.sim.tune import field_range, tune

REPO = Path(__file__).parent.parent
PLANTED = """name: Planted imbalance
description: Rome with 6 workers (too strong) and Egypt with 1 (too weak).
source: "provisional: a test of cardtools report and tune"
patch:
  rome: {population: 6}
  egypt: {population: 1}
"""
DOMINANT = """name: Planted dominant card
description: Stonehenge scores 30 at game end.
source: "provisional: a test of the dominance check"
patch:
  stonehenge:
    effects:
      - {when: game_end, do: {gain: {score: 30}}}
"""
TOGETHER = """name: Planted interaction
description: The Pyramids score 10 more at game end for a player who also has Mathematics.
source: "provisional: a test of the interaction check"
patch:
  pyramids:
    effects:
      - {when: game_end, do: {gain: {score: {count: civilizations}}}}
      - {when: game_end, if: {has: mathematics}, do: {gain: {score: 10}}}
"""


@pytest.fixture(scope="module")
def planted(tmp_path_factory) -> Workspace:
    root = tmp_path_factory.mktemp("planted")
    for folder in ("decks/aoc", "schemas"):
        shutil.copytree(REPO / folder, root / folder)
    (root / "decks/aoc/variants/planted.yaml").write_text(PLANTED)
    (root / "decks/aoc/variants/together.yaml").write_text(TOGETHER)
    (root / "decks/aoc/variants/dominant.yaml").write_text(DOMINANT)
    return Workspace(root)


@pytest.mark.slow
def test_the_report_flags_the_planted_cards(planted):
    folder = planted.root / "run"
    simulate(Request("aoc", 3, 900, variant="planted", jobs=2), folder, planted)
    store = RunStore(folder)
    risen = {e["card"]: e for e in build_report(store.manifest(), store.rows())["cards"]["civilizations_risen"]}
    assert (risen["rome"]["flagged"], risen["egypt"]["flagged"]) == ("stronger", "weaker")
    assert risen["rome"]["ci"][0] > 1 / 3 > risen["egypt"]["ci"][1]


@pytest.mark.slow
@pytest.mark.parametrize("card, printed", [("rome", 3), ("egypt", 4)])
def test_tune_brings_each_back_to_par_within_its_interval(planted, card, printed):
    """Searched over population 1..9 (the schema's bounds), from 300 games per value up to 2,400."""
    result = tune(Request("aoc", 3, 300, variant="planted", jobs=2), card, "population", None,
                  planted.root / f"tune-{card}", planted, max_games=2400)
    assert (result["verdict"], result["value"]) == ("at par", printed)   # the value the card prints
    chosen = next(t for t in result["trials"] if t["value"] == printed and t["games"] == 2400)
    assert chosen["ci"][0] <= 1 / 3 <= chosen["ci"][1]


@pytest.mark.slow
def test_the_interaction_check_finds_two_cards_strong_only_together(planted):
    folder = planted.root / "together"
    simulate(Request("aoc", 3, 1500, variant="together", jobs=2), folder, planted)
    store = RunStore(folder)
    found = build_report(store.manifest(), store.rows())["interactions"]
    top = found[0]
    assert (top["cards"], top["flagged"]) == (["mathematics", "pyramids"], "stronger together")
    assert top["win_both"] == 1.0 and top["ci"][0] > 0.2     # every holder of both won
    assert [e["cards"] for e in found if e["flagged"] == "stronger together"] == [["mathematics", "pyramids"]]


def test_a_card_that_wins_in_every_seat_is_dominant(planted):
    folder = planted.root / "dominant"
    simulate(Request("aoc", 3, 900, variant="dominant", jobs=2), folder, planted)
    store = RunStore(folder)
    report = build_report(store.manifest(), store.rows())
    assert [(e["kind"], e["id"]) for e in report["dominant"]] == [("card", "stonehenge")]
    assert min(report["dominant"][0]["seats"]) >= 2 / 3


def test_a_finding_says_which_agents_it_holds_for():
    def entry(flag, **differences):
        return {"flagged": flag, "by_agent": {a: {"difference": d} for a, d in differences.items()}}
    assert agreement(entry("stronger", greedy=0.1, random=0.05)) == "for every agent"
    assert agreement(entry("stronger", greedy=-0.02, random=0.2)) == "only for random"
    assert agreement(entry("weaker", greedy=-0.1, random=0.1)) == "only for greedy"
    assert agreement(entry(None, greedy=0.1, random=0.1)) == ""


def test_a_mixed_run_gives_each_cards_rates_per_agent(tmp_path):
    folder = tmp_path / "mixed"
    simulate(Request("aoc", 3, 60, agents="random,greedy,random", jobs=1), folder, Workspace(REPO))
    store = RunStore(folder)
    rows = store.rows()
    report = build_report(store.manifest(), rows)
    wall = next(e for e in report["cards"]["wonders"] if e["card"] == "great_wall")
    for agent, found in wall["by_agent"].items():
        having = [r["win"] for r in rows if r["agent"] == agent and "great_wall" in r["wonders"]]
        assert found["rate"] == pytest.approx(sum(having) / len(having))


def test_the_field_must_be_a_bounded_whole_number(planted):
    assert field_range(planted, "aoc", "planted", "rome", "population") == (6, 1, 9)
    assert field_range(planted, "aoc", None, "korea", "legacy.0.do.gain.coins") == (1, None, None)   # in effects
    with pytest.raises(ValueError, match="rome.name is 'Rome': tune searches a whole-number field"):
        field_range(planted, "aoc", None, "rome", "name")
    with pytest.raises(ValueError, match="^no card 'rmoe' in aoc; did you mean 'rome'\\?$"):
        field_range(planted, "aoc", None, "rmoe", "population")


def test_a_field_the_card_lacks_is_named_with_a_suggestion(planted):
    """`--field popul` said `rome.popul is None: tune searches a whole-number field`."""
    with pytest.raises(ValueError, match="^rome has no field 'popul'; did you mean 'population'\\?$"):
        field_range(planted, "aoc", None, "rome", "popul")
    with pytest.raises(ValueError, match="^korea has no field 'legacy.0.do.gain.coin'; did you mean 'coins'\\?$"):
        field_range(planted, "aoc", None, "korea", "legacy.0.do.gain.coin")
    with pytest.raises(ValueError, match="^korea has no field 'legacy.9'$"):
        field_range(planted, "aoc", None, "korea", "legacy.9.do")


def test_the_command_explains_an_impossible_target(cli):
    code, _, err = cli("tune", "aoc", "rome", "--field", "population", "--target", "1.5", "--players", "3",
                       "--games", "30", "-o", "unused")
    assert (code, err) == (2, "cardtools tune: error: --target 1.5: say par, or a win share between 0 and 1 (0.4)\n")
    assert not Path("unused").exists()

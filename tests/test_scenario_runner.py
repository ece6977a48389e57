"""`cardtools scenario run`: a failing scenario is reported at the line that shows the failure."""

import os
from pathlib import Path

import pytest

from cardtools.core.workspace import Workspace
from cardtools.sim.scenario import Runner

REPO = Path(__file__).parent.parent
HEADER = "# yaml-language-server: $schema=../../../schemas/aoc/scenario.schema.json\n"
BASE = """game: aoc
cite: "seeds/003_f54a9293e38b5e67.txt § PLAYING THE GAME › 2B. Rest"
description: resting
setup:
  round: 2
  step: actions
  time_track: [build, culture, trade, farm, hunt, fish, conquest, plague]
  players:
    P1: {civilizations: [egypt], coins: 1}
do:
  - rest
expect:
  players:
    P1: {coins: 3}
"""


@pytest.fixture
def scenario(tmp_path, monkeypatch, cli):
    monkeypatch.chdir(tmp_path)

    def run(text: str) -> tuple[int, str, str]:
        Path("s.yaml").write_text(HEADER + text)
        return cli("--root", str(REPO), "scenario", "run", "s.yaml")
    return run


def errors(err: str) -> list[str]:
    return [line for line in err.splitlines() if ": error[" in line]


def test_passing_scenario(scenario):
    code, out, err = scenario(BASE)
    assert code == 0 and out.splitlines() == ["ok   s.yaml: resting", "1 passed, 0 failed"] and err == ""


def test_wrong_expectation_points_at_the_expected_value(scenario):
    code, out, err = scenario(BASE.replace("P1: {coins: 3}", "P1: {coins: 9}"))
    assert code == 1 and out.splitlines()[-1] == "0 passed, 1 failed"
    assert errors(err) == ["s.yaml:15:17: error[scenario]: expect.players.P1.coins: expected 9, got 3"]


def test_illegal_move_lists_the_legal_ones(scenario):
    code, _, err = scenario(BASE.replace("  - rest", "  - rset"))
    assert errors(err) == ["s.yaml:12:5: error[scenario]: 'rset' is not a legal move here; did you mean 'rest'?; "
                           "legal: end, rest, perform enslave, perform trade, perform farm"]


def test_setup_error_points_into_the_setup(scenario):
    code, _, err = scenario(BASE.replace("[egypt]", "[egpyt]"))
    assert errors(err) == ["s.yaml:10:26: error[scenario]: setup: 'egpyt' is not one of the civilizations of "
                           "this deck; did you mean 'egypt'?"]


def test_schema_error_in_expect(scenario):
    code, _, err = scenario(BASE.replace("P1: {coins: 3}", "P1: {coin: 3}"))
    assert code == 1
    assert errors(err) == ["s.yaml:15:10: error[unknown-key]: scenario.expect.players.P1: unknown key 'coin'; "
                           "did you mean 'coins'?"]


def test_a_scenario_of_an_unknown_game_is_reported_at_its_game_line(tmp_path, monkeypatch):
    """The fuzzer's `game: rresearch` was reported at decks/rresearch/game.yaml, a file that is not there."""
    scenario = tmp_path / "typo.yaml"
    scenario.write_text('game: aco\ncite: "seeds/x § y"\ndescription: A game id misspelt.\n')
    outcome = Runner(Workspace(REPO)).run_file(scenario)
    assert [(d.location.path, d.location.line, d.location.col, d.message) for d in outcome.problems] == [
        (scenario, 1, 7, "no game 'aco' (games here: 7ages, aoc, tta); did you mean 'aoc'?")]


def test_an_unknown_variant_for_many_scenarios_is_reported_once(tmp_path, monkeypatch, cli):
    """`scenario run FOLDER --variant nope` printed the same error once per scenario file."""
    monkeypatch.chdir(tmp_path)
    for name in ("a", "b", "c"):
        Path(f"{name}.yaml").write_text(HEADER + BASE)
    code, out, err = cli("--root", str(REPO), "scenario", "run", ".", "--variant", "nope")
    assert code == 1 and out.splitlines()[-1] == "0 passed, 3 failed"
    assert errors(err) == [f"{Path(os.path.relpath(REPO / 'decks/aoc/game.yaml'))}:1:1: error[variant]: no variant "
                           f"'nope' (expected {REPO}/decks/aoc/variants/nope.yaml); variants: drafting, solo"]

"""Every scenario file of every game (tests/scenarios/<game>/) passes: the rulebooks' worked examples
and rulings, each citing its section, with numbers from the seed text (docs/rules/<game>.md lists
them: Age of Civilization's every example and clarification, Through the Ages' Handbook examples
and Code of Laws rulings, 7 Ages' rulebook examples its engine's part 1 plays)."""

from pathlib import Path

import pytest

from cardtools.core.diagnostics import render
from cardtools.sim.scenario import Runner, scenario_files

FOLDER = Path(__file__).parent / "scenarios"
RUNNER = Runner()


@pytest.mark.parametrize("path", scenario_files([FOLDER]), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario(path):
    outcome = RUNNER.run_file(path)
    assert outcome.passed, render(outcome.problems)

"""Every Age of Civilization scenario file (tests/scenarios/aoc) passes: one per worked example and
clarification of the rulebook."""

from pathlib import Path

import pytest

from cardtools.core.diagnostics import render
from cardtools.sim.scenario import Runner, scenario_files

FOLDER = Path(__file__).parent / "scenarios" / "aoc"
RUNNER = Runner()


@pytest.mark.parametrize("path", scenario_files([FOLDER]), ids=lambda p: p.stem)
def test_scenario(path):
    outcome = RUNNER.run_file(path)
    assert outcome.passed, render(outcome.problems)

"""Every 7 Ages scenario file (tests/scenarios/7ages) passes: the rulebook's worked examples the
engine's part 1 plays (docs/rules/7ages.md § 17), numbers from the rulebook."""

from pathlib import Path

import pytest

from cardtools.core.diagnostics import render
from cardtools.sim.scenario import Runner, scenario_files

FOLDER = Path(__file__).parent / "scenarios" / "7ages"
RUNNER = Runner()


@pytest.mark.parametrize("path", scenario_files([FOLDER]), ids=lambda p: p.stem)
def test_scenario(path):
    outcome = RUNNER.run_file(path)
    assert outcome.passed, render(outcome.problems)

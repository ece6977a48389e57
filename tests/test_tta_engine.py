"""The Through the Ages engine (cardtools/games/tta): every scenario file of tests/scenarios/tta (the
Handbook's worked examples, numbers from the seed text) passes, and invariants hold over seeded
random first games at 2-4 players (banks never negative, blue and yellow tokens neither created nor
lost except to and from the box, the civil hand limit when taking, one unfinished wonder, the
military hand limit after discarding). benchmarks/tta.py --invariants runs the same checks over
thousands of games."""

import random
from pathlib import Path

import pytest

from cardtools.core.diagnostics import render
from cardtools.core.loader import load_deck
from cardtools.engine.contract import UnplayedRules, new_game
from cardtools.games.tta.invariants import violations
from cardtools.sim.scenario import Runner, scenario_files

FOLDER = Path(__file__).parent / "scenarios" / "tta"
RUNNER = Runner()
GAME = new_game(load_deck("tta", "first-game"))


@pytest.mark.parametrize("path", scenario_files([FOLDER]), ids=lambda p: p.stem)
def test_scenario(path):
    outcome = RUNNER.run_file(path)
    assert outcome.passed, render(outcome.problems)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_in_random_first_games(players):
    for seed in range(20):
        assert violations(GAME, players, seed, random.Random(seed)) == []


def test_a_broken_bank_is_caught():
    """The invariants can fail: a yellow token slipped out of the bank is reported."""
    state = GAME.new_state(2, 0)
    state.yellow[0] -= 1
    from cardtools.games.tta.invariants import check

    assert check(state) == ["P1: 24 yellow tokens on the board, 25 expected from the box's moves"]


def test_rules_the_engine_does_not_play_are_refused_with_what_is_missing():
    """The full game's parameters (Age III, aggressions …) are refused, not played as the first game."""
    game = object.__new__(type(GAME))
    game.rules = dict(GAME.rules, last_age="III", political_actions=["prepare_event", "declare_war"])
    with pytest.raises(UnplayedRules, match="not played yet: Age III; the political actions declare_war"):
        game.check_rules()


def test_the_log_reads_like_the_game():
    """Actions with their costs, production and the final scores appear in the log."""
    state = GAME.new_state(3, 1, log=True)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    text = "\n".join(state.log)
    assert "P1 takes " in text and " civil action" in text
    assert "produces 2 food" in text
    assert "== game end: final scoring" in text and "1. P" in text

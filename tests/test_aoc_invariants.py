"""Invariants over 1,000 seeded random games in every variant and player count (the full 10,000:
benchmarks/aoc_invariants.py): the game ends after 6 rounds, nothing goes negative, at most 3
civilization cards, every action paid for, same seed -> same log."""

import pytest

from cardtools.core.loader import load_deck
from cardtools.games.aoc.invariants import play_checked
from cardtools.games.aoc.rules import Game

CONFIGS = [(None, 2, 150), (None, 3, 150), (None, 4, 150), ("drafting", 2, 100), ("drafting", 3, 100),
           ("drafting", 4, 100), ("solo", 1, 250)]


@pytest.mark.parametrize("variant,players,games", CONFIGS)
def test_invariants(variant, players, games):
    game = Game(load_deck("aoc", variant))
    results = [play_checked(game, players, seed) for seed in range(games)]
    assert [(r.seed, r.violations) for r in results if r.violations] == []
    assert len({r.digest for r in results}) == games                    # different seeds, different games
    replayed = [play_checked(game, players, r.seed).digest for r in results[:10]]
    assert replayed == [r.digest for r in results[:10]]                 # same seed, same log

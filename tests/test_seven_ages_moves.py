"""7 Ages moves in two layers (docs/rules/7ages.md § 15): agents are offered macros, the log records the
primitive moves each macro expanded to, and those primitives, made instead of the macro, give the same
game; primitives are accepted at their decision without being listed."""

import random

import pytest

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.engine.contract import new_game, random_move
from cardtools.games.seven_ages.moves import PRIMITIVES

WS = Workspace.find()
UNLISTED = {kind for kinds in PRIMITIVES.values() for kind in kinds} - {"built", "draw"}


@pytest.fixture(scope="module", params=["no-events", None], ids=["no-events", "standard"])
def game(request):
    return new_game(load_deck("7ages", request.param, WS))


def primitives(lines: list[str]) -> list[str]:
    """The moves the log's ``» …`` lines record, in a scenario's words (a private argument unbracketed)."""
    return [line.strip()[2:].replace("[", "").replace("]", "") for line in lines if line.lstrip().startswith("»")]


@pytest.mark.slow
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_a_random_game_replays_from_the_primitives_its_macros_logged(game, players, seed):
    """Every move of a seeded random game is made again on a second state from the same seed, a macro as
    the primitive moves it logged: after each, both states are the same position with the same » lines."""
    played, replay = game.new_state(players, seed, log=True), game.new_state(players, seed, log=True)
    rng, expanded = random.Random(seed), 0
    while not played.is_terminal():
        move = random_move(played, played.legal_actions(), rng)
        words, before = played.action_to_string(move), len(played.log)
        played.apply(move)
        steps = primitives(played.log[before:])
        if steps and steps != [words]:
            expanded += 1
            for step in steps:
                replay.apply(replay.string_to_action(step))
        else:
            replay.apply(replay.string_to_action(words) if not words.startswith("choose") else move)
        assert replay.snapshot() == played.snapshot(), words
    assert primitives(replay.log) == primitives(played.log)
    assert replay.ranks() == played.ranks() and expanded > 20


def test_agents_are_offered_macros_not_primitives(game):
    state, rng = game.new_state(4, 7), random.Random(7)
    while not state.is_terminal():
        listed = {game.codec.decode(m)[0].name for m in state.legal_actions()}
        assert not listed & UNLISTED, listed
        state.apply(random_move(state, state.legal_actions(), rng))

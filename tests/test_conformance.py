"""The engine conformance suite (cardtools.engine.conformance) for every registered engine, at each
player count of each shipped variant, and for the toy game of tests/fixtures/toy (a game with
nothing of Age of Civilization's shape: hidden hands, a hidden pile, decisions out of turn)."""

import sys
from pathlib import Path

import pytest

from cardtools.core.loader import load_deck
from cardtools.core.plugins import GamePlugin, plugins, register
from cardtools.core.variants import variant_names
from cardtools.core.workspace import Workspace
from cardtools.engine.conformance import check_engine
from cardtools.engine.contract import new_game

REPO = Path(__file__).parent.parent
TOY = Path(__file__).parent / "fixtures" / "toy"
GAMES_PER_CONFIG = 1000


def toy_game():
    """The toy game, registered by hand (it is not installed: only its folder is on the path)."""
    if str(TOY) not in sys.path:
        sys.path.insert(0, str(TOY))
    register(GamePlugin("toy", rules="toy_rules"))
    return new_game(load_deck("toy", workspace=Workspace(TOY)))


def configs():
    """(game id, variant, players) of every registered engine's decks."""
    workspace = Workspace(REPO)
    for plugin in plugins():
        if plugin.rules is None:
            continue
        for variant in (None, *variant_names(workspace.deck_dir(plugin.game))):
            deck = load_deck(plugin.game, variant, workspace)
            game = new_game(deck)
            for players in range(deck.manifest.min_players, deck.manifest.max_players + 1):
                try:
                    game.check_players(players)
                except ValueError:
                    continue
                yield pytest.param(game, players, id=f"{plugin.game}-{variant or 'base'}-{players}p")


@pytest.mark.parametrize("game,players", list(configs()))
def test_every_engine_conforms(game, players):
    assert check_engine(game, players, range(GAMES_PER_CONFIG)) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_toy_game_conforms(players):
    assert check_engine(toy_game(), players, range(GAMES_PER_CONFIG)) == []


def test_the_suite_finds_a_broken_engine():
    """A game whose observation shows a hidden hand, whose clone shares a hand, and which scores
    without saying why is caught on each count."""
    game = toy_game()
    state_class = game.State

    class Leaky(state_class):
        def observation(self, seat):
            return self.snapshot()

        def move_play(self, card):
            self.points[self.player] += 1
            return super().move_play(card)

    game.State = Leaky
    try:
        found = check_engine(game, 2, range(3), replays=0)
    finally:
        game.State = state_class
    assert any("can tell a determinized state" in f for f in found)
    assert any("points went from" in f for f in found)

"""The engine conformance suite (cardtools.engine.conformance) for every registered engine, at each
player count of each shipped variant (7 Ages' option variants at two counts each: ``EVERY_COUNT``), and for the toy game of tests/fixtures/toy (a game with
nothing of Age of Civilization's shape: hidden hands, a hidden pile, decisions out of turn)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtools.core.loader import load_deck
from cardtools.core.plugins import GamePlugin, plugins, register
from cardtools.core.variants import variant_names
from cardtools.core.workspace import Workspace
from cardtools.engine.compiled import UnrunnableDeck
from cardtools.engine.conformance import check_engine
from cardtools.engine.contract import UnplayedRules, new_game

REPO = Path(__file__).parent.parent
TOY = Path(__file__).parent / "fixtures" / "toy"
GAMES_PER_CONFIG = 1000
#: Games per configuration where a game is long (hundreds of decisions; a TtA game's checks take about
#: 0.35 s, and TtA has 9 decks x 3 player counts): fewer keep the suite within its time; the games'
#: benchmarks play thousands (benchmarks/tta.py and seven_ages.py --invariants).
GAMES = {"7ages": 2, "tta": 12}
#: Games with a shipped variant per optional rule (7 Ages: 20 of them) check these decks at every player
#: count and each other variant in one game at the fewest players (the quickest games) and one at another
#: player count, taking the counts in turn; the benchmark's invariants play thousands of games of any
#: variant (benchmarks/seven_ages.py --invariants 2000 --variant V).
EVERY_COUNT = {"7ages": (None, "no-events")}


def toy_game(variant=None):
    """The toy game, registered by hand (it is not installed: only its folder is on the path)."""
    if str(TOY) not in sys.path:
        sys.path.insert(0, str(TOY))
    register(GamePlugin("toy", rules="toy_rules"))
    return new_game(load_deck("toy", variant, workspace=Workspace(TOY)))


def configs():
    """(game id, variant, players) of every registered engine's decks."""
    workspace = Workspace(REPO)
    for plugin in plugins():
        if plugin.rules is None:
            continue
        for turn, variant in enumerate((None, *variant_names(workspace.deck_dir(plugin.game)))):
            deck = load_deck(plugin.game, variant, workspace)
            try:
                game = new_game(deck)
            except (UnrunnableDeck, UnplayedRules):        # a partial engine refuses the deck, saying so
                continue
            counts = []
            for players in range(deck.manifest.min_players, deck.manifest.max_players + 1):
                try:
                    game.check_players(players)
                except ValueError:
                    continue
                counts.append(players)
            games = GAMES.get(plugin.game, GAMES_PER_CONFIG)
            if plugin.game in EVERY_COUNT and variant not in EVERY_COUNT[plugin.game]:
                counts, games = sorted({counts[0], counts[turn % len(counts)]}), 1
            for players in counts:
                yield pytest.param(game, players, games, id=f"{plugin.game}-{variant or 'base'}-{players}p")


#: Read once, when the tests are collected (before any test registers the toy game by hand).
CONFIGS = list(configs())


@pytest.mark.parametrize("game,players,games", CONFIGS)
def test_every_engine_conforms(game, players, games):
    assert check_engine(game, players, range(games)) == []


#: Seeded games per configuration played again in processes with other string hashes.
GAMES_ACROSS_PROCESSES = 3
#: Plays ``[game id, variant, players, seed]`` entries (JSON, argv[1]); prints each game's log digest.
DIGESTS = ("import json, sys\n"
           "from cardtools.core.loader import load_deck\n"
           "from cardtools.engine.conformance import log_digest\n"
           "from cardtools.engine.contract import new_game\n"
           "games = {}\n"
           "for name, variant, players, seed in json.loads(sys.argv[1]):\n"
           "    if (name, variant) not in games:\n"
           "        games[name, variant] = new_game(load_deck(name, variant))\n"
           "    print(log_digest(games[name, variant], players, seed))\n")


@pytest.mark.slow
def test_every_engine_plays_a_seeded_game_alike_in_every_process():
    """Same seed, same game, whatever the process's string hash (PYTHONHASHSEED is random in each
    process, and each simulation worker is one): a rule that follows a set of strings' order plays
    differently from one process to the next (7 Ages' ships unloading at sea did)."""
    games = [[game.deck.game, game.deck.variant, players, seed]
             for param in CONFIGS for game, players, count in [param.values]
             for seed in range(min(count, GAMES_ACROSS_PROCESSES))]
    digests = [subprocess.run([sys.executable, "-c", DIGESTS, json.dumps(games)], cwd=REPO, capture_output=True,
                              text=True, check=True, env={**os.environ, "PYTHONHASHSEED": hash_seed}).stdout.split()
               for hash_seed in ("1", "2")]
    assert len(digests[0]) == len(games)
    assert [g for g, one, other in zip(games, *digests) if one != other] == []


@pytest.mark.parametrize("variant", [None, "houses"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_toy_game_conforms(players, variant):
    assert check_engine(toy_game(variant), players, range(GAMES_PER_CONFIG)) == []


def test_a_player_decides_for_each_of_their_houses():
    """Actors are not seats: P1 plays for houses P1a and P1b; P1a's Gift asks every other house —
    P1b too, so P1 answers for it — and a player's points are their houses' together."""
    state = toy_game("houses").arrange(2, 0, {"hands": {"P1": ["gift", "gem", "gem"], "P2": ["gem", "gem", "gem"]}})
    state.apply(state.string_to_action("play gift"))
    asked = []
    while state.pending is not None:
        asked.append((state.who(state.pending.player), state.current_player))
        state.apply(state.string_to_action("choose gain 1 point"))
    assert asked == [("P1b", 0), ("P2a", 1), ("P2b", 1)]
    assert state.snapshot()["turn"] == "P1b" and state.current_player == 0
    assert state.scores() == [1, 2] and state.points == [0, 1, 1, 1]


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

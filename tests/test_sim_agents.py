"""Agents and the engine methods they use: greedy profiles (YAML, schema, features), the search
agent's determinizations (nothing hidden leaks), and what the engine records per player."""

import random
import shutil
from pathlib import Path

import pytest

from cardtools.core.diagnostics import DiagnosticError
from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.games.aoc.rules import Game
from cardtools.sim.agents import GreedyAgent, RandomAgent, parse_lineup, resolve_agent
from cardtools.sim.mcts import MctsAgent
from cardtools.sim.play import play_counted
from cardtools.sim.profiles import profile_names

REPO = Path(__file__).parent.parent
BASE, DRAFTING = Game(load_deck("aoc")), Game(load_deck("aoc", "drafting"))
FEATURES = list(BASE.new_state(3, 0).features(0))


@pytest.mark.parametrize("name", profile_names("aoc", Workspace(REPO)))
def test_every_shipped_profile_is_valid(name):
    assert resolve_agent(f"greedy:{name}", "aoc", FEATURES, Workspace(REPO)).params["profile"] == name


def test_greedy_profiles_are_read_from_yaml():
    ws = Workspace(REPO)
    spec = resolve_agent("greedy:aggressive", "aoc", FEATURES, ws)
    assert (spec.label, spec.kind) == ("greedy:aggressive", "greedy")
    assert spec.params == {"profile": "aggressive", "weights": {"military": 5, "score": 3, "workers": 2, "coins": 1}}
    assert resolve_agent("greedy", "aoc", FEATURES, ws).params["profile"] == "balanced"
    assert isinstance(spec.build(), GreedyAgent)
    assert resolve_agent("mcts:250", "aoc", FEATURES, ws).params == {"iterations": 250}
    assert resolve_agent("mcts", "aoc", FEATURES, ws).params == {"iterations": 100}


def test_a_profile_by_path_is_checked_against_the_schema_and_the_engine(tmp_path):
    ws = Workspace(REPO)
    path = tmp_path / "mine.yaml"
    path.write_text("name: Mine\ndescription: testing\nweights:\n  score: 2\n  wonderz: 1\n")
    with pytest.raises(DiagnosticError) as caught:
        resolve_agent(f"greedy:{path}", "aoc", FEATURES, ws)
    [found] = caught.value.diagnostics
    assert (found.location.path, found.location.line, found.location.col) == (path, 5, 3)
    assert found.message == ("the aoc engine has no feature 'wonderz'; did you mean 'wonders'? (features: "
                             "civilizations, coins, military, score, technologies, wonders, workers)")
    path.write_text("name: Mine\ndescription: testing\nweights:\n  score: high\n")
    with pytest.raises(DiagnosticError) as caught:
        resolve_agent(f"greedy:{path}", "aoc", FEATURES, ws)
    assert caught.value.diagnostics[0].location.line == 4


def test_a_workspace_profile_shadows_the_built_in_one(tmp_path):
    for folder in ("decks/aoc", "schemas"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    own = tmp_path / "templates/agents/aoc/balanced.yaml"
    own.parent.mkdir(parents=True)
    own.write_text("name: Score only\ndescription: mine\nweights: {score: 1}\n")
    assert resolve_agent("greedy", "aoc", FEATURES, Workspace(tmp_path)).params["weights"] == {"score": 1}


@pytest.mark.parametrize("text, message", [
    ("greedyy", "unknown agent 'greedyy'; did you mean 'greedy'?"),
    ("greedy:balancd", "no greedy profile 'balancd' for aoc (templates/agents/aoc/balancd.yaml); did you mean "
                       "'balanced'? (profiles: aggressive, balanced, builder)"),
    ("mcts:lots", "agent 'mcts' takes 1 to 100,000 iterations per decision (mcts:200), got 'mcts:lots'"),
    # a typo of a few zeros searched for hours at every decision
    ("mcts:99999999999", "agent 'mcts' takes 1 to 100,000 iterations per decision (mcts:200), got 'mcts:99999999999'"),
    ("random:3", "agent 'random' takes no parameter, got 'random:3'"),
])
def test_bad_agents_are_named(text, message):
    with pytest.raises(ValueError) as caught:
        resolve_agent(text, "aoc", FEATURES, Workspace(REPO))
    assert message in str(caught.value)


def test_lineup_one_per_seat_or_one_for_all():
    assert parse_lineup("greedy", 3) == ["greedy"] * 3
    assert parse_lineup(None, 2) == ["random", "random"]
    assert parse_lineup("greedy:aggressive, random,mcts:5", 3) == ["greedy:aggressive", "random", "mcts:5"]
    with pytest.raises(ValueError, match="3 players need 3 agents"):
        parse_lineup("greedy,random", 3)


def _observed_equal(state, det, player):
    assert det.observation(player) == state.observation(player)


def test_determinization_keeps_what_the_player_sees_and_deals_the_rest_again():
    """DRAFTING GAME: the others' packs and hands and the deck's order are hidden."""
    state = DRAFTING.new_state(3, seed=5)
    rng = random.Random(1)
    while state.step == "draft" and state.current_player != 2 or len(state.packs[0]) > 2:
        state.apply(state.legal_actions()[0])
    me = state.current_player
    worlds = [state.determinize(me, rng) for _ in range(20)]
    for world in worlds:
        _observed_equal(state, world, me)
        hidden = sorted(c for q in range(3) if q != me for c in (*world.hand[q], *world.packs[q]))
        hidden += sorted(world.civ_deck)
        truth = sorted(c for q in range(3) if q != me for c in (*state.hand[q], *state.packs[q]))
        truth += sorted(state.civ_deck)
        assert sorted(hidden) == sorted(truth)                            # the same cards, dealt again
    assert len({tuple(w.hand[(me + 1) % 3]) for w in worlds}) > 1     # …differently
    assert len({w.civ_deck for w in worlds}) > 1
    assert state.hand[(me + 1) % 3] != () and worlds[0].hand[me] == state.hand[me]


def test_determinization_in_the_base_game_hides_only_the_deck_order():
    state = BASE.new_state(2, seed=3)
    world = state.determinize(0, random.Random(0))
    _observed_equal(state, world, 0)
    assert world.market == state.market and world.civ_deck != state.civ_deck
    assert sorted(world.civ_deck) == sorted(state.civ_deck)


def test_the_search_agent_is_deterministic_and_beats_random_players():
    agents = [MctsAgent(25), RandomAgent(), RandomAgent()]
    games = [play_counted(BASE, 3, agents, seed, log=True)[0] for seed in range(3)]
    assert play_counted(BASE, 3, agents, 0, log=True)[0].log == games[0].log     # move for move
    assert sum(g.returns()[0] for g in games) >= 2.5                     # random players win a third


def test_a_move_looked_ahead_is_taken_over_and_plays_as_the_move_itself():
    """``foresee``: the greedy agent plays every legal move on a clone and the game then takes the
    chosen clone over; the same moves played plainly give the same game, log and all."""
    greedy = resolve_agent("greedy", "aoc", FEATURES, Workspace(REPO)).build()
    rng, state, plain, moves = random.Random(4), BASE.new_state(3, 4, log=True), BASE.new_state(3, 4, log=True), 0
    while not state.is_terminal() and moves < 60:
        move = greedy.choose(state, state.legal_actions(), rng)
        copy = state.clone()                      # taken after the look-ahead: plays the move anew
        state.apply(move)
        copy.apply(move)
        plain.apply(move)
        assert state.log == plain.log == copy.log and state.snapshot() == plain.snapshot()
        moves += 1
    assert moves == 60
    seen = list(copy.log)
    state.apply(state.legal_actions()[0])
    assert copy.log == seen                       # the clone stays its own

def test_record_says_what_each_player_had():
    state, _ = play_counted(BASE, 3, [RandomAgent()] * 3, seed=2)
    for p in range(3):
        record = state.record(p)
        assert record["civilizations_risen"] + record["civilizations_annexed"] == sorted(
            state.civs[p], key=lambda c: c not in record["civilizations_risen"])
        assert record["civilizations_risen"][-1] == state.main[p]
        assert (record["wonders"], record["technologies"]) == (list(state.wonders[p]), list(state.techs[p]))
        assert (record["coins"], record["workers"]) == (state.coins[p], state.workers[p])

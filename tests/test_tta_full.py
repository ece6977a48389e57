"""The Through the Ages full game (issue 15; docs/rules/tta.md § 11): Ages III and IV, the final scoring
by Age III events, aggressions, wars, pacts, resigning, and every shipped variant. Worked examples are
the scenario files of tests/scenarios/tta (run by test_scenarios.py); the invariants
(cardtools/games/tta/invariants.py) are checked here over seeded random games."""

import random

import pytest

from cardtools.core.loader import load_deck
from cardtools.engine.contract import new_game
from cardtools.games.tta.invariants import move_resigning_rarely, violations

PEACEFUL = new_game(load_deck("tta", "peaceful"))
BASE = new_game(load_deck("tta"))
VARIANTS = [None, "peaceful", "peaceful-pacts", "global-conflicts", "shorter-game", "2006-full", "2006-simple",
            "2006-advanced"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_shipped_variant_plays(variant):
    game = new_game(load_deck("tta", variant))
    assert violations(game, 3, 0, random.Random(0)) == []


def test_the_full_game_plays_every_card_as_written():
    """Hollywood and the Internet count the leaders' changes (CoL § APPENDIX): nothing left unsaid."""
    assert BASE.facts.unplayed == ()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("game", [BASE, PEACEFUL], ids=["base", "peaceful"])
def test_invariants_hold_in_random_full_games(game, players):
    for seed in range(12):
        assert violations(game, players, seed, random.Random(seed)) == []


def test_a_peaceful_game_reaches_age_iv_and_scores_the_age_iii_events():
    """Without resigning, a game runs through Age III into Age IV, and its last line ranks the players
    after the Age III events left in the decks were scored."""
    state = PEACEFUL.new_state(3, 1, log=True)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(move_resigning_rarely(state, rng))
    text = "\n".join(state.log)
    assert state.age == 4 and "Age IV begins with no decks" in text
    assert "== game end: final scoring" in text and "Age III event scored: " in text
    assert state.round == state.last_round


def test_a_resigned_player_is_skipped_and_ranks_last():
    state = PEACEFUL.new_state(3, 4)
    rng = random.Random(4)
    while state.round < 3:
        state.apply(move_resigning_rarely(state, rng))
    while state.step != "politics":
        state.apply(move_resigning_rarely(state, rng))
    quitter = state.player
    state.culture[quitter] = 99
    state.apply(state.string_to_action("resign"))
    assert quitter not in state.active and state.player != quitter
    while not state.is_terminal():
        assert state.current_player != quitter
        state.apply(move_resigning_rarely(state, rng))
    assert state.ranks()[quitter] == 3


def test_the_invariants_catch_two_pacts_in_one_area_and_an_unresolved_war():
    from cardtools.games.tta.invariants import check
    from cardtools.games.tta.politics import War

    state = BASE.new_state(3, 0)
    state.pacts = (("peace_treaty", 0, 1, None), ("military_alliance", 0, 2, None))
    state.wars = (War("war_over_culture", 1, 2, "war_over_culture"),)
    state.over = True
    assert check(state) == [
        "a player holds two pacts: (('peace_treaty', 0, 1, None), ('military_alliance', 0, 2, None))",
        "the game ended with wars unresolved: war_over_culture"]


@pytest.mark.slow
@pytest.mark.parametrize("variant", [None, "shorter-game"])
def test_a_search_agent_plays_a_full_game_through_its_determinized_copies(variant):
    """Determinized copies deal hidden cards again: a decision pending in one (a colonization force, the
    end-of-game events kept) must still have options there (shorter-game seed 2 once had none)."""
    from cardtools.sim.mcts import MctsAgent

    game = new_game(load_deck("tta", variant))
    state = game.new_state(3, 2)
    agent, rng = MctsAgent(10), random.Random(2)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(agent.choose(state, legal, rng) if state.current_player == 0 else move_resigning_rarely(state, rng))
    assert state.round > 10


def test_random_agents_never_resign_which_is_a_concession():
    """Resigning is legal at every politics phase, but random agents and search rollouts leave it out
    (``GameFacts.concessions``): uniformly random players would resign at once and no game would
    reach Age III."""
    from cardtools.sim.agents import RandomAgent
    from cardtools.sim.play import play

    state = play(BASE, 3, [RandomAgent()] * 3, 5)
    assert state.active == (0, 1, 2) and state.age == 4
    assert BASE.concessions == {BASE.ids["resign"]}


@pytest.mark.parametrize("resigns", [True, False], ids=["after-a-resignation", "without"])
def test_a_later_age_is_dealt_for_the_players_left(resigns):
    """CoL § RESIGN: before switching to a new age the players left set its decks up for their number.
    P2 resigns (or passes) and Age I's last civil card is dealt at the next replenishment: Age II's
    military deck is the 2-player one (46 cards, no pacts), else the 3-player one."""
    state = BASE.arrange(3, 0, {"round": 5, "age": "I", "turn": "P2", "step": "politics", "civil_deck": ["iron"]})
    state.apply(state.string_to_action("resign" if resigns else "pass"))
    if not resigns:
        state.apply(state.string_to_action("end"))
    assert state.age == 2
    assert sorted(state.military_deck) == sorted(BASE.decks[("military", "II", 2 if resigns else 3)])

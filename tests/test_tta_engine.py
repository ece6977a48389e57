"""The Through the Ages engine (cardtools/games/tta; its scenario files run in test_scenarios.py):
invariants hold over seeded
random first games at 2-4 players (banks never negative, blue and yellow tokens neither created nor
lost except to and from the box, the civil hand limit when taking, one unfinished wonder, the
military hand limit after discarding). benchmarks/tta.py --invariants runs the same checks over
thousands of games."""

import random

import pytest

from cardtools.core.loader import load_deck
from cardtools.engine.contract import new_game
from cardtools.games.tta import board
from cardtools.games.tta.invariants import violations

GAME = new_game(load_deck("tta", "first-game"))


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


# -- the payment rule and the board's numbers (docs/rules/tta.md § 6-7) --------------------------------

FOOD = {"agriculture": 1, "irrigation": 2}
ORE = {"bronze": 1, "iron": 2, "coal": 3}
FARMS = [(1, "agriculture"), (2, "irrigation")]
MINES = [(1, "bronze"), (2, "iron"), (3, "coal")]


def test_paying_2_takes_one_age_i_token_or_two_age_a_tokens():
    """HB § PAYING FOOD AND RESOURCES: 2 is one Irrigation token or two Agriculture tokens; the rule
    takes the lowest tokens first."""
    assert board.pay({"irrigation": 1}, FOOD, 10, 2, lambda: FARMS) == ({"irrigation": 0}, 11, 2)
    assert board.pay({"agriculture": 2, "irrigation": 1}, FOOD, 10, 2, lambda: FARMS) == (
        {"agriculture": 0, "irrigation": 1}, 12, 2)


def test_paying_with_change():
    """HB § PAYING FOOD AND RESOURCES: 1 food from Irrigation tokens: one goes back, one Agriculture
    token is the change (4 -> 3); 1 resource from Coal tokens: one Coal token becomes two Bronze; 4
    from two Coal tokens: none left on Coal, 2 on Bronze."""
    assert board.pay({"irrigation": 2}, FOOD, 10, 1, lambda: FARMS) == ({"irrigation": 1, "agriculture": 1}, 10, 1)
    assert board.pay({"coal": 2}, ORE, 10, 1, lambda: [(1, "bronze"), (3, "coal")]) == ({"coal": 1, "bronze": 2}, 9, 1)
    assert board.pay({"coal": 2}, ORE, 10, 4, lambda: [(1, "bronze"), (3, "coal")]) == ({"coal": 0, "bronze": 2}, 10, 4)


def test_paying_more_than_held_is_impossible_and_losing_it_loses_all():
    assert board.pay({"bronze": 2}, ORE, 10, 3, lambda: MINES) is None
    assert board.lose({"bronze": 2}, ORE, 10, 3, lambda: MINES) == ({"bronze": 0}, 12, 2)


def test_gaining_places_the_fewest_tokens_and_a_short_bank_gives_less():
    """HB § GAINING FOOD AND/OR RESOURCES: 2 food is one token on Irrigation; with one token left in
    the bank, 3 resources with Bronze and Iron are 2 (the most below 3 the bank allows)."""
    assert board.gain({}, FARMS, 10, 2) == ({"irrigation": 1}, 9, 2)
    assert board.gain({}, [(1, "bronze"), (2, "iron")], 1, 3) == ({"iron": 1}, 0, 2)


def test_the_board_numbers_follow_the_handbook():
    """HB § INCREASING YOUR POPULATION (2, 2, 3 food; consumption 1 once the first section is empty),
    § A NEED FOR HAPPY FACES (1 after two increases), § CORRUPTION (4 in the example; none from 11)."""
    b = GAME.board
    assert [b.population_cost(y) for y in (18, 17, 16)] == [2, 2, 3]
    assert [b.consumption(y) for y in (18, 17, 16)] == [0, 0, 1]
    assert [b.happy_needed(y) for y in (18, 17, 16)] == [0, 0, 1]
    assert b.corruption(3) == 4 and b.corruption(10) == 2 and b.corruption(11) == 0 and b.corruption(0) == 6
    assert b.population_cost(0) is None


def test_armies_during_colonization():
    """HB § ARMIES DURING COLONIZATION (example), Conquistadors current: both knights and the
    swordsmen send 6 + an army of 5 = 11; both knights and the warrior 5 + an outdated army of 3 = 8
    (the warrior joins an army it was not in for the rating); all the units 12."""
    state = GAME.arrange(2, 0, {"round": 2, "players": {"P1": {
        "technologies": ["swordsmen", "knights"], "tactic": "conquistadors",
        "workers": {"warriors": 1, "swordsmen": 1, "knights": 2, "agriculture": 2, "bronze": 2}}}})
    knights = ("knights", "knights")
    assert state.force(0, knights + ("swordsmen",), ()) == 11
    assert state.force(0, knights + ("warriors",), ()) == 8
    assert state.force(0, knights + ("swordsmen", "warriors"), ()) == 12


def test_the_peeked_event_is_seen_by_its_owner_only():
    """Joan of Arc's look at the top current event (`allow: peek_event`): her owner's observation shows
    the card, the other's only that one is known; a determinized copy keeps it for its owner."""
    state = GAME.arrange(2, 0, {"round": 2, "turn": "P2", "events": ["crusades", "raiders", "rats"],
                                "players": {"P1": {"in_play": ["despotism", "joan_of_arc"]}}})
    state.apply(state.string_to_action("end"))
    assert state.observation(0)["players"]["P1"]["peeked_event"] == ["crusades"]
    assert state.observation(1)["players"]["P1"]["peeked_event"] == 1
    assert state.determinize(0, random.Random(3)).peek[0] == ("crusades",)


def test_a_determinized_military_hand_keeps_each_cards_age():
    """Military card backs show their age (CoL § SETUP, § YOUR HAND): dealing P2's hidden hand again
    for P1 gives an Age A card for the Age A card and Age I cards for the Age I ones."""
    state = GAME.arrange(2, 0, {"round": 2, "events": ["development_of_crafts", "development_of_religion"],
                                "players": {"P2": {"military_hand": ["development_of_settlement",
                                                                     "immigration", "heavy_cavalry"]}},
                                "military_deck": ["developed_territory_i", "historic_territory_i", "rebellion"]})
    ages = [state.game.age[card] for card in state.mhand[1]]
    assert ages == [0, 1, 1]
    for seed in range(20):
        hand = state.determinize(0, random.Random(seed)).mhand[1]
        assert [state.game.age[card] for card in hand] == ages


def test_the_preparer_sees_their_own_future_event_the_others_do_not():
    """HB § PREPARING AN EVENT: the event goes face down on the future events deck, but the player who
    prepared it knows it: P1's observation names it and P1's determinized copy keeps it; P2 sees an
    unknown card and deals it again (from the other unseen Age I cards)."""
    state = GAME.arrange(2, 0, {"round": 2, "step": "politics", "future_events": ["rebellion"],
                                "events": ["development_of_science", "development_of_crafts"],
                                "players": {"P1": {"military_hand": ["raiders"]}}})
    state.apply(state.string_to_action("prepare raiders"))
    assert state.observation(0)["future_events"] == [None, "raiders"]
    assert state.observation(1)["future_events"] == [None, None]
    assert all(state.determinize(0, random.Random(seed)).future[1] == "raiders" for seed in range(10))
    assert any(state.determinize(1, random.Random(seed)).future[1] != "raiders" for seed in range(10))


def test_a_simulation_record_names_every_leader_played():
    """A replaced leader shaped the game too: the record lists every leader a player elected, in
    order, and the balance report's leader rows count them."""
    from cardtools.engine.contract import random_move

    full = new_game(load_deck("tta"))
    for seed in range(40):
        state, rng = full.new_state(3, seed), random.Random(seed)
        elected = [[] for _ in range(3)]
        while not state.is_terminal():
            move = random_move(state, state.legal_actions(), rng)
            name = state.action_to_string(move)
            if name.startswith("elect "):
                elected[state.current_player].append(name.split(" ", 1)[1])
            state.apply(move)
        if any(len(e) > 1 for e in elected):
            assert [state.record(p)["leaders"] for p in range(3)] == elected
            return
    pytest.fail("no seeded game elected two leaders")

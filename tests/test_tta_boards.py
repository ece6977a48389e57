"""The player board's tables (decks/tta/boards.yaml) give the numbers of the Handbook's worked
examples and setup (HB = seeds/002_acf4a7cbe95f6836.txt, CoL = seeds/000_6e8fc3aad2efe530.txt).

The tables are read the way the rules read the board: the yellow bank is filled from the left and
emptied from the right; a number is "uncovered" when its square is empty (CoL § YOUR STATISTICS ›
BLUE AND YELLOW TOKENS, DISCONTENT WORKERS; § END-OF-TURN SEQUENCE › PRODUCTION PHASE)."""

from pathlib import Path

import pytest

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace

REPO = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def deck():
    return load_deck("tta", workspace=Workspace(REPO))


@pytest.fixture(scope="module")
def boards(deck):
    return deck.data["boards"]


def emptied(parts, empty_squares: int) -> list:
    """The parts (sections or subsections, from the right) whose every square is empty."""
    done, covered = [], 0
    for part in parts:
        covered += part["squares"]
        if covered > empty_squares:
            break
        done.append(part)
    return done


def happy_needed(boards, tokens: int) -> int:
    """The number above the leftmost empty subsection (0 while none is empty)."""
    empty = emptied(boards["happiness"], boards["yellow_bank"]["squares"] - tokens)
    return empty[-1]["happy"] if empty else 0


def population_cost(boards, tokens: int) -> int:
    """The food under the rightmost section that still holds tokens."""
    sections = boards["yellow_bank"]["sections"]
    return sections[len(emptied(sections, boards["yellow_bank"]["squares"] - tokens))]["food"]


def consumption(boards, tokens: int) -> int:
    empty = emptied(boards["yellow_bank"]["sections"], boards["yellow_bank"]["squares"] - tokens)
    return empty[-1]["consumption"] if empty else 0


def corruption(boards, tokens: int) -> int:
    """The leftmost uncovered number of the blue bank (each section's first square carries one)."""
    first = 1
    for section in boards["blue_bank"]["sections"]:
        if tokens < first:
            return section["corruption"]
        first += section["squares"]
    return 0


def test_setup_tokens(boards, deck):
    # CoL § SETUP › PLAYER BOARD; HB § SET UP - PLAYER AREAS: 16 blue; 25 yellow = 18 in the bank,
    # 1 in the worker pool and 6 on the initial technologies (1 warrior, 2 farms, 2 mines, 1 lab).
    board = boards["player_board"]
    assert boards["blue_bank"]["squares"] == 16
    assert dict(board["workers"]) == {"warriors": 1, "agriculture": 2, "bronze": 2, "philosophy": 1}
    assert boards["yellow_bank"]["squares"] + board["worker_pool"] + sum(board["workers"].values()) == 25
    assert {deck.card(c).type for c in board["workers"]} == {"military_unit", "farm", "mine", "urban_building"}


def test_card_row(boards):
    # HB § THE FIRST ROUND › TAKING CARDS; CoL § START-OF-TURN SEQUENCE › REPLENISH THE CARD ROW
    costs = [run["civil_actions"] for run in boards["card_row"]["spaces"]
             for _ in range(run["first"], run["last"] + 1)]
    assert costs == [1] * 5 + [2] * 4 + [3] * 4
    assert {d["players"]: d["spaces"] for d in boards["card_row"]["discard"]} == {2: 3, 3: 2, 4: 1}


def test_paying_food_for_new_workers(boards):
    # HB § INCREASING YOUR POPULATION: 2 food, 2 food again, then 3 once the first section is
    # empty, which uncovers a consumption of 1.
    assert [population_cost(boards, tokens) for tokens in (18, 17, 16)] == [2, 2, 3]
    assert [consumption(boards, tokens) for tokens in (18, 17, 16)] == [0, 0, 1]
    assert population_cost(boards, 1) == 7 and consumption(boards, 0) == 6


def test_a_need_for_happy_faces(boards):
    # HB § HAPPINESS AND DISCONTENT WORKERS: after the second population increase subsection 1 is
    # empty and the people need 1 happy face.
    assert [happy_needed(boards, tokens) for tokens in (18, 17, 16)] == [0, 0, 1]


def test_a_possible_uprising(boards, deck):
    # HB § HAPPINESS AND DISCONTENT WORKERS: 3 happy faces are needed (subsections 1-3 empty),
    # the civilization has 1 (one Age A temple) and one unused worker: 2 discontent workers.
    tokens = max(t for t in range(19) if happy_needed(boards, t) == 3)
    temple, age_i_temple = deck.card("religion").get("happy"), deck.card("theology").get("happy")
    assert happy_needed(boards, tokens) - temple == 2
    # Upgrading the temple: 2 happy faces, one discontent worker, covered by the unused worker.
    assert happy_needed(boards, tokens) - age_i_temple == 1
    # Building an Age I temple as well: 3 happy faces, just enough.
    assert happy_needed(boards, tokens) - (temple + age_i_temple) == 0
    # One more worker does not empty subsection 4; the next one does.
    assert [happy_needed(boards, tokens - n) for n in (1, 2)] == [3, 4]


def test_corruption(boards):
    # HB § END OF YOUR FIRST GAME › PRODUCTION PHASE: none with at least 11 blue tokens in the bank;
    # the example faces a corruption of 4; three squares carry a number (HB § WHAT'S NEW).
    assert [corruption(boards, tokens) for tokens in (16, 11)] == [0, 0]
    assert corruption(boards, 10) > 0
    assert len(boards["blue_bank"]["sections"]) == 3
    assert 4 in {corruption(boards, tokens) for tokens in range(17)}


def test_consumption_example(boards):
    # HB § END OF YOUR FIRST GAME › PRODUCTION PHASE › CONSUMPTION: a consumption of 3.
    assert 3 in {consumption(boards, tokens) for tokens in range(19)}

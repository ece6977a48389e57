"""The card numbers the Handbook's worked examples state agree with the deck (docs/rules/tta.md
§ 14.1, HB = seeds/002_acf4a7cbe95f6836.txt). The deck's numbers come from the reference tables
(tests/test_tta_deck.py compares them field by field); this file checks them against the other
source, the rulebook's own examples, so a wrong table row cannot pass unnoticed. The board's
numbers are tests/test_tta_boards.py."""

from pathlib import Path

import pytest

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace

REPO = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def deck():
    return load_deck("tta", workspace=Workspace(REPO))


def field(deck, card_id: str, name: str):
    return deck.card(card_id).get(name, 0)


def upgrade(deck, low: str, high: str, what: str = "build_cost") -> int:
    """What moving a worker from `low` to `high` costs or gains: the difference (HB § UPGRADING)."""
    return field(deck, high, what) - field(deck, low, what)


def test_w7_urban_buildings_and_the_limit(deck):
    # § BUILDING AN URBAN BUILDING: a lab or temple costs 3; § YOUR NEW URBAN BUILDING: each lab
    # +1 science, each temple +1 culture and +1 happiness; § URBAN BUILDING LIMIT: Despotism 2.
    assert [field(deck, c, "build_cost") for c in ("philosophy", "religion")] == [3, 3]
    assert field(deck, "philosophy", "science") == 1
    assert (field(deck, "religion", "culture"), field(deck, "religion", "happy")) == (1, 1)
    assert field(deck, "despotism", "urban_limit") == 2


def test_w6_w8_age_a_farms_mines_and_warriors(deck):
    # § PAYING RESOURCES: an Age A farm or mine costs 2, each token worth 1; § YOUR MILITARY UNITS:
    # a warrior adds 1 strength; § THE FIRST ROUND › END-OF-TURN SEQUENCE: 4 civil, 2 military actions.
    assert [field(deck, c, "build_cost") for c in ("agriculture", "bronze")] == [2, 2]
    assert (field(deck, "agriculture", "food"), field(deck, "bronze", "resources")) == (1, 1)
    assert field(deck, "warriors", "strength") == 1
    assert (field(deck, "despotism", "civil_actions"), field(deck, "despotism", "military_actions")) == (4, 2)


def test_w9_julius_caesar(deck):
    # § YOUR LEADER'S EFFECT: one more military action, one more strength.
    assert (field(deck, "julius_caesar", "military_actions"), field(deck, "julius_caesar", "strength")) == (1, 1)


def test_w11_the_pyramids(deck):
    # § BUILDING A WONDER: stages 3, 2, 1; § COMPLETING A WONDER: one more civil action.
    assert list(field(deck, "pyramids", "stages")) == [3, 2, 1]
    assert field(deck, "pyramids", "civil_actions") == 1


def test_w13_w14_changing_government(deck):
    # § PEACEFUL CHANGE: Theocracy for 6 science, the same 4 civil actions, one more military
    # action, +1 culture, strength and happiness. § DECLARING A REVOLUTION: Monarchy for 2 science,
    # one more civil and one more military action.
    theocracy = [field(deck, "theocracy", k) for k in ("science_cost", "civil_actions", "military_actions",
                                                       "culture", "strength", "happy")]
    assert theocracy == [6, 4, 3, 1, 1, 1]
    monarchy = [field(deck, "monarchy", k) for k in ("revolution_cost", "civil_actions", "military_actions")]
    assert monarchy == [2, 5, 3]


def test_w15_upgrading_farms_and_mines(deck):
    # § UPGRADING A FARM OR MINE: Age A → II farm 4; Age A → I mine 3; I → II mine 3; A → II mine 6;
    # a new Age II mine costs 8. § HIGHER LEVEL FARMS AND MINES: two Age I mines and one Age A mine
    # produce 5; a Coal token is 3. § PAYING FOOD AND RESOURCES: an Irrigation token is 2 food.
    assert upgrade(deck, "agriculture", "selective_breeding") == 4
    mines = [("bronze", "iron"), ("iron", "coal"), ("bronze", "coal")]
    assert [upgrade(deck, lo, hi) for lo, hi in mines] == [3, 3, 6]
    assert field(deck, "coal", "build_cost") == 8
    assert 2 * field(deck, "iron", "resources") + field(deck, "bronze", "resources") == 5
    assert (field(deck, "coal", "resources"), field(deck, "irrigation", "food")) == (3, 2)


def test_w18_upgrading_urban_buildings(deck):
    # § UPGRADING AN URBAN BUILDING: labs A → I 3 (+1 science), A → II 5 (+2), I → II 2 (+1);
    # Age I arena → Age II arena 2, +1 strength and +1 happy face.
    labs = [("philosophy", "alchemy"), ("philosophy", "scientific_method"), ("alchemy", "scientific_method")]
    assert [(upgrade(deck, lo, hi), upgrade(deck, lo, hi, "science")) for lo, hi in labs] == [
        (3, 1), (5, 2), (2, 1)]
    arenas = ("bread_and_circuses", "team_sports")
    assert [upgrade(deck, *arenas, what) for what in ("build_cost", "strength", "happy")] == [2, 1, 1]


def test_w19_masonry(deck):
    # § CONSTRUCTION TECHNOLOGIES AND UPGRADING URBAN BUILDINGS: Ages I and II buildings 1 cheaper,
    # an Age A lab still 3: an Age I lab costs 5, the A → I upgrade 2. (The card also lowers
    # Age III, which the first-game example cannot show: docs/rules/tta-cards.md § 8.3.)
    (price,) = [e["modify"]["price"] for e in field(deck, "masonry", "effects") if "price" in e.get("modify", {})]
    assert price["action"] == "build" and list(price["on"]) == ["urban_building"]
    assert {"I", "II"} <= set(price["ages"]) and "A" not in price["ages"]
    assert dict(price["add"]) == {"resources": -1}
    age_i_lab = field(deck, "alchemy", "build_cost") + price["add"]["resources"]
    assert (age_i_lab, age_i_lab - field(deck, "philosophy", "build_cost")) == (5, 2)


def test_w26_w30_colonization_forces(deck):
    # § SENDING A COLONIZATION FORCE: Cartography +2; a +1 bonus card (Age I); a warrior 1, a knight 2.
    # § ARMIES DURING COLONIZATION: Conquistadors; 2 knights + swordsman = 6 + 5; 2 knights + warrior
    # = 5 + 3 (outdated); all four units = 12.
    assert field(deck, "cartography", "colonization") == 2
    assert field(deck, "military_bonus_i", "colonization") == 1
    knight, sword, warrior = (field(deck, c, "strength") for c in ("knights", "swordsmen", "warriors"))
    assert (warrior, knight) == (1, 2)
    conq = deck.card("conquistadors")
    assert dict(conq.get("army")) == {"infantry": 1, "cavalry": 2}
    assert 2 * knight + sword + conq.get("strength") == 11
    assert 2 * knight + warrior + conq.get("outdated_strength") == 8
    assert 2 * knight + sword + warrior + conq.get("strength") == 12


def test_w27_inhabited_territory(deck):
    # § GAINING A COLONY: +3 yellow tokens, then 2 of them become workers.
    card = deck.card("inhabited_territory_ii")
    assert card.get("permanent")[0]["modify"]["stat"] == {"yellow_tokens": 3}
    assert card.get("immediate")[0]["do"] == {"gain": {"population": 2}}


def test_w28_armies(deck):
    # § ARMIES: 4 warriors and a knight are 6; Fighting Band makes 2 armies of +1 (8), Phalanx one of +3 (9).
    units = 4 * field(deck, "warriors", "strength") + field(deck, "knights", "strength")
    assert units == 6
    assert dict(field(deck, "fighting_band", "army")) == {"infantry": 2}
    assert units + 2 * field(deck, "fighting_band", "strength") == 8
    assert dict(field(deck, "phalanx", "army")) == {"infantry": 2, "cavalry": 1}
    assert units + field(deck, "phalanx", "strength") == 9


def test_w29_outdated_armies(deck):
    # § OUTDATED ARMIES: units of 18; Defensive Army one outdated army +3; Mobile Artillery two
    # armies +10; Conquistadors one outdated and one not, +8. The units (a reconstruction, § 14.1):
    # a warrior, riflemen, 4 knights, 2 cannons.
    units = sum(field(deck, c, "strength") * n for c, n in
                (("warriors", 1), ("riflemen", 1), ("knights", 4), ("cannon", 2)))
    assert units == 18
    assert field(deck, "defensive_army", "outdated_strength") == 3
    assert 2 * field(deck, "mobile_artillery", "strength") == 10
    assert field(deck, "conquistadors", "outdated_strength") + field(deck, "conquistadors", "strength") == 8


def test_w32_temples_in_a_possible_uprising(deck):
    # § A POSSIBLE UPRISING: one Age A temple is 1 happy face; upgraded to Age I, 2; both, 3.
    religion, theology = field(deck, "religion", "happy"), field(deck, "theology", "happy")
    assert (religion, theology, religion + theology) == (1, 2, 3)


def test_w41_w42_age_iii_numbers(deck):
    # § AGE III WONDERS: First Space Flight 1-2-4-9. § AIR FORCE UNITS: an air force doubles an army;
    # Conquistadors +6 (outdated) and +10; Shock Troops +12 outdated, +22 not; a spare air force 5.
    assert list(field(deck, "first_space_flight", "stages")) == [1, 2, 4, 9]
    for tactic, doubled in (("conquistadors", (6, 10)), ("shock_troops", (12, 22))):
        assert (2 * field(deck, tactic, "outdated_strength"), 2 * field(deck, tactic, "strength")) == doubled
    assert field(deck, "air_forces", "strength") == 5


def test_w44_impact_of_science(deck):
    # § THE FULL GAME › FINAL SCORING › AGE III EVENTS: 14 / 7 / 0 with 3 players.
    (ability,) = field(deck, "impact_of_science", "effects")
    assert list(ability["do"]["rank"]["by_players"]["3"]) == [14, 7, 0]

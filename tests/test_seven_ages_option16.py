"""7 Ages option 16 powers and penalties without a worked example, shown in constructed positions
(seeds/001_f19afe02b0a671da.txt § PLAYERS' GUIDE › 16) Artefact pre-requisites and effects ›
Artefacts); the others are scenarios (tests/scenarios/7ages)."""

from __future__ import annotations

import pytest

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.engine.contract import new_game

WS = Workspace.find()


@pytest.fixture(scope="module")
def game():
    return new_game(load_deck("7ages", "artefact-effects", WS))


def manoeuvre(game, artefacts: dict, empires: list[dict]):
    """A position at the first empire's Manoeuvre (the others Destiny), empty hands."""
    state = game.arrange(2, 0, {"first": "P1", "hands": {"P1": [], "P2": []}, "artefacts": artefacts,
                                "empires": empires})
    for text in ["mark manoeuvre"] + ["mark destiny"] * (len(empires) - 1) + ["extra none", "extra none"]:
        state.apply(state.string_to_action(text))
    return state


GERMANS = {"player": "P1", "card": "germans", "level": 29, "capital": "germany",
           "areas": {"germany": ["spear"], "schleswig": ["spear", "ship_of_the_line"]}}


@pytest.mark.parametrize("canal,cost", [(True, 1), (False, 2)])
def test_kiel_canal_puts_ships_in_schleswig_on_both_coasts(game, canal, cost):
    """Great Canal (Kiel): a ship that put into Schleswig from the North Sea lies on both coasts, so it
    enters the Baltic straight away (1); without the canal it sails round through the North Sea (2)."""
    state = manoeuvre(game, {"schleswig": ["great_canal"]} if canal else {}, [GERMANS])
    state.berth["schleswig"] = frozenset({0})          # docked on its North Sea coast
    slot = state.empire.index("germans")
    assert state.ways(slot, "schleswig", "ship", 0, False)["baltic"][0] == cost      # uncached: the berth was set


OTTOMANS = {"player": "P1", "card": "ottomans", "level": 36, "capital": "egypt",
            "areas": {"egypt": ["rifle"], "sinai": ["rifle"]}}
GREEKS = {"player": "P2", "card": "greeks", "level": 36, "capital": "achaea", "areas": {"achaea": ["rifle"]}}


def test_a_canal_is_a_river_in_conflict(game):
    """Great Canal: "canals are considered rivers when Resolving conflict" — units entering Sinai from
    Egypt or Palestine, or leaving it for them, meet the river modifier (map.yaml: 1); not from the
    sea, and not without the canal."""
    state = manoeuvre(game, {"sinai": ["great_canal"]}, [OTTOMANS, GREEKS])
    assert [state.canal_defence(*pair) for pair in (("sinai", "egypt"), ("sinai", "palestine"), ("palestine", "sinai"),
                                                    ("sinai", "red_sea"), ("egypt", "cyrenaica"))] == [1, 1, 1, 0, 0]
    plain = manoeuvre(game, {}, [OTTOMANS, GREEKS])
    assert plain.canal_defence("sinai", "egypt") == 0


@pytest.mark.parametrize("answer,kept", [("yes", []), ("no", ["great_canal"])])
def test_the_new_owner_of_a_canal_may_destroy_it(game, answer, kept):
    """Great Canal: "if an area with a canal changes control, the new owner does not have to destroy
    it; if they do, discard the artefact" — the Greeks take Sinai in conflict (the end of a conflict,
    conflict.py) and choose."""
    state = manoeuvre(game, {"sinai": ["great_canal"]}, [OTTOMANS, GREEKS])
    ottomans, greeks = state.empire.index("ottomans"), state.empire.index("greeks")
    canals = state.canals_in("sinai")
    state.vacate("sinai")
    state.take_control(greeks, "sinai", ("rifle",))
    state.canal_taken(ottomans, greeks, "sinai", canals)
    state.step = None
    state.proceed()
    assert state.artefacts["sinai"] == ("great_canal",)
    assert state.current_player == state.seat_of(greeks)
    state.apply(state.string_to_action(f"choose {answer}"))
    assert list(state.artefacts.get("sinai", ())) == kept


# -- Defender of the faith and Holy war (§ 16 › Artefacts › Defender of the faith, › Holy war) -----------
ROMANS = {"player": "P1", "card": "romans", "level": 20, "capital": "latium", "money": 0,
          "areas": {"latium": ["sword", "sword"], "achaea": ["sword"]}, "beliefs": ["christianity"],
          "on_card": ["defender_of_the_faith"], "leaders": {"latium": ["ta"]}}
UMAYYADS = {"player": "P2", "card": "umayyads", "level": 20, "capital": "syria", "money": 0,
            "areas": {"syria": ["sword"], "palestine": ["sword"]}, "beliefs": ["islam"]}


@pytest.fixture(scope="module")
def full():
    return new_game(load_deck("7ages", "artefact-effects", WS))


def position(game, empires, **setup):
    state = game.arrange(2, 0, {"first": "P1", "hands": {"P1": [], "P2": []}, "empires": empires, **setup})
    return state, [state.empire.index(e["card"]) for e in empires]


def take(state, taker: int, area: str, units: tuple[str, ...]) -> None:
    """The end of a won conflict, in the order conflict.py runs it (the area's markers, then its hooks)."""
    loser, canals, crusade = state.owner[area], state.canals_in(area), state.crusades().get(area)
    state.vacate(area)
    state.take_control(taker, area, units)
    state.canal_taken(loser, taker, area, canals)
    state.liberated(taker, loser, area, crusade)


def test_a_religion_has_one_defender(full):
    """Defender of the faith: only on an empire with a leader and a religion that has no defender yet."""
    state, (romans, umayyads) = position(full, [ROMANS, {**UMAYYADS, "beliefs": ["christianity"],
                                                          "leaders": {"syria": ["ta"]}}])
    defender = full.artefacts["defender_of_the_faith"]
    assert not state.empire_fits(defender, umayyads)          # Christianity has the Romans
    state.beliefs[umayyads] = ("islam",)
    assert state.empire_fits(defender, umayyads)
    state.leaders[umayyads] = ()
    assert not state.empire_fits(defender, umayyads)          # no leader


def test_the_defender_gains_a_site_liberated_from_another_religion(full):
    """+1 glory for liberating a religious site of its religion (Palestine: Christianity) from an empire
    of another dominant religion."""
    state, (romans, umayyads) = position(full, [ROMANS, UMAYYADS])
    take(state, romans, "palestine", ("sword",))
    assert state.glory[romans] == 1 and any("Defender of the faith" in line for line in state.log)


def test_the_defender_loses_glory_and_its_marker_with_its_own_site(full):
    """A site of the defender's religion liberated by an empire of another religion: -1 glory; the
    defender's own site: the defender is discarded too."""
    romans_at_home = {**ROMANS, "glory": 3, "areas": {"latium": ["sword", "sword"], "palestine": ["sword"]}}
    state, (romans, umayyads) = position(full, [romans_at_home, {**UMAYYADS, "areas": {"syria": ["sword"]}}])
    take(state, umayyads, "palestine", ("sword",))
    assert state.glory[romans] == 2
    assert "defender_of_the_faith" not in state.on_card[romans]


def test_the_defender_keeps_the_order_of_its_religions(full):
    """While defender an empire cannot change the order of its religions: no 'dominant' decision."""
    state, (romans, _) = position(full, [{**ROMANS, "beliefs": ["christianity", "judaism"]}, UMAYYADS])
    state.task_dominant(romans)
    assert state.step is None or state.step[0] != "dominant"
    state.on_card[romans] = ()
    state.task_dominant(romans)
    assert state.step[0] == "dominant"


def test_discarding_its_religion_discards_the_defender(full):
    state, (romans, _) = position(full, [ROMANS, UMAYYADS])
    state.religion_dropping(romans, "christianity")
    assert "defender_of_the_faith" not in state.on_card[romans]


def test_the_defender_calls_a_holy_war_instead_of_adopting(full):
    """During Adopting a religion the defender may put its religion's Holy war in a land area of a
    religious empire of another religion; it then counts for that empire."""
    state, (romans, umayyads) = position(full, [ROMANS, UMAYYADS])
    state.task_adopt(romans)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["choose adopt", "choose palestine", "choose syria"]
    state.apply(state.string_to_action("choose palestine"))
    assert state.crusades() == {"palestine": "christianity"} and state.has_artefact(umayyads, "holy_war")


@pytest.mark.parametrize("beliefs,bonus", [(["christianity"], 1), (["islam"], 0)])
def test_a_holy_war_adds_to_its_religions_units_next_to_it(full, beliefs, bonus):
    """+1 front and support to the units of the defender's religion in or next to the Holy war's area
    (Syria borders Palestine); not to another religion's."""
    state, (romans, _) = position(full, [{**ROMANS, "beliefs": beliefs, "on_card": []}, UMAYYADS],
                                  holy_wars={"palestine": "christianity"})
    assert state.holy_war_bonus(romans, "syria") == bonus
    assert state.holy_war_bonus(romans, "latium") == 0


def test_renaissance_empires_are_not_affected_by_a_holy_war(full):
    state, (romans, _) = position(full, [ROMANS, UMAYYADS], holy_wars={"palestine": "christianity"},
                                  track={"renaissance": 15})
    assert state.holy_war_bonus(romans, "syria") == 0


@pytest.mark.parametrize("moved,glory", [(False, 3), (True, 5)])
def test_a_holy_war_costs_2_glory_to_an_empire_of_its_religion_that_did_not_manoeuvre(full, moved, glory):
    state, (romans, _) = position(full, [{**ROMANS, "glory": 5}, UMAYYADS], holy_wars={"palestine": "christianity"})
    state.moved = {"achaea": 1} if moved else {}
    state.manoeuvred(romans)
    state.task_holy_war_duty(romans)
    assert state.glory[romans] == glory


def test_liberating_the_holy_war_gives_up_to_3_glory_and_the_marker(full):
    """An empire of the defender's religion liberating the Holy war's area: 1, +1 the city still there,
    +1 a religious site of the religion (Palestine is Christian), and the marker on its card."""
    state, (romans, umayyads) = position(full, [ROMANS, UMAYYADS], holy_wars={"palestine": "christianity"},
                                         cities={"palestine": 3})
    take(state, romans, "palestine", ("sword",))
    assert state.glory[romans] == 1 + 3     # the defender's site +1, the holy war 3
    assert "holy_war" in state.on_card[romans] and state.crusades() == {}


def test_the_holy_war_stays_when_another_religion_liberates_its_area(full):
    state, (romans, umayyads) = position(full, [ROMANS, UMAYYADS], holy_wars={"achaea": "christianity"})
    take(state, umayyads, "achaea", ("sword",))
    assert state.crusades() == {"achaea": "christianity"}


SASSANIDS = {"player": "P2", "card": "sassanids", "level": 20, "capital": "anatolia", "areas": {"anatolia": ["sword"]},
             "beliefs": ["christianity"]}


@pytest.mark.parametrize("second,discarded", [(False, False), (True, True)])
def test_the_vote_against_the_defender(full, second, discarded):
    """Instead of discarding a religion, an empire of the defender's religion calls a vote: one vote an
    empire, two with a religious site of it; more than 2/3 against discard the defender, else the caller
    loses 1 glory. Policy: each empire votes its player's interest. The Umayyads (P2, Christian here,
    2 votes with Palestine) call it against the Romans' defender (1 vote: Achaea is no site): 2 of 3 is
    not more than 2/3; with a second Christian empire of P2, 3 of 4 is."""
    umayyads = {**UMAYYADS, "beliefs": ["christianity"], "glory": 2}
    romans = {**ROMANS, "capital": "achaea", "areas": {"achaea": ["sword"]}, "leaders": {"achaea": ["ta"]}}
    state, (romans, caller, *_) = position(full, [romans, umayyads] + [SASSANIDS] * second)
    state.defender_vote(caller, romans)
    assert ("defender_of_the_faith" in state.on_card[romans]) != discarded
    assert state.glory[caller] == (2 if discarded else 1)


def test_discarding_the_defender_ends_its_holy_wars(full):
    state, (romans, _) = position(full, [ROMANS, UMAYYADS], holy_wars={"palestine": "christianity"})
    state.artefact_discarded(romans, "defender_of_the_faith")
    assert state.crusades() == {}


def test_an_empire_of_the_defenders_religion_may_vote_instead_of_discarding(full):
    """During Discarding a religion or government the choice is asked: discard as usual, or vote."""
    state, (romans, caller) = position(full, [ROMANS, {**UMAYYADS, "beliefs": ["christianity"]}])
    state.task_drop(caller)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["choose discard", "choose vote"]
    state.apply(state.string_to_action("choose vote"))
    assert any("calls a vote against the defender" in line for line in state.log)


def test_a_holy_war_goes_once_its_empire_takes_the_religion(full):
    """An on-map Holy war is discarded when the empire with it starts or adopts that religion (checked
    as each action starts)."""
    state, (_, umayyads) = position(full, [ROMANS, UMAYYADS], holy_wars={"palestine": "christianity"})
    state.crusades_kept()
    assert state.crusades() == {"palestine": "christianity"}
    state.beliefs[umayyads] += ("christianity",)
    state.crusades_kept()
    assert state.crusades() == {}


def test_an_artefacts_power_ends_when_its_area_is_taken(full):
    """Great University: +1 to the trade number of the empire holding its area, and units built a level
    ahead (§ 16 › Artefacts › Great University); when another empire takes the area the marker is gone
    (§ 4 › End of conflict: ``take_control``), and so are the powers, for both. Asked before and after, as
    the engine remembers what is in force (artefacts.py's index)."""
    state, (romans, umayyads) = position(full, [ROMANS, UMAYYADS], artefacts={"achaea": ["great_university"]})
    trade = state.trade_changed(umayyads)
    assert (state.built_ahead(romans), state.built_ahead(umayyads), state.trade_changed(romans)) == (1, 0, trade + 1)
    take(state, umayyads, "achaea", ("sword",))
    assert (state.built_ahead(romans), state.built_ahead(umayyads), state.trade_changed(romans)) == (0, 0, trade)
    assert state.trade_changed(umayyads) == trade


def test_world_war_played_beyond_level_49_marks_the_last_level(game):
    """World war's black marker goes on the empire's progress level; the track ends at 49, so an empire
    beyond it marks 49 (judgment, docs/rules/7ages.md § 14.2; found by the invariants: artefact-effects,
    5 players, seed 424 put it on space 50)."""
    state = manoeuvre(game, {}, [{**GERMANS, "level": 49}])
    state.progress[0] = 50
    state.place_clock(0, "world_war", "empire_level")
    assert state.clocks["world_war"] == 49 and state.age(0) == 7

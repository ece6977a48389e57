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
    return new_game(load_deck("7ages", "artefacts-so-far", WS))


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

"""7 Ages' optional rules (docs/rules/7ages.md § 18): a variant switching on an option the engine does
not play yet is refused naming exactly those options; the options it plays keep the invariants over
seeded games (hundreds: benchmarks/seven_ages.py --invariants N --variant <option's variant>); the
rulebook's worked examples are scenario files (tests/scenarios/7ages/option-*.yaml)."""

import re

import pytest

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.engine.contract import UnplayedRules, new_game
from cardtools.games.seven_ages.invariants import play_checked

WS = Workspace.find()


def refusal(variant: str) -> str:
    with pytest.raises(UnplayedRules) as refused:
        new_game(load_deck("7ages", variant, WS))
    return str(refused.value)


def test_a_variant_is_refused_naming_exactly_the_options_not_played_yet():
    said = refusal("deus-vult")
    assert said == "the 7ages engine does not play option(s) 12 Deus Vult! (deus_vult) yet (part 2, issue 17)"


def test_option_16_is_named_with_the_other_options_a_variant_needs():
    said = refusal("designers-choice")
    assert "16 Artefact pre-requisites and effects (artefact_effects): not every artefact runs" in said
    assert re.findall(r"\d+ [^(]+ \((\w+)\)", said) == ["redemption", "technology", "marines", "artefact_effects"]


@pytest.mark.parametrize("variant", ["crown-jewels"])
def test_each_option_played_keeps_the_invariants(variant):
    game = new_game(load_deck("7ages", variant, WS))
    results = [play_checked(game, players, seed) for players, seed in ((2, 0), (4, 1), (6, 2))]
    assert [(r.seed, r.violations) for r in results if r.violations] == []
    assert play_checked(game, 2, 0).digest == results[0].digest


def test_hocking_counts_only_undisordered_cities():
    """§ 15: one glory per undisordered city; a disordered city's area sells nothing."""
    game = new_game(load_deck("7ages", "crown-jewels", WS))
    state = game.arrange(2, 0, {"first": "P1", "hands": {"P1": [], "P2": []}, "empires": [
        {"player": "P1", "card": "egyptians", "level": 8, "glory": 10,
         "areas": {"egypt": ["spear"], "nubia": ["spear"]}, "cities": {"egypt": 3, "nubia": 2},
         "disorder": ["nubia"]}]})
    for move in ("mark manoeuvre", "extra none", "extra none", "hock one"):
        state.apply(state.string_to_action(move))
    assert state.step[0] != "hock"
    assert state.money[0] == 5

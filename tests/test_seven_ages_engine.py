"""The 7 Ages engine, part 1 (docs/rules/7ages.md): what a player sees of it beyond the scenario files —
it says what it does not play, refuses the options it cannot play, hides face-down markers, keeps its
invariants over seeded games (thousands: benchmarks/seven_ages.py --invariants), and its deferred
card fields neither warn in validation nor run."""

import shutil

import pytest

from cardtools.cli import main
from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.engine.compiled import UnrunnableDeck
from cardtools.engine.contract import UnplayedRules, new_game
from cardtools.games.seven_ages.invariants import play_checked, violations

WS = Workspace.find()


@pytest.fixture(scope="module")
def game():
    return new_game(load_deck("7ages", "no-events", WS))


def test_play_says_nothing_is_left_out_once_every_option_of_the_standard_game_plays(capsys):
    assert main(["play", "7ages", "--players", "3", "--agents", "random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "# not played yet" not in out


def test_the_no_events_variant_plays_a_log_a_player_can_follow(capsys):
    assert main(["play", "7ages", "--variant", "no-events", "--players", "3", "--agents", "random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "# not played yet" not in out
    for text in ("who goes first:", "takes the turn marker: First player", "== turn 1", "turns over",
                 "starts the", "(income)", "builds (", "Harvest glory", "== game end"):
        assert text in out, text


@pytest.mark.parametrize("variant,option", [("artefact-effects", "artefact_effects"),
                                            ("designers-choice", "artefact_effects")])
def test_options_of_part_2_are_refused_by_name(variant, option):
    with pytest.raises(UnplayedRules, match=f"does not play option\\(s\\) .*{option}.* yet"):
        new_game(load_deck("7ages", variant, WS))


def test_option_16_is_refused_naming_each_artefact_and_what_it_lacks():
    """Until every artefact's power and penalty runs, a designer asking for option 16 reads which
    artefacts do not and why (issue 17): the Defender of the faith's vote and site."""
    with pytest.raises(UnplayedRules) as refused:
        new_game(load_deck("7ages", "artefact-effects", WS))
    said = str(refused.value)
    assert "not every artefact runs: option 16 for 2 of 57 artefacts: Defender of the faith (" in said
    assert not any(name in said for name in ("Heresy", "Nobel Prize", "United Nations", "World war", "Autocracy",
                                             "Buddhism", "Capitalism", "Environmental sustainability", "Christianity",
                                             "Computing", "Renaissance", "Forum", "Great Canal"))
    assert "where it may be played (empire: religion_without_defender)" in said
    assert "Colossus of Rhodes" not in said and "Great Library" not in said and "Mars landing" not in said


def test_artefacts_so_far_plays_option_16s_rules_and_names_the_powers_not_played(capsys):
    assert main(["play", "7ages", "--variant", "artefacts-so-far", "--players", "4", "--agents", "random",
                 "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "option 16 for 2 of 57 artefacts: Defender of the faith (" in out
    assert "the blue Paved roads marker goes on progress level 15" in out      # the game starts in age 4


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 5])
def test_artefacts_so_far_keeps_the_invariants(players):
    game = new_game(load_deck("7ages", "artefacts-so-far", WS))
    results = [play_checked(game, players, seed) for seed in range(3)]
    assert [(r.seed, r.violations) for r in results if r.violations] == []
    assert play_checked(game, players, 0).digest == results[0].digest


def test_the_classic_game_is_for_2_to_5_players():
    game = new_game(load_deck("7ages", "classic", WS))
    with pytest.raises(ValueError, match="2-5 players"):
        game.new_state(6, 0)


def test_face_down_markers_are_their_owners_to_see(game):
    state = game.arrange(2, 0, {"first": "P1", "empires": [
        {"player": "P1", "card": "romans", "level": 12, "areas": {"latium": ["sword"]}},
        {"player": "P2", "card": "greeks", "level": 12, "areas": {"achaea": ["sword"]}}]})
    state.apply(state.string_to_action("mark trade"))
    assert state.observation(0)["empires"]["romans"]["marker"] == "trade"
    assert state.observation(1)["empires"]["romans"]["marker"] == "face down"
    assert state.observation(1)["empires"]["greeks"]["marker"] is None


def test_deferred_card_fields_neither_warn_nor_run(game, capsys):
    """Events and artefact powers are deferred (part 2): validation does not warn that the engine
    cannot run their verbs, and the engine holds only the empires' special rules, which it plays."""
    assert main(["validate", "7ages"]) == 0
    captured = capsys.readouterr()
    assert "warning[engine]" not in captured.out + captured.err
    held = {field for fields in game.abilities.values() for field, abilities in fields.items() if abilities}
    assert held == {"empire.special"}
    assert sum(1 for fields in game.abilities.values() if fields.get("empire.special")) == 35


@pytest.mark.parametrize("players", [2, 4, 7])
def test_invariants_over_seeded_games(game, players):
    results = [play_checked(game, players, seed) for seed in range(4)]
    assert [(r.seed, r.violations) for r in results if r.violations] == []
    assert all(r.turns >= 2 for r in results)
    assert len({r.digest for r in results}) == 4                              # different seeds, different games
    assert play_checked(game, players, 0).digest == results[0].digest         # same seed, same log


def test_invariants_catch_a_conflict_fought_before_movement_is_over(game):
    """§ 4. Manoeuvre › Resolving conflict: the invariant that guards it can fail."""
    state = game.new_state(2, 0)
    assert violations(state, []) == []
    state.invaders = {"latium": ("sword",)}
    assert any("outside a Manoeuvre" in v for v in violations(state, []))
    state.invaders, state.step, state.fight = {}, ("march",), ("latium",)
    assert violations(state, []) == ["a conflict while units may still move"]


def test_units_may_wait_where_the_defender_lost_its_last_units_after_movement(game):
    """§ 4. Manoeuvre › Resolving conflict: only areas holding another empire's units are fought; an
    event in an earlier conflict (Desertion) may take the defender's last units where others wait, who
    then take the area (classic, 5 players, seed 44 of the invariants). While units still move, no
    unit waits in an area nobody controls."""
    state = game.new_state(2, 0)
    state.invaders, state.step = {"ukraine": ("spear", "spear")}, ("fight",)
    assert violations(state, []) == []
    state.step = ("march",)
    assert violations(state, []) == ["units wait to fight in ukraine, which nobody controls"]


def test_a_special_rule_used_as_the_engine_does_not_play_it_is_refused(tmp_path):
    """The engine plays the specials' verbs only as the cards use them (verbs.py ``_played_when``):
    another use is refused by name, not ignored."""
    for folder in ("decks/7ages", "schemas", "templates"):
        shutil.copytree(WS.root / folder, tmp_path / folder)
    path = tmp_path / "decks" / "7ages" / "classic.yaml"
    path.write_text(path.read_text().replace("{unit_cost: {units: [cavalry], set: 2, only: setup}}",
                                             "{unit_cost: {units: [cavalry], add: -1}}"))
    with pytest.raises(UnrunnableDeck, match="jurchens"):
        new_game(load_deck("7ages", "no-events", Workspace(tmp_path)))


def test_an_attacker_losing_one_conflict_keeps_playing_while_its_units_wait_for_another(game):
    """§ 7. Discard empire: an empire with no unit on the map is discarded — not while units of its
    Manoeuvre still wait in another empire's area for their conflict (§ 4 › Resolving conflict)."""
    state = game.arrange(2, 0, {"first": "P1", "empires": [
        {"player": "P1", "card": "slavs", "level": 12, "areas": {"poland": ["sword"]}},
        {"player": "P2", "card": "magyars", "level": 12, "areas": {"hungary": ["spear"], "austria": ["spear"]}}]})
    slavs, magyars = 0, state.per
    state.vacate("poland")
    state.invaders = {"hungary": ("sword",)}
    state.fight = ("austria", slavs, magyars, (), ("spear",), (), (), 0, 0, 1, 0)
    state.end_conflict()
    assert state.empire[slavs] == "slavs"

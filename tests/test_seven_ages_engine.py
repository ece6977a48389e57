"""The 7 Ages engine, part 1 (docs/rules/7ages.md): what a player sees of it beyond the scenario files —
it says what it does not play, refuses the options it cannot play, hides face-down markers, keeps its
invariants over seeded games (thousands: benchmarks/seven_ages.py --invariants), and its deferred
card fields neither warn in validation nor run."""

import os
import re
import shutil
import subprocess
import sys

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


@pytest.mark.parametrize("variant", ["artefact-effects", "designers-choice"])
def test_option_16_plays_every_artefact(capsys, variant):
    """Every artefact's power and penalty runs (issue 17): option 16 plays and names none as not played."""
    assert main(["play", "7ages", "--variant", variant, "--players", "4", "--agents", "random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "artefact" not in out.splitlines()[1]                               # the '# not played yet' line
    assert "the blue Paved roads marker goes on progress level 15" in out      # the game starts in age 4


def test_a_simulation_record_scores_glory_and_lists_the_artefacts_played():
    """A balance report needs each seat's glory as its score (the ranking's first value, ``crowned``,
    is 0 unless General AI or the Internet ended history) and the artefacts it played — those the log
    says an empire gains — as it has the empires it started."""
    game = new_game(load_deck("7ages", "artefact-effects", WS))
    state = game.new_state(4, 3, log=True)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.scores() == [state.rank_value(seat, "glory") for seat in range(4)] and max(state.scores()) > 0
    logged = re.findall(r" gains (.+?) \((?:green|blue|red), on ", "\n".join(state.log))
    names = [game.artefacts[a]["name"] for seat in range(4) for a in state.record(seat)["artefacts_played"]
             if game.artefacts[a]["colour"] != "black"]
    assert logged and set(logged) == set(names)


def test_a_deck_with_an_artefact_not_run_is_refused_option_16_or_plays_the_others(tmp_path):
    """A designer's artefact with a rule word no artefact rule reads (Forum's 'vacate_land', an empire
    card's word): option 16 is refused, naming the artefact and what it lacks; with ``partial_artefacts`` the others play and it is named."""
    for folder in ("decks/7ages", "schemas", "templates"):
        shutil.copytree(WS.root / folder, tmp_path / folder)
    path = tmp_path / "decks" / "7ages" / "artefacts.yaml"
    path.write_text(path.read_text().replace("{modify: {allow: forum_go}}", "{modify: {allow: vacate_land}}", 1))
    with pytest.raises(UnplayedRules) as refused:
        new_game(load_deck("7ages", "artefact-effects", Workspace(tmp_path)))
    assert "not every artefact runs: option 16 for 1 of 57 artefacts: Forum (allow 'vacate_land')" in str(refused.value)
    variant = tmp_path / "decks" / "7ages" / "variants" / "partial.yaml"
    variant.write_text("name: partial\ndescription: d\nsource: 'provisional: a designer trying it out'\n"
                       "rules: {artefact_effects: true, partial_artefacts: true}\n")
    partial = new_game(load_deck("7ages", "partial", Workspace(tmp_path)))
    assert "option 16 for 1 of 57 artefacts: Forum (allow 'vacate_land')" in partial.facts.unplayed


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 5])
def test_artefact_effects_keeps_the_invariants(players):
    game = new_game(load_deck("7ages", "artefact-effects", WS))
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


#: Seeded games in which galleys and ships of the line unload their cargo together and stay at sea.
UNLOADING = (("technology", 3, 10), ("marines", 4, 39))
PLAY = ("import sys\nfrom cardtools.core.loader import load_deck\nfrom cardtools.engine.contract import new_game\n"
        "from cardtools.games.seven_ages.invariants import play_checked\n"
        "for variant, players, seed in {games}:\n"
        "    print(play_checked(new_game(load_deck('7ages', variant)), players, seed).digest)")


@pytest.mark.slow
def test_a_seeded_game_is_the_same_game_in_every_process():
    """Same seed, same game, whatever the process's string hash (PYTHONHASHSEED, random in each process):
    the kinds of ships unloading at sea were a set, so the ships stayed in the sea in the set's order and
    a later move took other ships (two 2,000-game invariant runs of one commit gave two fingerprints)."""
    script = PLAY.format(games=UNLOADING)
    logs = [subprocess.run([sys.executable, "-c", script], cwd=WS.root, capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": hash_seed}).stdout.split()
            for hash_seed in ("1", "2")]
    assert len(logs[0]) == len(UNLOADING)
    assert logs[0] == logs[1]


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
    assert violations(state, []) == ["units wait to fight in ukraine, which nobody holds"]


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

"""7 Ages events, first slice (docs/rules/7ages.md § 14): the standard game says which events do not run
yet and plays none; the events-so-far variant plays those that run, keeps the invariants with them, and
names the others. The rulebook's worked examples are scenario files (tests/scenarios/7ages/event-*,
fires-administrator, new-dynasty*)."""

import pytest

from cardtools.cli import main
from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.engine.contract import new_game
from cardtools.games.seven_ages.invariants import play_checked

WS = Workspace.find()


@pytest.fixture(scope="module")
def game():
    return new_game(load_deck("7ages", "events-so-far", WS))


def test_the_standard_game_plays_no_event_until_every_event_runs(capsys):
    assert main(["play", "7ages", "--players", "3", "--agents", "random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "not every event runs yet: the events of " in out
    assert "Garamantes (" in out and "window 'start_empire'" in out     # an event not run yet, and why
    assert "plays the event" not in out


def test_events_so_far_plays_events_and_names_the_others(capsys):
    assert main(["play", "7ages", "--variant", "events-so-far", "--players", "4", "--agents", "random",
                 "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "# not played yet: the events of " in out and "Sabaeans ('claim_glory')" in out   # option 11's claim
    assert "plays the event" in out


def test_which_events_run_and_why_the_others_do_not(game):
    book = game.events
    assert book.played("xiongnu", "civilise") and book.target["xiongnu"] == "empire"     # Fires
    assert book.played("magyars", "response") and book.cancels["magyars"] == {"mali"}    # Counterspy cancels I spy
    assert not book.played("magyars", "civilise")                 # a response is never played on its own
    assert book.played("umayyads", "harvest")                     # Glory? Bah, Humbug: at Harvest
    assert "window 'destiny'" in book.missing["manchus"]          # Oracle bones: in a Destiny, not yet
    assert "'claim_glory'" in book.missing["sabaeans"]            # Blessed are the meek: option 11


def test_an_event_with_a_target_waits_for_it_and_is_discarded(game):
    state = game.arrange(2, 0, {"first": "P1", "hands": {"P1": ["siamese", "xiongnu"]}, "empires": [
        {"player": "P1", "card": "romans", "level": 12, "areas": {"latium": ["sword"]}},
        {"player": "P2", "card": "greeks", "level": 12, "areas": {"achaea": ["sword"]}}]})
    for move in ("mark civilise", "mark civilise", "extra none", "extra none", "event siamese"):
        state.apply(state.string_to_action(move))
    assert state.money[0] == 10 and "siamese" in state.discards           # Gold mine: +10 money, discarded
    state.apply(state.string_to_action("event xiongnu"))
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == ["target greeks", "target romans"]


@pytest.mark.parametrize("players", [2, 4, 7])
def test_invariants_over_seeded_games_with_events(game, players):
    results = [play_checked(game, players, seed) for seed in range(4)]
    assert [(r.seed, r.violations) for r in results if r.violations] == []
    assert play_checked(game, players, 1).digest == results[1].digest         # same seed, same log


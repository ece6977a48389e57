"""Age of Civilization engine: setup per variant, the OpenSpiel interface, determinism, parameters."""

import random
import shutil
from pathlib import Path

import pytest

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.effects.compile import Compiler
from cardtools.effects.runtime import Modifier
from cardtools.games.aoc.rules import Game
from cardtools.games.aoc.scenario import arrange
from cardtools.sim.agents import RandomAgent, resolve_agent
from cardtools.sim.play import play

REPO = Path(__file__).parent.parent
GAMES = {v: Game(load_deck("aoc", v)) for v in (None, "drafting", "solo")}
ACTION_CARDS = ["build", "conquest", "culture", "farm", "fish", "hunt", "plague", "trade"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    state = GAMES[None].new_state(players, seed=11)
    assert len(state.wonder_market) == 3 + players                      # SETUP 2
    assert len(state.market) == 5 and state.bonus == [0] * 5            # SETUP 3
    assert sorted(state.track) == ACTION_CARDS                          # SETUP 4
    assert list(zip(state.coins, state.workers, state.score)) == [(3, 0, 0)] * players  # SETUP 6
    assert state.current_player == 0 and state.step == "civilization"
    assert [state.action_to_string(a) for a in state.legal_actions()] == sorted(
        (f"rise {c}" for c in state.market), key=lambda s: GAMES[None].civilizations.index(s[5:]))


def test_solo_setup():
    game = GAMES["solo"]
    for seed in range(20):
        state = game.new_state(1, seed)
        assert state.track[4] == "plague"                                # SOLO › SETUP 3
        assert len(state.wonder_market) == 4                             # SOLO › SETUP 2
    assert not {"mongolia", "vikings", "germania"} & set(game.civilizations)  # SOLO › SETUP 1
    assert len(game.civilizations) == 31


def test_one_player_needs_the_solo_variant():
    with pytest.raises(ValueError, match=r"the 1-player game is the solo variant \(--variant solo\)"):
        GAMES[None].new_state(1, 0)
    with pytest.raises(ValueError, match="for 1-4 players"):
        GAMES[None].new_state(5, 0)


def test_draft_passes_packs_to_the_left():
    state = GAMES["drafting"].new_state(3, seed=5)
    packs = [set(p) for p in state.packs]
    assert state.step == "draft" and [len(p) for p in packs] == [4, 4, 4]
    picks = []
    for p in range(3):                                                  # first pick: keep one
        assert state.current_player == p
        move = state.legal_actions()[0]
        picks.append(state.action_to_string(move)[len("draft "):])
        state.apply(move)
    assert set(state.packs[1]) == packs[0] - {picks[0]}                 # P1's rest went to P2
    assert set(state.packs[0]) == packs[2] - {picks[2]}
    while state.step == "draft":
        state.apply(state.legal_actions()[0])
    hands = [set(hand) for hand in state.hand]
    assert [len(h) for h in hands] == [4, 4, 4] and set.union(*hands) == set.union(*packs)
    assert state.step == "civilization" and len(state.market) == 5


def test_observation_hides_the_others_hands():
    state = GAMES["drafting"].new_state(2, seed=1)
    seen_by_p2 = state.observation(1)                                  # P1 drafts: P2 sees no P1 card
    assert seen_by_p2["legal"] == [] and seen_by_p2["draft_packs"] == {"P1": 4, "P2": list(state.packs[1])}
    assert state.observation(0)["legal"] == [f"draft {c}" for c in sorted(state.packs[0], key=GAMES["drafting"].civilizations.index)]
    while state.step == "draft":
        state.apply(state.legal_actions()[0])
    view = state.observation(0)
    assert view["players"]["P1"]["hand"] == list(state.hand[0])
    assert view["players"]["P2"]["hand"] == 4 and view["civ_deck"] == len(state.civ_deck)


def test_same_seed_same_game_and_clone_is_independent():
    game = GAMES[None]
    one = play(game, 3, [RandomAgent()] * 3, seed=42)
    two = play(game, 3, [RandomAgent()] * 3, seed=42)
    other = play(game, 3, [RandomAgent()] * 3, seed=43)
    assert one.log == two.log and one.log != other.log
    state = game.new_state(2, 3, log=True)
    state.apply(state.legal_actions()[0])
    copy = state.clone()
    before = (state.legal_actions(), state.coins[0], len(state.log), state.market[:])
    while not copy.is_terminal():
        copy.apply(copy.legal_actions()[-1])
    assert (state.legal_actions(), state.coins[0], len(state.log), state.market[:]) == before


def test_clones_rising_other_civilizations_are_offered_their_own_slots():
    """Clones share what each player is offered this round (a cache): a clone whose player rises India
    (an extra Culture slot, CIVILIZATIONS › India) must not lend that slot to a clone rising a
    civilization without modifiers, whose prices are the printed ones in both."""
    game = GAMES[None]

    def plain(civ):
        return civ != "india" and not any(isinstance(a, Modifier) for a in game.card_abilities(civ, True))
    seed = next(s for s in range(200) if "india" in (st := game.new_state(4, s)).market
                and "culture" not in st.window() and any(map(plain, st.market)))
    state = game.new_state(4, seed)
    state.coins[0] = 20                                                 # (enough for any action)
    other = next(filter(plain, state.market))
    moves = {}
    for civ in ("india", other):
        world = state.clone()
        world.apply(world.string_to_action(f"rise {civ}"))
        moves[civ] = [world.action_to_string(m) for m in world.legal_actions()]
    assert "perform culture" in moves["india"] and "perform culture" not in moves[other]


def test_moves_are_sorted_and_illegal_ones_refused():
    state = GAMES[None].new_state(2, 0)
    moves = state.legal_actions()
    assert moves == sorted(moves) and all(state.action_to_string(m).startswith("rise ") for m in moves)
    with pytest.raises(ValueError, match="illegal move 0 \\(end\\); legal: rise "):
        state.apply(0)


def test_game_over_interface():
    state = play(GAMES[None], 4, [RandomAgent()] * 4, seed=9, log=False)
    ranks, returns = state.ranks(), state.returns()
    assert state.is_terminal() and state.current_player == -4 and state.legal_actions() == []
    assert min(ranks) == 1 and sum(returns) == pytest.approx(1.0)
    assert [r for r, x in zip(ranks, returns) if x > 0] == [1] * ranks.count(1)
    assert state.scores() == state.score


def test_greedy_takes_the_move_worth_most_to_it():
    state = arrange(GAMES[None], 2, 0, {"round": 2, "step": "actions",
                                        "time_track": ["hunt", "build", "fish", "conquest", "culture", "trade",
                                                       "farm", "plague"],
                                        "players": {"P1": {"civilizations": ["egypt"], "coins": 2}}})
    greedy = resolve_agent("greedy", "aoc", list(state.features(0)), Workspace(REPO)).build()  # the balanced profile
    move = greedy.choose(state, state.legal_actions(), random.Random(0))
    assert state.action_to_string(move) == "perform build"             # +2 score (+1 Egypt) for 2 coins


def test_pending_decision_is_answered_through_legal_actions():
    state = arrange(GAMES[None], 2, 0, {"round": 2, "step": "actions", "wonder_market": ["pyramids", "colossus"],
                                        "players": {"P1": {"civilizations": ["china"], "coins": 7}}})
    state.apply(next(m for m in state.legal_actions() if state.action_to_string(m) == "perform wonder"))
    choose = GAMES[None].codec.kind["choose"].base
    assert state.legal_actions() == [choose, choose + 1]
    assert [state.action_to_string(m) for m in state.legal_actions()] == ["choose Pyramids", "choose Colossus"]


@pytest.fixture
def aoc_copy(tmp_path, monkeypatch):
    for folder in ("decks/aoc", "schemas", "templates"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_rule_parameter_errors_point_at_their_line(aoc_copy, cli):
    """The parameters are checked against schemas/aoc/rules.schema.json, like every game's."""
    (aoc_copy / "decks/aoc/variants/long.yaml").write_text(
        "# yaml-language-server: $schema=../../../schemas/variant.schema.json\n"
        "name: Long\ndescription: more rounds\nsource: \"provisional: a test variant\"\nrules:\n  rounds: eight\n"
        "  max_workers: 5\n")
    code, _, err = cli("validate")
    assert code == 1 and [line for line in err.splitlines() if "error[" in line] == [
        "decks/aoc/variants/long.yaml:6:11: error[schema]: rules.rounds: 'eight' is not of type 'integer'"]
    (aoc_copy / "decks/aoc/variants/long.yaml").write_text(
        (aoc_copy / "decks/aoc/variants/long.yaml").read_text().replace("eight", "8"))
    code, _, err = cli("validate")
    assert code == 1 and [line for line in err.splitlines() if "error[" in line] == [
        "decks/aoc/variants/long.yaml:6:11: error[rules]: rules.rounds: 8 rounds need 10 time-track cards; the deck has 8"]
    (aoc_copy / "decks/aoc/variants/long.yaml").unlink()  # `validate aoc` checks the variants too
    game_yaml = aoc_copy / "decks/aoc/game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("  rest_coins: 2 ", "  rest_coin: 2 "))
    code, _, err = cli("validate", "aoc")
    lines = game_yaml.read_text().splitlines()
    assert code == 1 and [line for line in err.splitlines() if "error[" in line] == [
        f"decks/aoc/game.yaml:{lines.index('rules:') + 2}:3: error[schema]: rules: missing required field 'rest_coins'",
        f"decks/aoc/game.yaml:{next(i for i, l in enumerate(lines) if 'rest_coin:' in l) + 1}:3: error[unknown-key]: "
        "rules: unknown key 'rest_coin'; did you mean 'rest_coins'?"]


def test_play_command(cli):
    code, out, _ = cli("--root", str(REPO), "play", "aoc", "--players", "3", "--agents", "random,greedy,random",
                       "--seed", "4")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "# Age of Civilization: 3 players, seed 4, agents random, greedy, random"
    assert lines[1].startswith("setup: time track ") and lines[-1].startswith("decided by: ")
    assert sum(1 for line in lines if line.startswith("-- ")) == 18      # 6 rounds × 3 turns
    code, _, err = cli("--root", str(REPO), "play", "aoc", "--agents", "random,greedyy")
    assert code == 2 and "unknown agent 'greedyy'; did you mean 'greedy'?" in err


def test_vikings_ban_reaches_a_trade_performed_by_an_ability():
    """§ CIVILIZATIONS › Vikings: "including the Trade action provided by abilities" — here an
    Education that performs Trade instead of Culture (no card of the deck does that)."""
    deck = load_deck("aoc")
    game = GAMES[None]
    trading = Compiler(game.vocab, deck).ability(
        {"when": "turn_end", "do": {"perform": {"action": "trade", "without": ["workers"]}}}, (), "education", "effects")
    abilities = {**game.abilities, "education": {"effects": (trading,)}}
    setup = {"round": 2, "step": "actions", "players": {"P1": {"civilizations": ["egypt"], "technologies":
                                                                  ["writing", "education"], "coins": 0}}}
    for vikings, coins in ((False, 2), (True, 0)):
        if vikings:
            setup["players"]["P2"] = {"civilizations": ["vikings"]}
        state = arrange(Game(deck, abilities=abilities), 2, 0, setup)
        state.apply(0)                                                  # end: Education's Trade
        assert state.coins[0] == coins
    assert "  P1 cannot perform Trade (Education)" in state.log

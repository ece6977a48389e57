"""The engine kit's own pieces: named moves, shuffles, and engines that grow one verb at a time."""

import random
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from cardtools.core.plugins import plugin, register
from cardtools.engine.contract import shuffle
from cardtools.engine.moves import OPTION, MoveCodec
from cardtools.engine.state import Chance

REPO = Path(__file__).parent.parent

# -- chance ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 7, "1 future 3 2", 2 ** 70])
def test_the_kits_shuffle_deals_what_random_shuffle_deals(seed):
    """Seeded games must deal as they always did: the compiled shuffle draws the numbers
    ``random.Random.shuffle`` draws, for decks of every size (one card, none, more than 2**k)."""
    for size in (0, 1, 2, 3, 5, 8, 9, 16, 17, 64, 65, 120):
        expected, kit, chance = list(range(size)), list(range(size)), list(range(size))
        random.Random(seed).shuffle(expected)
        shuffle(random.Random(seed), kit)
        Chance(seed).shuffle(chance)
        assert kit == expected and chance == expected, (seed, size)


# -- the move codec ----------------------------------------------------------------------------------

CODEC = MoveCodec([("end", []), ("rise", [("egypt", "china")]),
                   ("perform", [("hunt", "research"), ("writing", "sailing", None)]), ("choose", [OPTION])])


def test_moves_have_dense_ids_in_declaration_order():
    words = [CODEC.words(m) for m in range(CODEC.kind["choose"].base)]
    assert words == ["end", "rise egypt", "rise china", "perform hunt writing", "perform hunt sailing", "perform hunt",
                     "perform research writing", "perform research sailing", "perform research"]
    assert CODEC.id("perform", "research", None) == 8 and CODEC.decode(8)[1] == ("research", None)
    assert CODEC.size == 9 + 64 and CODEC.kind["choose"].decision


def test_move_words_round_trip():
    for move in range(CODEC.kind["choose"].base):
        assert CODEC.parse(CODEC.words(move)) == move
    assert CODEC.parse("perform research") == 8 and CODEC.parse("perform  writing") is None
    assert CODEC.parse("choose 1") is None and CODEC.parse("rise rome") is None
    with pytest.raises(ValueError, match="no move has id 73"):
        CODEC.decode(73)


# -- an engine that does not run every verb yet -------------------------------------------------------

SLOT_CARDS = ["india", "aztecs", "celts", "indonesia"]   # the civilizations with a private slot


@pytest.fixture
def growing(tmp_path, monkeypatch):
    """A copy of the repository's decks played by an Age of Civilization engine that does not run
    `slot` yet, with a variant removing the four cards that use it."""
    for folder in ("decks/aoc", "schemas", "templates"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    (tmp_path / "decks/aoc/variants/no-slots.yaml").write_text(
        "# yaml-language-server: $schema=../../../schemas/variant.schema.json\n"
        "name: No private slots\ndescription: without the civilizations that have a private slot\n"
        "source: \"provisional: a test variant\"\n"
        f"remove: [{', '.join(SLOT_CARDS)}]\n"
        "composition:\n  - {name: civilization cards, where: {type: civilization}, total: 30}\n")
    monkeypatch.chdir(tmp_path)
    real = plugin("aoc")
    register(replace(real, runs=real.runs - {"slot"}))
    yield tmp_path
    register(real)


def test_validate_warns_for_each_card_using_a_verb_the_engine_does_not_run(growing, cli):
    code, _, err = cli("validate", "aoc")
    lines = (growing / "decks/aoc/civilizations.yaml").read_text().splitlines()
    where = {card: next(i for i, text in enumerate(lines) if text.startswith(f"- id: {card}")) for card in SLOT_CARDS}
    slot_line = {card: next(i for i in range(start, len(lines)) if "{slot:" in lines[i]) + 1
                 for card, start in where.items()}
    assert code == 0 and sorted(line for line in err.splitlines() if "warning[engine]" in line) == sorted(
        f"decks/aoc/civilizations.yaml:{slot_line[card]}:15: warning[engine]: {card}: the aoc engine does not run "
        f"'slot' yet; play and simulate refuse this card" for card in SLOT_CARDS)


def test_play_and_simulate_refuse_such_a_deck_naming_every_card(growing, cli):
    message = ("the aoc engine does not run every verb of these 4 cards yet: india (slot); aztecs (slot); "
               "celts (slot); indonesia (slot). Play a variant that removes them (`remove:` in a variant file)")
    code, _, err = cli("play", "aoc", "--players", "2")
    assert code == 2 and message in err
    code, _, err = cli("simulate", "aoc", "--players", "2", "--games", "2", "-o", str(growing / "run"))
    assert code == 2 and message in err and not (growing / "run").exists()
    code, out, _ = cli("play", "aoc", "--players", "2", "--variant", "no-slots")
    assert code == 0 and out.splitlines()[-1].startswith("decided by: ")


def test_tasks_run_until_a_decision_and_carry_on_after_it():
    """engine.flow.Tasks: tasks run in order until one waits; its options are the legal moves; done()
    carries on, and an empty queue asks for the next tasks."""
    from cardtools.engine.flow import Tasks

    class Turn(Tasks):
        over = False

        def __init__(self):
            self.queue, self.step, self.seen = [("note", 1), ("ask",), ("note", 2)], None, []

        def next_tasks(self):
            self.over = True
            return [("note", 0)]

        def task_note(self, n):
            self.seen.append(n)

        def task_ask(self):
            self.wait("pick", 7, "x")

        def options_pick(self, context):
            return [context]

    turn = Turn()
    turn.proceed()
    assert turn.seen == [1] and turn.step == ("pick", "x") and turn.player == 7 and turn.moves() == ["x"]
    turn.done()
    assert turn.seen == [1, 2, 0] and turn.over


# -- moves a state accepts without listing them (primitives under macros) ------------------------------

def test_a_state_accepts_a_move_it_does_not_list_only_when_it_says_so():
    """``BaseState.unlisted``: a game that lists macros to agents still takes the primitive moves a
    scenario writes (``apply``, ``string_to_action``), and ``note_move`` logs them in a scenario's words."""
    import sys

    from cardtools.core.loader import load_deck
    from cardtools.core.plugins import GamePlugin
    from cardtools.core.workspace import Workspace
    from cardtools.engine.contract import new_game

    toy = REPO / "tests/fixtures/toy"
    if str(toy) not in sys.path:
        sys.path.insert(0, str(toy))
    register(GamePlugin("toy", rules="toy_rules"))
    game = new_game(load_deck("toy", workspace=Workspace(toy)))

    toy_state = game.State

    class FirstCardListed(toy_state):
        def moves(self):
            return super().moves()[:1]

        def move_play(self, card):
            self.note_move("play", card)
            return super().move_play(card)

    class Primitives(FirstCardListed):
        def unlisted(self, move):
            return move in toy_state.moves(self)

    game.State = FirstCardListed
    listed = game.new_state(2, 1, log=True)
    hand = sorted(set(listed.hand[0]))
    assert len(hand) > 1 and [listed.action_to_string(m) for m in listed.legal_actions()] == [f"play {hand[0]}"]
    with pytest.raises(ValueError, match="not a legal move"):
        listed.string_to_action(f"play {hand[-1]}")          # by default, only listed moves
    game.State = Primitives
    state = game.new_state(2, 1, log=True)
    move = state.string_to_action(f"play {hand[-1]}")
    assert move not in state.legal_actions()
    state.apply(move)
    assert f"» play {hand[-1]}" in state.log
    stranger = next(c for c in game.cards if c not in state.hand[state.seat_of(state.player)])
    with pytest.raises(ValueError, match="illegal move"):
        state.apply(game.codec.id("play", stranger))

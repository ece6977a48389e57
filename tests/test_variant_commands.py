"""Issue 9: every command honours --variant — printing prints the variant's cards, simulation plays
with them."""

import shutil
from pathlib import Path

from cardtools.cli import main
from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.sim.agents import RandomAgent
from cardtools.engine.contract import new_game
from cardtools.sim.play import play

REPO = Path(__file__).parent.parent


def test_print_has_fewer_pages_when_a_variant_removes_cards(tmp_path, capsys):
    root = tmp_path / "ws"
    for folder in ("decks/aoc", "schemas", "templates"):
        shutil.copytree(REPO / folder, root / folder)
    (root / "decks/aoc/variants/no-civs.yaml").write_text(
        "# yaml-language-server: $schema=../../../schemas/variant.schema.json\n"
        "name: No civilizations\ndescription: every civilization card removed\n"
        "source: \"provisional: a test variant\"\nremove: [{type: civilization}]\ncomposition: []\n")
    from pypdf import PdfReader

    assert main(["--root", str(root), "pnp", "aoc", "--backs", "none", "-o", str(tmp_path / "base.pdf")]) == 0
    assert main(["--root", str(root), "pnp", "aoc", "--backs", "none", "--variant", "no-civs",
                 "-o", str(tmp_path / "variant.pdf")]) == 0
    base, variant = (len(PdfReader(tmp_path / f).pages) for f in ("base.pdf", "variant.pdf"))
    assert variant == base - 4  # 34 civilization cards less: 25 copies fill 3 sheets of 9 instead of 7


def test_a_civilization_the_variant_removes_is_never_risen():
    deck = load_deck("aoc", "solo", Workspace(REPO))
    game = new_game(deck)
    removed = {"mongolia", "vikings", "germania"}
    taken = set()
    for seed in range(300):
        state = play(game, 1, [RandomAgent()], seed, log=False)
        taken.update(state.civs[0])
    assert taken and not taken & removed
    assert len(taken) > 20  # the games did explore the market


def test_scenarios_can_be_played_under_a_variant(capsys):
    carthage = str(REPO / "tests/scenarios/aoc/carthage-rise-triples-bonus.yaml")
    assert main(["--root", str(REPO), "scenario", "run", carthage]) == 0
    capsys.readouterr()
    # drafting pays 2 bonus coins on every rise instead of the market's coins: the base ruling fails
    assert main(["--root", str(REPO), "scenario", "run", "--variant", "drafting", carthage]) == 1
    assert "FAIL" in capsys.readouterr().out

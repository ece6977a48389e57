"""Mistakes in the Through the Ages deck are reported at their file:line:col (schemas and tta CHECKS)."""

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent
TECHS = "decks/tta/technologies.yaml"


@pytest.fixture
def tta(tmp_path, monkeypatch):
    """A throw-away copy of the shipped TtA deck and schemas; returns an editor for its files."""
    shutil.copytree(REPO / "decks" / "tta", tmp_path / "decks" / "tta")
    shutil.copytree(REPO / "schemas", tmp_path / "schemas")
    monkeypatch.chdir(tmp_path)

    class Files:
        def replace_in_card(self, rel: str, card_id: str, old: str, new: str) -> int:
            """Replace the first `old` after the card's `- id:` line; returns the line number of the change."""
            path = tmp_path / rel
            lines = path.read_text().split("\n")
            start = lines.index(f"- id: {card_id}")
            for i in range(start, len(lines)):
                if old in lines[i]:
                    lines[i] = lines[i].replace(old, new, 1)
                    path.write_text("\n".join(lines))
                    return i + 1
            raise AssertionError(f"{old!r} not in card {card_id}")

        def line_of(self, rel: str, text: str) -> int:
            return (tmp_path / rel).read_text().split("\n").index(text) + 1

    return Files()


def problems(err: str) -> list[str]:
    """Errors and warnings, but not the engine's notes on the full game's cards it does not run yet
    (tests/test_tta_deck.py checks those)."""
    return [line for line in err.splitlines() if ": error[" in line or (": warning[" in line and "[engine]" not in line)]


def test_counts_that_disagree_with_the_markings(tta, cli):
    line = tta.line_of(TECHS, "- id: selective_breeding") + 5
    tta.replace_in_card(TECHS, "selective_breeding", 'markings: {"3+": 1, "4": 1}', 'markings: {"3+": 1}')
    code, _, err = cli("validate", "tta")
    assert code == 1
    assert problems(err) == [f"{TECHS}:{line}:10: error[count]: selective_breeding: 1 copy at 2 players, "
                             "but its markings leave 2 of its 3 copies (1 marked 3+)"]


def test_markings_only_on_civil_cards_of_ages_i_to_iii(tta, cli):
    line = tta.replace_in_card(TECHS, "agriculture", "  initial: true", '  initial: true\n  markings: {"4": 1}') + 1
    code, _, err = cli("validate", "tta")
    assert code == 1
    assert problems(err) == [f"{TECHS}:{line}:13: error[markings]: agriculture: only civil cards of Ages I-III "
                             "carry player-count markings"]


def test_a_pact_at_two_players(tta, cli):
    pacts = "decks/tta/pacts.yaml"
    line = tta.replace_in_card(pacts, "peace_treaty", "count: {2: 0,", "count: {2: 1,")
    code, _, err = cli("validate", "tta")
    assert code == 1
    found = problems(err)
    assert [p for p in found if "error[count]" in p] == [
        f"{pacts}:{line}:10: error[count]: peace_treaty: 1 copy at 2 players, but pact cards are not used "
        "with fewer than 3 players"]
    totals = [p.split("error[composition]: ")[1] for p in found if "error[composition]" in p]
    assert totals == ["military deck III: the cards add up to 42 at 2 players, but the manifest expects 41 (+1)",
                      "Age III pacts: the cards add up to 1 at 2 players, but the manifest expects 0 (+1)"]


def test_a_technology_without_its_science_cost(tta, cli):
    line = tta.line_of(TECHS, "- id: irrigation")
    tta.replace_in_card(TECHS, "irrigation", "  science_cost: 3", "  tags: [farm]")
    code, _, err = cli("validate", "tta")
    assert code == 1
    assert problems(err) == [f"{TECHS}:{line}:3: error[schema]: technologies[1]: missing required field 'science_cost'"]


def test_an_age_ii_tactic_needs_its_outdated_strength(tta, cli):
    tactics = "decks/tta/tactics.yaml"
    line = tta.line_of(tactics, "- id: mobile_artillery")
    changed = tta.replace_in_card(tactics, "mobile_artillery", "outdated_strength", "outdated_strenght")
    code, _, err = cli("validate", "tta")
    assert code == 1
    assert problems(err) == [
        f"{tactics}:{line}:3: error[schema]: tactics[5]: missing required field 'outdated_strength'",
        f"{tactics}:{changed}:3: error[unknown-key]: tactics[5]: unknown key 'outdated_strenght'; "
        "did you mean 'outdated_strength'?",
    ]


def test_an_unknown_unit_kind_is_suggested(tta, cli):
    line = tta.replace_in_card(TECHS, "air_forces", "unit: air_force", "unit: airforce")
    code, _, err = cli("validate", "tta")
    assert code == 1
    assert problems(err) == [f"{TECHS}:{line}:9: error[schema]: technologies[33].unit: 'airforce' is not one of "
                             "'infantry', 'cavalry', 'artillery', 'air_force'; did you mean 'air_force'?"]


# -- boards.yaml: the tables an engine reads square by square (cardtools/games/tta/board_checks.py) --

BOARDS = "decks/tta/boards.yaml"


def edit_boards(old: str, new: str) -> int:
    """Change the one line of boards.yaml (in the `tta` copy) that starts with `old`; returns its line number."""
    path = Path(BOARDS)
    lines = path.read_text().split("\n")
    (i,) = [i for i, line in enumerate(lines) if line.startswith(old)]
    lines[i] = lines[i].replace(old, new)
    path.write_text("\n".join(lines))
    return i + 1


def edit_line_before(text: str, old: str, new: str) -> int:
    """Change `old` to `new` on the line just above the one line of boards.yaml equal to `text` (the
    `squares:` line of a multi-line entry); returns its line number."""
    path = Path(BOARDS)
    lines = path.read_text().split("\n")
    i = lines.index(text) - 1
    assert old in lines[i]
    lines[i] = lines[i].replace(old, new)
    path.write_text("\n".join(lines))
    return i + 1


def test_happiness_subsections_that_leave_squares_uncovered(tta, cli):
    # The layout before the fix: eight subsections of two squares cover 16 of the 18; the gap is
    # reported at the last (leftmost) subsection, next to the squares it leaves out.
    edit_boards("  - squares: 4", "  - squares: 2")
    code, _, err = cli("validate", "tta")
    assert code == 1
    last = tta.line_of(BOARDS, "    happy: 8") - 1
    assert problems(err) == [f"{BOARDS}:{last}:14: error[boards]: the happiness subsections cover squares 1-16 "
                             "from the right, leaving squares 17-18 of the 18-square bank in no happiness subsection"]


def test_a_subsection_that_runs_past_the_bank(tta, cli):
    line = edit_line_before("    happy: 8", "squares: 2", "squares: 4")
    code, _, err = cli("validate", "tta")
    assert code == 1
    assert problems(err) == [f"{BOARDS}:{line}:14: error[boards]: happiness subsection 8 from the right covers "
                             "squares 17-20, but the bank has only 18"]


def test_subsections_wholly_outside_the_bank(tta, cli):
    # Subsection 7 two squares too big pushes subsection 8 out of the bank altogether.
    line = edit_boards("  - {squares: 2, happy: 7,", "  - {squares: 4, happy: 7,")
    code, _, err = cli("validate", "tta")
    assert code == 1
    last = tta.line_of(BOARDS, "    happy: 8") - 1
    assert line < last
    assert problems(err) == [f"{BOARDS}:{last}:14: error[boards]: happiness subsection 8 from the right covers "
                             "squares 19-20, but the bank has only 18"]


def test_bank_sections_must_cover_their_bank(tta, cli):
    blue_last = edit_boards("    - squares: 6", "    - squares: 5")
    edit_boards("  squares: 18", "  squares: 19")
    code, _, err = cli("validate", "tta")
    assert code == 1
    yellow_last = tta.line_of(BOARDS, "      food: 7") - 1
    happy_last = tta.line_of(BOARDS, "    happy: 8") - 1
    assert problems(err) == [
        f"{BOARDS}:{yellow_last}:16: error[boards]: the yellow-bank sections cover squares 1-18 from the right, "
        "leaving square 19 of the 19-square bank in no yellow-bank section",
        f"{BOARDS}:{happy_last}:14: error[boards]: the happiness subsections cover squares 1-18 from the right, "
        "leaving square 19 of the 19-square bank in no happiness subsection",
        f"{BOARDS}:{blue_last}:16: error[boards]: the blue-bank sections cover squares 1-15 from the left, "
        "leaving square 16 of the 16-square bank in no blue-bank section"]


def test_the_shipped_boards_pass(cli):
    # The repository's own deck: every bank covered exactly, every other board check quiet.
    code, _, err = cli("validate", "tta")
    assert code == 0 and "error[boards]" not in err


ONE_MISTAKE = {
    "each subsection needs one more happy face": (
        "  - {squares: 2, happy: 6,", "  - {squares: 2, happy: 7,", 25,
        "subsection 6 from the right needs 6 happy faces (one more than the subsection before it), not 7"),
    "card-row runs follow one another": (
        "    - {first: 10,", "    - {first: 11,", 15,
        "this run of spaces starts at 11, but the previous one leaves space 10 next"),
    "board workers stand on initial technologies": (
        "  workers: {warriors", "  workers: {warrior", 13,
        "'warrior' is not an initial technology that takes workers; did you mean 'warriors'?"),
}


@pytest.mark.parametrize("mistake", ONE_MISTAKE)
def test_one_board_mistake_at_its_value(tta, cli, mistake):
    old, new, col, message = ONE_MISTAKE[mistake]
    line = edit_boards(old, new)
    code, _, err = cli("validate", "tta")
    assert code == 1
    assert problems(err) == [f"{BOARDS}:{line}:{col}: error[boards]: {message}"]

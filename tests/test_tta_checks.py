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
    return [line for line in err.splitlines() if ": error[" in line or ": warning[" in line]


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

"""The 7 Ages counter mix: the values reproduce the rulebook's complete conflict example round by
round, the mixes add up to the counter sheets, and the checks point at the exact line."""

from pathlib import Path

import pytest
from seven_ages_copy import copy_7ages, edit, position

from cardtools.cli import main
from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.games.seven_ages.counters import Counters
from cardtools.games.seven_ages.worldmap import WorldMap

REPO = Path(__file__).parent.parent
COUNTERS = "decks/7ages/counters.yaml"
MAP = "decks/7ages/map.yaml"
ARTEFACTS = "decks/7ages/artefacts.yaml"
CONFLICT = "seeds/001_f19afe02b0a671da.txt § 4. Manoeuvre › Movement and conflict resolution example (complete)"


@pytest.fixture(scope="module")
def deck():
    return load_deck("7ages", workspace=Workspace(REPO))


@pytest.fixture(scope="module")
def counters(deck):
    return Counters.of(deck)


def committed(deck, counters, units, grade, special=None):
    """(sum of values, best front, best support) of units committed in Muscovy (forest): half of them,
    rounded up, at front, the rest at support, split to give the most (§ 4. Manoeuvre › Resolving conflict)."""
    forest = next(t for t in deck.data["map"]["terrain"] if t["id"] == "forest")
    kinds = {u["id"]: c["id"] for c in deck.data["cost_chart"]["classes"] for u in c["units"]}
    values = []
    for unit in units:
        front, support = counters.values(unit, grade)
        if kinds[unit] == "cavalry":
            front, support = max(0, front + forest["cavalry"]), max(0, support + forest["cavalry"])
        if special and unit in special["units"]:
            front, support = front + special["front"], support + special["support"]
        values.append((front, support))
    values.sort(key=lambda v: v[0] - v[1], reverse=True)
    fronts = (len(values) + 1) // 2
    total = sum(f for f, _ in values[:fronts]) + sum(s for _, s in values[fronts:])
    return total, max(f for f, _ in values), max(s for _, s in values)


def test_the_complete_conflict_example_round_by_round(deck, counters):
    """Veteran French (age 5, elite) attack regular Russians (age 4) in Muscovy: forest, a fort, a
    value 3 capital, Kutuzov and Napoleon both Tacticians. Totals as the rulebook prints them, except
    two French ones where its own arithmetic slips: in round 4 Alex draws a 4 but the total of 47
    counts the card as 5 (46 with the 4), and in round 5 its parts add to 49, not the printed 50."""
    russians = next(c for c in deck.cards if c.id == "russians")
    [special] = [a["modify"]["conflict"] for a in russians.get("empire")["special"]]
    forest = next(t for t in deck.data["map"]["terrain"] if t["id"] == "forest")["defence"]
    fort, elite, ages_ahead, capital = 2, 1, 1, 3

    def french(card, units, russian_disorder=0, halved=False):
        total, best_front, best_support = committed(deck, counters, units, "veteran")
        if halved:  # only infantry against only cavalry: fronts halved
            total = (total + 1) // 2
        return total + card + elite + ages_ahead + russian_disorder * (best_front + best_support)

    def russian(card, units, french_disorder=0, city=0):
        total, best_front, best_support = committed(deck, counters, units, "regular", special)
        return total + card + forest + fort + city + french_disorder * (best_front + best_support)

    army = ["rifle"] * 3 + ["knight", "artillery", "artillery", "hs_artillery"]
    assert (french(2, army), russian(5, ["rifle"])) == (49, 14)                                  # round 1
    assert (french(6, ["rifle"], halved=True), russian(4, ["lt_horse"], city=capital)) == (11, 12)  # round 2
    rest = ["rifle", "knight", "knight", "cannon", "cannon"]
    assert (french(5, ["rifle", "artillery", "knight"]), russian(4, rest, french_disorder=1)) == (26, 42)
    last = ["rifle", "rifle", "artillery", "hs_artillery"]
    assert (french(4, last, russian_disorder=1), russian(3, ["lt_horse"], french_disorder=1)) == (46, 10)  # "47"
    assert (french(7, last, russian_disorder=1), russian(4, rest, french_disorder=2)) == (49, 53)  # "50"


def test_the_example_armies_fit_their_colours_mixes(counters):
    colours = counters.colours()
    veteran, regular = colours["blue_dark"][1], colours["green_light"][1]
    assert (veteran, regular) == ("veteran", "regular")
    # French: 4 rifles, 2 artillery, a knight and a horse artillery in Muscovy; a rifle, an artillery,
    # a knight and a Lt. horse in Smolensk. Russians: 2 rifles, 2 cannons, a Lt. horse and 2 knights in
    # Muscovy; a rifle and a Lt. horse in Smolensk.
    french = {"rifle": 5, "artillery": 3, "knight": 2, "hs_artillery": 1, "lt_horse": 1}
    russian = {"rifle": 3, "cannon": 2, "lt_horse": 2, "knight": 2}
    for army, mix in ((french, veteran), (russian, regular)):
        stock = counters.stock(mix)
        assert all(stock[unit] >= n for unit, n in army.items()), (mix, stock)


def test_the_mixes_fill_the_counter_sheets(deck, counters):
    """§ Components: Classic's 15 colours in 560 large counters, 3 more colours in each of Medieval's and
    Modern's 112. A family: its three mixes, 8 action markers and a glory marker."""
    markers = {m["id"]: m for m in deck.data["counters"]["markers"]}
    family = sum(sum(counters.mixes[s["mix"]]["counters"].values()) for s in deck.data["counters"]["shades"])
    family += markers["action"]["count"] + markers["glory"]["count"]
    expansions = [f["expansion"] for f in deck.data["counters"]["families"]]
    assert (family, expansions.count("classic") * family) == (112, 560)
    assert (expansions.count("medieval"), expansions.count("modern"), len(counters.colours())) == (1, 1, 21)
    assert sum(counters.mixes["kingdoms"]["counters"].values()) == 90  # § 10) Neutral Kingdoms


def test_common_units_are_raised_in_the_maps_elephant_areas(deck, counters):
    world = WorldMap.of(deck)
    raised = [c["raised_in"] for c in deck.data["counters"]["common_units"]["counters"]]
    assert len(raised) == 14 and set(raised) == {a for a, area in world.areas.items() if "elephants" in area.resources}
    assert counters.values("elephant", "veteran") == (3, 1) and counters.move("star_wars") is None


def test_artefact_markers_add_up_to_the_designers_notes_153(deck):
    faces: dict[str, int] = {}
    total = 0
    for card in deck.of_type("artefact"):
        markers = card.get("markers") or 0
        pairs = [(card.id, back, markers["count"]) for back in markers["backs"]] if isinstance(markers, dict) else []
        for front, back, n in pairs:
            faces[front], faces[back] = faces.get(front, 0) + n, faces.get(back, 0) + n
        if isinstance(markers, int) and markers:
            faces[card.id] = faces.get(card.id, 0) + markers
        total += markers if isinstance(markers, int) else sum(n for *_, n in pairs)
    assert total == 153
    assert {r: faces[r] for r in ("christianity", "islam", "pantheism", "democracy")} == {
        "christianity": 6, "islam": 6, "pantheism": 6, "democracy": 6}
    assert "internet" not in faces and "general_ai" not in faces


@pytest.fixture
def ws(tmp_path, monkeypatch):
    return copy_7ages(tmp_path, monkeypatch)


def at(root: Path, rel: str, text: str, after: str = "") -> str:
    return f"{rel}:{position(root, rel, after, text)}"


def errors(capsys) -> list[str]:
    return sorted(line for line in capsys.readouterr().err.splitlines() if ": error[" in line)


def test_counter_checks_point_at_the_entry(ws, capsys):
    sword = "values: {veteran: {front: 4, support: 2}, regular: {front: 3, support: 1}, levy: {front: 2, support: 1}}"
    edit(ws, COUNTERS, sword, sword.replace("regular:", "regulr:"))
    edit(ws, COUNTERS, "  - unit: galley\n", "  - unit: galleon\n")
    edit(ws, ARTEFACTS, "markers: {count: 2, backs: [capitalism, democracy, socialism]}",
         "markers: {count: 2, backs: [capitalism, islam, socialism]}")
    edit(ws, ARTEFACTS, "  placement: area\n  markers: 1\n  expansion: trade_victory\n  power:\n    - {when: played, do: {gain: {glory: 7}}}",
         "  placement: area\n  expansion: trade_victory\n  power:\n    - {when: played, do: {gain: {glory: 7}}}")
    edit(ws, ARTEFACTS, "  placement: none\n  expansion: ancients_kingdoms", "  placement: none\n  markers: 1\n  expansion: ancients_kingdoms")
    edit(ws, MAP, "    defence: 2\n    move: 2\n", "    defence: 2\n    move: 3\n")
    assert main(["validate", "7ages"]) == 1
    move = at(ws, MAP, "move: 3")
    assert errors(capsys) == sorted([
        f"{at(ws, COUNTERS, '- unit: spear')}: error[incomplete]: unit type 'galley' of the cost chart has no "
        "movement or values here",
        f"{at(ws, COUNTERS, '{veteran: {front: 4, support: 2}, regulr')}: error[incomplete]: sword: no values for "
        "grade regular",
        f"{at(ws, COUNTERS, 'regulr')}: error[unknown-id]: no grade 'regulr'; did you mean 'regular'?",
        f"{at(ws, COUNTERS, 'galleon')}: error[unknown-id]: no unit type 'galleon'; did you mean 'galley'?",
        f"{at(ws, COUNTERS, 'galley, back: cruiser')}: error[unknown-id]: no unit type 'galley'; did you mean 'galleon'?",
        f"{at(ws, ARTEFACTS, 'mars_landing', after='- id: mars_landing')}: error[incomplete]: mars_landing: no marker shows it, so it could never be "
        "played (give it `markers`)",
        f"{at(ws, ARTEFACTS, 'islam, socialism')}: error[inconsistent]: autocracy: a double-sided marker pairs two "
        "religions or two governments; islam cannot be on its back",
        f"{at(ws, ARTEFACTS, '1', after='- id: general_ai')}: error[inconsistent]: general_ai: a black artefact has no "
        "marker",
        f"{move[:move.rindex(':')]}:{int(move[move.rindex(':') + 1:]) + 6}: error[inconsistent]: jungle: entering "
        "costs 3 movement points, but the archer has only 2: it could never enter",
    ])


def test_mixes_families_common_units_and_the_cup_name_what_exists(ws, capsys):
    for old, new in (("{counter: elephant_nuke, raised_in: siam}", "{counter: elephant_nuke, raised_in: sian}"),
                     ("{types: [po, re], count: 1}", "{types: [po, rel], count: 1}"),
                     ("colours: {dark: Orange, light: Yellow, multi: Orange and yellow}", "colours: {dark: Orange, light: Yellow}"),
                     ("    counters: {spear_rifle: 8,", "    counters: {spear_rifles: 8,"),
                     ("    grade: levy\n    expansion: ancients_kingdoms", "    grade: levies\n    expansion: ancients_kingdoms")):
        edit(ws, COUNTERS, old, new)
    assert main(["validate", "7ages"]) == 1
    assert errors(capsys) == sorted([
        f"{at(ws, COUNTERS, 'spear_rifles')}: error[unknown-id]: no counter 'spear_rifles'; did you mean 'spear_rifle'?",
        f"{at(ws, COUNTERS, 'levies', after='- id: kingdoms')}: error[unknown-id]: no grade 'levies'; did you mean 'levy'?",
        f"{at(ws, COUNTERS, '{dark: Orange')}: error[incomplete]: family orange: no multi colour",
        f"{at(ws, COUNTERS, 'sian}')}: error[unknown-id]: 'sian' is not a land area of the map; did you mean 'siam'?",
        f"{at(ws, COUNTERS, 'rel]')}: error[unknown-id]: no leader type 'rel'; did you mean 're'?",
    ])

"""Through the Ages variants (decks/tta/variants): what each removes, deck sizes, rule parameters, diffs.

Sources: the Handbook (HB, seeds/002_acf4a7cbe95f6836.txt: the first game and § VARIANTS) and the
first edition's variants sheet (VAR, seeds/004_b5d9e39f0ed938b2.txt). How each is read:
docs/rules/tta-variants.md.
"""

import json
import re
from pathlib import Path

import pytest

from cardtools.core.loader import read_deck
from cardtools.core.variants import variant_names
from cardtools.core.workspace import Workspace
from test_tta_deck import DECK_SIZES, PLAYERS

REPO = Path(__file__).parent.parent
DOC = REPO / "docs" / "rules" / "tta-variants.md"
VARIANTS = ["2006-advanced", "2006-full", "2006-simple", "first-game", "global-conflicts", "peaceful",
            "peaceful-pacts", "shorter-game"]

#: Copies at 2 / 3 / 4 players of each (deck, age) where a variant differs from the base deck.
#: Military decks I-III hold 15 events, 6 territories (I-II), 5 / 6 / 4 tactics, 6 bonus cards,
#: 11 / 9 / 10 aggressions, 0 / 4 / 6 wars, 2 / 4 / 4 pacts (reference/tta-cards/decks.md § 6).
SIZES = {
    "first-game": {("civil", "III"): (0, 0, 0), ("military", "I"): (32, 32, 32),
                   ("military", "II"): (33, 33, 33), ("military", "III"): (0, 0, 0)},
    "shorter-game": {("civil", "III"): (0, 0, 0), ("military", "III"): (16, 16, 16)},  # 15 events, 1 war
    "peaceful": {("military", "I"): (32, 32, 32), ("military", "II"): (33, 33, 33), ("military", "III"): (25, 25, 25)},
    "peaceful-pacts": {("military", "I"): (32, 33, 33), ("military", "II"): (33, 35, 35),
                       ("military", "III"): (25, 26, 26)},
    "global-conflicts": {("military", "I"): (32, 32, 32), ("military", "II"): (33, 33, 33),
                         ("military", "III"): (25, 25, 25)},
    "2006-simple": {("civil", "II"): (0, 0, 0), ("civil", "III"): (0, 0, 0), ("military", "A"): (9, 9, 9),
                    ("military", "I"): (0, 0, 0), ("military", "II"): (0, 0, 0), ("military", "III"): (0, 0, 0)},
    "2006-advanced": {("civil", "III"): (0, 0, 0), ("military", "II"): (42, 46, 46), ("military", "III"): (15, 15, 15)},
    "2006-full": {},
}


@pytest.fixture(scope="module")
def read():
    ws = Workspace(REPO)
    return {v: read_deck("tta", v, ws) for v in [None, *VARIANTS]}


@pytest.fixture(scope="module")
def decks(read):
    return {v: deck for v, (deck, _) in read.items()}


def ids(cards, **where) -> set[str]:
    return {c.id for c in cards if all(c.get(k) in (v if isinstance(v, tuple) else (v,)) for k, v in where.items())}


def removed(decks, name) -> set[str]:
    return {c.id for c in decks[None]} - {c.id for c in decks[name]}


def test_these_variants_ship_and_each_validates_with_its_own_totals(read):
    assert variant_names(REPO / "decks" / "tta") == VARIANTS
    for name in VARIANTS:
        deck, diagnostics = read[name]
        diagnostics = [d for d in diagnostics if d.code != "engine"]   # the full game's verbs not run yet
        assert deck is not None and diagnostics == [], (name, diagnostics[:3])
        if len(deck) < len(read[None][0]):  # a variant is not held to the base deck's totals
            assert deck.composition, f"{name} states the deck sizes it expects"


@pytest.mark.parametrize("name", VARIANTS)
def test_deck_sizes(decks, name):
    deck = decks[name]
    for (back, age), base in DECK_SIZES.items():
        expected = SIZES[name].get((back, age), base)
        actual = tuple(sum(c.copies(p) for c in deck if (c.get("deck"), c.get("age")) == (back, age)) for p in PLAYERS)
        assert actual == expected, (name, back, age)


# -- the Handbook ---------------------------------------------------------------------------------

def test_first_game_sets_aside_age_iii_and_every_aggression_war_and_pact(decks):
    base = decks[None]
    # HB § DECKS › STRAIGHT OUT OF THE BOX: both Age III decks go back in the box; military decks
    # I and II keep only events and territories, tactics and military bonus cards.
    assert removed(decks, "first-game") == ids(base, age="III") | ids(base, type=("aggression", "war", "pact"))
    kept = {c.type for c in decks["first-game"] if c.get("deck") == "military" and c.get("age") in ("I", "II")}
    assert kept == {"event", "territory", "tactic", "military_bonus"}


def test_first_game_rules_and_scoring(decks):
    rules = decks["first-game"].rules
    assert (rules["last_age"], rules["game_end"], rules["political_actions"]) == ("II", "one_more_turn", ("prepare_event",))
    # HB § END OF YOUR FIRST GAME › FINAL SCORING
    assert rules["final_scoring"] == {
        "age_iii_events": "none", "technology": {"I": 1, "II": 2}, "government_counts": 2, "science_rating": 1,
        "strength_rating": 1, "happiness_rating": 1, "production": 1, "colony": 3, "completed_wonder": {"II": 6}}


def test_shorter_game_keeps_of_age_iii_its_events_and_one_war_over_culture(decks):
    base, deck = decks[None], decks["shorter-game"]
    assert removed(decks, "shorter-game") == ids(base, age="III") - ids(base, type="event") - {"war_over_culture"}
    war = deck.card("war_over_culture")
    assert [war.copies(p) for p in PLAYERS] == [1, 1, 1] and not war.provisional  # the count is the Handbook's
    rules = deck.rules
    assert rules["last_age"] == "II" and rules["shared_wars"] == ("war_over_culture",)
    assert rules["end_game_events"] == {"public": 3, "dealt_each": 2, "kept_each": 1}
    assert rules["final_scoring"]["age_iii_events"] == "set_aside"
    assert rules["final_scoring"]["completed_wonder"] == {"II": 6}
    assert rules["political_actions"] == decks[None].rules["political_actions"]  # full rules otherwise


def mentions_attacks(value) -> bool:
    """Whether an effect tree names attacking, aggressions or wars in any key or word."""
    if isinstance(value, dict):
        return any(mentions_attacks(k) or mentions_attacks(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return any(mentions_attacks(v) for v in value)
    return isinstance(value, str) and bool({"attack", "attacking", "attacks", "war", "aggression"} & set(value.split("_")))


def test_peaceful_game_keeps_only_the_four_pacts_that_do_not_refer_to_attacks(decks):
    base = decks[None]
    assert removed(decks, "peaceful") == ids(base, type=("aggression", "war", "pact"))
    peaceful_pacts = {c.id for c in base.of_type("pact")
                      if not any(mentions_attacks(c.get(f)) for f in ("both", "side_a", "side_b"))}
    assert peaceful_pacts == {"trade_routes_agreement", "scientific_cooperation", "international_trade_agreement",
                              "international_tourism"}  # "those four which do not refer to attacks" (HB)
    assert {c.id for c in decks["peaceful-pacts"].of_type("pact")} == peaceful_pacts
    assert removed(decks, "peaceful-pacts") == ids(base, type=("aggression", "war", "pact")) - peaceful_pacts
    assert decks["peaceful"].rules["political_actions"] == ("prepare_event", "resign")
    assert decks["peaceful-pacts"].rules["political_actions"] == ("prepare_event", "offer_pact", "cancel_pact", "resign")


def test_global_conflicts_is_the_peaceful_game_plus_scoring_at_each_age_end(decks):
    peaceful, conflicts = decks["peaceful"], decks["global-conflicts"]
    assert [c.id for c in conflicts] == [c.id for c in peaceful]
    assert (peaceful.rules["global_conflicts"], conflicts.rules["global_conflicts"]) == (False, True)
    assert {k: v for k, v in conflicts.rules.items() if k != "global_conflicts"} == \
           {k: v for k, v in peaceful.rules.items() if k != "global_conflicts"}


# -- the first edition's variants sheet ------------------------------------------------------------

def test_first_edition_simple_game(decks):
    base, deck = decks[None], decks["2006-simple"]
    # VAR § SET UP › PREPARE DECKS: Development of Politics, civil II-III and military I-III set aside
    assert removed(decks, "2006-simple") == ({"development_of_politics"} | ids(base, deck="civil", age=("II", "III"))
                                            | ids(base, deck="military", age=("I", "II", "III")))
    rules = deck.rules
    assert (rules["last_age"], rules["game_end"], rules["political_actions"], rules["automatic_events"]) == \
           ("I", "equal_turns", (), True)
    # VAR § GAME END: 2 per level-1 technology, strength and happy face; 1 per food and resource; science
    assert rules["final_scoring"] == {
        "age_iii_events": "none", "technology": {"I": 2}, "government_counts": 1, "science_rating": 1,
        "strength_rating": 2, "happiness_rating": 2, "production": 1, "colony": 0, "completed_wonder": {}}


def test_first_edition_advanced_game_builds_on_the_full_game(decks):
    base, deck = decks[None], decks["2006-advanced"]
    gone = removed(decks, "2006-advanced")
    assert gone == ids(base, deck="civil", age="III") | ids(base, type="war") | \
           (ids(base, deck="military", age="III") - ids(base, type="event"))
    # "set aside the 4 war cards from Military Deck II"
    assert sum(base.card(i).copies(4) for i in gone if base.card(i).get("age") == "II") == 4
    assert {c.type for c in deck if c.get("age") == "III"} == {"event"}  # 4 of them drawn at setup
    rules = deck.rules
    assert (rules["last_age"], rules["game_end"], rules["end_game_events"]["public"]) == ("II", "equal_turns", 4)
    assert rules["political_actions"] == ("prepare_event", "play_aggression", "offer_pact", "cancel_pact")
    assert rules["final_scoring"]["age_iii_events"] == "set_aside"


def test_first_edition_full_game_changes_rules_only(decks):
    full = decks["2006-full"]
    assert [c.id for c in full] == [c.id for c in decks[None]]
    assert full.rules["game_end"] == "one_more_round"
    for name in ("2006-simple", "2006-advanced", "2006-full"):
        assert "resign" not in decks[name].rules["political_actions"], name  # the sheet lists no resigning


# -- commands ---------------------------------------------------------------------------------------

def test_variant_list_shows_what_each_variant_builds_on_and_changes(cli):
    code, out, _ = cli("--root", str(REPO), "variant", "list", "tta", "--format", "json")
    assert code == 0
    rows = {r["variant"]: (r["extends"], r["added"], r["removed"], r["changed"]) for r in json.loads(out)}
    assert rows == {
        "2006-advanced": ("2006-full", 0, 50, 0), "2006-full": ("(base deck)", 0, 0, 0),
        "2006-simple": ("(base deck)", 0, 171, 0), "first-game": ("(base deck)", 0, 79, 0),
        "global-conflicts": ("peaceful", 0, 24, 0), "peaceful": ("(base deck)", 0, 24, 0),
        "peaceful-pacts": ("(base deck)", 0, 20, 0), "shorter-game": ("(base deck)", 0, 47, 1)}


def test_diff_of_the_peaceful_game_with_pacts(cli):
    code, out, _ = cli("--root", str(REPO), "variant", "diff", "tta", "peaceful-pacts")
    assert code == 0
    assert out.splitlines() == [
        "tta: base deck -> peaceful-pacts",
        "- removed 20 cards (46 copies at 4 players)",
        "    Aggression: aggression_plunder_i, aggression_raid_i, aggression_enslave, aggression_plunder_ii,",
        "      aggression_raid_ii, aggression_spy, aggression_annex, aggression_infiltrate,",
        "      aggression_plunder_iii, aggression_raid_iii, aggression_armed_intervention",
        "    War: war_over_territory, war_over_technology, war_over_culture",
        "    Pact: open_borders_agreement, acceptance_of_supremacy, promise_of_military_protection,",
        "      military_alliance, peace_treaty, loss_of_sovereignty",
        '~ rule political_actions: ["prepare_event", "play_aggression", "declare_war", "offer_pact", "cancel_pact", '
        '"resign"] -> ["prepare_event", "offer_pact", "cancel_pact", "resign"]',
        "= deck totals (at 2 / 3 / 4 players)",
        "    military deck I: 43 / 45 / 45 -> 32 / 33 / 33",
        "    military deck II: 46 / 50 / 50 -> 33 / 35 / 35",
        "    military deck III: 41 / 45 / 45 -> 25 / 26 / 26",
        "    Age I pacts: 0 / 2 / 2 -> 0 / 1 / 1",
        "    Age II pacts: 0 / 4 / 4 -> 0 / 2 / 2",
        "    Age III pacts: 0 / 4 / 4 -> 0 / 1 / 1",
        "    pacts: 0 / 10 / 10 -> 0 / 4 / 4",
        "    aggressions and wars: 40 -> 0"]
    code, out, _ = cli("--root", str(REPO), "variant", "diff", "tta", "global-conflicts", "peaceful")
    assert out.splitlines() == ["tta: peaceful -> global-conflicts", "~ rule global_conflicts: false -> true"]


# -- documentation --------------------------------------------------------------------------------

def test_every_rule_parameter_and_variant_is_documented():
    schema = json.loads((REPO / "schemas" / "tta" / "rules.schema.json").read_text())
    names = set(schema["properties"])
    for key in ("end_game_events", "final_scoring"):
        names |= set(schema["properties"][key]["properties"])
    documented = set(re.findall(r"`([a-z_]+)`", DOC.read_text()))
    assert names - documented == set()
    assert {f"{v}.yaml" for v in VARIANTS} - set(re.findall(r"`([a-z0-9-]+\.yaml)`", DOC.read_text())) == set()

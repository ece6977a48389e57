"""7 Ages abilities in the effect language: the artefacts the effect-language issue names as the
hardest read as intended, every 7 Ages verb has schema and text (and no runtime until the engine),
every artefact and event has generated text, the deck compiles, and the variants validate."""

import shutil
from pathlib import Path

import pytest

from cardtools.core.loader import load_deck, read_deck
from cardtools.core.workspace import Workspace
from cardtools.effects.compile import compile_deck
from cardtools.effects.text import card_text
from cardtools.effects.vocabulary import require_vocabulary

REPO = Path(__file__).parent.parent
WS = Workspace(REPO)


@pytest.fixture(scope="module")
def deck():
    return load_deck("7ages", workspace=WS)


@pytest.fixture(scope="module")
def vocab():
    return require_vocabulary(WS, "7ages")


def plain(deck, card_id):
    return card_text(deck, deck.card(card_id), style="plain")


# -- the hardest artefacts (issue 3 § 6), in plain words --------------------------------------------

HARD_ARTEFACTS = {
    "great_university": {
        "summary": "Green artefact for an empire in ages 4–7. It needs Renaissance first (*). "
                   "Its marker goes in one of the empire’s areas.",
        "power": "Its trade number is 1 higher.\n"
                 "It may build its units 1 progress level ahead of its own (this adds to other such bonuses).",
        "penalty": ""},
    "autocracy": {
        "power": "Infantry and cavalry cost 1 money less (never below 1).\nIts units need no maintenance.",
        "penalty": "It ignores Universal suffrage.\nIts income from all its areas is halved.\n"
                   "It advances 1 progress level less when it wins a trade it started."},
    "buddhism": {
        "summary": "Green artefact (religion) for an empire in ages 2–7. Only on an empire within Range of India. "
                   "Its marker goes on the empire’s card.",
        "power": "When another empire liberates some of its areas in a Manoeuvre: it may disorder one of the "
                 "liberating empire’s areas within Range of the empire.\n"
                 "Before each of its actions: it may remove disorder from one of its areas for free."},
    "railways": {"power": "Its Range is 1 higher.\nEntering an area with one of its cities costs it no movement points."},
    "revolution": {
        "power": "When played: the empire loses 3 progress levels; disorder its capital; discard all its "
                 "religions (with no disorder).\nInfantry cost 1 money less (never below 1).\n"
                 "Ships and aircraft cost 1 money more.",
        "penalty": "When it gains Socialism, when it gains a religion, or when it leaves its current age: "
                   "discard this artefact."},
    "peace_treaty": {
        "power": "Neither empire may move units into the other’s areas.",
        "penalty": "When either empire leaves its current age or another empire occupies either area: "
                   "discard this artefact."},
    "universal_suffrage": {
        "power": "Maintenance in each of its areas is lower by the value of an undisordered city there (at least 1 "
                 "per area).\nEach time it does not progress in a Trade: for this action, its own trade cards give "
                 "income too."},
    "environmental_sustainability": {
        "power": "When played: put the climate clock on space 5 of the glory track.\n"
                 "While the climate clock is on its track, its income from all its areas is halved.\n"
                 "Each time it takes a Production action: the empire gains 1 glory.\n"
                 "The climate clock moves down a space each time an empire does not halve its total income in "
                 "Production, and up a space after each two empires in a row halve it (two spaces after four, and so "
                 "on); at 10 it is removed, at 0 it stays for the rest of the game.\n"
                 "When the climate clock reaches 0: for the rest of the game, for every empire, its income from all "
                 "its areas is halved; for the rest of the game, for every empire, wheat and oil give no income; for "
                 "the rest of the game, for every empire, fertile and forest areas become desert, jungle becomes "
                 "forest and tundra becomes fertile."},
    "hanging_gardens": {"power": "Its Artefacts glory category counts 1 higher at Harvest (1 if it has none)."},
    "printing": {"power": "Its trade number is 1 higher.\nIt advances 1 progress level more when it wins a trade by "
                          "a trade value more than 7 higher than its partner's."},
}


@pytest.mark.parametrize("card_id", sorted(HARD_ARTEFACTS))
def test_hard_artefacts_read_as_intended(deck, card_id):
    text = plain(deck, card_id)
    for field, expected in HARD_ARTEFACTS[card_id].items():
        assert text[field] == expected, field


def test_world_war_may_be_played_early_and_changes_every_empire(deck):
    text = plain(deck, "world_war")
    assert text["summary"].startswith("Red artefact for an empire in age 7, or in any age if it has "
                                      "Industrial Revolution (†). Not while United Nations is in play.")
    power = text["power"].splitlines()
    assert power[1] == "For every empire, the total cost of its new units is halved."
    assert "No empire may advance at Free progress." in power
    assert text["penalty"].splitlines()[-1] == ("When this artefact is discarded: for every empire except one that "
                                                "ended it by entering a higher age: the empire gains 1 glory per "
                                                "fertile area it controls.")


def test_satellites_sees_everywhere_and_pays_to_look(deck):
    assert plain(deck, "satellites")["power"] == (
        "It may treat every area as within its Range.\nBefore each of its actions: it may look at cards from the "
        "hand of another player at 1 money a card, picked at random, and at one of their stacks of units for free.")


def test_events_name_their_timing_target_and_the_events_they_cancel(deck):
    assert plain(deck, "shang")["event.effects"] == "In response: cancel Plague (card 4)."
    assert plain(deck, "soviets")["event.effects"] == (
        "In response: cancel Assassins (card 109) or Poison (card 49) or Regicide (card 51).")
    assert plain(deck, "hittites")["event.effects"] == (
        "For an empire of your choice: disorder each of its fertile areas without a city.")
    assert plain(deck, "xiongnu")["event.effects"] == (
        "For an empire of your choice: disorder as many of its areas as the value of a check card minus the "
        "number of leaders it has (an Administrator counts 2).")
    assert plain(deck, "benin")["event.effects"] == "The empire gains 1 glory per 2 levels of its capital."
    assert plain(deck, "bohemians")["event.effects"] == (  # Civil war: one area in two, not every area
        "For an empire of your choice: if the number of leaders it has is at least 2, disorder as many of its areas "
        "as half the number of areas it controls (rounded down), chosen by its owner.")


def test_just_rule_names_the_events_it_blocks_from_its_effect(deck):
    power = plain(deck, "just_rule")["power"].splitlines()
    assert power[1] == ("Corrupt administration, New Dynasty, Rebellion, Uprising and Urban riots cannot be played "
                        "on it.")


# -- every card ------------------------------------------------------------------------------------

def test_every_artefact_and_event_has_generated_text_and_no_override(deck):
    for card in deck:
        assert "text" not in card.fields, card.id
        text = plain(deck, card.id)
        if card.type == "artefact":
            assert text["summary"] and text["power"], card.id
            assert bool(text["penalty"]) == bool(card.get("penalty")), card.id
        else:
            assert text["event.effects"], card.id
            assert bool(text["empire.special"]) == bool(card.part("empire.special")), card.id


def test_print_style_draws_icons_for_glory_money_and_progress(deck):
    assert card_text(deck, deck.card("mars_landing"))["power"].startswith("**When played:** the empire gains 7 {glory}.")
    assert "{progress}" in card_text(deck, deck.card("revolution"))["power"]


def test_every_card_compiles_and_every_verb_it_uses_runs(deck, vocab):
    """Every event and every artefact power and penalty compiles to verbs the engine runs (an artefact
    may still wait for a rule to read one of its words: ``ArtefactBook.missing``, tested with the
    variants)."""
    compiled, problems = compile_deck(deck, vocab)
    assert problems == []
    assert len(compiled) == len(deck.cards)
    assert {cid: c.unrunnable for cid, c in compiled.items() if c.unrunnable} == {}


def test_a_mistyped_event_is_an_error_at_its_line_inside_the_event(tmp_path):
    for folder in ("decks/7ages", "schemas", "templates"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    path = tmp_path / "decks" / "7ages" / "classic.yaml"
    path.write_text(path.read_text().replace("{disorder: {areas: fertile_without_city, number: all}}",
                                             "{disorder: {areas: fertile_withou_city, number: all}}"))
    line = next(i for i, row in enumerate(path.read_text().splitlines(), 1) if "fertile_withou_city" in row)
    _, found = read_deck("7ages", workspace=Workspace(tmp_path))
    assert [(d.location.line, d.code) for d in found] == [(line, "schema")]
    assert "event.effects[0].do.do.disorder.areas" in found[0].message


# -- variants (issue 9 § 5) --------------------------------------------------------------------------

def test_classic_has_the_110_classic_cards_and_no_expansion_artefact(deck):
    classic = load_deck("7ages", "classic", workspace=WS)
    cards = classic.of_type("civilisation")
    assert len(cards) == 110 and {c.get("expansion") for c in cards} == {"classic"}
    printed = {c.get("artefact") for c in cards}
    assert printed <= {a.id for a in classic.of_type("artefact")}
    assert "great_university" not in {a.id for a in classic.of_type("artefact")}
    assert classic.rules["max_players"] == 5 and deck.rules["max_players"] == 7


@pytest.mark.parametrize("variant, rule", [("artefact-effects", "artefact_effects"), ("secret-victory", "secret_victory"),
                                           ("deus-vult", "deus_vult"), ("take-that", "take_that"),
                                           ("neutral-kingdoms", "neutral_kingdoms")])
def test_each_optional_rule_that_changes_cards_is_a_variant(deck, variant, rule):
    assert deck.rules[rule] is False
    assert load_deck("7ages", variant, workspace=WS).rules[rule] is True


def test_the_designers_choice_builds_on_artefact_effects():
    rules = load_deck("7ages", "designers-choice", workspace=WS).rules
    assert (rules["artefact_effects"], rules["redemption"], rules["technology"], rules["marines"]) == (True,) * 4
    assert len(load_deck("7ages", "deluxe", workspace=WS).of_type("civilisation")) == 165

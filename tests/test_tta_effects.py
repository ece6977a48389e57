"""Through the Ages abilities in the effect language: the cards the effect-language issue names as
the hardest read as intended, every TtA verb has schema and text (and no runtime until the engine),
every card compiles, and the core verbs added for TtA run."""

import shutil
from pathlib import Path

import pytest

from cardtools.core.loader import load_deck, read_deck
from cardtools.core.workspace import Workspace
from cardtools.effects.compile import Compiler, compile_deck
from cardtools.effects.runtime import Ctx
from cardtools.effects.text import card_text
from cardtools.effects.vocabulary import require_vocabulary

REPO = Path(__file__).parent.parent
WS = Workspace(REPO)


@pytest.fixture(scope="module")
def deck():
    return load_deck("tta", workspace=WS)


@pytest.fixture(scope="module")
def vocab():
    return require_vocabulary(WS, "tta")


# -- the hardest cards (issue 3), in plain words --------------------------------------------------

HARD_CARDS = {
    "michelangelo": {"effects": "You get +1 culture rating per happy face from your temples, theaters and wonders.\n"
                                "You pay 1 civil action less per completed wonder to take a wonder."},
    "st_peters_basilica": {
        "summary": "Built in 2 stages of 4 resources each; completed, it gives +2 culture rating and +1 happy face.",
        "effects": "You get +1 happy face per other card or building of yours that shows a happy face."},
    "internet": {"effects": "When you complete this wonder: score 1 culture per point of culture, science and "
                            "strength your urban buildings produce."},
    "hollywood": {"effects": "When you complete this wonder: score 2 culture per culture point your theaters and "
                             "libraries produce."},
    "fast_food_chains": {"effects": "When you complete this wonder: score 2 culture per worker on your farms and "
                                    "mines; score 1 culture per worker on your urban buildings and military units."},
    "winston_churchill": {"effects": "At the start of your turn: choose one: score 3 culture or gain 3 science for "
                                     "military technologies and 3 resources for military units."},
    "bill_gates": {"effects": "You may let your labs produce resources like mines (one blue token per worker, worth "
                              "the lab's level).\n"
                              "When this leader leaves play or at the end of the game: score 1 culture per "
                              "resource your labs produce."},
    "napoleon_bonaparte": {"summary": "Gives +2 military actions.",
                           "effects": "You get +2 strength per kind of military unit you have."},
    "genghis_khan": {"effects": "You may let each infantry unit stand in for a cavalry unit when armies are formed "
                                "(one role per unit).\n"
                                "At the end of your turn: if you are one of the two strongest civilizations, "
                                "score 3 culture."},
    "homer": {"effects": "When you build a military unit or when you upgrade a military unit: gain 1 resource.\n"
                         "When you replace this leader with another: put this leader's happy face on one of "
                         "your completed wonders, which counts it as printed there."},
    "ocean_liners": {"effects": "Once per turn: increase population for free."},
    "christopher_columbus": {"effects": "As your political action: remove this leader from play; colonize a "
                                        "territory from your hand without sending any units."},
    "maximilien_robespierre": {"effects": "You may declare a revolution only by spending all your military "
                                          "actions, never with civil actions.\n"
                                          "When you declare a revolution: score 3 culture."},
    "breakthrough_i": {"effects": "Develop a technology; gain 2 science."},
    "impact_of_science": {"effects": "Rank the civilizations by science rating: with 2 players, first 10 culture; "
                                     "with 3 players, first 14 culture and second 7 culture; with 4 players, first "
                                     "15 culture, second 10 culture, and third 5 culture."},
    "inhabited_territory_ii": {"permanent": "You get +3 yellow tokens.",
                               "immediate": "When you colonize this territory: gain 2 population."},
    "aggression_plunder_i": {"summary": "Play it for 1 military action against a rival.",
                             "effects": "If the aggression succeeds: take 3 food or resources from the victim."},
    "war_over_culture": {"effects": "When the war is resolved, the winner: take 5 culture from the loser; take 1 "
                                    "culture per point of strength advantage from the loser."},
    "international_trade_agreement": {"both": "", "side_a": "You get +1 resource production.",
                                      "side_b": "You get +1 food production."},
    "conquistadors": {"summary": "An army is 1 infantry unit and 2 cavalry units. Each army adds +5 strength "
                                 "(+3 strength if outdated)."},
}


#: Cards fixed by issue 14 (data fixes before the engine), each as the rulebooks and tables read it.
FIXED_CARDS = {
    # The partner *pays* (all or nothing), so the development is blocked when they cannot
    # (military.csv: "tech blocked if partner cannot pay"; CoL § SCIENCE AND CULTURE POINTS).
    "scientific_cooperation": {"both": "You pay 2 science less to develop a technology, and your partner pays 1 "
                                       "science of the cost (if they cannot pay it, you cannot develop a technology)."},
    # Its text applies while it is in the card row (CoL § YOUR PLAY AREA › OTHER CIVIL CARDS IN PLAY › WONDERS).
    "taj_mahal": {"effects": "While you have replaced your leader this turn, you pay 2 civil actions less to take "
                             "this card from the card row."},
    # CoL § APPENDIX › EVENTS › INTERNATIONAL AGREEMENT: the row is replenished without the discard.
    "international_agreement": {"effects": "The strongest civilization: you may take cards from the card row, "
                                           "spending up to 5 civil actions; then refill the card row without "
                                           "discarding any card from it; then skip your next political action."},
}


@pytest.mark.parametrize("card_id", FIXED_CARDS)
def test_fixed_cards_read_as_the_rules_say(deck, card_id):
    text = card_text(deck, deck.card(card_id), style="plain")
    assert {field: text[field] for field in FIXED_CARDS[card_id]} == FIXED_CARDS[card_id]


def test_scientific_cooperation_is_a_cost_the_partner_pays(deck):
    """Not a loss after the fact: a loss stops at 0 and could not block the development."""
    (ability,) = deck.card("scientific_cooperation").get("both")
    assert ability["modify"]["price"]["partner_pays"] == {"science": 1}


@pytest.mark.parametrize("card_id", HARD_CARDS)
def test_hard_cards_read_as_intended(deck, card_id):
    text = card_text(deck, deck.card(card_id), style="plain")
    assert {field: text[field] for field in HARD_CARDS[card_id]} == HARD_CARDS[card_id]


def test_print_style_draws_icons(deck):
    assert card_text(deck, deck.card("moses"), style="print")["effects"] == "You pay 1 {food} less to increase population."
    assert card_text(deck, deck.card("ocean_liners"), style="print")["summary"] == (
        "Built in 4 stages costing 4, 2, 2, and 4 {resource}.")


def test_player_count_values_and_rounding_read_clearly(deck):
    def plain(card_id):
        return card_text(deck, deck.card(card_id), style="plain")["effects"]

    assert plain("wave_of_nationalism") == ("Gain resources for military units equal to 6/3/2 (with 2/3/4 players) "
                                            "times the number of civilizations stronger than yours.")
    assert plain("emigration") == "Every civilization loses 1 population per 2 discontent workers, rounded up."
    assert plain("rats") == "Every civilization loses all food."


# -- every card ------------------------------------------------------------------------------------

#: Card types whose abilities are all in their printed numbers (the summary) — no effect fields.
NUMBERS_ONLY = {"farm", "mine", "urban_building", "military_unit", "government", "tactic", "military_bonus"}
#: Cards whose whole text is their printed symbols (reference/tta-cards/civil.csv gives them no ability).
SYMBOLS_ONLY = {"pyramids", "hanging_gardens", "colossus", "universitas_carolina", "eiffel_tower",
                "kremlin", "code_of_laws", "justice_system", "civil_service", "warfare", "strategy",
                "military_theory", "cartography", "navigation", "satellites"}


def test_every_card_has_generated_text_and_no_override(deck):
    for card in deck:
        assert "text" not in card.fields, card.id
        text = card_text(deck, card, style="plain")
        fields = deck.manifest.card_types[card.type].effect_fields
        if card.type in NUMBERS_ONLY or card.id in SYMBOLS_ONLY:
            assert text["summary"] and not any(text[f] for f in fields), card.id
        else:
            assert any(text[f] for f in fields), card.id


def test_every_card_compiles_and_the_engine_runs_every_verb(deck, vocab):
    """Since the full game's pacts, wars and aggressions play, no card is left unrunnable."""
    compiled, problems = compile_deck(deck, vocab)
    assert problems == []
    assert len(compiled) == len(deck.cards)
    assert [c for c, found in compiled.items() if found.unrunnable] == []


def test_a_mistyped_ability_is_an_error_at_its_line(tmp_path):
    for folder in ("decks/tta", "schemas", "templates"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    path = tmp_path / "decks" / "tta" / "leaders.yaml"
    text = path.read_text()
    path.write_text(text.replace("build: {what: [military_unit], cheaper:", "build: {what: [militray_unit], cheaper:"))
    line = next(i for i, row in enumerate(path.read_text().splitlines(), 1) if "militray_unit" in row)
    _, found = read_deck("tta", workspace=Workspace(tmp_path))
    found = [d for d in found if d.code != "engine"]
    assert [(d.location.line, d.code) for d in found] == [(line, "schema")]
    assert "militray_unit" in found[0].message


# -- the core verbs added for TtA run (each, by_players, product, held, rounding up) ----------------

class Host:
    """Just enough state for core verbs: resources and one statistic per player."""

    def __init__(self, players: int):
        self.res = [{"food": 5, "culture": 0} for _ in range(players)]
        self.discontent = [3, 0, 1, 4][:players]

    def players(self): return range(len(self.res))
    def holding(self, p, r): return self.res[p][r]
    def gain(self, ctx, p, r, n): self.res[p][r] += n
    def lose(self, ctx, p, r, n): self.res[p][r] -= min(n, self.res[p][r])
    def stat(self, ctx, p, name): return self.discontent[p]


def run(vocab, node, players):
    host = Host(players)
    Compiler(vocab, None).effect(node, ())(host, Ctx(0, "card"))
    return host


def test_each_player_reads_their_own_numbers(vocab):
    host = run(vocab, {"each": "all", "do": {"gain": {"culture": {"stat": {"of": "discontent_workers", "per": 2,
                                                                             "round": "up"}}}}}, 4)
    assert [r["culture"] for r in host.res] == [2, 0, 1, 2]


def test_by_players_product_and_held(vocab):
    reward = {"gain": {"culture": {"product": [{"by_players": {"2": 6, "3": 3, "4": 2}}, 5]}}}
    assert run(vocab, reward, 2).res[0]["culture"] == 30
    assert run(vocab, reward, 4).res[0]["culture"] == 10
    assert run(vocab, {"lose": {"food": {"held": "food"}, "who": "all"}}, 3).res == [{"food": 0, "culture": 0}] * 3

"""The three games as printed: every card type has a layout of its own, the whole game prints with
its backs and passes preflight, and the faces show what a player reads on them."""

import math

import pytest

from cardtools.core.loader import load_deck
from cardtools.render.face import IconOp, RectOp
from cardtools.render.layout import LayoutLibrary
from cardtools.render.pnp import Copy, build_pnp, painter_for
from cardtools.render.sheet import SheetSpec
from cardtools.render.units import CARD_SIZES, MM, PAPERS


@pytest.fixture(scope="module")
def tta(repo):
    return load_deck("tta", workspace=repo)


@pytest.fixture(scope="module")
def seven(repo):
    return load_deck("7ages", workspace=repo)


@pytest.fixture(scope="module")
def tta_print(repo, tta):
    return build_pnp(tta, SheetSpec(PAPERS["a4"], CARD_SIZES["poker"]), repo)


def painter(repo, deck):
    return painter_for(deck, repo, CARD_SIZES["poker"], 3.0)


def words(plan) -> str:
    """A face's texts as a reader sees them: one text per region (lines joined), icons as {name}."""
    return " | ".join(" ".join(line_text(line) for line in op.block.lines) for op in plan.texts())


def line_text(line) -> str:
    last = len(line.items) - 1
    return "".join((p.value if p.kind == "text" else f"{{{p.value}}}")
                   + (" " if i in line.word_ends and i != last else "") for i, (_, p) in enumerate(line.items))


def icons(plan) -> list[str]:
    return [op.name for op in plan.ops if isinstance(op, IconOp)]


@pytest.mark.parametrize("game", ["tta", "7ages"])
def test_every_card_type_has_a_layout_of_its_own(repo, game):
    deck = load_deck(game, workspace=repo)
    library = LayoutLibrary(repo)
    assert {t: library.name_for(game, t) for t in deck.manifest.card_types} == {
        t: f"{game}/{t}" for t in deck.manifest.card_types}


def test_tta_prints_the_whole_game_with_a_back_per_deck_and_age(tta_print):
    data, result = tta_print
    # civil 20 + 3 × 53, military 10 + 45 + 50 + 45 (the largest count over 2-4 players); the six
    # initial technologies are on the player board
    assert result.cards == 179 + 150 == 329
    assert result.pages == math.ceil(329 / 9) * 2 == 74  # each sheet of fronts followed by its backs
    assert data.startswith(b"%PDF")


def test_tta_backs_show_deck_and_age_only(repo, tta):
    from cardtools.render.pnp import Faces, copies

    faces = Faces.plan(painter(repo, tta), copies(tta), with_backs=True)
    assert sorted(faces.backs) == sorted(f"{d}-{a}" for d in ("civil", "military") for a in ("A", "I", "II", "III"))
    assert all(faces.back(c) == f"{c.get('deck')}-{c.get('age')}" for c in tta if c.copies(4))
    assert words(faces.backs["military-II"]) == "Through the Ages | Military deck | II | Age of Exploration"


def test_tta_player_count_markings_are_printed_on_the_last_copies(repo, tta):
    paint = painter(repo, tta)
    knights = tta.card("knights")  # 3 copies, one marked 4 (2 at 2-3 players)
    assert ["4 players" in words(paint.front(knights, n)[0]) for n in (1, 2, 3)] == [False, False, True]
    code_of_laws = tta.card("code_of_laws")  # 2 copies, one marked 3+ (1 at 2 players)
    assert ["3+ players" in words(paint.front(code_of_laws, n)[0]) for n in (1, 2)] == [False, True]


def test_tta_faces_show_their_numbers(repo, tta):
    paint = painter(repo, tta)
    knights, _ = paint.front(tta.card("knights"))
    assert words(knights).startswith("Knights | Cavalry · Age I | 5 | +2{strength} |")  # science cost 5
    assert words(knights).endswith("| build a unit: 3{resource}")
    assert "cavalry" in icons(knights)  # the unit type, upper right
    theocracy, _ = paint.front(tta.card("theocracy"))
    assert icons(theocracy).count("civil_action") == 4 and icons(theocracy).count("military_action") == 3
    assert "rev. 1" in words(theocracy) and "urban limit" in words(theocracy)
    pyramids, _ = paint.front(tta.card("pyramids"))
    assert words(pyramids).endswith("| 3{resource} | 2{resource} | 1{resource}")  # stages, left to right
    conquistadors, _ = paint.front(tta.card("conquistadors"))
    assert words(conquistadors).endswith(  # the play cost is the game's rule (game.yaml rules)
        f"| {tta.rules['tactic_play_cost']}{{military_action}} | one army | {{infantry}}{{cavalry}}{{cavalry}} | "
        "+5{strength} | +3{strength} | per army | per outdated army")
    territory, _ = paint.front(tta.card("vast_territory_i"))  # immediate in the middle, permanent below
    assert words(territory).endswith("| When you colonize this territory: gain 3 {food}. | when colonized | "
                                     "while it is your colony | You get +3 {yellow_token} and -1 {blue_token}.")
    bonus, _ = paint.front(tta.card("military_bonus_ii"))  # two halves
    assert words(bonus).endswith("| defending against an aggression | +4{strength} | colonizing a territory | "
                                 "+2{colonization}")
    pact, _ = paint.front(tta.card("acceptance_of_supremacy"))
    side_b = [op for op in pact.texts() if op.upside_down]
    assert [" ".join(p.value for _, p in op.block.lines[0].items) for op in side_b] == ["You get -1 resource", "B"]


def test_7ages_prints_all_165_cards_and_no_artefact_alone(repo, seven):
    _, result = build_pnp(seven, SheetSpec(PAPERS["a4"], CARD_SIZES["poker"]), repo)
    assert result.cards == 165 and result.pages == math.ceil(165 / 9) * 2 == 38


def test_7ages_face_shows_its_artefact_in_its_colour_and_its_event(repo, seven):
    paint = painter(repo, seven)
    plan, found = paint.front(seven.card("bantu"))  # card 118 (reference/7ages-rules-notes.md § 1.4)
    assert found == []
    text = words(plan)
    assert "Great University* (4 ~ 7)" in text  # '*': it needs Renaissance first
    assert "Benin (J7)" in text and "ages 1 ~ 3" in text and "| Treason! In a conflict:" in text
    assert "| 118 A |" in text  # card number and the Ancients & Kingdoms letter
    colors = paint.layout("civilisation").colors
    artefact_colours = {"0x" + colors[f"artefact_{c}"].lstrip("#").lower(): c
                        for c in ("black", "green", "blue", "red")}
    bands = [artefact_colours[op.fill.hexval()] for op in plan.ops
             if isinstance(op, RectOp) and op.fill is not None and op.fill.hexval() in artefact_colours]
    assert bands == ["green"]  # Great University's colour
    gold = [op for op in plan.ops if isinstance(op, RectOp) and op.stroke is not None and op.stroke.hexval() == "0xc9a23a"]
    assert len(gold) == 1  # an unconditional age-1 empire has a gold border, from the bleed's edge to 3 mm inside
    assert (gold[0].x - gold[0].stroke_width / MM / 2, gold[0].x + gold[0].stroke_width / MM / 2) == pytest.approx((-3, 3))


def test_7ages_value_box_takes_a_stripe_per_age_when_the_trade_number_changes(repo, seven):
    paint = painter(repo, seven)
    colors = paint.layout("civilisation").colors

    def stripes(card_id):
        plan, _ = paint.front(seven.card(card_id))
        boxes = [op for op in plan.ops if isinstance(op, RectOp) and op.fill is not None and op.x < 14 and op.y < 14
                 and op.w < 11]
        return [op.fill.hexval() for op in boxes]

    def hexval(name):
        return "0x" + colors[name].lstrip("#").lower()

    assert stripes("bantu") == [hexval("trade_0")]
    assert stripes("byzantines") == [hexval("trade_1"), hexval("trade_1"), hexval("trade_0")]  # ages 2, 3, 4


def test_every_artefact_has_a_glossary_face(repo, seven):
    paint = painter(repo, seven)
    problems = [p for card in seven.of_type("artefact") for p in paint.front(card)[1]]
    assert problems == []
    plan, _ = paint.front(seven.card("industrial_revolution"))
    assert "Industrial Revolution*†" in words(plan) and "Needs: Renaissance" in words(plan)


def test_aoc_technology_boxes_show_what_each_technology_does(repo):
    deck = load_deck("aoc", workspace=repo)
    plan, found = painter(repo, deck).front(deck.card("technology_card"))
    assert found == []
    text = words(plan)
    for phrase in ("Sailing", "perform Fish or Trade: gain 1", "Research: −1", "Gunpowder"):
        assert phrase in text
    military = sum(deck.card(t).get("military", 0) for t in deck.card("technology_card").get("technologies"))
    assert icons(plan).count("military") == military == 4  # Mining 1, Iron Working 1, Gunpowder 2


def test_copies_know_their_number_in_a_full_set(tta):
    from cardtools.render.pnp import copies

    knights = [c for c in copies(tta, only=["knights"])]
    assert knights == [Copy(tta.card("knights"), n, 3) for n in (1, 2, 3)]

"""Layouts as data: inheritance, fallbacks, and layout mistakes reported at their line."""

import pytest

from cardtools.core.diagnostics import DiagnosticError
from cardtools.render.face import CardPainter
from cardtools.render.layout import LayoutLibrary
from cardtools.render.pnp import icon_set
from cardtools.render.units import CARD_SIZES

LAYOUT = "templates/layouts/demo/unit.yaml"
HEADER = "# yaml-language-server: $schema=../../../schemas/layout.schema.json\n"


def painter(ws):
    deck = ws.deck()
    return CardPainter(deck, LayoutLibrary(ws.workspace), icon_set(ws.workspace, deck.game), CARD_SIZES["poker"], 3.0)


def errors(exc: DiagnosticError) -> list[str]:
    return [d.format() for d in exc.diagnostics]


def test_a_game_without_layouts_uses_the_default(demo):
    library = LayoutLibrary(demo.workspace)
    assert library.name_for("demo", "unit") == "default/card"
    assert [r.name for r in library.for_type("demo", "unit").front] == [
        "background", "band", "title", "type", "stats", "effects", "footer", "badge"]


def test_extends_overrides_keys_removes_regions_and_adds_new_ones(demo):
    demo.write(LAYOUT, HEADER + """extends: default/card
colors:
  unit: "#aa0000"
front:
  stats: null
  title:
    size: 14
  cost:
    extends: title
    y: 20
    text: "{{ card.cost }}{coin}"
""")
    layout = LayoutLibrary(demo.workspace).for_type("demo", "unit")
    regions = {r.name: r for r in layout.front}
    assert list(regions) == ["background", "band", "title", "type", "effects", "footer", "badge", "cost"]
    assert regions["title"].props["size"] == 14 and regions["title"].props["font"] == "bold"
    assert regions["cost"].props["size"] == 14 and regions["cost"].props["y"] == 20
    assert layout.colors["unit"] == "#aa0000" and layout.colors["paper"] == "#fbf8f1"
    plan, found = painter(demo).front(demo.deck().card("knight"))
    assert found == []
    band = next(op for op in plan.ops if getattr(op, "fill", None) is not None and op.h == 18)
    assert band.fill.hexval() == "0xaa0000"  # the band takes the colour named after the card type


def test_unknown_layout_key_is_reported_at_its_line(demo):
    demo.write(LAYOUT, HEADER + "extends: default/card\nfront:\n  title:\n    colour: red\n")
    with pytest.raises(DiagnosticError) as exc:
        LayoutLibrary(demo.workspace).for_type("demo", "unit")
    assert errors(exc.value) == [
        "templates/layouts/demo/unit.yaml:5:5: error[unknown-key]: layout.front.title: unknown key 'colour'; "
        "did you mean 'color'?"]


def test_misspelt_card_field_in_a_template_is_an_error_not_an_empty_string(demo):
    demo.write(LAYOUT, HEADER + "extends: default/card\nfront:\n  title:\n    text: \"{{ card.nmae }}\"\n")
    _, found = painter(demo).front(demo.deck().card("archer"))
    assert [d.format() for d in found] == [
        "templates/layouts/demo/unit.yaml:5:11: error[layout]: card 'archer': region 'title': "
        "'{{ card.nmae }}' is undefined"]


def test_text_outside_the_safe_zone_is_refused(demo):
    demo.write(LAYOUT, HEADER + "extends: default/card\nfront:\n  title:\n    x: 1\n")
    _, found = painter(demo).front(demo.deck().card("archer"))
    assert [d.format() for d in found] == [
        "templates/layouts/demo/unit.yaml:5:8: error[layout]: card 'archer': region 'title': reaches outside the "
        "safe zone (3.175 mm inside the trim, print-and-play-notes.md §4.2)"]


def test_text_may_not_be_set_below_6_pt(demo):
    demo.write(LAYOUT, HEADER + "extends: default/card\nfront:\n  effects:\n    min_size: 5\n")
    _, found = painter(demo).front(demo.deck().card("archer"))
    assert [d.code for d in found] == ["layout"] and "never printed below 6 pt" in found[0].message


def test_layouts_extending_each_other_in_a_circle(demo):
    demo.write(LAYOUT, HEADER + "extends: demo/card\n")
    demo.write("templates/layouts/demo/card.yaml", HEADER + "extends: demo/unit\n")
    with pytest.raises(DiagnosticError) as exc:
        LayoutLibrary(demo.workspace).for_type("demo", "unit")
    assert "extend each other in a circle: demo/unit → demo/card → demo/unit" in errors(exc.value)[0]


def test_each_region_places_items_by_row_and_column_with_arrows(repo):
    from cardtools.core.loader import load_deck
    from cardtools.render.face import LineOp, TextOp

    deck = load_deck("aoc", workspace=repo)
    plan, found = CardPainter(deck, LayoutLibrary(repo), icon_set(repo, "aoc"), CARD_SIZES["poker"], 3.0).front(
        deck.card("technology_card"))
    assert found == []
    names = {op.block.lines[0].items[0][1].value: (round(op.x, 2), round(op.y, 2))
             for op in plan.texts() if op.block.size < 8}
    # a 57.15 × 63.2 mm grid of 3 × 3 cells with 5 mm gaps, from (3.175, 17)
    assert names["Writing"][1] == names["Sailing"][1] == names["Mining"][1]  # row 3
    assert names["Science"][0] == names["Education"][0] == names["Writing"][0]  # column 1
    assert names["Science"][1] < names["Education"][1] < names["Writing"][1]
    arrows = [op for op in plan.ops if isinstance(op, LineOp) and op.head]
    requires = sum(len(deck.card(t).get("requires")) for t in deck.card("technology_card").get("technologies"))
    assert len(arrows) == requires == 8
    assert all(isinstance(op, TextOp) for op in plan.texts())

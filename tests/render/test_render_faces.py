"""How many faces a deck has: backs that show public fields, fronts that differ per copy, and
templates that look up other cards — on the small demo game, so each rule is seen on its own."""

import json

import pytest

from cardtools.cli import main
from cardtools.core.diagnostics import DiagnosticError
from cardtools.render.face import CardPainter
from cardtools.render.layout import LayoutLibrary
from cardtools.render.pnp import Faces, copies, icon_set
from cardtools.render.units import CARD_SIZES

HEADER = "# yaml-language-server: $schema=../../../schemas/layout.schema.json\n"
# Backs by cost: archer 2, knight 4, scout 1; events have no cost, so one back for the type.
BY_COST = HEADER + """extends: default/card
back_shows: [cost]
back:
  type:
    text: "{{ type_label }}{{ ' · cost ' ~ card.cost if card.cost is defined }}"
"""
NUMBERED = HEADER + """extends: default/card
per_copy: true
front:
  footer:
    when: true
    text: "{{ card.id }} {{ copy }}/{{ copies }}"
"""


def faces(ws, **options):
    deck = ws.deck()
    painter = CardPainter(deck, LayoutLibrary(ws.workspace), icon_set(ws.workspace, deck.game), CARD_SIZES["poker"], 3.0)
    return Faces.plan(painter, copies(deck, **options), with_backs=True)


def words(plan) -> list[str]:
    return [" ".join(p.value for _, p in line.items if p.kind == "text") for op in plan.texts()
            for line in op.block.lines]


def test_a_back_shows_the_fields_its_layout_names_and_cards_alike_share_it(demo):
    demo.write("templates/layouts/demo/card.yaml", BY_COST)
    found = faces(demo)
    assert {c: found.back(demo.deck().card(c)) for c in ("archer", "knight", "scout", "banner")} == {
        "archer": "2", "knight": "4", "scout": "1", "banner": "event"}
    assert "Unit · cost 4" in words(found.backs["4"])


def test_a_back_cannot_read_a_field_it_does_not_show(demo):
    demo.write("templates/layouts/demo/card.yaml", BY_COST.replace("card.cost if", "card.name if"))
    with pytest.raises(DiagnosticError) as exc:
        faces(demo)
    assert [d.format() for d in exc.value.diagnostics] == [  # the same mistake on three backs: once
        "templates/layouts/demo/card.yaml:6:11: error[layout]: back: region 'type': '{{ type_label }}"
        "{{ ' · cost ' ~ card.name if card.cost is defined }}': 'dict object' has no attribute 'name'"]


def test_exports_name_backs_by_what_they_show_and_group_tts_decks_by_back(demo, capsys):
    demo.write("templates/layouts/demo/card.yaml", BY_COST)
    assert main(["images", "demo", "--dpi", "30", "-o", "img"]) == 0
    assert sorted(p.name for p in (demo.root / "img").glob("back-*")) == [
        "back-1.png", "back-2.png", "back-4.png", "back-event.png"]
    assert main(["tts", "demo", "-o", "tts"]) == 0
    save = json.loads((demo.root / "tts" / "demo.json").read_text())
    # one deck per back, as on the table: 3 archers, 2 knights, 2 scouts, and the lone banner
    assert [(o["Name"], o.get("Nickname"), len(o.get("DeckIDs", [1]))) for o in save["ObjectStates"]] == [
        ("Deck", "Unit", 3), ("Deck", "Unit", 2), ("Deck", "Unit", 2), ("Card", "Banner", 1)]
    backs = {o["CustomDeck"][k]["BackURL"].rsplit("/", 1)[1].rsplit("-", 1)[0]
             for o in save["ObjectStates"] for k in o["CustomDeck"]}
    assert backs == {"demo-2-back", "demo-4-back", "demo-1-back", "demo-event-back"}


def test_a_per_copy_front_is_planned_for_each_copy_and_equal_copies_share_a_face(demo, capsys):
    demo.write("templates/layouts/demo/card.yaml", NUMBERED)
    found = faces(demo)
    assert sorted(found.fronts) == ["archer", "archer.2", "archer.3", "banner", "knight", "knight.2",
                                    "scout", "scout.2"]
    assert "archer 3/3" in words(found.fronts["archer.3"])
    assert faces(demo, one_each=True).fronts.keys() == {"archer", "knight", "scout", "banner"}
    assert "archer 1/3" in words(faces(demo, one_each=True).fronts["archer"])  # copy 1 of a full set

    demo.write("templates/layouts/demo/card.yaml", NUMBERED.replace("{{ copy }}/{{ copies }}", ""))
    assert sorted(faces(demo).fronts) == ["archer", "banner", "knight", "scout"]  # copies alike: one face
    assert main(["images", "demo", "--dpi", "30", "-o", "img"]) == 0
    assert not list((demo.root / "img").glob("archer.*.png"))


def test_a_template_reads_another_card_and_an_unknown_id_is_reported_at_the_layout_line(demo):
    layout = HEADER + ('extends: default/card\nfront:\n  type:\n    text: "{{ ref(\'knight\').name }} costs '
                       '{{ ref(\'knight\').cost }}: {{ ref_text(\'knight\').effects }}"\n')
    demo.write("templates/layouts/demo/card.yaml", layout)
    assert "Knight costs 4: Cannot be attacked by cards." in words(faces(demo).fronts["archer"])  # {war} is an icon
    demo.write("templates/layouts/demo/card.yaml", layout.replace("ref('knight').name", "ref('knigt').name"))
    with pytest.raises(DiagnosticError) as exc:
        faces(demo, only=["archer"])
    [message] = [d.format() for d in exc.value.diagnostics]
    assert message.startswith("templates/layouts/demo/card.yaml:5:11: error[layout]: card 'archer': region 'type'")
    assert message.endswith("no card 'knigt'; did you mean 'knight'?")


def test_text_turned_upside_down_reads_from_across_the_table(demo):
    import io

    import pdfplumber

    from cardtools.render.pnp import build_pnp
    from cardtools.render.sheet import SheetSpec
    from cardtools.render.units import PAPERS

    demo.write("templates/layouts/demo/card.yaml",
               HEADER + "extends: default/card\nfront:\n  title:\n    rotate: 180\n")
    plan = faces(demo).fronts["archer"]
    [title] = [op for op in plan.texts() if op.block.lines[0].items[0][1].value == "Archer"]
    assert title.upside_down
    data, _ = build_pnp(demo.deck(), SheetSpec(PAPERS["a4"], CARD_SIZES["poker"]), demo.workspace, only=["archer"])
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["size"] > 10]  # the titles (11 pt), three archers
    assert len(chars) == 3 * len("Archer") and all(c["matrix"][0] < 0 and c["matrix"][3] < 0 for c in chars)

"""One layout, every card size; play and proof editions; paint that a cut or a duplex shift would
show. Geometry is read from the planned faces (millimetres from the trim's top-left corner)."""

import io
import math

import pdfplumber
import pytest

from cardtools.cli import main
from cardtools.core.diagnostics import DiagnosticError
from cardtools.core.loader import load_deck
from cardtools.render.face import SAFE, Frame, RectOp
from cardtools.render.layout import LayoutLibrary
from cardtools.render.pnp import build_pnp, copies, painter_for
from cardtools.render.raster import plan_faces
from cardtools.render.sheet import SheetSpec
from cardtools.render.units import CARD_SIZES, MM, PAPERS

HEADER = "# yaml-language-server: $schema=../../../schemas/layout.schema.json\n"
LAYOUT = "templates/layouts/demo/card.yaml"
GAMES = ("aoc", "tta", "7ages")


def front(ws, card_id, size="poker", edition="play"):
    deck = ws.deck()
    plan, found = painter_for(deck, ws.workspace, CARD_SIZES[size], 3.0, edition).front(deck.card(card_id))
    assert [d for d in found if d.is_error] == []
    return plan, found


def test_margins_keep_their_size_and_the_safe_area_stretches():
    frame = Frame(CARD_SIZES["poker"], CARD_SIZES["mini"])
    assert frame.box(-3, -3, 63.5 + 6, 88.9 + 6) == pytest.approx((-3, -3, 44.45 + 6, 63.5 + 6))  # the bleed
    assert frame.point(SAFE, SAFE) == (SAFE, SAFE)  # the safe zone's corner stays put
    assert frame.point(63.5 - SAFE, 88.9 - SAFE) == pytest.approx((44.45 - SAFE, 63.5 - SAFE))
    middle = frame.point(63.5 / 2, 88.9 / 2)
    assert middle == pytest.approx((44.45 / 2, 63.5 / 2))
    kx, ky = (44.45 - 2 * SAFE) / (63.5 - 2 * SAFE), (63.5 - 2 * SAFE) / (88.9 - 2 * SAFE)
    assert frame.text == pytest.approx(math.sqrt(kx * ky))


def test_a_poker_layout_on_a_mini_card(demo):
    plan, _ = front(demo, "archer", "mini")
    background = plan.ops[0]
    assert (background.x, background.y, background.w, background.h) == pytest.approx((-3, -3, 50.45, 69.5))
    title = plan.texts()[0]
    assert (title.x, title.x + title.w) == pytest.approx((SAFE, 44.45 - SAFE))  # still inside the safe zone
    assert title.block.size == pytest.approx(round(11 * Frame(CARD_SIZES["poker"], CARD_SIZES["mini"]).text, 1))


def test_a_size_override_applies_at_that_size_only(demo):
    demo.write(LAYOUT, HEADER + 'extends: default/card\nsizes:\n  mini:\n    front:\n      type: null\n'
                                '      title:\n        text: "{{ card.name | upper }}"\n')
    library = LayoutLibrary(demo.workspace)
    assert "type" in [r.name for r in library.for_type("demo", "unit", "poker").front]
    assert "type" not in [r.name for r in library.for_type("demo", "unit", "mini").front]
    plan, _ = front(demo, "archer", "mini")
    assert plan.texts()[0].block.lines[0].items[0][1].value == "ARCHER"


def test_a_size_may_set_its_texts_in_the_condensed_face(demo):
    demo.write(LAYOUT, HEADER + "extends: default/card\nsizes:\n  mini:\n    fonts: {regular: condensed, bold: "
                                "condensed_bold}\n")
    wide, _ = front(demo, "archer", "poker")
    narrow, _ = front(demo, "archer", "mini")
    assert wide.texts()[0].typesetter.fonts.files["bold"].name == "DejaVuSans-Bold.ttf"
    assert narrow.texts()[0].typesetter.fonts.files["bold"].name == "DejaVuSansCondensed-Bold.ttf"


#: What does not print (docs/printing.md, "Card sizes"): a 7 Ages card holds more than a mini card
#: can at 6 pt, and its proof footer takes the last line a square card has.
TOO_DENSE = {("7ages", "mini", "play"), ("7ages", "mini", "proof"), ("7ages", "square", "proof")}


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_every_game_prints_at_every_size_without_preflight_problems(repo, game, size):
    """Both editions, one copy of each card: no error, and no paint a miscut would show."""
    deck = load_deck(game, workspace=repo)
    for edition in ("play", "proof"):
        if (game, size, edition) in TOO_DENSE:
            with pytest.raises(DiagnosticError) as found:
                build_pnp(deck, SheetSpec(PAPERS["a4"], CARD_SIZES[size]), repo, one_each=True, edition=edition)
            assert {d.code for d in found.value.diagnostics} == {"text-overflow"}
            continue
        data, result = build_pnp(deck, SheetSpec(PAPERS["a4"], CARD_SIZES[size]), repo, one_each=True,
                                 edition=edition)
        assert data.startswith(b"%PDF") and result.warnings == []


# -- editions ----------------------------------------------------------------------------------

def pdf_text(data: bytes) -> str:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return " ".join(page.extract_text() for page in pdf.pages)


def test_the_play_edition_prints_no_ids_sources_or_provisional_marks(repo):
    deck = load_deck("aoc", workspace=repo)
    spec = SheetSpec(PAPERS["a4"], CARD_SIZES["poker"])
    play = pdf_text(build_pnp(deck, spec, repo, only=["type:wonder"], one_each=True)[0])
    proof = pdf_text(build_pnp(deck, spec, repo, only=["type:wonder"], one_each=True, edition="proof")[0])
    assert "Great Wall" in play and "great_wall" not in play and "provisional" not in play and "COMPONENTS" not in play
    assert "great_wall ·" in proof and "provisional" in proof


def test_the_proof_badge_marks_only_cards_with_chosen_facts(demo):
    demo.replace("decks/demo/cards.yaml", 'source: "provisional: a test card"\n\n- id: knight',
                 'source: "seeds/rules.txt § UNITS"\n\n- id: knight')
    archer, _ = front(demo, "archer", edition="proof")
    knight, _ = front(demo, "knight", edition="proof")
    words = lambda plan: [p.value for op in plan.texts() for line in op.block.lines for _, p in line.items]
    assert "provisional" not in words(archer) and "UNITS" in words(archer)
    assert "provisional" in words(knight)


def test_a_long_source_is_cut_short_in_the_proof_footer_never_an_error(demo):
    long_source = "seeds/rules.txt § " + " ".join(["WORDS"] * 60)
    demo.replace("decks/demo/cards.yaml", 'source: "provisional: a test card"\n\n- id: knight',
                 f'source: "{long_source}"\n\n- id: knight')
    plan, _ = front(demo, "archer", edition="proof")
    footer = [op for op in plan.texts() if op.block.lines and op.block.lines[0].items[0][1].value == "archer"][0]
    assert footer.block.lines[-1].items[-1][1].value == "…" and footer.block.height / MM <= footer.h


# -- print-safe design ---------------------------------------------------------------------------

def test_a_thin_frame_near_the_trim_is_a_warning_with_the_layout_line(demo, capsys):
    demo.write(LAYOUT, HEADER + "extends: default/card\nfront:\n  frame:\n    kind: rect\n    x: 1\n    y: 1\n"
                                "    width: W - 2\n    height: H - 2\n    stroke: black\n    stroke_width: 1\n")
    assert main(["pnp", "demo", "-o", "o.pdf"]) == 0  # a warning: the sheet is still printed
    err = capsys.readouterr().err
    assert (f"{LAYOUT}:6:8: warning[border]: region 'frame' paints from 0.8 to 1.2 mm inside the left trim "
            "(negative: in the bleed)") in err
    assert err.count("warning[border]") == 1  # once for the layout, not once per card


@pytest.mark.parametrize("x, width, warned", [
    ("-bleed", "W + 2 * bleed", False),  # a background: from the bleed's edge across the card
    ("0", "W", True),                    # starts at the trim: a cut a little outside shows the paper
    ("-bleed", "bleed + 1", True),       # a 1 mm band at the edge: a cut 1 mm in removes it
    ("-bleed", "bleed + 2.5", False),    # a border from the bleed's edge to 2.5 mm inside
    ("2.5", "5", False),                 # clear of the trim
])
def test_which_paint_near_the_trim_is_warned_about(demo, x, width, warned):
    demo.write(LAYOUT, HEADER + f"extends: default/card\nfront:\n  edge:\n    kind: rect\n    x: {x}\n    y: 30\n"
                                f"    width: {width}\n    height: 10\n    fill: black\n")
    _, found = front(demo, "archer")
    assert any(d.code == "border" for d in found) == warned


@pytest.mark.parametrize("game", GAMES)
def test_backs_have_no_frame_a_duplex_shift_would_show(repo, game):
    deck = load_deck(game, workspace=repo)
    faces = plan_faces(deck, repo, CARD_SIZES["poker"], 3.0, copies(deck, one_each=True))
    for name, plan in faces.backs.items():
        outlines = [op for op in plan.ops if isinstance(op, RectOp) and op.fill is None and op.stroke is not None]
        assert outlines == [], name

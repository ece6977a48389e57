"""The print-and-play PDF read back as a printer would: sizes, cut lines, bleed, marks, backs, fonts."""

import io
import math

import pdfplumber
import pypdf
import pypdfium2 as pdfium
import pytest

from cardtools.core.loader import load_deck
from cardtools.render.pnp import build_pnp
from cardtools.render.sheet import SheetSpec
from cardtools.render.units import CARD_SIZES, PAPERS

from conftest import MM, mm

POKER = CARD_SIZES["poker"]
TRIM_FRAME = """\
extends: default/card
front:
  trim:         # a hairline exactly on the trim, so tests can find every card's trim box
    kind: rect
    x: 0
    y: 0
    width: W
    height: H
    stroke: "#000000"
    stroke_width: 0.3
"""


def pnp(workspace, game="demo", paper="a4", **kw):
    options = {k: kw.pop(k) for k in ("only", "one_each", "calibration") if k in kw}
    deck = load_deck(game, workspace=workspace)
    data, result = build_pnp(deck, SheetSpec(PAPERS[paper], POKER, **kw), workspace, **options)
    return data, result


@pytest.fixture(scope="module")
def aoc_pdf(repo):
    data, result = pnp(repo, "aoc")
    return data, result


def test_aoc_pages_are_a4_and_every_copy_is_printed(aoc_pdf):
    data, result = aoc_pdf
    reader = pypdf.PdfReader(io.BytesIO(data))
    # 34 civilizations, 10 wonders, 7 actions + Plague, 1 permanent action card, 4 technology cards,
    # 2 score tracks; the 9 technologies and 3 permanent actions (count 0) are printed on other cards.
    assert result.cards == 59
    assert len(reader.pages) == math.ceil(59 / 9) * 2 == 14
    for page in reader.pages:
        assert (round(mm(float(page.mediabox.width)), 2), round(mm(float(page.mediabox.height)), 2)) == (210, 297)


def test_cut_lines_are_exactly_one_card_apart(aoc_pdf):
    with pdfplumber.open(io.BytesIO(aoc_pdf[0])) as pdf:
        lines = pdf.pages[0].lines
    verticals = sorted({round(mm(l["x0"]), 3) for l in lines if abs(l["x0"] - l["x1"]) < 0.01 and mm(l["bottom"]) < 15})
    horizontals = sorted({round(mm(l["top"]), 3) for l in lines if abs(l["top"] - l["bottom"]) < 0.01 and mm(l["x1"]) < 9.75})
    assert verticals == pytest.approx([9.75, 73.25, 136.75, 200.25], abs=0.01)  # A4: 3 × 63.5 mm, centred
    assert horizontals == pytest.approx([15.15, 104.05, 192.95, 281.85], abs=0.01)  # 3 × 88.9 mm, centred


def test_every_card_trim_box_is_63_5_by_88_9_mm(demo):
    demo.write("templates/layouts/demo/card.yaml", TRIM_FRAME)
    data, result = pnp(demo.workspace)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        frames = [r for r in pdf.pages[0].rects if r["stroking_color"] == (0,) or r["stroking_color"] == [0, 0, 0]
                  or r["stroking_color"] == (0, 0, 0)]
        frames = [r for r in frames if mm(r["width"]) > 60]
    assert len(frames) == result.cards == 8  # archer × 3, knight × 2, scout × 2 (at 3 players), banner
    for frame in frames:
        assert mm(frame["width"]) == pytest.approx(63.5, abs=0.1)
        assert mm(frame["height"]) == pytest.approx(88.9, abs=0.1)


def test_bleed_is_painted_around_the_grid_and_stops_at_the_bleed(demo):
    data, _ = pnp(demo.workspace, bleed=3.0)
    page = pdfium.PdfDocument(data)[0]
    image = page.render(scale=300 / 72).to_pil().convert("RGB")
    px = 300 / 25.4

    def at(x_mm, y_mm):
        return image.getpixel((round(x_mm * px), round(y_mm * px)))

    left, top = 9.75, 15.15  # the grid's top-left trim corner on A4
    assert at(left - 1.5, 60) != (255, 255, 255)  # inside the 3 mm bleed: the card's paper colour
    assert at(left - 4.0, 60) == (255, 255, 255)  # beyond it: nothing printed
    assert at(40, top - 1.5) != (255, 255, 255)
    assert at(40, top - 4.0) == (255, 255, 255)


def test_crop_marks_stay_outside_the_grid_and_its_bleed_and_are_visible(demo):
    # archer and scout have no line drawing on them (the coin icon is curves): every line is the sheet's
    data, result = pnp(demo.workspace, only=["archer", "scout"])
    gx, gy, gw, gh = result.imposition.grid
    b = 3.0
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        lines = pdf.pages[0].lines
    marks = [l for l in lines if l["linewidth"] >= 0.5 and max(l["width"], l["height"]) > 4 / 25.4 * 72]
    assert len(marks) == 16 + 1  # 4 cut lines each way with a mark at both ends, and the 50 mm ruler
    for line in lines:
        x0, x1, top, bottom = mm(line["x0"]), mm(line["x1"]), mm(line["top"]), mm(line["bottom"])
        assert x1 <= gx - b or x0 >= gx + gw + b or bottom <= gy - b or top >= gy + gh + b, line
        assert line["linewidth"] >= 0.5
    lengths = sorted(round(mm(max(l["width"], l["height"])), 2) for l in marks)
    assert lengths == [5.0] * 16 + [50.0]


def centres(page, word):
    return [((w["x0"] + w["x1"]) / 2 / MM, (w["top"] + w["bottom"]) / 2 / MM)
            for w in page.extract_words() if w["text"] == word]


@pytest.mark.parametrize("layout, backs, front_slot, back_slot", [
    ("guillotine", "long", (1, 0), (1, 2)),  # portrait page, long edge: columns mirror
    ("guillotine", "short", (1, 0), (1, 0)),  # portrait page, short edge: rows mirror (the middle row stays)
    ("bleed", "long", (0, 3), (1, 3)),  # landscape page (4 × 2), long edge: rows mirror
    ("bleed", "short", (0, 3), (0, 0)),  # landscape page, short edge: columns mirror
])
def test_back_of_each_card_is_behind_it(demo, layout, backs, front_slot, back_slot):
    data, result = pnp(demo.workspace, layout=layout, backs=backs, only=["archer", "banner"])
    imp = result.imposition
    assert result.cards == 4 and len(imp.fronts) in (8, 9)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        banner_front = centres(front, "Banner")
        event_back = centres(back, "Event")  # a back shows its type, never the card
    slot = imp.fronts[front_slot[0] * imp.columns + front_slot[1]]
    (fx, fy), = banner_front
    assert slot.x < fx < slot.x + slot.width and slot.y < fy < slot.y + slot.height
    target = imp.fronts[back_slot[0] * imp.columns + back_slot[1]]
    (bx, by), = event_back
    assert bx == pytest.approx(target.x + target.width / 2, abs=0.5)
    assert target.y < by < target.y + target.height
    page = imp.page
    mirrored_x = page.width - fx if imp.mirror == "columns" else fx
    assert bx == pytest.approx(mirrored_x, abs=0.5)


def test_back_offset_moves_only_the_backs(demo):
    plain, _ = pnp(demo.workspace, only=["banner"])
    shifted, _ = pnp(demo.workspace, only=["banner"], back_offset=(1.5, -2.0))
    with pdfplumber.open(io.BytesIO(plain)) as a, pdfplumber.open(io.BytesIO(shifted)) as b:
        assert centres(a.pages[0], "Banner") == centres(b.pages[0], "Banner")
        (x0, y0), = centres(a.pages[1], "Event")
        (x1, y1), = centres(b.pages[1], "Event")
    assert (x1 - x0, y1 - y0) == (pytest.approx(1.5, abs=0.01), pytest.approx(-2.0, abs=0.01))


def _fonts(resources, found):
    resources = resources.get_object() if resources is not None else {}
    for font in (resources.get("/Font") or {}).values():
        found.append(font.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            _fonts(xobject.get("/Resources"), found)
    return found


def test_every_font_is_embedded_truetype(aoc_pdf):
    reader = pypdf.PdfReader(io.BytesIO(aoc_pdf[0]))
    fonts = [f for page in reader.pages for f in _fonts(page.get("/Resources"), [])]
    assert fonts
    for font in fonts:
        assert font["/Subtype"] == "/TrueType", font["/BaseFont"]
        assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]
        assert "Helvetica" not in font["/BaseFont"]


def test_no_text_is_smaller_than_6_pt(aoc_pdf):
    with pdfplumber.open(io.BytesIO(aoc_pdf[0])) as pdf:
        sizes = [c["size"] for page in pdf.pages for c in page.chars]
    assert sizes and min(sizes) >= 6 - 1e-3


def test_two_builds_are_byte_identical(repo, aoc_pdf):
    again, _ = pnp(repo, "aoc")
    assert again == aoc_pdf[0]


def test_icon_sits_on_the_text_baseline(demo):
    data, _ = pnp(demo.workspace, only=["archer"], backs="none", one_each=True)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        two = next(c for c in page.chars if c["text"] == "2" and c["size"] > 8.5)  # "gain 2{coin}."
        baseline = page.height - two["matrix"][5]  # from the top, like pdfplumber's coordinates
        size = two["size"]
        coins = [c for c in page.curves if abs(c["x0"] - two["x1"]) < size * 0.2 and c["width"] > size * 0.8]
    assert coins, "the coin icon follows the 2"
    coin = max(coins, key=lambda c: c["width"])  # the outer circle: 21 of the icon's 24 units
    assert coin["bottom"] == pytest.approx(baseline + size * (0.15 - 1.5 / 24), abs=0.05)
    assert coin["height"] == pytest.approx(size * 21 / 24, abs=0.05)


def test_fold_layout_puts_backs_on_the_same_page_turned(demo):
    data, result = pnp(demo.workspace, layout="fold", one_each=True)
    imp = result.imposition
    assert imp.fold_y is not None and len(pypdf.PdfReader(io.BytesIO(data)).pages) == 1
    for front, back in zip(imp.fronts, imp.backs):
        assert back.rotate == 180 and back.x == front.x
        assert (front.y + front.height + back.y) / 2 == pytest.approx(imp.fold_y)  # mirrored about the fold


def test_calibration_adds_two_pages_first(demo):
    data, result = pnp(demo.workspace, calibration=True)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == result.pages == 4
        assert "calibration" in pdf.pages[0].extract_text()
        assert "--back-offset" in pdf.pages[1].extract_text()


def test_page_boxes_describe_the_grid(aoc_pdf):
    data, result = aoc_pdf
    gx, gy, gw, gh = result.imposition.grid
    page = pypdf.PdfReader(io.BytesIO(data)).pages[0]
    trim = [round(mm(float(v)), 2) for v in page.trimbox]
    bleed = [round(mm(float(v)), 2) for v in page.bleedbox]
    assert trim == [round(gx, 2), round(297 - gy - gh, 2), round(gx + gw, 2), round(297 - gy, 2)]
    assert bleed == [round(gx - 3, 2), round(297 - gy - gh - 3, 2), round(gx + gw + 3, 2), round(297 - gy + 3, 2)]

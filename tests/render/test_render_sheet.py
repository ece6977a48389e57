"""Imposition geometry: grids, margins, marks and duplex mirroring for any paper and card size."""

import pytest
from hypothesis import given, settings, strategies as st

from cardtools.render.sheet import MARK_GAP, SheetSpec, impose
from cardtools.render.units import CARD_SIZES, PAPERS, Size, card_size


@pytest.mark.parametrize("paper, layout, bleed, expected", [
    ("a4", "guillotine", 3, ("portrait", 3, 3)),  # print-and-play-notes.md §4.3: A4 3 × 3, 0 mm gutter
    ("letter", "guillotine", 0, ("portrait", 3, 3)),  # Letter 3 × 3 fits only without outer bleed
    ("letter", "guillotine", 3, ("landscape", 4, 2)),  # … with 3 mm bleed, Letter landscape 4 × 2
    ("a4", "bleed", 3, ("landscape", 4, 2)),  # A4 landscape 4 × 2 with 6 mm gutters
    ("a4", "fold", 3, ("landscape", 4, 1)),
])
def test_cards_per_page(paper, layout, bleed, expected):
    imp = impose(SheetSpec(PAPERS[paper], CARD_SIZES["poker"], bleed, layout))
    assert ("portrait" if imp.portrait else "landscape", imp.columns, imp.rows) == expected


def test_a4_guillotine_grid_is_centred():
    imp = impose(SheetSpec(PAPERS["a4"], CARD_SIZES["poker"]))
    x, y, w, h = imp.grid
    assert (w, h) == (pytest.approx(190.5), pytest.approx(266.7))
    assert (x, y) == (pytest.approx(9.75), pytest.approx(15.15))


def test_card_sizes():
    assert card_size("bridge") == Size(57.15, 88.9)
    assert card_size("63x88") == Size(63, 88)
    with pytest.raises(ValueError, match="unknown card size 'huge'"):
        card_size("huge")


def test_a_card_too_big_for_the_paper():
    with pytest.raises(ValueError, match="does not fit"):
        impose(SheetSpec(PAPERS["a4"], Size(250, 290)))


@settings(max_examples=150, deadline=None)
@given(paper=st.sampled_from(sorted(PAPERS)), width=st.floats(30, 120), height=st.floats(30, 130),
       bleed=st.sampled_from([0, 1.5, 3, 3.175]), layout=st.sampled_from(["guillotine", "bleed", "fold"]),
       backs=st.sampled_from(["long", "short"]))
def test_layout_invariants(paper, width, height, bleed, layout, backs):
    try:
        imp = impose(SheetSpec(PAPERS[paper], Size(width, height), bleed, layout, backs))
    except ValueError:
        return
    page = imp.page
    painted = [s.paint_box for s in imp.fronts + imp.backs]
    for x, y, w, h in painted:  # everything on the paper
        assert x >= -1e-9 and y >= -1e-9 and x + w <= page.width + 1e-9 and y + h <= page.height + 1e-9
    fronts = [(s.x, s.y, s.width, s.height) for s in imp.fronts]
    for i, a in enumerate(fronts):  # trim boxes never overlap
        for b in fronts[i + 1:]:
            assert a[0] + a[2] <= b[0] + 1e-9 or b[0] + b[2] <= a[0] + 1e-9 or \
                a[1] + a[3] <= b[1] + 1e-9 or b[1] + b[3] <= a[1] + 1e-9
    gx, gy, gw, gh = imp.grid
    assert gx == pytest.approx(page.width - gx - gw)  # centred
    low = (gy + gh + 2 * bleed + 2 * (imp.fold_y - gy - gh)) if imp.fold_y else gy + gh
    for m in imp.marks:  # marks in the margin, outside the grid and its bleed
        xs, ys = sorted((m.x1, m.x2)), sorted((m.y1, m.y2))
        assert (xs[1] <= gx - bleed - MARK_GAP + 1e-9 or xs[0] >= gx + gw + bleed + MARK_GAP - 1e-9
                or ys[1] <= gy - bleed - MARK_GAP + 1e-9 or ys[0] >= low + bleed + MARK_GAP - 1e-9)
        assert 3 - 1e-9 <= abs(m.x2 - m.x1) + abs(m.y2 - m.y1) <= 5 + 1e-9
        assert -1e-9 <= min(m.x1, m.x2) and max(m.x1, m.x2) <= page.width + 1e-9
        assert -1e-9 <= min(m.y1, m.y2) and max(m.y1, m.y2) <= page.height + 1e-9
    if layout != "fold":  # duplex: each back lies exactly behind its front
        for front, back in zip(imp.fronts, imp.backs):
            if imp.mirror == "columns":
                assert back.x == pytest.approx(page.width - front.x - front.width) and back.y == pytest.approx(front.y)
            else:
                assert back.y == pytest.approx(page.height - front.y - front.height) and back.x == pytest.approx(front.x)


def test_partly_filled_page_paints_bleed_on_newly_outer_edges():
    imp = impose(SheetSpec(PAPERS["a4"], CARD_SIZES["poker"], 3.0))
    fronts, backs = imp.page_slots(4)  # row 0 full, one card in row 1
    assert [s.bleed for s in fronts] == [(3, 3, 0, 0), (0, 3, 0, 3), (0, 3, 3, 3), (3, 0, 3, 3)]
    assert backs[0].bleed == (0, 3, 3, 0) and backs[1].bleed == (0, 3, 0, 3)  # left and right swap

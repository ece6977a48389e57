"""Imposition: where each card goes on a page — pure geometry, in millimetres, y downwards.

Defaults follow print-and-play-notes.md §4.3–§4.4 (DESIGN.md §5):

- ``guillotine``: cards butt together; bleed only around the outside of the grid; one cut
  between neighbours.
- ``bleed``: every card has its own bleed; gutters of twice the bleed; two cuts per gutter.
- ``fold``: fronts on the upper half, their backs on the lower half, mirrored about a dashed
  fold line across the middle and turned 180° so a card flipped sideways reads upright.

The grid is centred so mirrored back positions do not depend on the printer's margins. The
orientation giving more cards per page wins (portrait on a tie). Duplex backs: flipping on the
long edge mirrors columns on a portrait page and rows on a landscape page; the short edge does
the opposite. Crop marks stay in the margin, outside the grid and its bleed, so a miscut never
leaves ink on a card.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardtools.render.units import Size

LAYOUTS = ("guillotine", "bleed", "fold")
BACKS = ("long", "short", "none")
MARK_GAP = 1.0  # between the bleed edge and a crop mark
MARK_LENGTH = 5.0  # about 5 mm (Strange Eons uses 14 pt)
MARK_MIN = 3.0  # a mark shorter than this is useless: such a grid does not fit
MARK_WIDTH_PT = 0.6  # hairlines ≥ 0.5 pt (1-pixel marks vanish: mtg-proxies #27)


@dataclass(frozen=True)
class SheetSpec:
    paper: Size
    card: Size
    bleed: float = 3.0
    layout: str = "guillotine"
    backs: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # millimetres, right and down as seen on the back page


@dataclass(frozen=True)
class Slot:
    """One card position: its trim box, where it may paint bleed, and its rotation."""

    x: float  # left of the trim box
    y: float  # top of the trim box
    width: float
    height: float
    bleed: tuple[float, float, float, float]  # paint beyond the trim: left, top, right, bottom
    rotate: int = 0  # 0 or 180

    @property
    def paint_box(self) -> tuple[float, float, float, float]:
        left, top, right, bottom = self.bleed
        return (self.x - left, self.y - top, self.width + left + right, self.height + top + bottom)


@dataclass(frozen=True)
class Mark:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Imposition:
    spec: SheetSpec
    page: Size  # oriented
    columns: int
    rows: int
    fronts: tuple[Slot, ...]  # in filling order
    backs: tuple[Slot, ...]  # backs[i] is the back of fronts[i] (on the back page, or the same page for fold)
    marks: tuple[Mark, ...]
    grid: tuple[float, float, float, float]  # trim area of all front slots: x, y, width, height
    fold_y: float | None = None

    @property
    def per_page(self) -> int:
        return len(self.fronts)

    @property
    def portrait(self) -> bool:
        return self.page.height >= self.page.width

    def page_slots(self, count: int) -> tuple[list[Slot], list[Slot]]:
        """Front and back slots of a page holding ``count`` cards. In the guillotine layout a card
        whose neighbour slot stays empty also paints bleed on that side: it is an outer edge now."""
        fronts = list(self.fronts[:count])
        if self.spec.layout != "bleed":
            b = self.spec.bleed
            for i, slot in enumerate(fronts):
                row, column = divmod(i, self.columns)
                left, top, right, bottom = slot.bleed
                if column < self.columns - 1 and i + 1 >= count:
                    right = b
                if row < self.rows - 1 and i + self.columns >= count:
                    bottom = b
                fronts[i] = replace(slot, bleed=(left, top, right, bottom))
        backs = [_back(self, s) for s in fronts] if self.backs else []
        return fronts, backs

    @property
    def mirror(self) -> str | None:
        """Which axis back pages mirror: "columns", "rows", or None (no back pages)."""
        if self.spec.backs == "none" or self.spec.layout == "fold":
            return None
        return "columns" if (self.spec.backs == "long") == self.portrait else "rows"


def impose(spec: SheetSpec) -> Imposition:
    """The best imposition for the spec; ``ValueError`` when not one card fits on the page."""
    if spec.layout not in LAYOUTS:
        raise ValueError(f"unknown layout '{spec.layout}': use {', '.join(LAYOUTS)}")
    if spec.backs not in BACKS:
        raise ValueError(f"unknown backs '{spec.backs}': use {', '.join(BACKS)}")
    if spec.layout == "fold" and spec.backs == "none":
        raise ValueError("the fold layout prints each card's back beside it: it needs backs")
    if spec.bleed < 0 or spec.bleed > 10:
        raise ValueError("bleed must be between 0 and 10 mm")
    options = [_impose(spec, page) for page in (spec.paper.portrait, spec.paper.landscape)]
    best = max(options, key=lambda o: o.per_page if o else 0)  # max keeps the first (portrait) on a tie
    if best is None or best.per_page == 0:
        raise ValueError(f"a {spec.card} card with {spec.bleed:g} mm bleed and crop marks does not fit on "
                         f"{spec.paper} paper")
    return best


def _fit(length: float, pitch: float, extra: float) -> int:
    margin = MARK_GAP + MARK_MIN
    return max(0, int((length - 2 * margin - extra + 1e-9) // pitch))


def _impose(spec: SheetSpec, page: Size) -> Imposition | None:
    w, h, b = spec.card.width, spec.card.height, spec.bleed
    gutter = 2 * b if spec.layout == "bleed" else 0.0
    columns = _fit(page.width + gutter, w + gutter, 2 * b)
    if spec.layout == "fold":  # per half: the fold gap and the outer bleed, then the marks
        rows = max(0, int((page.height / 2 - 2 * b - MARK_GAP - MARK_MIN + 1e-9) // h))
    else:
        rows = _fit(page.height + gutter, h + gutter, 2 * b)
    if columns == 0 or rows == 0:
        return None
    grid_w = columns * w + (columns - 1) * gutter
    left = (page.width - grid_w) / 2
    if spec.layout == "fold":
        fold_y = page.height / 2
        top = fold_y - b - rows * h
        fronts = tuple(_slot(spec, left + c * w, top + r * h, c, r, columns, rows) for r in range(rows) for c in range(columns))
        grid = (left, top, grid_w, rows * h)
        imposition = Imposition(spec, page, columns, rows, fronts, (), (), grid, fold_y)
        backs = tuple(_back(imposition, s) for s in fronts)
        marks = _marks(spec, page, fronts, grid, (left, fold_y + b, grid_w, rows * h), backs)
        return replace(imposition, backs=backs, marks=marks)
    grid_h = rows * h + (rows - 1) * gutter
    top = (page.height - grid_h) / 2
    fronts = tuple(_slot(spec, left + c * (w + gutter), top + r * (h + gutter), c, r, columns, rows)
                   for r in range(rows) for c in range(columns))
    grid = (left, top, grid_w, grid_h)
    imposition = Imposition(spec, page, columns, rows, fronts, (), (), grid)
    backs = tuple(_back(imposition, s) for s in fronts) if imposition.mirror else ()
    return replace(imposition, backs=backs, marks=_marks(spec, page, fronts, grid))


def _slot(spec: SheetSpec, x: float, y: float, c: int, r: int, columns: int, rows: int) -> Slot:
    b = spec.bleed
    if spec.layout == "bleed":
        return Slot(x, y, spec.card.width, spec.card.height, (b, b, b, b))
    return Slot(x, y, spec.card.width, spec.card.height,
                (b if c == 0 else 0.0, b if r == 0 else 0.0, b if c == columns - 1 else 0.0, b if r == rows - 1 else 0.0))


def _back(imposition: Imposition, front: Slot) -> Slot:
    """The back of ``front``: mirrored across the page on the flip axis (or across the fold line,
    turned 180°), then shifted by the back offset."""
    page, (dx, dy) = imposition.page, imposition.spec.back_offset
    left, top, right, bottom = front.bleed
    if imposition.fold_y is not None:
        return replace(front, y=2 * imposition.fold_y - front.y - front.height, bleed=(left, bottom, right, top),
                       rotate=180)
    if imposition.mirror == "columns":
        return replace(front, x=page.width - front.x - front.width + dx, y=front.y + dy, bleed=(right, top, left, bottom))
    return replace(front, x=front.x + dx, y=page.height - front.y - front.height + dy, bleed=(left, bottom, right, top))


def _marks(spec: SheetSpec, page: Size, fronts, grid, lower_grid=None, lower_slots=()) -> tuple[Mark, ...]:
    """Crop marks at every cut line, in the margin only: above/below the grid and left/right of it."""
    b = spec.bleed
    cuts_x = sorted({round(v, 6) for s in fronts for v in (s.x, s.x + s.width)})
    upper_y = sorted({round(v, 6) for s in fronts for v in (s.y, s.y + s.height)})
    lower_y = sorted({round(v, 6) for s in lower_slots for v in (s.y, s.y + s.height)})
    gx, gy, gw, gh = grid
    bottom_edge = (lower_grid[1] + lower_grid[3]) if lower_grid else gy + gh
    marks: list[Mark] = []

    def length(room: float) -> float:
        return min(MARK_LENGTH, room - MARK_GAP)

    top_len, bottom_len = length(gy - b), length(page.height - bottom_edge - b)
    side_len = length(gx - b)
    for x in cuts_x:
        marks.append(Mark(x, gy - b - MARK_GAP, x, gy - b - MARK_GAP - top_len))
        marks.append(Mark(x, bottom_edge + b + MARK_GAP, x, bottom_edge + b + MARK_GAP + bottom_len))
    for y in upper_y + lower_y:
        marks.append(Mark(gx - b - MARK_GAP, y, gx - b - MARK_GAP - side_len, y))
        marks.append(Mark(gx + gw + b + MARK_GAP, y, gx + gw + b + MARK_GAP + side_len, y))
    return tuple(marks)

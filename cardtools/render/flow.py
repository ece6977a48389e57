"""Flowing a reference document onto pages: typesetting, preflight, pagination, drawing.

Every block becomes *units* — a heading, a paragraph, a list entry, a table row, a diagram —
each measured before anything is drawn, with the same rich text (``**bold**``, ``{icon}``),
glyph and icon checks and 6 pt floor as card faces. Units are then placed top to bottom:
a unit never splits, a heading stays with what follows it, and a table row that starts a page
brings its table's header (and group row) along, so a long table continues with its header
repeated; a table never leaves its last row alone on a page. Drawing
reuses the card faces' operations (``face.RectOp``, ``LineOp``, ``TextOp``), in millimetres
from a unit's top-left corner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from reportlab.lib.colors import Color, toColor

from cardtools.core.deck import Deck
from cardtools.core.diagnostics import Diagnostic, error
from cardtools.render.face import LineOp, RectOp, TextOp, arrow_between, text_location
from cardtools.render.fonts import Fonts
from cardtools.render.icons import IconSet
from cardtools.render.reference_template import (Document, Entry, ListBlock, Origin, Paragraph, Section,
                                                  Table, Text, Tree)
from cardtools.render.richtext import FLOOR, TextBlock, TextProblem, Typesetter, checked, parse
from cardtools.render.units import Size, pt

MARGIN = 12.0  # left and right, mm
BODY_TOP = 17.0  # below the page header
BODY_BOTTOM = 13.0  # above the page footer
HEADER_SIZE, SMALL_SIZE = 10.0, 6.5
CELL_PAD_X, CELL_PAD_Y = 1.2, 0.7
SECTION_GAP, BLOCK_GAP, PARAGRAPH_GAP = 5.0, 2.0, 1.2
INDENT = 4.0  # per list level
TREE_GAP_X, TREE_GAP_Y = 7.0, 5.0
MIN_TREE_CELL = 14.0


def mm(points: float) -> float:
    return points / pt(1)


@dataclass
class Unit:
    """Something placed as a whole: its height (mm) and its drawing operations from its top-left."""

    height: float
    ops: list
    keep_with_next: bool = False
    gap_before: float = 0.0  # dropped at the top of a page
    repeat: tuple["Unit", ...] = ()  # placed first when this unit starts a page (a table's header, its group row)
    page_break: bool = False  # start a new page before it
    origin: Origin | None = None  # what to name if it is taller than a page


@dataclass
class Page:
    placed: list[tuple[Unit, float]] = field(default_factory=list)  # (unit, y of its top)


class Flow:
    """Typesets one document for one page size; ``problems`` holds every preflight problem found."""

    def __init__(self, doc: Document, deck: Deck, icons: IconSet, page: Size):
        self.doc, self.deck, self.icons, self.page = doc, deck, icons, page
        self.width = page.width - 2 * MARGIN
        self.body = page.height - BODY_TOP - BODY_BOTTOM
        self.fonts = Fonts()
        self.regular = Typesetter(self.fonts)
        self.bold = Typesetter(self.fonts, "bold", "bold")
        self.problems: list[Diagnostic] = []
        self.colors = {name: toColor(getattr(doc.style, name)) for name in ("accent", "shade", "rule", "muted")}

    # -- preflight

    def problem(self, origin: Origin, code: str, message: str) -> None:
        if origin.card is not None:
            loc = text_location(self.deck, origin.card)
            self.problems.append(error(loc.path, loc.line, loc.col, code, f"card '{origin.card.id}': "
                                       f"{origin.what} ({origin.at}): {message}"))
        else:
            at = origin.at
            self.problems.append(error(at.path, at.line, at.col, code, f"{origin.what}: {message}"))

    def set(self, text: Text, width: float, size: float, setter: Typesetter | None = None,
            height: float = math.inf) -> TextBlock | None:
        """Wrap (and if need be shrink, never below 6 pt) a text into ``width`` × ``height`` mm."""
        setter = setter or self.regular
        try:
            markup = checked(text.text, self.fonts, self.icons, *setter.faces.values())
        except TextProblem as problem:
            self.problem(text.origin, problem.code, problem.message)
            return None
        block = setter.fit(markup, pt(width), pt(height), size, FLOOR)
        if block is None:
            room = f"{width:.1f} mm wide" if height == math.inf else f"{width:.1f} × {height:.1f} mm"
            self.problem(text.origin, "text-overflow", f"text does not fit in {room} even at {FLOOR:g} pt")
        return block

    def text_op(self, block: TextBlock, x: float, y: float, w: float, h: float | None = None, align: str = "left",
                valign: str = "top", color: Color | None = None, setter: Typesetter | None = None) -> TextOp:
        return TextOp(x, y, w, mm(block.height) if h is None else h, block, align, valign,
                      color or toColor("black"), setter or self.regular, self.icons)

    # -- blocks to units
    def units(self) -> list[Unit]:
        out: list[Unit] = []
        for section in self.doc.sections:
            out += self.section(section, first=not out)
        for unit in out:
            if unit.height > self.body + 1e-6 and unit.origin is not None:
                self.problem(unit.origin, "text-overflow", f"{unit.height:.0f} mm tall, more than a page holds "
                                                           f"({self.body:.0f} mm): shorten it or split it")
        return out

    def section(self, section: Section, first: bool) -> list[Unit]:
        style = self.doc.style
        ops, y = [], 0.0
        title = self.set(section.title, self.width, style.heading_size, self.bold)
        if title is not None:
            ops.append(self.text_op(title, 0, 0, self.width, color=self.colors["accent"], setter=self.bold))
            y += mm(title.height) + 0.8
        if section.cite:
            cite = self.set(Text(section.cite, section.title.origin), self.width, style.cite_size)
            if cite is not None:
                ops.append(self.text_op(cite, 0, y, self.width, color=self.colors["muted"]))
                y += mm(cite.height)
        ops.append(LineOp(0, y + 0.8, self.width, y + 0.8, self.colors["accent"], 0.6))
        heading = Unit(y + 1.6, ops, keep_with_next=True, gap_before=0.0 if first else SECTION_GAP,
                       page_break=section.new_page)
        out, previous = [heading], None
        for block in section.blocks:
            units = {Paragraph: self.paragraph, ListBlock: self.entries, Table: self.table, Tree: self.tree}[type(block)](block)
            if not units:
                continue
            if len(out) > 1:
                units[0].gap_before = max(units[0].gap_before, BLOCK_GAP)
                if isinstance(previous, Paragraph):  # a text introduces what follows it: never part them
                    out[-1].keep_with_next = True
            out += units
            previous = block
        return out

    def paragraph(self, block: Paragraph) -> list[Unit]:
        units = []
        for i, part in enumerate(block.text.text.split("\n")):
            if not part.strip():
                continue
            text = self.set(Text(part, block.text.origin), self.width, self.doc.style.size)
            if text is not None:
                units.append(self._checked(Unit(mm(text.height), [self.text_op(text, 0, 0, self.width)],
                                                gap_before=PARAGRAPH_GAP if units else 0.0), block.text.origin))
        return units

    def entries(self, block: ListBlock) -> list[Unit]:
        units = []
        size = self.doc.style.size
        for entry in block.entries:
            units += self._entry(entry, size, gap=0.6 if units else 0.0)
        return units

    def _entry(self, entry: Entry, size: float, gap: float) -> list[Unit]:
        indent = entry.depth * INDENT
        label_w = INDENT + (1.5 if entry.label[0].isdigit() else 0.0)
        label = self.set(Text(entry.label, entry.text.origin), label_w, size)
        text = self.set(entry.text, self.width - indent - label_w, size)
        if label is None or text is None:
            return []
        ops = [self.text_op(label, indent, 0, label_w), self.text_op(text, indent + label_w, 0, self.width - indent - label_w)]
        return [self._checked(Unit(mm(max(label.height, text.height)), ops, gap_before=gap), entry.text.origin)]

    def table(self, table: Table) -> list[Unit]:
        size = self.doc.style.table_size
        total = sum(c.weight for c in table.columns)
        widths = [self.width * c.weight / total for c in table.columns]
        lefts = [sum(widths[:i]) for i in range(len(widths))]
        header = self._row([c.header for c in table.columns], widths, lefts, [c.align for c in table.columns],
                           size, self.bold, shade=True)
        header.ops.append(LineOp(0, header.height, self.width, header.height, self.colors["accent"], 0.8))
        header.keep_with_next = True
        units = [header]
        group: Unit | None = None
        for row in table.rows:
            if row.group is not None:
                group = self._row([row.group], [self.width], [0.0], ["left"], size, self.bold, shade=True)
                group.keep_with_next, group.repeat = True, (header,)
                units.append(group)
                continue
            unit = self._row(list(row.cells), widths, lefts, [c.align for c in table.columns], size, self.regular)
            unit.repeat = (header, group) if group is not None else (header,)
            units.append(unit)
        if len(units) > 2:
            units[-2].keep_with_next = True  # no last row alone on a page
        return units

    def _row(self, cells: list[Text], widths: list[float], lefts: list[float], aligns: list[str], size: float,
             setter: Typesetter, shade: bool = False) -> Unit:
        blocks = [self.set(cell, w - 2 * CELL_PAD_X, size, setter) if cell.text else None
                  for cell, w in zip(cells, widths)]
        heights = [mm(b.height) if b is not None else 0.0 for b in blocks]
        tallest = max(range(len(cells)), key=lambda i: heights[i])
        height = max(max(heights), mm(size * setter.leading)) + 2 * CELL_PAD_Y
        ops: list = []
        if shade:
            ops.append(RectOp(0, 0, self.width, height, self.colors["shade"], None, 0.0, 0.0))
        for block, x, w, align in zip(blocks, lefts, widths, aligns):
            if block is not None:
                ops.append(self.text_op(block, x + CELL_PAD_X, CELL_PAD_Y, w - 2 * CELL_PAD_X, align=align, setter=setter))
        if not shade:
            ops.append(LineOp(0, height, self.width, height, self.colors["rule"], 0.4))
        return Unit(height, ops, origin=cells[tallest].origin)

    def tree(self, tree: Tree) -> list[Unit]:
        rows = max(n.row for n in tree.nodes)
        columns = max(n.column for n in tree.nodes)
        cw = (self.width - TREE_GAP_X * (columns - 1)) / columns
        ch = (tree.height - TREE_GAP_Y * (rows - 1)) / rows
        if cw < MIN_TREE_CELL or ch < MIN_TREE_CELL / 2:
            self.problem(tree.origin, "reference", f"{rows} rows × {columns} columns of boxes do not fit in "
                                                   f"{self.width:.0f} × {tree.height:.0f} mm: raise the height or "
                                                   f"use fewer columns")
            return []
        corner = {n.id: ((n.column - 1) * (cw + TREE_GAP_X), (n.row - 1) * (ch + TREE_GAP_Y)) for n in tree.nodes}
        ops: list = []
        for node in tree.nodes:
            x, y = corner[node.id]
            ops.append(RectOp(x, y, cw, ch, self.colors["shade"], self.colors["accent"], 0.6, 1.5))
            block = self.set(node.text, cw - 2 * CELL_PAD_X, self.doc.style.table_size, height=ch - 2 * CELL_PAD_Y)
            if block is not None:
                ops.append(self.text_op(block, x + CELL_PAD_X, y + CELL_PAD_Y, cw - 2 * CELL_PAD_X,
                                        ch - 2 * CELL_PAD_Y, align="center", valign="middle"))
        for source, target in tree.edges:
            ops.append(arrow_between(corner[source], corner[target], cw, ch, self.colors["accent"], 0.8))
        return [self._checked(Unit(tree.height, ops), tree.origin)]

    @staticmethod
    def _checked(unit: Unit, origin: Origin) -> Unit:
        unit.origin = origin
        return unit

    # -- drawing
    def page_furniture(self) -> tuple[TextBlock | None, TextBlock | None, TextBlock | None]:
        """The header's title and subtitle and the footer note (checked like everything else)."""
        half = self.width / 2 - 2
        return (self.set(self.doc.title, half, HEADER_SIZE, self.bold),
                self.set(self.doc.subtitle, half, SMALL_SIZE + 1),
                self.set(self.doc.footer, self.width - 30, SMALL_SIZE))

    def draw(self, canvas, pages: list[Page], furniture) -> None:
        title, subtitle, footer = furniture
        ph = pt(self.page.height)
        half = self.width / 2 - 2
        for number, page in enumerate(pages, 1):
            top = [LineOp(0, BODY_TOP - 4.0, self.width, BODY_TOP - 4.0, self.colors["accent"], 0.8)]
            if title is not None:
                top.append(self.text_op(title, 0, 6.0, half, setter=self.bold, color=self.colors["accent"]))
            if subtitle is not None:
                top.append(self.text_op(subtitle, self.width - half, 7.5, half, align="right", color=self.colors["muted"]))
            number_text = parse(f"Page {number} of {len(pages)}")
            folio = self.regular.wrap(number_text, pt(28), SMALL_SIZE)
            bottom_y = self.page.height - BODY_BOTTOM + 5.0
            top.append(self.text_op(folio, self.width - 28, bottom_y, 28, align="right", color=self.colors["muted"]))
            if footer is not None:
                top.append(self.text_op(footer, 0, bottom_y, self.width - 30, color=self.colors["muted"]))
            for op in top:
                op.draw(canvas, pt(MARGIN), ph)
            for unit, y in page.placed:
                for op in unit.ops:
                    op.draw(canvas, pt(MARGIN), ph - pt(BODY_TOP + y))
            canvas.showPage()


def paginate(units: list[Unit], body: float) -> list[Page]:
    """Place units top to bottom on pages ``body`` mm tall. A chain of units that keep with the
    next moves to a new page as a whole; a unit that starts a page is preceded by the units it
    repeats (a table's header and group row)."""
    pages = [Page()]
    y = 0.0
    i = 0
    while i < len(units):
        j = i
        while units[j].keep_with_next and j + 1 < len(units):
            j += 1
        chain = units[i:j + 1]
        if sum(u.height + u.gap_before for u in chain) > body:
            chain = chain[:1]  # too long to keep together: place one at a time
        at_top = not pages[-1].placed
        need = sum(u.height + u.gap_before for u in chain) - (chain[0].gap_before if at_top else 0.0)
        if (chain[0].page_break and not at_top) or (not at_top and y + need > body + 1e-6):
            pages.append(Page())
            y, at_top = 0.0, True
        if at_top:
            for repeated in chain[0].repeat:
                pages[-1].placed.append((repeated, y))
                y += repeated.height
        for unit in chain:
            y += 0.0 if not pages[-1].placed else unit.gap_before
            pages[-1].placed.append((unit, y))
            y += unit.height
        i += len(chain)
    return pages

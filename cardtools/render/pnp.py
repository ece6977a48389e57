"""The print-and-play PDF: card faces placed by the imposition, with crop marks, a 100 % note
and a 50 mm ruler in the margin, duplex back pages, and an optional calibration page.

Each distinct face is drawn once as a PDF form and placed as often as the card's count asks,
clipped to its slot (the trim, plus bleed where the slot has bleed): so bleed is painted for
real and never by scaling the page (print-and-play-notes.md §5.3.6). ``invariant=1`` makes the
file byte-identical for the same input.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from reportlab.lib.colors import toColor
from reportlab.pdfgen.canvas import Canvas

from cardtools.core.atomic import write_bytes
from cardtools.core import query
from cardtools.core.deck import Card, Deck
from cardtools.core.diagnostics import DiagnosticError, did_you_mean, error, excerpt
from cardtools.core.workspace import Workspace
from cardtools.effects.vocabulary import icon_names
from cardtools.render.face import CardPainter, Plan
from cardtools.render.fonts import Fonts, initial_font
from cardtools.render.icons import IconSet
from cardtools.render.layout import LayoutLibrary
from cardtools.render.richtext import Typesetter, parse
from cardtools.render.sheet import MARK_GAP, MARK_WIDTH_PT, Imposition, SheetSpec, Slot, impose
from cardtools.render.units import pt

RULER_MM = 50
MARGIN_TEXT_PT = 6.0
INK = toColor("#333333")
#: The most cards one print-and-play file holds (about 2,200 pages of poker cards): a count far
#: beyond any game is caught before anything is planned, not when memory runs out.
MAX_COPIES = 20_000


@dataclass(frozen=True)
class Copy:
    """One printed copy of a card: copy ``number`` of the ``of`` copies a full set prints."""

    card: Card
    number: int
    of: int


def copies(deck: Deck, only: Iterable[str] = (), one_each: bool = False, players: int | None = None) -> list[Copy]:
    """The copies to print, each card repeated by its count: at ``players``, else the largest over
    player counts (a print-and-play set must serve every player count); at fewer players the
    first copies are used. Count-0 entries are printed elsewhere. ``only``: card ids, ``tag:X``,
    ``type:X`` (``query.only``)."""
    chosen = [(card, deck.full_set(card)) for card in query.only(deck, only)]
    counts = [(full if players is None else card.copies(players)) for card, full in chosen]
    total = sum(min(count, 1) if one_each else count for count in counts)
    if total > MAX_COPIES:
        card, most = max(chosen, key=lambda pair: pair[1])
        loc = deck.locate(card, "count")
        raise DiagnosticError([error(loc.path, loc.line, loc.col, "copies",
                                     f"{card.id}: the deck prints {total:,} cards, more than the {MAX_COPIES:,} a "
                                     f"print-and-play file holds; this card has the most copies ({most:,})")])
    out = [Copy(card, number, full) for (card, full), count in zip(chosen, counts)
           for number in range(1, (min(count, 1) if one_each else count) + 1)]
    if not out:
        at = f" at {players} players" if players else " (they are printed on other cards)"
        raise query.SelectionError(f"nothing to print: {'--only ' + ','.join(only) if any(only) else deck.game} "
                                   f"selects only cards with count 0{at}")
    return out


def icon_set(workspace: Workspace, game: str) -> IconSet:
    """The icons; raises ``DiagnosticError`` for a broken icon file, or for an icon the game's
    vocabulary names that does not exist (said once, at the vocabulary's line, not at every card
    whose text shows it)."""
    icons = IconSet(workspace.search_path("templates/icons"))
    problems = list(icons.problems)
    for name, at in icon_names(workspace, game):
        if name not in icons:
            problems.append(error(at.path, at.line, at.col, "unknown-icon",
                                  f"no icon {excerpt(name)} in templates/icons/{did_you_mean(name, icons.names())}"))
    if problems:
        raise DiagnosticError(problems)
    return icons


@dataclass
class Faces:
    """Every distinct face a job needs, planned (and so preflighted) before anything is drawn.

    Faces are named: a front by its card id (a ``per_copy`` layout's copies that look different
    get ``<id>.<copy>``), a back by its card type, or by the values of the fields its layout's
    ``back_shows`` names (``civil-I``). Identical backs share a name, so cards that look the same
    from behind form one deck in the exports, as on the table."""

    painter: CardPainter
    fronts: dict[str, Plan] = field(default_factory=dict)  # face name -> plan
    backs: dict[str, Plan] = field(default_factory=dict)  # back name -> plan
    front_names: dict[tuple[str, int], str] = field(default_factory=dict)  # (card id, copy) -> face name
    back_names: dict[str, str] = field(default_factory=dict)  # card id -> back name
    warnings: list = field(default_factory=list)  # what preflight found that does not stop a print
    _back_by_key: dict[tuple, str] = field(default_factory=dict)  # (card type, shown values) -> back name

    @classmethod
    def plan(cls, painter: CardPainter, printed: list[Copy], with_backs: bool) -> "Faces":
        faces, problems = cls(painter), []
        for copy in printed:
            if (copy.card.id, copy.number) not in faces.front_names:
                problems += faces._plan_front(copy)
        if with_backs:
            for card in {c.card.id: c.card for c in printed}.values():
                problems += faces._plan_back(card)
        problems = list(dict.fromkeys(problems))  # copies of one card fail alike: once each
        if any(p.is_error for p in problems):
            raise DiagnosticError(problems)
        faces.warnings = problems
        return faces

    def front(self, copy: Copy) -> str:
        return self.front_names[copy.card.id, copy.number]

    def back(self, card: Card) -> str:
        return self.back_names[card.id]

    def _plan_front(self, copy: Copy) -> list:
        card = copy.card
        first = self.front_names.get((card.id, 1))
        if first is not None and not self.painter.layout(card.type).per_copy:
            self.front_names[card.id, copy.number] = first
            return []
        plan, problems = self.painter.front(card, copy.number, copy.of)
        earlier = [self.front_names[card.id, n] for n in range(1, copy.number) if (card.id, n) in self.front_names]
        same = [name for name in earlier if self.fronts[name] == plan]
        name = same[0] if same else card.id if not earlier else f"{card.id}.{copy.number}"
        self.fronts[name] = plan
        self.front_names[card.id, copy.number] = name
        return problems

    def _plan_back(self, card: Card) -> list:
        shown = self.painter.public_fields(card)
        key = (card.type, tuple(map(str, shown.values())))
        if key in self._back_by_key:
            self.back_names[card.id] = self._back_by_key[key]
            return []
        plan, problems = self.painter.back(card)
        name = _file_safe("-".join(key[1])) if shown else card.type
        if name in self.backs and self.backs[name] != plan:  # another card type's back for the same values
            name = f"{card.type}-{name}"
        self.backs[name] = plan
        self.back_names[card.id] = self._back_by_key[key] = name
        return problems

    def define(self, canvas: Canvas) -> None:
        """Each face as a form of the card's size plus bleed on every side."""
        size, b = self.painter.size, self.painter.bleed
        for prefix, plans in (("front", self.fronts), ("back", self.backs)):
            for key, plan in plans.items():
                canvas.beginForm(f"{prefix}-{key}", 0, 0, pt(size.width + 2 * b), pt(size.height + 2 * b))
                plan.draw(canvas, pt(b), pt(size.height + b))
                canvas.endForm()


def _file_safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text)


@dataclass
class PnpResult:
    pages: int
    cards: int
    imposition: Imposition
    warnings: list


def painter_for(deck: Deck, workspace: Workspace, spec_card, bleed: float, edition: str = "play",
                dpi: float = 300) -> CardPainter:
    return CardPainter(deck, LayoutLibrary(workspace), icon_set(workspace, deck.game), spec_card, bleed, edition, dpi)


def build_pnp(deck: Deck, spec: SheetSpec, workspace: Workspace, only: Iterable[str] = (),
              one_each: bool = False, calibration: bool = False, edition: str = "play") -> tuple[bytes, PnpResult]:
    """The PDF's bytes; raises ``DiagnosticError`` (preflight) or ``ValueError`` (impossible sheet).
    ``edition``: "play" (what players see) or "proof" (ids, sources and provisional badges)."""
    imposition = impose(spec)
    cards = copies(deck, only, one_each)
    painter = painter_for(deck, workspace, spec.card, spec.bleed, edition)
    faces = Faces.plan(painter, cards, with_backs=spec.backs != "none")
    buffer = io.BytesIO()
    page = imposition.page
    canvas = Canvas(buffer, pagesize=(pt(page.width), pt(page.height)), invariant=1,
                    initialFontName=initial_font(), initialFontSize=MARGIN_TEXT_PT, pageCompression=1)
    canvas.setTitle(f"{deck.manifest.name} — print and play")
    canvas.setCreator("cardtools")
    canvas.setSubject(f"{spec.card} cards on {page} paper, {spec.layout} layout, backs: {spec.backs}")
    faces.define(canvas)
    margin = MarginWriter(imposition, deck.manifest.name)
    per_page = imposition.per_page
    sheets = [cards[i:i + per_page] for i in range(0, len(cards), per_page)]
    if calibration:
        draw_calibration(canvas, imposition, margin)
    for number, sheet in enumerate(sheets, 1):
        _set_boxes(canvas, imposition)
        front_slots, back_slots = imposition.page_slots(len(sheet))
        for slot, copy in zip(front_slots, sheet):
            place(canvas, page.height, slot, f"front-{faces.front(copy)}", spec.bleed)
        if spec.layout == "fold":
            for slot, copy in zip(back_slots, sheet):
                place(canvas, page.height, slot, f"back-{faces.back(copy.card)}", spec.bleed)
            fold_line(canvas, imposition)
        draw_marks(canvas, imposition)
        margin.front(canvas, number, len(sheets))
        canvas.showPage()
        if imposition.mirror:
            _set_boxes(canvas, imposition)
            for slot, copy in zip(back_slots, sheet):
                place(canvas, page.height, slot, f"back-{faces.back(copy.card)}", spec.bleed)
            canvas.showPage()
    canvas.save()
    pages = len(sheets) * (2 if imposition.mirror else 1) + (2 if calibration else 0)
    return buffer.getvalue(), PnpResult(pages, len(cards), imposition, faces.warnings)


def write_pnp(path: Path, deck: Deck, spec: SheetSpec, workspace: Workspace, **options) -> PnpResult:
    data, result = build_pnp(deck, spec, workspace, **options)
    write_bytes(path, data)
    return result


def write_game_pnps(deck: Deck, workspace: Workspace, out_dir: Path, edition: str = "play") -> tuple[list[Path], list]:
    """What ``cardtools build`` prints for a game: the default sheets on A4 and on Letter; and the
    warnings of their preflight."""
    from cardtools.render.units import CARD_SIZES, PAPERS

    paths, warnings = [], []
    for paper in ("a4", "letter"):
        path = Path(out_dir) / f"{deck.game}-pnp-{paper}.pdf"
        result = write_pnp(path, deck, SheetSpec(PAPERS[paper], CARD_SIZES["poker"]), workspace, edition=edition)
        paths.append(path)
        warnings += [w for w in result.warnings if w not in warnings]
    return paths, warnings


def _set_boxes(canvas: Canvas, imposition: Imposition) -> None:
    """TrimBox: the outline of the card grid; BleedBox: the grid with its outer bleed."""
    gx, gy, gw, gh = imposition.grid
    if imposition.fold_y is not None:
        gh = 2 * (imposition.fold_y - gy)
    b, ph = imposition.spec.bleed, imposition.page.height
    canvas.setTrimBox((pt(gx), pt(ph - gy - gh), pt(gx + gw), pt(ph - gy)))
    canvas.setBleedBox((pt(gx - b), pt(ph - gy - gh - b), pt(gx + gw + b), pt(ph - gy + b)))


def place(canvas: Canvas, page_height: float, slot: Slot, form: str, bleed: float) -> None:
    """Draw a face form into a slot, clipped to the slot's trim plus the bleed it may paint."""
    canvas.saveState()
    x, y, w, h = slot.paint_box
    clip = canvas.beginPath()
    clip.rect(pt(x), pt(page_height - y - h), pt(w), pt(h))
    canvas.clipPath(clip, stroke=0, fill=0)
    if slot.rotate == 180:
        cx, cy = slot.x + slot.width / 2, page_height - slot.y - slot.height / 2
        canvas.translate(pt(cx), pt(cy))
        canvas.rotate(180)
        canvas.translate(-pt(slot.width / 2 + bleed), -pt(slot.height / 2 + bleed))
    else:
        canvas.translate(pt(slot.x - bleed), pt(page_height - slot.y - slot.height - bleed))
    canvas.doForm(form)
    canvas.restoreState()


def draw_marks(canvas: Canvas, imposition: Imposition) -> None:
    ph = imposition.page.height
    canvas.saveState()
    canvas.setStrokeColor(toColor("black"))
    canvas.setLineWidth(MARK_WIDTH_PT)
    for m in imposition.marks:
        canvas.line(pt(m.x1), pt(ph - m.y1), pt(m.x2), pt(ph - m.y2))
    canvas.restoreState()


def fold_line(canvas: Canvas, imposition: Imposition) -> None:
    gx, _, gw, _ = imposition.grid
    y = pt(imposition.page.height - imposition.fold_y)
    canvas.saveState()
    canvas.setDash([4, 3])
    canvas.setLineWidth(MARK_WIDTH_PT)
    canvas.setStrokeColor(toColor("#777777"))
    canvas.line(pt(gx - imposition.spec.bleed - MARK_GAP - 4), y, pt(gx - imposition.spec.bleed - MARK_GAP), y)
    canvas.line(pt(gx + gw + imposition.spec.bleed + MARK_GAP), y, pt(gx + gw + imposition.spec.bleed + MARK_GAP + 4), y)
    canvas.restoreState()


class MarginWriter:
    """The margin of a front page: what it is, "print at 100 %", and a 50 mm ruler to check it."""

    def __init__(self, imposition: Imposition, game: str):
        self.imposition = imposition
        self.game = game
        self.type = Typesetter(Fonts())
        spec = imposition.spec
        flip = {"long": "flip on the long edge", "short": "flip on the short edge", "none": "no backs"}[spec.backs]
        if spec.layout == "fold":
            flip = "fold on the dashed line, glue, then cut"
        elif imposition.mirror:
            flip = f"print double-sided, {flip}"
        self.note = f"Print at 100 % (actual size): ruler = {RULER_MM} mm.\n{flip.capitalize()}."
        gx, gy, gw, gh = imposition.grid
        b = spec.bleed
        bottom = imposition.fold_y * 2 - gy if imposition.fold_y is not None else gy + gh
        self.top_band = (gy - b - MARK_GAP - 5.0, 5.0)
        self.bottom_band = (bottom + b + MARK_GAP, 5.0)

    def text(self, canvas: Canvas, text: str, x: float, y: float, width: float, align: str = "left") -> None:
        markup = parse(text)
        fonts = self.type.fonts
        missing = fonts.missing(markup.strings(False), "regular")
        if missing:  # a game name with characters DejaVu lacks: leave them out of the margin
            text = "".join(ch for ch in text if ch not in missing)
            markup = parse(text)
        block = self.type.wrap(markup, pt(width), MARGIN_TEXT_PT)
        if block is not None:
            self.type.draw(canvas, block, pt(x), pt(self.imposition.page.height - y), pt(width), align, INK, {})

    def front(self, canvas: Canvas, number: int, total: int) -> None:
        imp = self.imposition
        slot_w = imp.spec.card.width
        gx, _, gw, _ = imp.grid
        top_y, _ = self.top_band
        bottom_y, _ = self.bottom_band
        self.text(canvas, f"{self.game} · sheet {number} of {total}", gx + 2, top_y, slot_w - 4)
        if imp.columns > 1:
            self.text(canvas, self.note, gx + gw - slot_w + 2, bottom_y, slot_w - 4, align="right")
        else:
            self.text(canvas, self.note, gx + 2, top_y + 2.6, slot_w - 4)
        self.ruler(canvas, gx + 1.0, bottom_y + 1.2)

    def ruler(self, canvas: Canvas, x: float, y: float) -> None:
        """A 50 mm ruler with millimetre ticks; its left end at (x, y) in millimetres from the top-left."""
        ph = self.imposition.page.height
        canvas.saveState()
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.5)
        canvas.line(pt(x), pt(ph - y), pt(x + RULER_MM), pt(ph - y))
        for mm in range(RULER_MM + 1):
            tick = 2.0 if mm % 10 == 0 else 1.2 if mm % 5 == 0 else 0.6
            canvas.line(pt(x + mm), pt(ph - y), pt(x + mm), pt(ph - y - tick))
        canvas.restoreState()
        self.text(canvas, f"{RULER_MM} mm", x + RULER_MM + 1.5, y - 1.0, 12)


def draw_calibration(canvas: Canvas, imposition: Imposition, margin: MarginWriter) -> None:
    """Two pages: crosses at each front slot's centre, and on the back page millimetre scales
    where those crosses should show through. Held against a light, the cross's position on the
    scale is the ``--back-offset DX,DY`` to use (right and down, as seen on the back)."""
    ph = imposition.page.height
    gx, gy, gw, _ = imposition.grid
    canvas.setTrimBox(None)
    canvas.setBleedBox(None)
    margin.text(canvas, "Duplex calibration, front: print both pages double-sided at 100 %, with the same "
                        "settings as the cards.", gx, gy - 9, gw)
    canvas.saveState()
    canvas.setLineWidth(0.5)
    for slot in imposition.fronts:
        cx, cy = slot.x + slot.width / 2, ph - slot.y - slot.height / 2
        canvas.line(pt(cx - 6), pt(cy), pt(cx + 6), pt(cy))
        canvas.line(pt(cx), pt(cy - 6), pt(cx), pt(cy + 6))
        canvas.circle(pt(cx), pt(cy), pt(3), stroke=1, fill=0)
    canvas.restoreState()
    canvas.showPage()
    margin.text(canvas, "Duplex calibration, back: hold the sheet against a light. Where each front cross falls "
                        "on these scales is the offset: pass it as --back-offset DX,DY (millimetres, right and "
                        "down as seen on this side).", gx, gy - 9, gw)
    backs = imposition.backs or imposition.fronts
    canvas.saveState()
    canvas.setLineWidth(0.4)
    for slot in backs:
        cx, cy = slot.x + slot.width / 2, slot.y + slot.height / 2
        for i in range(-5, 6):
            tick = 2.0 if i == 0 else 1.2
            canvas.line(pt(cx + i), pt(ph - cy - tick), pt(cx + i), pt(ph - cy + tick))  # horizontal scale
            canvas.line(pt(cx - tick), pt(ph - cy - i), pt(cx + tick), pt(ph - cy - i))  # vertical scale
        canvas.line(pt(cx - 5), pt(ph - cy), pt(cx + 5), pt(ph - cy))
        canvas.line(pt(cx), pt(ph - cy - 5), pt(cx), pt(ph - cy + 5))
    canvas.restoreState()
    canvas.showPage()

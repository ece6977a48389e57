"""One card face: a layout's regions evaluated for a card (a *plan*), checked, then drawn.

Planning does everything that can fail — expressions, colours, icon names, glyphs, text fitting,
the safe zone — and reports each problem as a diagnostic naming the card and its YAML line (or
the layout's line, when the layout is wrong). Drawing a plan cannot fail, so a PDF is only
written when preflight found nothing.

A layout is written in millimetres on its design card; ``Frame`` maps them onto the card being
printed. Coordinates in a plan are millimetres from that card's top-left trim corner, y
downwards; ``draw`` turns them into PDF points from the face's origin.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping

from reportlab.lib.colors import Color, toColor

from cardtools.core.deck import Card, Deck, field_path, thaw
from cardtools.core.diagnostics import Diagnostic, DiagnosticError, Location, did_you_mean, error, excerpt, warning
from cardtools.effects.text import card_text
from cardtools.render.art import FITS, Art, ArtError, ImageOp, resolve, verify
from cardtools.render.expressions import ExpressionError, evaluate, render
from cardtools.render.fonts import Fonts
from cardtools.render.icons import IconSet
from cardtools.render.layout import Layout, LayoutLibrary, Region
from cardtools.render.richtext import FLOOR, TextBlock, TextProblem, Typesetter, checked
from cardtools.render.units import CARD_SIZES, INCH, MM, Size, pt

#: Safe zone inset from the trim: 1/8 in (print-and-play-notes.md §4.2).
SAFE = INCH / 8
DEFAULT_SIZE = 9.0
#: The largest number a region may use, as in schemas/layout.schema.json: far beyond any card.
LIMIT = 10_000
#: The most cells an ``each`` region draws on one card.
MAX_CELLS = 1_000
#: Paint must not end closer to the trim than this (print-and-play-notes.md §4.4: home duplex
#: shifts backs by 1-4 mm; a hand cut strays by 1-2 mm).
BORDER_ZONE = 2.0
_CARD_FIELD = re.compile(r"^\s*\{\{\s*card\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}\s*$")


@lru_cache(maxsize=1024)
def _color(value: str) -> Color:
    """A colour by name or ``#rrggbb`` (parsed once: a deck repeats a few dozen)."""
    return toColor(value)


@dataclass(frozen=True)
class Frame:
    """Where a layout's design millimetres land on the printed card, one axis at a time: the bleed
    and the safe-zone margin keep their size (what reaches into the bleed still does, text stays
    1/8 in inside the cut), and the safe area between them stretches to the card. Text sizes
    scale with the safe area (the square root of its two stretches: a card half the area gets
    text about 0.7 times the size)."""

    design: Size
    card: Size

    def _axis(self, v: float, design: float, card: float) -> float:
        if v <= SAFE:
            return v
        if v >= design - SAFE:
            return v + card - design
        return SAFE + (v - SAFE) * (card - 2 * SAFE) / (design - 2 * SAFE)

    def point(self, x: float, y: float) -> tuple[float, float]:
        return (self._axis(x, self.design.width, self.card.width), self._axis(y, self.design.height, self.card.height))

    def box(self, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        x1, y1 = self.point(x, y)
        x2, y2 = self.point(x + w, y + h)
        return x1, y1, x2 - x1, y2 - y1

    @cached_property
    def text(self) -> float:
        """How much text grows (or shrinks) from the design card to this one."""
        kx = (self.card.width - 2 * SAFE) / (self.design.width - 2 * SAFE)
        ky = (self.card.height - 2 * SAFE) / (self.design.height - 2 * SAFE)
        return math.sqrt(kx * ky)


class _Problem(Exception):
    """Stops planning one region; carries the diagnostic."""

    def __init__(self, diagnostic: Diagnostic):
        self.diagnostic = diagnostic


# -- drawing operations (millimetres, y down) ---------------------------------------------------

@dataclass(frozen=True)
class RectOp:
    x: float
    y: float
    w: float
    h: float
    fill: Color | None
    stroke: Color | None
    stroke_width: float
    radius: float

    def draw(self, canvas, ox: float, oy: float) -> None:
        if self.fill is None and self.stroke is None:
            return
        canvas.saveState()
        if self.fill is not None:
            canvas.setFillColor(self.fill)
        if self.stroke is not None:
            canvas.setStrokeColor(self.stroke)
            canvas.setLineWidth(self.stroke_width)
        args = (ox + pt(self.x), oy - pt(self.y + self.h), pt(self.w), pt(self.h))
        paint = {"fill": int(self.fill is not None), "stroke": int(self.stroke is not None)}
        if self.radius > 0:
            canvas.roundRect(*args, pt(self.radius), **paint)
        else:
            canvas.rect(*args, **paint)
        canvas.restoreState()


@dataclass(frozen=True)
class LineOp:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Color
    stroke_width: float
    dash: tuple[float, ...] = ()
    head: float = 0.0  # arrowhead length in mm at (x2, y2); 0 for a plain line

    def draw(self, canvas, ox: float, oy: float) -> None:
        canvas.saveState()
        canvas.setStrokeColor(self.stroke)
        canvas.setFillColor(self.stroke)
        canvas.setLineWidth(self.stroke_width)
        if self.dash:
            canvas.setDash(list(self.dash))
        x1, y1, x2, y2 = ox + pt(self.x1), oy - pt(self.y1), ox + pt(self.x2), oy - pt(self.y2)
        if self.head:
            angle = math.atan2(y2 - y1, x2 - x1)
            length, spread = pt(self.head), math.radians(24)
            back = (x2 - length * math.cos(angle) * 0.8, y2 - length * math.sin(angle) * 0.8)
            canvas.line(x1, y1, *back)
            path = canvas.beginPath()
            path.moveTo(x2, y2)
            path.lineTo(x2 - length * math.cos(angle - spread), y2 - length * math.sin(angle - spread))
            path.lineTo(x2 - length * math.cos(angle + spread), y2 - length * math.sin(angle + spread))
            path.close()
            canvas.drawPath(path, fill=1, stroke=0)
        else:
            canvas.line(x1, y1, x2, y2)
        canvas.restoreState()


@dataclass(frozen=True)
class IconOp:
    name: str
    x: float
    y: float
    size: float
    icons: IconSet

    def draw(self, canvas, ox: float, oy: float) -> None:
        self.icons[self.name].draw(canvas, ox + pt(self.x), oy - pt(self.y + self.size), pt(self.size))


@dataclass(frozen=True)
class TextOp:
    x: float
    y: float
    w: float
    h: float
    block: TextBlock
    align: str
    valign: str
    color: Color
    typesetter: Typesetter
    icons: IconSet
    upside_down: bool = False  # turned about the box's centre, to face a player across the table

    def draw(self, canvas, ox: float, oy: float) -> None:
        spare = pt(self.h) - self.block.height
        drop = {"top": 0.0, "middle": spare / 2, "bottom": spare}[self.valign]
        canvas.saveState()
        if self.upside_down:
            cx, cy = ox + pt(self.x + self.w / 2), oy - pt(self.y + self.h / 2)
            canvas.translate(cx, cy)
            canvas.rotate(180)
            canvas.translate(-cx, -cy)
        self.typesetter.draw(canvas, self.block, ox + pt(self.x), oy - pt(self.y) - drop, pt(self.w),
                             self.align, self.color, self.icons)
        canvas.restoreState()


@dataclass(frozen=True)
class Plan:
    """A face ready to draw: its operations in order."""

    ops: tuple

    def draw(self, canvas, ox: float, oy: float) -> None:
        for op in self.ops:
            op.draw(canvas, ox, oy)

    def texts(self) -> list[TextOp]:
        return [op for op in self.ops if isinstance(op, TextOp)]


# -- planning -----------------------------------------------------------------------------------

class CardPainter:
    """Plans and draws the faces of one deck's cards at one card size and bleed."""

    def __init__(self, deck: Deck, library: LayoutLibrary, icons: IconSet, size: Size, bleed: float,
                 edition: str = "play", dpi: float = 300, layouts: Mapping[str, Layout] | None = None):
        self.deck = deck
        self.library = library
        self.icons = icons
        self.size = size
        self.bleed = bleed
        self.edition = edition  # "play": what players see; "proof": ids, sources, provisional badges
        self.art = Art(dpi)  # illustrations, read once, downsampled to the output's dpi
        self._fonts: dict[tuple, Fonts] = {}
        self._typesetters: dict[tuple, Typesetter] = {}
        self._refs: dict[str, dict] = {}
        if layouts is not None:  # already loaded for this size (validation meets a game once per variant)
            self.__dict__["_layouts"] = layouts

    @cached_property
    def _layouts(self) -> Mapping[str, Layout]:
        return layouts_by_type(self.library, self.deck, self.size)

    def layout(self, card_type: str) -> Layout:
        return self._layouts[card_type]

    def front(self, card: Card, copy: int = 1, copies: int | None = None) -> tuple[Plan | None, list[Diagnostic]]:
        """A card's front; a ``per_copy`` layout also sees which copy it is: ``copy`` of ``copies``
        (by default the copies of a full set, which serves every player count)."""
        layout = self.layout(card.type)
        return self._plan(layout.front, layout, self._front_context(card, copy, copies), card, layout.values)

    def _front_context(self, card: Card, copy: int = 1, copies: int | None = None) -> dict[str, Any]:
        context = self._context(card.type) | {"card": thaw(card.fields), "text": card_text(self.deck, card),
                                              "sources": list(card.sources), "provisional": bool(card.provisional)}
        if self.layout(card.type).per_copy:
            context |= {"copy": copy, "copies": self.deck.full_set(card) if copies is None else copies}
        return context

    def art_problems(self, card: Card, read: Callable[[Path], Any] = verify) -> list[Diagnostic]:
        """Problems of the art files the card's front shows, read by ``art.verify`` (not decoded),
        without planning the face: what validation checks. Image regions inside an ``each`` are
        left to the build."""
        layout = self.layout(card.type)
        images = [region for region in layout.front if region.kind == "image"]
        if not images:  # most faces: nothing to evaluate, not even the card's text
            return []
        try:
            front = self._front_context(card)
        except Exception:  # noqa: BLE001 - its text failed: the effects check reports that (effects/lint.py)
            return []
        planner = _Planner(self, layout, card, Frame(layout.design_size, self.size))
        context = planner.values(layout.values, front)
        for region in images if context is not None else ():
            try:
                if planner.value(region, "when", context, True):
                    planner.art_file(region, context, read)
            except _Problem as problem:
                planner.problems.append(problem.diagnostic)
        return planner.problems

    def back(self, card: Card) -> tuple[Plan | None, list[Diagnostic]]:
        """A back shows the card's type and only the fields its layout's ``back_shows`` names
        (what every player sees anyway): a back must not give a hidden card away."""
        layout = self.layout(card.type)
        context = self._context(card.type) | {"card": self.public_fields(card)}
        return self._plan(layout.back, layout, context, None)

    def public_fields(self, card: Card) -> dict[str, Any]:
        return {key: thaw(card.fields[key]) for key in self.layout(card.type).back_shows if key in card.fields}

    def _context(self, card_type: str) -> dict[str, Any]:
        layout = self.layout(card_type)
        ctype = self.deck.manifest.card_types[card_type]
        design = layout.design_size
        return {"W": design.width, "H": design.height, "bleed": self.bleed, "safe": SAFE, "size": self.size.name,
                "colors": dict(layout.colors), "type": card_type, "type_label": ctype.label,
                "game": self.deck.manifest.name, "edition": self.edition, "rules": self.rules, "data": self.data,
                "ref": self.ref, "ref_text": self.ref_text}

    def ref(self, card_id: str) -> dict[str, Any]:
        """Another card's fields, for a card that names it (``ref(card.artefact).name``); raises
        ``LookupError`` (reported at the layout's line) for an unknown id."""
        if card_id not in self._refs:
            self._refs[card_id] = thaw(self._referenced(card_id).fields)
        return self._refs[card_id]

    def ref_text(self, card_id: str) -> dict[str, str]:
        """Another card's generated text, per effect field."""
        return card_text(self.deck, self._referenced(card_id))

    def _referenced(self, card_id: Any) -> Card:
        card = self.deck.get(card_id) if isinstance(card_id, str) else None
        if card is None:
            raise LookupError(f"no card '{card_id}'{did_you_mean(str(card_id), [c.id for c in self.deck])}")
        return card

    @cached_property
    def rules(self) -> dict[str, Any]:
        """The game's rule parameters (the manifest's ``rules:``, overlaid by the variant's)."""
        return thaw(self.deck.rules)

    @cached_property
    def data(self) -> dict[str, Any]:
        """The deck's data files (a map, tables) by name, as the manifest's ``data:`` names them."""
        return thaw(self.deck.data)

    def _plan(self, regions, layout: Layout, context: dict, card: Card | None,
              values: Mapping[str, tuple[Any, Location]] = MappingProxyType({})
              ) -> tuple[Plan | None, list[Diagnostic]]:
        planner = _Planner(self, layout, card, Frame(layout.design_size, self.size))
        context = planner.values(values, context)
        if context is None:
            return None, planner.problems
        ops = planner.regions(regions, context, 0.0, 0.0, top=True)
        errors = any(p.is_error for p in planner.problems)
        return (None if errors else Plan(tuple(ops))), planner.problems

    def fonts(self, layout: Layout) -> Fonts:
        """Layouts with the same font files share one ``Fonts`` (and so their typesetters): equal
        faces then plan equal, and a back shared by several card types is stored once."""
        key = tuple(sorted(layout.fonts.items()))
        if key not in self._fonts:
            self._fonts[key] = Fonts(dict(layout.fonts))
        return self._fonts[key]

    def typesetter(self, layout: Layout, regular: str, bold: str, leading: float) -> Typesetter:
        fonts = self.fonts(layout)
        key = (id(fonts), regular, bold, leading)
        if key not in self._typesetters:
            self._typesetters[key] = Typesetter(fonts, regular, bold, leading)
        return self._typesetters[key]

    def card_location(self, card: Card) -> Location:
        return text_location(self.deck, card)


def text_location(deck: Deck, card: Card) -> Location:
    """Where a designer fixes a card's text: its ``text:`` override, else its effects, else the card."""
    for key in ("text", *deck.manifest.card_types[card.type].effect_fields):
        if card.part(key) is not None:
            return deck.locate(card, *field_path(key))
    return deck.locate(card)


class _Planner:
    def __init__(self, painter: CardPainter, layout: Layout, card: Card | None, frame: Frame):
        self.painter = painter
        self.layout = layout
        self.card = card
        self.frame = frame
        self.problems: list[Diagnostic] = []  # errors and warnings
        self.warnings = self.problems

    # -- diagnostics
    def _who(self) -> str:
        return f"card '{self.card.id}'" if self.card else "back"

    def layout_problem(self, region: Region, key: str, message: str) -> _Problem:
        loc = region.at(key)
        return _Problem(error(loc.path, loc.line, loc.col, "layout",
                              f"{self._who()}: region '{region.name}': {message}"))

    def card_problem(self, region: Region, code: str, message: str) -> _Problem:
        if self.card is None:
            return self.layout_problem(region, "text", message)
        loc = self.painter.card_location(self.card)
        layout_at = region.location
        return _Problem(error(loc.path, loc.line, loc.col, code,
                              f"card '{self.card.id}': region '{region.name}' ({layout_at}): {message}"))

    # -- values
    def values(self, values: Mapping[str, tuple[Any, Location]], context: dict) -> dict | None:
        """The context with the layout's ``values:`` added, each evaluated after the ones before it;
        ``None`` (and a problem at the value's line) when one fails or would hide a name."""
        for name, (source, loc) in values.items():
            try:
                if name in context:
                    raise ExpressionError(f"the name '{name}' is taken (a template already sees it): rename the value")
                context = context | {name: evaluate(source, context)}
            except ExpressionError as exc:
                self.problems.append(error(loc.path, loc.line, loc.col, "layout", f"{self._who()}: value '{name}': {exc}"))
                return None
        return context

    def value(self, region: Region, key: str, context: dict, default: Any = None, how: Callable = evaluate) -> Any:
        if key not in region.props:
            return default
        try:
            return how(region.props[key], context)
        except ExpressionError as exc:
            raise self.layout_problem(region, key, str(exc)) from None

    def number(self, region: Region, key: str, context: dict, default: float | None = None) -> float:
        value = self.value(region, key, context, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not -LIMIT <= value <= LIMIT:
            raise self.layout_problem(region, key, f"{key} must be a number within ±{LIMIT:,} (mm, or pt for "
                                                   f"sizes), got {excerpt(value)}")
        return float(value)

    def color(self, region: Region, key: str, context: dict, default: str | None) -> Color | None:
        value = self.value(region, key, context, default, how=render)
        if value is None or value == "none":
            return None
        value = self.layout.colors.get(str(value), value)
        try:
            return _color(str(value))
        except ValueError:
            raise self.layout_problem(region, key, f"unknown colour {excerpt(value)}"
                                                   f"{did_you_mean(value, self.layout.colors)}") from None

    def design_box(self, region: Region, context: dict, dx: float, dy: float) -> tuple[float, float, float, float]:
        """The region's box in the layout's design millimetres (``dx``, ``dy``: an ``each`` cell's corner)."""
        return (dx + self.number(region, "x", context), dy + self.number(region, "y", context),
                self.number(region, "width", context), self.number(region, "height", context))

    def box(self, region: Region, context: dict, dx: float, dy: float) -> tuple[float, float, float, float]:
        """The region's box on the printed card."""
        return self.frame.box(*self.design_box(region, context, dx, dy))

    # -- regions
    def regions(self, regions, context: dict, dx: float, dy: float, top: bool) -> list:
        ops: list = []
        for region in regions:
            try:
                if not self.value(region, "when", context, True):
                    continue
                new = getattr(self, f"_{region.kind}")(region, context, dx, dy)
                if top and region.kind in ("rect", "line", "image"):
                    self._check_border(region, new)
                elif top:
                    self._check_safe(region, new)
                ops += new
            except _Problem as problem:
                self.problems.append(problem.diagnostic)
        return ops

    def _check_safe(self, region: Region, ops: list) -> None:
        size = self.painter.size
        for op in ops:
            x, y, w, h = (op.x, op.y, op.w, op.h) if isinstance(op, (TextOp, RectOp)) else \
                         (op.x, op.y, op.size, op.size) if isinstance(op, IconOp) else (None,) * 4
            if x is None:
                continue
            if x < SAFE - 1e-6 or y < SAFE - 1e-6 or x + w > size.width - SAFE + 1e-6 or y + h > size.height - SAFE + 1e-6:
                raise self.layout_problem(region, "x", f"reaches outside the safe zone ({SAFE:.3f} mm inside "
                                                        f"the trim, print-and-play-notes.md §4.2)")

    def _check_border(self, region: Region, ops: list) -> None:
        """Warn about ink that ends within ``BORDER_ZONE`` of the trim: a cut 1-2 mm off, or a
        back shifted by a duplex printer, shows it as an uneven border or a sliver of another
        colour. Paint that reaches the bleed's edge and goes on at least that far into the card is
        safe (a background, a band, a frame drawn from the bleed)."""
        size, bleed = self.painter.size, self.painter.bleed
        for op in ops:
            for side, (outer, inner) in ink_extent(op, size).items():
                if inner <= 0 or outer >= BORDER_ZONE:
                    continue  # nothing visible on the card there, or clear of the trim
                if outer <= -bleed + 1e-6 and inner >= BORDER_ZONE - 1e-6:
                    continue
                loc = region.at("x")
                self.warnings.append(warning(
                    loc.path, loc.line, loc.col, "border",
                    f"region '{region.name}' paints from {outer:.1f} to {inner:.1f} mm inside the {side} trim "
                    f"(negative: in the bleed): a cut or a duplex shift of 1-2 mm shows there. Keep its edges "
                    f"{BORDER_ZONE:g} mm or more inside the trim, or paint it from the bleed's edge (-bleed) to "
                    f"{BORDER_ZONE:g} mm or more inside"))
                return

    def _rect(self, region: Region, context: dict, dx: float, dy: float) -> list:
        x, y, w, h = self.box(region, context, dx, dy)
        return [RectOp(x, y, w, h, self.color(region, "fill", context, None), self.color(region, "stroke", context, None),
                       self.number(region, "stroke_width", context, 0.5),
                       self.number(region, "radius", context, 0.0) * self.frame.text)]

    def _line(self, region: Region, context: dict, dx: float, dy: float) -> list:
        x, y, w, h = self.box(region, context, dx, dy)
        dash = tuple(region.props.get("dash", ()))
        return [LineOp(x, y, x + w, y + h, self.color(region, "stroke", context, "black"),
                       self.number(region, "stroke_width", context, 0.5), dash)]

    def _icon_name(self, region: Region, context: dict) -> str:
        name = str(self.value(region, "icon", context, how=render))
        if name not in self.painter.icons:
            raise self.layout_problem(region, "icon", f"unknown icon '{name}'{did_you_mean(name, self.painter.icons.names())}")
        return name

    def _icon(self, region: Region, context: dict, dx: float, dy: float) -> list:
        x, y, w, h = self.box(region, context, dx, dy)
        size = min(w, h)
        return [IconOp(self._icon_name(region, context), x + (w - size) / 2, y + (h - size) / 2, size, self.painter.icons)]

    def _image(self, region: Region, context: dict, dx: float, dy: float) -> list:
        x, y, w, h = self.box(region, context, dx, dy)
        art = self.painter.art
        name, path = self.art_file(region, context, art.load)
        fit = self.value(region, "fit", context, "fit", how=render)
        if fit not in FITS:
            raise self.layout_problem(region, "fit", f"fit is one of {', '.join(FITS)}, got {fit!r}")
        if not path.is_file():
            self.warnings.append(self._art_diagnostic(
                region, warning, f"no file '{name}' in {path.parent}: a placeholder is printed"))
            return [ImageOp(x, y, w, h, None, fit, name, art)]
        return [ImageOp(x, y, w, h, path, fit, name, art)]

    def art_file(self, region: Region, context: dict, read: Callable[[Path], Any]) -> tuple[str, Path]:
        """The image region's ``src`` and its file in the game's folder, ``read`` when it exists;
        a path leading out of the folder, or a file that ``read`` fails on, is an error."""
        name = str(self.value(region, "src", context, how=render))
        try:
            path = resolve(self.painter.deck.manifest.path.parent, name)
            if path.is_file():
                read(path)
        except ArtError as exc:
            raise _Problem(self._art_diagnostic(region, error, str(exc))) from None
        return name, path

    def _art_diagnostic(self, region: Region, severity, message: str) -> Diagnostic:
        """At the card's field when the path is one (``src: "{{ card.art }}"``), else at the layout's ``src``."""
        field = _CARD_FIELD.match(str(region.props["src"]))
        if self.card is not None and field and field[1] in self.card.fields:
            loc = self.painter.deck.locate(self.card, field[1])
        else:
            loc = region.at("src")
        return severity(loc.path, loc.line, loc.col, "art", f"{self._who()}: region '{region.name}': {message}")

    def _icons(self, region: Region, context: dict, dx: float, dy: float) -> list:
        x, y, w, h = self.box(region, context, dx, dy)
        count = self.value(region, "count", context)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise self.layout_problem(region, "count", f"count must be a whole number ≥ 0, got {count!r}")
        if count == 0:
            return []
        name = self._icon_name(region, context)
        gap = 0.15
        size = min(h, w / (count + gap * (count - 1)))
        used = size * (count + gap * (count - 1))
        align = self.value(region, "align", context, "center", how=render)
        start = x + {"left": 0.0, "center": (w - used) / 2, "right": w - used}.get(align, 0.0)
        top = y + (h - size) / 2
        return [IconOp(name, start + i * size * (1 + gap), top, size, self.painter.icons) for i in range(count)]

    def _text(self, region: Region, context: dict, dx: float, dy: float) -> list:
        x, y, w, h = self.box(region, context, dx, dy)
        raw = self.value(region, "text", context, how=render)
        text = "" if raw is None else str(raw)
        if not text.strip():
            return []
        size = self.number(region, "size", context, DEFAULT_SIZE)
        floor = self.number(region, "min_size", context, FLOOR)
        if floor < FLOOR or size < FLOOR:
            raise self.layout_problem(region, "min_size" if floor < FLOOR else "size",
                                      f"text is never printed below {FLOOR:g} pt (DESIGN.md §5)")
        # the design's sizes scale with the card; its floor may go down with a smaller card (never
        # below 6 pt) but not up with a larger one, whose boxes may grow less in one direction
        floor = max(FLOOR, round(floor * min(1.0, self.frame.text), 1))
        size = max(floor, round(size * self.frame.text, 1))
        regular = str(self.value(region, "font", context, "regular", how=render))
        bold = str(self.value(region, "bold_font", context, "bold", how=render))
        fonts = self.painter.fonts(self.layout)
        for face, key in ((regular, "font"), (bold, "bold_font")):
            if face not in fonts.files:
                raise self.layout_problem(region, key, f"unknown font '{face}'{did_you_mean(face, fonts.names())}")
        try:
            markup = checked(text, fonts, self.painter.icons, regular, bold)
        except TextProblem as problem:
            raise self.card_problem(region, problem.code, problem.message) from None
        leading = self.number(region, "leading", context, 1.2)
        typesetter = self.painter.typesetter(self.layout, regular, bold, leading)
        block = typesetter.fit(markup, pt(w), pt(h), size, floor)
        if block is None and self.value(region, "overflow", context, "error", how=render) == "ellipsis":
            block = typesetter.fit_shortened(markup, pt(w), pt(h), floor)
        if block is None:
            raise self.card_problem(region, "text-overflow", f"text does not fit in {w:.1f} × {h:.1f} mm even at "
                                                             f"{floor:g} pt: shorten it or enlarge the region")
        align = self.value(region, "align", context, "left", how=render)
        valign = self.value(region, "valign", context, "top", how=render)
        rotate = self.value(region, "rotate", context, 0)
        return [TextOp(x, y, w, h, block, align, valign, self.color(region, "color", context, "black"),
                       typesetter, self.painter.icons, rotate == 180)]

    def _each(self, region: Region, context: dict, dx: float, dy: float) -> list:
        x, y, w, h = self.design_box(region, context, dx, dy)  # cells are planned in design millimetres
        ids = self.value(region, "items", context)
        if isinstance(ids, str) or not isinstance(ids, (list, tuple, range)):
            raise self.layout_problem(region, "items", f"items must give a list (card ids or values), got {excerpt(ids)}")
        if len(ids) > MAX_CELLS:
            raise self.layout_problem(region, "items", f"{len(ids):,} items: a card holds at most {MAX_CELLS:,} cells")
        items = [self._item(region, value) for value in ids]
        columns = int(self.number(region, "columns", context, 1))
        rows = int(self.number(region, "rows", context, max(1, math.ceil(len(items) / max(columns, 1)))))
        gap = self.number(region, "gap", context, 0.0)
        cw, ch = (w - gap * (columns - 1)) / columns, (h - gap * (rows - 1)) / rows
        cells: dict[Any, tuple[float, float]] = {}
        ops: list = []
        for index, (key, item, item_text) in enumerate(items):
            item_context = context | {"item": item, "item_text": item_text, "index": index, "W": cw, "H": ch}
            row = int(self.number(region, "row", item_context, index // columns + 1))
            column = int(self.number(region, "column", item_context, index % columns + 1))
            if not (1 <= row <= rows and 1 <= column <= columns):
                raise self.layout_problem(region, "row", f"item {key!r} is placed at row {row}, column {column}, "
                                                         f"outside the {rows} × {columns} grid")
            cx, cy = x + (column - 1) * (cw + gap), y + (row - 1) * (ch + gap)
            if isinstance(key, str):  # a card: arrows may start or end here
                cells[key] = (cx, cy)
            ops += self.regions(region.children, item_context, cx, cy, top=False)
        if "arrows" in region.props:
            ops += self._arrows(region, context, items, cells, cw, ch)
        return ops

    def _item(self, region: Region, value: Any) -> tuple[Any, Any, dict]:
        """An ``each`` item: a string is a card id (the cell sees that card), anything else a plain value."""
        if not isinstance(value, str):
            return value, value, {}
        try:
            return value, self.painter.ref(value), self.painter.ref_text(value)
        except LookupError as exc:
            raise self.layout_problem(region, "items", str(exc)) from None

    def _arrows(self, region: Region, context: dict, items: list, cells: dict, cw: float, ch: float) -> list:
        color = self.color(region, "stroke", context, "black")
        width = self.number(region, "stroke_width", context, 0.8)
        ops = []
        for key, item, _ in items:
            for source in self.value(region, "arrows", context | {"item": item}) or ():
                if source in cells:  # a prerequisite printed elsewhere has no arrow on this card
                    arrow = arrow_between(cells[source], cells[key], cw, ch, color, width)
                    (x1, y1), (x2, y2) = self.frame.point(arrow.x1, arrow.y1), self.frame.point(arrow.x2, arrow.y2)
                    ops.append(replace(arrow, x1=x1, y1=y1, x2=x2, y2=y2))
        return ops


def ink_extent(op, size: Size) -> dict[str, tuple[float, float]]:
    """For each side of the card, where an operation's ink starts and ends, in millimetres inwards
    from that side's trim (negative: in the bleed). A line counts for the sides it runs along."""
    if isinstance(op, LineOp):
        half = op.stroke_width / MM / 2
        if abs(op.x1 - op.x2) < 1e-6:
            return {"left": (op.x1 - half, op.x1 + half),
                    "right": (size.width - op.x1 - half, size.width - op.x1 + half)}
        if abs(op.y1 - op.y2) < 1e-6:
            return {"top": (op.y1 - half, op.y1 + half),
                    "bottom": (size.height - op.y1 - half, size.height - op.y1 + half)}
        return {}
    if not hasattr(op, "w"):
        return {}
    stroke = getattr(op, "stroke", None)
    half = op.stroke_width / MM / 2 if stroke is not None else 0.0
    edges = {"left": op.x, "top": op.y, "right": size.width - op.x - op.w, "bottom": size.height - op.y - op.h}
    opposite = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}
    length = {"left": size.width, "right": size.width, "top": size.height, "bottom": size.height}
    if getattr(op, "fill", True) is None:  # an outline: ink along each edge only
        return {side: (edge - half, edge + half) for side, edge in edges.items()}
    return {side: (edge - half, length[side] - edges[opposite[side]] + half) for side, edge in edges.items()}


def arrow_between(a: tuple[float, float], b: tuple[float, float], cw: float, ch: float, color, width) -> LineOp:
    """An arrow from the cell whose top-left corner is ``a`` to the one at ``b`` (cells ``cw`` × ``ch`` mm),
    starting and ending just outside both cells."""
    (ax, ay), (bx, by) = (a[0] + cw / 2, a[1] + ch / 2), (b[0] + cw / 2, b[1] + ch / 2)
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)

    def exit_distance() -> float:
        tx = (cw / 2) / abs(dx) if dx else math.inf
        ty = (ch / 2) / abs(dy) if dy else math.inf
        return min(tx, ty) * length

    out = exit_distance() + 0.4
    ux, uy = dx / length, dy / length
    return LineOp(ax + ux * out, ay + uy * out, bx - ux * out, by - uy * out, color, width, head=1.6)


def layouts_by_type(library: LayoutLibrary, deck: Deck, size: Size) -> dict[str, Layout]:
    return {t: library.for_type(deck.game, t, size.name) for t in deck.manifest.card_types}


def check_art(deck: Deck) -> list[Diagnostic]:
    """For ``cardtools validate``: every art file a card's front shows that exists is readable as an
    image (``CardPainter.art_problems``; a missing file is the build's warning, a placeholder prints).
    Art is looked up at the default card size (poker): a size's layout overrides are the build's."""
    size = CARD_SIZES["poker"]
    try:
        layouts = deck.workspace.memo(("layouts", deck.game, size.name, *deck.manifest.card_types),
                                      lambda: layouts_by_type(LayoutLibrary(deck.workspace), deck, size))
        painter = CardPainter(deck, LayoutLibrary(deck.workspace), IconSet(()), size, 0.0, layouts=layouts)
    except DiagnosticError:
        return []  # a layout mistake: the layout check reports it

    def read(path: Path) -> None:
        """``verify``, once per file (while unchanged) however many variants show it."""
        stat = path.stat()
        message = deck.workspace.memo(("art", path, stat.st_mtime_ns, stat.st_size), lambda: _unreadable(path))
        if message is not None:
            raise ArtError(message)

    return [problem for card in deck.cards for problem in painter.art_problems(card, read)]


def _unreadable(path: Path) -> str | None:
    try:
        verify(path)
    except ArtError as exc:
        return str(exc)
    return None

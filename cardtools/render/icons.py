"""Vector icons: small SVG files in ``templates/icons/``, drawn as PDF vector paths.

Only a strict subset of SVG is read — ``<svg viewBox>``, ``<g>``, ``<path>`` (M L H V C S Q T Z,
absolute and relative), ``<circle>``, ``<ellipse>``, ``<rect>`` (with ``rx``), ``<line>``,
``<polyline>``, ``<polygon>`` and the presentation attributes ``fill``, ``stroke``,
``stroke-width``, ``stroke-linecap``, ``stroke-linejoin`` — so that every icon looks the same in
every renderer and no SVG library is needed. Anything else is reported with its file position
instead of being silently dropped (a Squib complaint, print-and-play-notes.md §2.7).

An icon is small, so anything beyond the limits below is refused rather than read: a file that
is not a regular file (a symlink to ``/dev/zero``), a DOCTYPE (entities), too many bytes,
elements, nesting levels or path segments, and numbers that are not finite or are out of range
(a ``viewBox`` of ``1e-320`` would scale the drawing to infinity).
"""

from __future__ import annotations

import math
import re
import stat
from xml.parsers import expat
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from reportlab.lib.colors import Color, toColor

from cardtools.core.diagnostics import Diagnostic, error, excerpt

FOLDER = "templates/icons"
_INHERITED = ("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin")
_IGNORED = ("title", "desc", "metadata")
_SHAPES = ("path", "circle", "ellipse", "rect", "line", "polyline", "polygon")
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtZzAa]|[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "Z": 0}

MAX_BYTES = 256 * 1024
MAX_ELEMENTS = 1_000
MAX_DEPTH = 16
MAX_SEGMENTS = 2_000
#: Coordinates, sizes and widths lie within ±LIMIT; a viewBox is at least SMALLEST wide and high.
LIMIT = 1e6
SMALLEST = 1e-3


class IconError(ValueError):
    pass


@dataclass(frozen=True)
class Shape:
    """One filled and/or stroked outline, as path segments in the icon's viewBox units."""

    segments: tuple[tuple, ...]  # ("M", x, y) / ("L", x, y) / ("C", x1, y1, x2, y2, x, y) / ("Z",)
    fill: Color | None
    stroke: Color | None
    width: float
    cap: int
    join: int


@dataclass(frozen=True)
class Icon:
    name: str
    path: Path
    box: tuple[float, float, float, float]  # viewBox x, y, width, height
    shapes: tuple[Shape, ...]

    def draw(self, canvas, x: float, y: float, size: float) -> None:
        """Draw into the square whose lower-left corner is (x, y), ``size`` points wide."""
        bx, by, bw, bh = self.box
        scale = size / max(bw, bh)
        canvas.saveState()
        canvas.translate(x + (size - bw * scale) / 2, y + size - (size - bh * scale) / 2)
        canvas.scale(scale, -scale)  # SVG's y axis points down
        canvas.translate(-bx, -by)
        for shape in self.shapes:
            path = canvas.beginPath()
            for seg in shape.segments:
                {"M": path.moveTo, "L": path.lineTo, "C": path.curveTo, "Z": lambda: path.close()}[seg[0]](*seg[1:])
            if shape.fill is not None:
                canvas.setFillColor(shape.fill)
            if shape.stroke is not None:
                canvas.setStrokeColor(shape.stroke)
                canvas.setLineWidth(shape.width)
                canvas.setLineCap(shape.cap)
                canvas.setLineJoin(shape.join)
            canvas.drawPath(path, fill=shape.fill is not None, stroke=shape.stroke is not None)
        canvas.restoreState()


class IconSet:
    """Every ``*.svg`` in the given folders by file stem; earlier folders win (workspace first)."""

    def __init__(self, directories: Iterable[Path]):
        self.icons: dict[str, Icon] = {}
        self.problems: list[Diagnostic] = []
        for directory in directories:
            for path in sorted(Path(directory).glob("*.svg")):
                if path.stem in self.icons:
                    continue
                try:
                    self.icons[path.stem] = parse_icon(path)
                except IconError as exc:
                    line, message = exc.args
                    self.problems.append(error(path, line, 1, "icon", message))

    def names(self) -> list[str]:
        return sorted(self.icons)

    def __contains__(self, name: str) -> bool:
        return name in self.icons

    def __getitem__(self, name: str) -> Icon:
        return self.icons[name]


@dataclass
class _Element:
    tag: str
    attrib: dict
    line: int
    children: list["_Element"]

    def get(self, name: str, default=None):
        return self.attrib.get(name, default)

    def __iter__(self):
        return iter(self.children)


def _parse_xml(data: bytes) -> _Element:
    """A minimal element tree that remembers each element's line (for error positions), within the
    limits on elements and nesting; a DOCTYPE (and so any entity) is refused."""
    parser = expat.ParserCreate(namespace_separator="}")
    stack: list[_Element] = [_Element("", {}, 0, [])]
    count = 0

    def start(tag, attrs):
        nonlocal count
        count += 1
        if count > MAX_ELEMENTS or len(stack) > MAX_DEPTH:
            raise IconError(parser.CurrentLineNumber, f"more than {MAX_ELEMENTS:,} elements or {MAX_DEPTH} levels "
                                                      "of nesting: icons are small drawings")
        element = _Element(tag.split("}")[-1], attrs, parser.CurrentLineNumber, [])
        stack[-1].children.append(element)
        stack.append(element)

    def doctype(*_):
        raise IconError(parser.CurrentLineNumber, "a DOCTYPE is not allowed: icons use no entities")

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: stack.pop()
    parser.StartDoctypeDeclHandler = doctype
    parser.Parse(data, True)
    return stack[0].children[0]


def _read(path: Path) -> bytes:
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise IconError(1, "not a regular file")
        if info.st_size > MAX_BYTES:
            raise IconError(1, f"larger than {MAX_BYTES // 1024} KiB: icons are small drawings")
        return path.read_bytes()
    except OSError as exc:
        raise IconError(1, f"cannot read the icon: {exc.strerror or exc}") from None


def parse_icon(path: Path) -> Icon:
    try:
        root = _parse_xml(_read(path))
    except expat.ExpatError as exc:
        raise IconError(exc.lineno, f"not well-formed XML: {expat.ErrorString(exc.code)}") from None
    if root.tag != "svg":
        raise IconError(1, "the root element must be <svg>")
    try:
        box = tuple(number(v) for v in root.get("viewBox", "").replace(",", " ").split())
    except ValueError:
        box = ()
    if len(box) != 4 or box[2] < SMALLEST or box[3] < SMALLEST:
        raise IconError(root.line, f"<svg> needs a viewBox of four numbers within ±{LIMIT:g}, with a width and "
                                   f"height of at least {SMALLEST:g}")
    shapes: list[Shape] = []
    _walk(root, {"fill": "black", "stroke": "none", "stroke-width": "1"}, shapes)
    if sum(len(shape.segments) for shape in shapes) > MAX_SEGMENTS:
        raise IconError(root.line, f"more than {MAX_SEGMENTS:,} path segments: icons are small drawings")
    return Icon(path.stem, path, box, tuple(shapes))  # type: ignore[arg-type]


def number(text: str) -> float:
    """An SVG number: finite and within ±LIMIT, else ValueError."""
    value = float(text)
    if not math.isfinite(value) or abs(value) > LIMIT:
        raise ValueError(f"{text[:20]!r} is not a number within ±{LIMIT:g}")
    return value


def _walk(element: _Element, inherited: dict, shapes: list[Shape]) -> None:
    style = {**inherited, **{k: v for k, v in element.attrib.items() if k in _INHERITED}}
    for child in element:
        tag, line = child.tag, child.line
        if tag in _IGNORED:
            continue
        if tag == "g":
            _walk(child, style, shapes)
        elif tag in _SHAPES:
            own = {**style, **{k: v for k, v in child.attrib.items() if k in _INHERITED}}
            unknown = set(child.attrib) - set(_INHERITED) - set(_GEOMETRY[tag]) - {"id", "class"}
            if unknown:
                raise IconError(line, f"<{tag}>: unsupported attribute(s) {', '.join(sorted(unknown))}; "
                                "icons use plain geometry and presentation attributes")
            try:
                segments = _SEGMENTS[tag](child)
                fill, stroke, width = _color(own["fill"]), _color(own["stroke"]), number(own["stroke-width"])
            except (TypeError, ValueError) as exc:
                raise IconError(line, f"<{tag}>: {exc}") from None
            shapes.append(Shape(tuple(segments), fill, stroke, width, _CAPS.get(own.get("stroke-linecap", "butt"), 0),
                                _JOINS.get(own.get("stroke-linejoin", "miter"), 0)))
        else:
            raise IconError(line, f"unsupported element <{tag}>: icons use path, circle, ellipse, rect, line, "
                            "polyline, polygon and g")


def _color(value: str) -> Color | None:
    if value in ("none", "transparent"):
        return None
    try:
        return toColor(value)
    except ValueError:
        raise ValueError(f"unknown colour {excerpt(value)}") from None


def _num(element, name: str, default: float | None = None) -> float:
    value = element.get(name)
    if value is None:
        if default is None:
            raise ValueError(f"missing attribute '{name}'")
        return default
    return number(value)


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[tuple]:
    k = 0.5522847498  # cubic Bézier approximation of a quarter circle
    return [("M", cx + rx, cy),
            ("C", cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry),
            ("C", cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy),
            ("C", cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry),
            ("C", cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy), ("Z",)]


def _rect(e) -> list[tuple]:
    x, y, w, h = _num(e, "x", 0), _num(e, "y", 0), _num(e, "width"), _num(e, "height")
    r = min(_num(e, "rx", _num(e, "ry", 0)), w / 2, h / 2)
    if r <= 0:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    k = 0.5522847498 * r
    return [("M", x + r, y), ("L", x + w - r, y), ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r),
            ("L", x + w, y + h - r), ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
            ("L", x + r, y + h), ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r),
            ("L", x, y + r), ("C", x, y + r - k, x + r - k, y, x + r, y), ("Z",)]


def _points(e, closed: bool) -> list[tuple]:
    values = [number(v) for v in e.get("points", "").replace(",", " ").split()]
    if len(values) < 4 or len(values) % 2:
        raise ValueError("'points' needs pairs of numbers")
    pairs = list(zip(values[::2], values[1::2]))
    return [("M", *pairs[0])] + [("L", *p) for p in pairs[1:]] + ([("Z",)] if closed else [])


def parse_path(d: str) -> list[tuple]:
    """SVG path data → absolute M/L/C/Z segments (quadratic curves raised to cubic)."""
    leftover = _TOKEN.sub(" ", d).replace(",", " ").strip()
    if leftover:
        raise ValueError(f"unexpected '{leftover.split()[0]}' in path data")
    tokens = _TOKEN.findall(d)
    out: list[tuple] = []
    x = y = sx = sy = 0.0
    last_ctrl: tuple[float, float] | None = None
    last_cmd = ""
    i = 0
    cmd = ""
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd.upper() == "A":
                raise ValueError("arc commands (A) are not supported: use <circle>/<ellipse> or curves")
        elif not cmd:
            raise ValueError("path data must start with a command")
        upper, rel = cmd.upper(), cmd.islower()
        n = _ARGS[upper]
        if len(tokens[i:i + n]) < n or any(t.isalpha() for t in tokens[i:i + n]):
            raise ValueError(f"command '{cmd}' needs {n} numbers")
        args = [number(t) for t in tokens[i:i + n]]
        i += n
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if upper == "M":
            x, y = ox + args[0], oy + args[1]
            sx, sy = x, y
            out.append(("M", x, y))
            cmd = "l" if rel else "L"  # further pairs are line-tos
        elif upper == "L":
            x, y = ox + args[0], oy + args[1]
            out.append(("L", x, y))
        elif upper == "H":
            x = (x if rel else 0.0) + args[0]
            out.append(("L", x, y))
        elif upper == "V":
            y = (y if rel else 0.0) + args[0]
            out.append(("L", x, y))
        elif upper in ("C", "S"):
            if upper == "C":
                c1 = (ox + args[0], oy + args[1])
                c2, end = (ox + args[2], oy + args[3]), (ox + args[4], oy + args[5])
            else:
                c1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_cmd in "CS" and last_ctrl else (x, y)
                c2, end = (ox + args[0], oy + args[1]), (ox + args[2], oy + args[3])
            out.append(("C", *c1, *c2, *end))
            last_ctrl, (x, y) = c2, end
        elif upper in ("Q", "T"):
            if upper == "Q":
                q, end = (ox + args[0], oy + args[1]), (ox + args[2], oy + args[3])
            else:
                q = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_cmd in "QT" and last_ctrl else (x, y)
                end = (ox + args[0], oy + args[1])
            c1 = (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y))
            c2 = (end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]))
            out.append(("C", *c1, *c2, *end))
            last_ctrl, (x, y) = q, end
        else:  # Z
            out.append(("Z",))
            x, y = sx, sy
        last_cmd = upper
        if upper not in "CSQT":
            last_ctrl = None
        if n == 0 and i < len(tokens) and not tokens[i].isalpha():
            raise ValueError("numbers after Z")
    return out


_SEGMENTS = {
    "path": lambda e: parse_path(e.get("d", "")),
    "circle": lambda e: _ellipse(_num(e, "cx", 0), _num(e, "cy", 0), _num(e, "r"), _num(e, "r")),
    "ellipse": lambda e: _ellipse(_num(e, "cx", 0), _num(e, "cy", 0), _num(e, "rx"), _num(e, "ry")),
    "rect": _rect,
    "line": lambda e: [("M", _num(e, "x1", 0), _num(e, "y1", 0)), ("L", _num(e, "x2", 0), _num(e, "y2", 0))],
    "polyline": lambda e: _points(e, closed=False),
    "polygon": lambda e: _points(e, closed=True),
}
_GEOMETRY = {
    "path": ("d",), "circle": ("cx", "cy", "r"), "ellipse": ("cx", "cy", "rx", "ry"),
    "rect": ("x", "y", "width", "height", "rx", "ry"), "line": ("x1", "y1", "x2", "y2"),
    "polyline": ("points",), "polygon": ("points",),
}

"""Card text on paper: ``**bold**`` spans and ``{icon}`` tokens, wrapped and fitted into a box.

The font size is searched (largest that fits, in 0.1 pt steps) between a region's size and its
floor — never below 6 pt — instead of reportlab's ``KeepInFrame(shrink)``, which has no floor and
scales the canvas (print-and-play-notes.md §5.3.5). Icons are vector drawings one em high, sitting
on the baseline like a letter with a small descender; an icon glued to a word (``3{coin}``)
never wraps away from it. ``\\n`` starts a paragraph. A backslash prints the next ``{``, ``}``,
``*`` or ``\\`` as it is: ``Big \\{Deal\\}`` prints "Big {Deal}".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from reportlab.pdfbase import pdfmetrics

from cardtools.core.diagnostics import Diagnostic, did_you_mean, error
from cardtools.render.fonts import Fonts
from cardtools.render.icons import FOLDER as ICONS

#: The smallest printed text size anywhere (DESIGN.md §5).
FLOOR = 6.0
ICON_EM = 1.0  # icon height in ems
ICON_DROP = 0.15  # how far an icon reaches below the baseline, in ems
ICON_PAD = 0.06  # space on each side of an icon, in ems
PARAGRAPH_GAP = 0.35  # extra space between paragraphs, in ems
_MARKUP = re.compile(r"\\[{}*\\]|\*\*|\{([^{}\s]*)\}|\n|[ \t]+|[^*{}\\\n \t]+|[*{}\\]")


class MarkupError(ValueError):
    pass


class TextProblem(ValueError):
    """Text that cannot be printed: bad markup, an unknown icon or a missing glyph (a preflight error)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Piece:
    kind: str  # "text" or "icon"
    value: str
    bold: bool = False


Word = tuple[Piece, ...]


@dataclass(frozen=True)
class Markup:
    paragraphs: tuple[tuple[Word, ...], ...]

    @property
    def pieces(self) -> list[Piece]:
        return [p for para in self.paragraphs for word in para for p in word]

    def icons(self) -> list[str]:
        return list(dict.fromkeys(p.value for p in self.pieces if p.kind == "icon"))

    def strings(self, bold: bool) -> str:
        return "".join(p.value for p in self.pieces if p.kind == "text" and p.bold == bold)


def parse(text: str) -> Markup:
    """Split card text into paragraphs of words; raises ``MarkupError`` on unbalanced markup."""
    paragraphs: list[tuple[Word, ...]] = []
    words: list[Word] = []
    word: list[Piece] = []
    bold = False
    for match in _MARKUP.finditer(text):
        token = match.group(0)
        if token[0] == "\\":  # an escaped character, or a lone backslash
            word.append(Piece("text", token[-1], bold))
        elif token == "**":
            bold = not bold
        elif match.group(1) is not None:
            if not match.group(1):
                raise MarkupError("empty icon token '{}'")
            word.append(Piece("icon", match.group(1), bold))
        elif token in ("{", "}", "*"):
            if token == "*":
                word.append(Piece("text", "*", bold))
            else:
                raise MarkupError(f"unmatched '{token}': icons are written {{name}}, e.g. {{coin}}; "
                                  f"write \\{token} to print it")
        elif token == "\n" or token.isspace():
            if word:
                words.append(tuple(word))
                word = []
            if token == "\n":
                paragraphs.append(tuple(words))
                words = []
        else:
            word.append(Piece("text", token, bold))
    if bold:
        raise MarkupError("a '**' bold span is not closed")
    if word:
        words.append(tuple(word))
    paragraphs.append(tuple(words))
    return Markup(tuple(p for p in paragraphs if p) or ((),))


def checked(text: str, fonts: Fonts, icon_names, regular: str = "regular", bold: str = "bold") -> Markup:
    """Parse text for printing and check it can be drawn: balanced markup, every ``{icon}`` known
    (``icon_names`` supports ``in`` and ``names()``), every character in the fonts. Raises ``TextProblem``."""
    try:
        markup = parse(text)
    except MarkupError as exc:
        raise TextProblem("markup", str(exc)) from None
    unknown = [i for i in markup.icons() if i not in icon_names]
    if unknown:
        raise TextProblem("unknown-icon", f"unknown icon '{{{unknown[0]}}}'{did_you_mean(unknown[0], icon_names.names())}")
    for face, bold_flag in ((regular, False), (bold, True)):
        missing = fonts.missing(markup.strings(bold_flag), face)
        if missing:
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            raise TextProblem("missing-glyph", f"font '{face}' has no glyph for {shown}")
    return markup



def check_texts(deck) -> list[Diagnostic]:
    """For ``cardtools validate``: every hand-written card ``text:`` is well-formed markup whose
    ``{icon}`` tokens name icons that exist (``templates/icons/*.svg``)."""
    names = sorted({p.stem for folder in deck.workspace.search_path(ICONS) for p in Path(folder).glob("*.svg")})
    problems = []
    for card in deck.cards:
        text = card.get("text")
        parts = list(text.items()) if isinstance(text, Mapping) else [(None, text)] if isinstance(text, str) else []
        for field_name, value in parts:
            loc = deck.locate(card, "text", *([field_name] if field_name else []))
            try:
                unknown = [i for i in parse(value).icons() if i not in names]
            except MarkupError as exc:
                problems.append(error(loc.path, loc.line, loc.col, "markup", f"{card.id}: {exc}"))
                continue
            problems += [error(loc.path, loc.line, loc.col, "unknown-icon",
                               f"{card.id}: unknown icon '{{{icon}}}'{did_you_mean(icon, names)}") for icon in unknown]
    return problems

@dataclass
class Line:
    items: list[tuple[float, Piece]] = field(default_factory=list)  # (x offset, piece)
    word_ends: set[int] = field(default_factory=set)  # indexes of items that end a word
    width: float = 0.0
    gap_before: float = 0.0  # extra space above (paragraph start)


@dataclass
class TextBlock:
    """Wrapped text at one size: what a region draws, and what tests and preflight measure."""

    size: float
    lines: list[Line]
    leading: float  # baseline to baseline, points
    ascent: float
    descent: float

    @property
    def height(self) -> float:
        if not self.lines:
            return 0.0
        return (self.ascent + self.leading * (len(self.lines) - 1)
                + sum(line.gap_before for line in self.lines) + self.descent)

    @property
    def width(self) -> float:
        return max((line.width for line in self.lines), default=0.0)


class Typesetter:
    """Measures and wraps markup with one layout's fonts."""

    def __init__(self, fonts: Fonts, regular: str = "regular", bold: str = "bold", leading: float = 1.2):
        self.fonts = fonts
        self.faces = {False: regular, True: bold}
        self.leading = leading
        face = pdfmetrics.getFont(fonts.pdf_name(regular)).face
        self.ascent_em = face.ascent / 1000
        self.descent_em = max(-face.descent / 1000, ICON_DROP)

    def piece_width(self, piece: Piece, size: float) -> float:
        if piece.kind == "icon":
            return size * (ICON_EM + 2 * ICON_PAD)
        return self.fonts.width(piece.value, self.faces[piece.bold], size)

    def wrap(self, markup: Markup, width: float, size: float) -> TextBlock | None:
        """Greedy line breaking at spaces; None when a single word is wider than the box."""
        space = self.fonts.width(" ", self.faces[False], size)
        lines: list[Line] = []
        for p, para in enumerate(markup.paragraphs):
            line = Line(gap_before=PARAGRAPH_GAP * size if p else 0.0)
            for word in para:
                widths = [self.piece_width(piece, size) for piece in word]
                word_width = sum(widths)
                if word_width > width + 1e-6:
                    return None
                start = line.width + (space if line.items else 0.0)
                if line.items and start + word_width > width + 1e-6:
                    lines.append(line)
                    line, start = Line(), 0.0
                x = start
                for piece, w in zip(word, widths):
                    line.items.append((x, piece))
                    x += w
                line.word_ends.add(len(line.items) - 1)
                line.width = x
            lines.append(line)
        return TextBlock(size, lines, size * self.leading, size * self.ascent_em, size * self.descent_em)

    def fit(self, markup: Markup, width: float, height: float, size: float, floor: float = FLOOR) -> TextBlock | None:
        """The largest size ≤ ``size`` (0.1 pt steps, not below ``floor``) at which the text fits."""
        def attempt(s: float) -> TextBlock | None:
            block = self.wrap(markup, width, s)
            return block if block is not None and block.height <= height + 1e-6 else None

        best = attempt(size)
        if best is not None:
            return best
        low, high = round(floor * 10), round(size * 10) - 1  # tenths of a point
        found = None
        while low <= high:
            mid = (low + high) // 2
            block = attempt(mid / 10)
            if block is not None:
                found, low = block, mid + 1
            else:
                high = mid - 1
        return found

    def fit_shortened(self, markup: Markup, width: float, height: float, floor: float) -> TextBlock:
        """The most words that fit at ``floor``, ended with "…" (a proof footer's long source)."""
        words = [(p, w) for p, para in enumerate(markup.paragraphs) for w in para]
        low, high, best = 0, len(words) - 1, None
        while low <= high:
            keep = (low + high) // 2
            kept = words[:keep] + [(words[keep - 1][0] if keep else 0, (Piece("text", "…"),))]
            paragraphs = tuple(tuple(w for p, w in kept if p == n) for n in range(len(markup.paragraphs)))
            block = self.fit(Markup(tuple(p for p in paragraphs if p)), width, height, floor, floor)
            if block is not None:
                best, low = block, keep + 1
            else:
                high = keep - 1
        return best if best is not None else TextBlock(floor, [], floor * self.leading, 0.0, 0.0)

    def draw(self, canvas, block: TextBlock, x: float, top: float, width: float, align: str, color, icons) -> None:
        """Draw a block whose first line's ascent starts at ``top`` (PDF points, y up).

        Neighbouring words of one weight are drawn as one string: ``wrap`` placed each word one
        space after the last, which is where the string's own space puts it. A word's trailing
        space is drawn too, so text copied or extracted from the PDF keeps its spaces."""
        baseline = top - block.ascent
        for n, line in enumerate(block.lines):
            if n:
                baseline -= block.leading + line.gap_before
            shift = {"left": 0.0, "center": (width - line.width) / 2, "right": width - line.width}[align]
            last = len(line.items) - 1
            run: list[str] = []
            run_x, run_bold = 0.0, False
            for i, (offset, piece) in enumerate(line.items):
                px = x + shift + offset
                if piece.kind == "icon" or (run and piece.bold != run_bold):
                    self._draw_run(canvas, run, run_x, baseline, run_bold, block.size, color)
                    run = []
                if piece.kind == "icon":
                    icons[piece.value].draw(canvas, px + block.size * ICON_PAD,
                                            baseline - block.size * ICON_DROP, block.size * ICON_EM)
                    continue
                if not run:
                    run_x, run_bold = px, piece.bold
                run.append(piece.value + (" " if i in line.word_ends and i != last else ""))
            self._draw_run(canvas, run, run_x, baseline, run_bold, block.size, color)

    def _draw_run(self, canvas, run: list[str], x: float, baseline: float, bold: bool, size: float, color) -> None:
        if run:
            canvas.setFont(self.fonts.pdf_name(self.faces[bold]), size)
            canvas.setFillColor(color)
            canvas.drawString(x, baseline, "".join(run))

"""Fonts: only embedded TrueType, shipped with the package so a fresh machine needs nothing else.

DejaVu Sans and DejaVu Sans Bold (Bitstream Vera licence, ``fonts/LICENSE-DejaVu.txt``) are the
built-in ``regular`` and ``bold`` faces, their condensed cuts ``condensed`` and ``condensed_bold``
(DejaVu 2.37, the same licence). A layout may name more TrueType files. reportlab draws
missing characters silently as empty boxes (print-and-play-notes.md §5.3.1), so every string
is checked against the font's character map before it is drawn.
"""

from __future__ import annotations

import stat
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
BUILTIN = {
    "regular": FONT_DIR / "DejaVuSans.ttf",
    "bold": FONT_DIR / "DejaVuSans-Bold.ttf",
    # a tenth narrower, for a layout's smaller card sizes (``sizes: mini: fonts: {regular: condensed}``)
    "condensed": FONT_DIR / "DejaVuSansCondensed.ttf",
    "condensed_bold": FONT_DIR / "DejaVuSansCondensed-Bold.ttf",
}
#: The canvas's initial font: without it reportlab declares an unembedded Helvetica (§5.3.3).
INITIAL = "regular"
#: Larger files are refused before they are read: a card font is a few hundred KiB.
MAX_BYTES = 32 * 2**20
#: Text drawn with a font when it is checked: a font that cannot draw and embed these is unusable.
PROBE = "Aa0 "


class FontError(Exception):
    """A font file that cannot be used (missing, not TrueType)."""


@lru_cache(maxsize=None)
def register(path: Path) -> str:
    """Register a TrueType file with reportlab once; returns the name to draw with. Raises
    ``FontError`` for a file that is not a TrueType font reportlab can measure and embed."""
    name = f"ct-{path.stem}"
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise FontError("not a regular file")
        if info.st_size > MAX_BYTES:
            raise FontError(f"larger than {MAX_BYTES // 2**20} MiB")
        font = TTFont(name, str(path))
        pdfmetrics.registerFont(font)
        pdfmetrics.stringWidth(PROBE, name, 10)
        font.face.makeSubset([font.face.charToGlyph.get(ord(c), 0) for c in PROBE])
    except FontError:
        raise
    except FileNotFoundError:
        raise FontError("does not exist") from None
    except OSError as exc:
        raise FontError(exc.strerror or str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - reportlab's parser fails on a damaged file in many ways
        raise FontError(f"not a usable TrueType font ({exc})") from None
    return name


class Fonts:
    """The faces a layout can use, by layout name (``regular``, ``bold``, or the layout's own)."""

    def __init__(self, extra: dict[str, Path] | None = None):
        self.files = {**BUILTIN, **(extra or {})}

    def names(self) -> list[str]:
        return sorted(self.files)

    def pdf_name(self, face: str) -> str:
        return register(self.files[face])

    def width(self, text: str, face: str, size: float) -> float:
        return pdfmetrics.stringWidth(text, self.pdf_name(face), size)

    def missing(self, text: str, face: str) -> list[str]:
        """Characters of ``text`` the face has no glyph for (in order, without repeats)."""
        glyphs = pdfmetrics.getFont(self.pdf_name(face)).face.charToGlyph
        seen: list[str] = []
        for ch in text:
            if ch not in seen and not ch.isspace() and ord(ch) not in glyphs:
                seen.append(ch)
        return seen


def initial_font() -> str:
    return register(BUILTIN[INITIAL])

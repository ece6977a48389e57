"""Fonts: only embedded TrueType, shipped with the package so a fresh machine needs nothing else.

DejaVu Sans and DejaVu Sans Bold (Bitstream Vera licence, ``fonts/LICENSE-DejaVu.txt``) are the
built-in ``regular`` and ``bold`` faces, their condensed cuts ``condensed`` and ``condensed_bold``
(DejaVu 2.37, the same licence). A layout may name more TrueType files. reportlab draws
missing characters silently as empty boxes (print-and-play-notes.md §5.3.1), so every string
is checked against the font's character map before it is drawn.
"""

from __future__ import annotations

import stat
import sys
from array import array
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cardtools.core.diagnostics import excerpt

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
#: An array type of 32-bit words (a table's checksum is the sum of its big-endian words).
WORD = next(code for code in "IL" if array(code).itemsize == 4)
#: Text drawn with a font when it is checked: a font that cannot draw and embed these is unusable.
PROBE = "Aa0 "


class FontError(Exception):
    """A font file that cannot be used (missing, not TrueType)."""


def check_tables(data: bytes) -> None:
    """FontError unless every table of the TrueType file lies inside it and matches its checksum.

    reportlab trusts a font's tables: a damaged character map (a few flipped bits) made it build
    a map of millions of characters, 2 GB and 11 s before failing. Every TrueType table carries
    a checksum (the sum of its 32-bit words), so damage is found before anything is built."""
    if data[:4] not in (b"\x00\x01\x00\x00", b"true"):
        raise FontError(f"not a TrueType font (it starts with {excerpt(data[:4])}"
                        + ("; OpenType fonts with PostScript outlines are not supported)" if data[:4] == b"OTTO" else ")"))
    if len(data) < 12:
        raise FontError("too short to be a TrueType font")
    tables = int.from_bytes(data[4:6], "big")
    if 12 + 16 * tables > len(data):
        raise FontError("its table directory runs past the end of the file")
    for i in range(tables):
        record = data[12 + 16 * i:28 + 16 * i]
        tag, checksum = record[:4].decode("latin-1").strip(), int.from_bytes(record[4:8], "big")
        offset, length = int.from_bytes(record[8:12], "big"), int.from_bytes(record[12:16], "big")
        if offset + length > len(data):
            raise FontError(f"its '{tag}' table runs past the end of the file")
        body = data[offset:offset + length]
        if tag == "head":   # its checksum is taken with the whole file's adjustment (bytes 8-11) as 0
            body = body[:8] + bytes(4) + body[12:]
        words = array(WORD, body + bytes(-len(body) % 4))
        if sys.byteorder == "little":
            words.byteswap()
        if sum(words) % 2**32 != checksum:
            raise FontError(f"damaged: its '{tag}' table does not match its checksum")


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
        check_tables(path.read_bytes())
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
        raise FontError(f"not a usable TrueType font ({exc or type(exc).__name__})") from None
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

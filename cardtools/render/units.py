"""Physical sizes: millimetres to PDF points, paper sizes and card sizes.

Card sizes are trim sizes, portrait (print-and-play-notes.md §4.1); paper sizes are ISO A4 and
US Letter. Everything in layouts and on the command line is in millimetres.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MM = 72 / 25.4  # PDF points per millimetre
INCH = 25.4  # millimetres per inch


def pt(mm: float) -> float:
    return mm * MM


@dataclass(frozen=True)
class Size:
    width: float  # millimetres
    height: float
    name: str = field(default="", compare=False)  # a named card size ("mini"), for a layout's size overrides

    @property
    def landscape(self) -> "Size":
        return Size(max(self.width, self.height), min(self.width, self.height))

    @property
    def portrait(self) -> "Size":
        return Size(min(self.width, self.height), max(self.width, self.height))

    def __str__(self) -> str:
        return f"{self.width:g} × {self.height:g} mm"


PAPERS = {
    "a4": Size(210, 297),
    "letter": Size(8.5 * INCH, 11 * INCH),
}

#: Trim sizes (print-and-play-notes.md §4.1). The notes list no square card: ours is the poker
#: card's width both ways, 2.5 × 2.5 in (provisional: a size we chose).
CARD_SIZES = {name: Size(w, h, name) for name, (w, h) in {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "tarot": (69.85, 120.65),
    "mini": (44.45, 63.5),
    "square": (63.5, 63.5),
}.items()}

_WXH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX×]\s*(\d+(?:\.\d+)?)\s*(mm)?\s*$")


def card_size(text: str) -> Size:
    """A named card size or ``WxH`` in millimetres (``63x88``)."""
    if text in CARD_SIZES:
        return CARD_SIZES[text]
    match = _WXH.match(text)
    if not match:
        raise ValueError(f"unknown card size '{text}': use {', '.join(CARD_SIZES)} or WxH in millimetres (e.g. 63x88)")
    size = Size(float(match[1]), float(match[2]))
    if not (10 <= size.width <= 300 and 10 <= size.height <= 300):
        raise ValueError(f"card size {size} is outside 10–300 mm")
    return size


def paper_size(name: str) -> Size:
    if name not in PAPERS:
        raise ValueError(f"unknown paper '{name}': use {', '.join(PAPERS)}")
    return PAPERS[name]

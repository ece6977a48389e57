"""Illustrations on cards: PNG, JPG and SVG files inside the game's folder, placed by a layout's
``image`` regions.

A path comes from the layout (``art/{{ card.id }}.png``, or a card field: ``{{ card.art }}``) and
must stay inside the game folder: absolute paths, ``..`` and symlinks that lead out of it are
errors, so a deck cannot make the printer read other files. Each file is read once per job;
a raster image larger than the output needs (its placed size at the job's dpi) is downsampled,
and reportlab stores equal image data once per PDF however many faces use it. SVG art goes
through the icon reader (``icons.parse_icon``: the same strict subset) and stays vector. A file
that does not exist is drawn as a placeholder — a grey box with a cross and the file's name — and
reported as a warning, so a deck prints before its art is done.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Iterator

from PIL import Image, UnidentifiedImageError
from reportlab.lib.colors import toColor
from reportlab.lib.utils import ImageReader

from cardtools.render.fonts import initial_font
from cardtools.render.icons import Icon, IconError, parse_icon
from cardtools.render.units import pt

FITS = ("fit", "fill", "crop")  # whole image inside the box / stretched to the box / box covered, overflow cut
RASTER = (".png", ".jpg", ".jpeg")
#: Larger images are refused before they are decoded: 40 million pixels cover a tarot card at
#: 1,200 dpi, and decoding one takes 160 MB.
MAX_PIXELS = 40_000_000
PLACEHOLDER = toColor("#d9d9d9")
PLACEHOLDER_INK = toColor("#8c8c8c")


class ArtError(ValueError):
    """A path that leaves the game folder, or a file that cannot be read as an image."""


def resolve(folder: Path, name: str) -> Path:
    """``name`` inside ``folder`` (the game's folder); raises ``ArtError`` for a path leading out."""
    if not name.strip():
        raise ArtError("the image path is empty")
    relative = PurePosixPath(name.replace("\\", "/"))
    if relative.is_absolute() or Path(name).is_absolute():
        raise ArtError(f"'{name}' is an absolute path: art lives in the game's folder ({folder.name}/), "
                       f"write a path relative to it")
    if ".." in relative.parts:
        raise ArtError(f"'{name}' leads out of the game's folder with '..'")
    path = folder / relative
    if path.exists() and not path.resolve().is_relative_to(folder.resolve()):
        raise ArtError(f"'{name}' is a symlink to {path.resolve()}, outside the game's folder")
    return path


@dataclass
class Art:
    """Loaded art, by file: what the painter's ``image`` regions draw (one per job)."""

    dpi: float
    _files: dict[Path, Any] = field(default_factory=dict)  # path -> PIL image or Icon
    _sized: dict[tuple, ImageReader] = field(default_factory=dict)  # (path, width px, height px) -> image data

    def load(self, path: Path) -> Image.Image | Icon:
        """The file's image (raster) or drawing (SVG); raises ``ArtError``."""
        if path not in self._files:
            if path.suffix.lower() == ".svg":
                self._files[path] = _drawing(path)
            else:
                with _opened(path) as image:
                    image.load()
                    self._files[path] = image.convert("RGBA" if "A" in image.getbands() else "RGB")
        return self._files[path]

    def reader(self, path: Path, width_pt: float, height_pt: float) -> ImageReader:
        """The raster image at no more pixels than ``width_pt`` × ``height_pt`` need at the job's dpi."""
        image = self._files[path]
        scale = min(1.0, max(width_pt / 72 * self.dpi / image.width, height_pt / 72 * self.dpi / image.height))
        size = (max(1, math.ceil(image.width * scale)), max(1, math.ceil(image.height * scale)))
        key = (path, *size)
        if key not in self._sized:
            self._sized[key] = ImageReader(image if size == image.size else image.resize(size, Image.LANCZOS))
        return self._sized[key]


def verify(path: Path) -> None:
    """Read an art file as ``Art.load`` would, without decoding its pixels: a raster file's header
    (and a PNG's checksums, which find a file cut short), an SVG whole. Raises ``ArtError``; what
    ``cardtools validate`` checks, so a broken file is found before a build stops on it."""
    if path.suffix.lower() == ".svg":
        _drawing(path)
    else:
        with _opened(path) as image:
            image.verify()


def _drawing(path: Path) -> Icon:
    try:
        return parse_icon(path)
    except IconError as exc:
        line, message = exc.args
        raise ArtError(f"{path.name}:{line}: {message}") from None


@contextmanager
def _opened(path: Path) -> Iterator[Image.Image]:
    """The raster file opened (not decoded) and its size checked; what the caller then reads of
    it fails as ``ArtError`` too."""
    if path.suffix.lower() not in RASTER:
        raise ArtError(f"'{path.name}': art is PNG, JPG or SVG")
    try:
        with Image.open(path) as image:
            if image.width * image.height > MAX_PIXELS:
                raise ArtError(f"'{path.name}' is {image.width:,} × {image.height:,} pixels, more than "
                               f"the {MAX_PIXELS:,} any card needs")
            yield image
    except (OSError, SyntaxError, UnidentifiedImageError, Image.DecompressionBombError) as exc:
        raise ArtError(f"cannot read '{path.name}' as an image: {exc}") from None


def aspect(item: Image.Image | Icon) -> tuple[float, float]:
    if isinstance(item, Icon):
        return item.box[2], item.box[3]
    return float(item.width), float(item.height)


def placed(box: tuple[float, float, float, float], ratio: tuple[float, float], fit: str) -> tuple[float, ...]:
    """Where the image goes (x, y, w, h in the box's units) for a fit mode, centred in the box."""
    x, y, w, h = box
    if fit == "fill":
        return box
    iw, ih = ratio
    scale = (min if fit == "fit" else max)(w / iw, h / ih)
    pw, ph = iw * scale, ih * scale
    return x + (w - pw) / 2, y + (h - ph) / 2, pw, ph


@dataclass(frozen=True)
class ImageOp:
    """An image region ready to draw (millimetres, y down, like the other operations). ``path`` is
    None for a placeholder (the file was not found); ``label`` names the file on the placeholder."""

    x: float
    y: float
    w: float
    h: float
    path: Path | None
    fit: str
    label: str
    art: Art = field(compare=False, hash=False, repr=False)

    def draw(self, canvas, ox: float, oy: float) -> None:
        box = (ox + pt(self.x), oy - pt(self.y + self.h), pt(self.w), pt(self.h))
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(*box)
        canvas.clipPath(clip, stroke=0, fill=0)
        if self.path is None:
            self._placeholder(canvas, *box)
        else:
            item = self.art.load(self.path)
            px, py, pw, ph = placed(box, aspect(item), self.fit)
            if isinstance(item, Icon):
                bw, bh = item.box[2], item.box[3]
                side = max(bw, bh)
                canvas.translate(px, py)
                canvas.scale(pw / bw, ph / bh)
                item.draw(canvas, -(side - bw) / 2, -(side - bh) / 2, side)
            else:
                canvas.drawImage(self.art.reader(self.path, pw, ph), px, py, pw, ph, mask="auto")
        canvas.restoreState()

    def _placeholder(self, canvas, x: float, y: float, w: float, h: float) -> None:
        canvas.setFillColor(PLACEHOLDER)
        canvas.rect(x, y, w, h, fill=1, stroke=0)
        canvas.setStrokeColor(PLACEHOLDER_INK)
        canvas.setLineWidth(0.6)
        canvas.line(x, y, x + w, y + h)
        canvas.line(x, y + h, x + w, y)
        size = 6.0
        canvas.setFont(initial_font(), size)
        width = canvas.stringWidth(self.label, initial_font(), size)
        if width < w - 4 and h > 3 * size:
            canvas.setFillColor(toColor("white"))
            canvas.rect(x + (w - width) / 2 - 1.5, y + h / 2 - size * 0.45, width + 3, size * 1.3, fill=1, stroke=0)
            canvas.setFillColor(PLACEHOLDER_INK)
            canvas.drawCentredString(x + w / 2, y + h / 2 - size * 0.1, self.label)

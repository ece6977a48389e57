"""PNG exports, rasterised from our own PDF with pypdfium2 (wheels, no system libraries;
reportlab's renderPM needs pycairo now — print-and-play-notes.md §5.3.8).

Each face is put on its own page (the card plus its bleed), rendered, and brought to the exact
pixel size a print shop expects: pdfium rounds page sizes up (826 instead of 825 px, §5.3.9),
so the image is cropped or resampled to the target.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from cardtools.core.atomic import write_bytes
from cardtools.core.deck import Deck
from cardtools.core.workspace import Workspace
from cardtools.render.fonts import initial_font
from cardtools.render.pnp import Copy, Faces, copies, painter_for
from cardtools.render.units import INCH, Size, pt


@dataclass(frozen=True)
class Profile:
    """A print shop's image format: bleed around the trim (print-and-play-notes.md §4.6)."""

    name: str
    bleed: float  # millimetres
    description: str


PROFILES = {
    "plain": Profile("plain", 0.0, "trimmed card, no bleed (previews, sharing)"),
    "tgc": Profile("tgc", INCH / 8, "The Game Crafter: 1/8 in bleed, 825 × 1125 px for poker at 300 dpi"),
    "mpc": Profile("mpc", INCH * 36 / 300, "MakePlayingCards: 36 px bleed at 300 dpi, 822 × 1122 px for poker"),
}


def pixel_size(card: Size, bleed: float, dpi: int) -> tuple[int, int]:
    return (round((card.width + 2 * bleed) / INCH * dpi), round((card.height + 2 * bleed) / INCH * dpi))


def one_up_pdf(faces: Faces, forms: list[str]) -> bytes:
    """One page per form, the page being exactly the card plus its bleed."""
    size, b = faces.painter.size, faces.painter.bleed
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(pt(size.width + 2 * b), pt(size.height + 2 * b)), invariant=1,
                    initialFontName=initial_font())
    canvas.setTrimBox((pt(b), pt(b), pt(size.width + b), pt(size.height + b)))
    canvas.setBleedBox((0, 0, pt(size.width + 2 * b), pt(size.height + 2 * b)))
    faces.define(canvas)
    for form in forms:
        canvas.doForm(form)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def rasterize(pdf: bytes, width: int, height: int) -> Iterator[Image.Image]:
    """Every page as an RGB image of exactly ``width`` × ``height`` pixels."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        for page in document:
            scale = width / page.get_width()
            image = page.render(scale=scale, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
            page.close()
            if image.size == (width, height):
                yield image
            elif image.width >= width and image.height >= height:
                yield image.crop((0, 0, width, height))  # pdfium rounded up by a pixel
            else:
                yield image.resize((width, height), Image.LANCZOS)
    finally:
        document.close()


def face_images(deck: Deck, workspace: Workspace, card_size: Size, bleed: float, width: int, height: int,
                printed: list[Copy] | None = None, backs: bool = True) -> tuple[Faces, dict[str, Image.Image]]:
    """The planned faces and an image of each: fronts by face name (the card id), backs as
    ``back-<name>`` (the card type, or what the back shows)."""
    printed = copies(deck) if printed is None else printed
    faces = Faces.plan(painter_for(deck, workspace, card_size, bleed), printed, with_backs=backs)
    keys = [f"front-{k}" for k in faces.fronts] + [f"back-{k}" for k in faces.backs]
    images = rasterize(one_up_pdf(faces, keys), width, height)
    return faces, {key.removeprefix("front-"): image for key, image in zip(keys, images)}


def png_bytes(image: Image.Image, dpi: int | None = None, level: int = 6) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=level, **({"dpi": (dpi, dpi)} if dpi else {}))
    return buffer.getvalue()


def export_images(deck: Deck, workspace: Workspace, out_dir: Path, card_size: Size, dpi: int = 300,
                  profile: str = "plain", bleed: float | None = None) -> list[Path]:
    """One PNG per distinct face (``<id>.png``; ``<id>.<copy>.png`` for a copy that looks different)
    and per distinct back (``back-<type>.png``, or ``back-<shown values>.png``)."""
    chosen = PROFILES[profile]
    bleed = chosen.bleed if bleed is None else bleed
    width, height = pixel_size(card_size, bleed, dpi)
    written = []
    _, images = face_images(deck, workspace, card_size, bleed, width, height)
    for key, image in images.items():
        path = Path(out_dir) / f"{key}.png"
        write_bytes(path, png_bytes(image, dpi))
        written.append(path)
    return written

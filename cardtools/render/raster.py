"""PNG exports, rasterised from our own PDF with pypdfium2 (wheels, no system libraries;
reportlab's renderPM needs pycairo now — print-and-play-notes.md §5.3.8).

Each face is put on its own page (the card plus its bleed), rendered, and brought to the exact
pixel size a print shop expects: pdfium rounds page sizes up (826 instead of 825 px, §5.3.9),
so the image is cropped or resampled to the target.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from cardtools.core.atomic import write_bytes, write_text
from cardtools.core.deck import Card, Deck
from cardtools.core.workspace import Workspace
from cardtools.render.art import MAX_PIXELS
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


def _area(pixels: tuple[int, int]) -> int:
    return pixels[0] * pixels[1]


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


def plan_faces(deck: Deck, workspace: Workspace, card_size: Size, bleed: float, printed: list[Copy],
               backs: bool = True, edition: str = "play", dpi: float = 300) -> Faces:
    return Faces.plan(painter_for(deck, workspace, card_size, bleed, edition, dpi), printed, with_backs=backs)


def face_keys(faces: Faces) -> list[str]:
    """Every face's image name: fronts by face name (the card id), backs as ``back-<name>``."""
    return list(faces.fronts) + [f"back-{k}" for k in faces.backs]


def face_images(faces: Faces, width: int, height: int, keys: list[str] | None = None) -> Iterator[tuple[str, Image.Image]]:
    """``(name, image)`` for each face named in ``keys`` (default: every face), one at a time:
    only the one-up PDF (vector, small) and the current image are held, so memory does not grow
    with the number of faces."""
    keys = face_keys(faces) if keys is None else keys
    forms = [key if key.startswith("back-") else f"front-{key}" for key in keys]
    return zip(keys, rasterize(one_up_pdf(faces, forms), width, height))


def png_bytes(image: Image.Image, dpi: int | None = None, level: int = 6) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=level, **({"dpi": (dpi, dpi)} if dpi else {}))
    return buffer.getvalue()


@dataclass
class Export:
    """What an export wrote: the image files, the manifest files, and preflight warnings."""

    images: list[Path]
    manifests: list[Path]
    warnings: list


def export_images(deck: Deck, workspace: Workspace, out_dir: Path, card_size: Size, dpi: int = 300,
                  profile: str = "plain", bleed: float | None = None, only: Iterable[str] = (),
                  players: int | None = None, edition: str = "play") -> Export:
    """One PNG per distinct face (``<id>.png``; ``<id>.<copy>.png`` for a copy that looks different)
    and per distinct back (``back-<type>.png``, or ``back-<shown values>.png``), written as each is
    rendered; then ``manifest.csv`` and ``manifest.json``, which say how many copies of each face
    to print (at ``players``, else a full set) and which back goes behind it."""
    chosen = PROFILES[profile]
    bleed = chosen.bleed if bleed is None else bleed
    width, height = pixel_size(card_size, bleed, dpi)
    if width * height > MAX_PIXELS:
        most = int(dpi * (MAX_PIXELS / (width * height)) ** 0.5)
        while _area(pixel_size(card_size, bleed, most)) > MAX_PIXELS:  # rounding to whole pixels
            most -= 1
        raise ValueError(f"--dpi {dpi}: {width:,} × {height:,} pixels a card, more than the {MAX_PIXELS:,} any card "
                         f"needs; at most {most:,} dpi at this card size")
    printed = copies(deck, only, players=players)
    faces = plan_faces(deck, workspace, card_size, bleed, printed, edition=edition, dpi=dpi)
    if Path(out_dir).is_dir():  # the manifests are written last: an export interrupted half way has none
        for name in MANIFESTS:
            (Path(out_dir) / name).unlink(missing_ok=True)
    written = []
    for key, image in face_images(faces, width, height):
        path = Path(out_dir) / f"{key}.png"
        write_bytes(path, png_bytes(image, dpi))
        written.append(path)
    rows = [{"file": f"{face}.png", "card": card.id, "name": card.name, "copies": count,
             "back": f"back-{faces.back(card)}.png"} for face, card, count in face_counts(faces, printed)]
    about = {"game": deck.game, "variant": deck.variant, "players": players, "edition": edition,
             "card_size": str(card_size), "dpi": dpi, "profile": profile, "pixels": [width, height]}
    return Export(written, write_manifest(Path(out_dir), about, rows), faces.warnings)


def face_counts(faces: Faces, printed: list[Copy]) -> list[tuple[str, Card, int]]:
    """Each printed front face with its card and how many copies show it, in print order."""
    counts: dict[str, list] = {}
    for copy in printed:
        entry = counts.setdefault(faces.front(copy), [copy.card, 0])
        entry[1] += 1
    return [(face, card, count) for face, (card, count) in counts.items()]


MANIFESTS = ("manifest.csv", "manifest.json")


def write_manifest(out_dir: Path, about: dict, rows: list[dict]) -> list[Path]:
    """``manifest.csv`` (one row per file) and ``manifest.json`` (the same rows and what the
    export was), for a print shop or a script: which file, which card, how many, which back."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]) if rows else ["file"], lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    paths = [out_dir / name for name in MANIFESTS]
    write_text(paths[0], buffer.getvalue())
    write_text(paths[1], json.dumps({**about, "files": rows}, indent=2, ensure_ascii=False) + "\n")
    return paths

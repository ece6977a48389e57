"""Rendering speed: milliseconds per card for the print-and-play PDF and for exact-size PNGs.

Targets (issue: Print-and-play): PDF ≤ 5 ms/card; 300-dpi PNG at exact size (825 × 1125 px,
The Game Crafter profile) ≤ 40 ms/card, both over a deck of at least 300 cards.
The deck is Age of Civilization with its civilization cards cloned until it holds 300
printed cards (each clone has its own face, count 1), each with two paragraphs of text and
inline icons so text fitting and icon drawing are measured too. Then each shipped game's whole
print-and-play PDF with its own layouts (Through the Ages, 7 Ages: denser faces, looked-up data).
Run: python benchmarks/render.py
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

from timing import timed

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.render.pnp import build_pnp, copies
from cardtools.render.raster import PROFILES, face_images, pixel_size, plan_faces, png_bytes
from cardtools.render.sheet import SheetSpec
from cardtools.render.units import CARD_SIZES, PAPERS

REPO = Path(__file__).resolve().parent.parent
TEXT = ("**Every turn end:** gain 1{coin} for each {technology} you have, at most 3{coin}.\n"
        "When you perform Farm, gain 1{worker} if you have fewer than 4{worker}.")


def synthetic_workspace(target: int = 300) -> tuple[Path, int]:
    root = Path(tempfile.mkdtemp(prefix="cardtools-render-bench-"))
    for folder in ("decks", "schemas", "templates"):
        shutil.copytree(REPO / folder, root / folder)
    deck = root / "decks" / "aoc"
    manifest = yaml.safe_load((deck / "game.yaml").read_text())
    copies = sum(card["count"] for f in manifest["files"] for card in yaml.safe_load((deck / f).read_text()))
    civs = yaml.safe_load((deck / "civilizations.yaml").read_text())
    clones = []
    for i in range(target - copies):
        card = dict(civs[i % len(civs)], id=f"clone_{i}", name=f"Clone {i}", text=TEXT)
        clones.append(card)
    header = "# yaml-language-server: $schema=../../schemas/aoc/cards.schema.json\n"
    (deck / "clones.yaml").write_text(header + yaml.safe_dump(clones, sort_keys=False, allow_unicode=True))
    manifest["files"].append("clones.yaml")
    manifest.pop("composition", None)
    (deck / "game.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True))
    return root, copies + len(clones)


def main() -> None:
    print(f"cardtools rendering benchmark (python {sys.version.split()[0]})")
    root, _ = synthetic_workspace()
    try:
        ws = Workspace(root)
        deck = load_deck("aoc", workspace=ws)
        spec = SheetSpec(PAPERS["a4"], CARD_SIZES["poker"])
        data, result = build_pnp(deck, spec, ws)  # warm-up: imports, fonts, layouts
        n = result.cards
        times = timed(lambda: build_pnp(deck, spec, ws), 5)
        print(f"PnP PDF, {n} cards ({len({c.id for c in deck if c.copies(4)})} distinct), {result.pages} pages, "
              f"{len(data) // 1024} KiB")
        print(f"  {statistics.median(times) * 1000:8.1f} ms total   {statistics.median(times) / n * 1000:6.2f} ms/card "
              f"(min {min(times) / n * 1000:.2f})   target ≤ 5 ms/card")
        bleed = PROFILES["tgc"].bleed
        width, height = pixel_size(CARD_SIZES["poker"], bleed, 300)
        faces = plan_faces(deck, ws, CARD_SIZES["poker"], bleed, copies(deck), backs=False)
        start = time.perf_counter()
        images = [image for _, image in face_images(faces, width, height)]
        rendered = time.perf_counter() - start
        start = time.perf_counter()
        for image in images:
            png_bytes(image, 300)
        encoded = time.perf_counter() - start
        m = len(images)
        print(f"PNG {width} x {height} px (tgc, 300 dpi), {m} cards")
        print(f"  render {rendered / m * 1000:6.2f} ms/card + PNG encode {encoded / m * 1000:6.2f} ms/card = "
              f"{(rendered + encoded) / m * 1000:6.2f} ms/card   target ≤ 40 ms/card")
    finally:
        shutil.rmtree(root)
    for game in ("aoc", "tta", "7ages"):
        ws = Workspace(REPO)
        deck = load_deck(game, workspace=ws)
        spec = SheetSpec(PAPERS["a4"], CARD_SIZES["poker"])
        _, result = build_pnp(deck, spec, ws)
        times = timed(lambda: build_pnp(deck, spec, ws), 3)
        faces = len({c.id for c in deck if deck.full_set(c)})
        median = statistics.median(times)
        print(f"{game} PnP PDF, {result.cards} cards ({faces} distinct), {result.pages} pages: "
              f"{median * 1000:7.1f} ms   {median / result.cards * 1000:6.2f} ms/card")


if __name__ == "__main__":
    main()

"""Tabletop Simulator export: deck sheets and the saved-object JSON that imports them.

Conventions (print-and-play-notes.md §4.5): a sheet is a grid of at most 10 × 7 cells and at
most 4096 px a side, RGB; the last cell of the grid is the "hidden" image, shown for cards in
a hand, so it holds the deck's back and a sheet carries at most 69 faces. Card ids are
``deck key × 100 + cell``. Sheet files are named by a hash of their content, because the
simulator caches images by address and would otherwise keep showing old art. A manifest
(``manifest.csv`` and ``.json``) says which sheet and cell holds each card, how many copies its
deck has, and its back.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from pathlib import Path
from typing import Iterable

from PIL import Image

from cardtools.core.atomic import write_bytes, write_text
from cardtools.core.deck import Card, Deck
from cardtools.core.workspace import Workspace
from cardtools.render.pnp import Copy, Faces, copies
from cardtools.render.raster import Export, face_counts, face_images, plan_faces, png_bytes, write_manifest
from cardtools.render.units import Size

MAX_COLUMNS, MAX_ROWS, MAX_PIXELS = 10, 7, 4096
FACES_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last cell is the hidden image


def card_pixels(card: Size) -> tuple[int, int]:
    """The largest card image that lets a full 10 × 7 sheet stay within 4096 px."""
    width = MAX_PIXELS // MAX_COLUMNS
    height = math.floor(width * card.height / card.width)
    if height * MAX_ROWS > MAX_PIXELS:
        height = MAX_PIXELS // MAX_ROWS
        width = math.floor(height * card.width / card.height)
    return width, height


def grid_for(faces: int) -> tuple[int, int]:
    cells = faces + 1
    columns = min(MAX_COLUMNS, cells)
    return columns, math.ceil(cells / columns)


def export_tts(deck: Deck, workspace: Workspace, out_dir: Path, card_size: Size, url_prefix: str | None = None,
               only: Iterable[str] = (), players: int | None = None, edition: str = "play") -> Export:
    """Write the sheets, ``<game>.json`` and the manifest into ``out_dir``. Cards with the same back
    form one deck, as on the table (a card type, or e.g. TtA's civil I); each deck holds the copies
    at ``players`` (else a full set). Images are rendered one deck at a time."""
    out_dir = Path(out_dir).resolve()
    prefix = url_prefix.rstrip("/") + "/" if url_prefix else out_dir.as_uri() + "/"
    printed = copies(deck, only, players=players)
    width, height = card_pixels(card_size)
    faces = plan_faces(deck, workspace, card_size, 0.0, printed, edition=edition)
    by_back: dict[str, list[Copy]] = {}
    for copy in printed:
        by_back.setdefault(faces.back(copy.card), []).append(copy)
    objects, written, rows, key = [], [], [], 0
    for position, (back, group) in enumerate(by_back.items()):
        distinct = list(dict.fromkeys(faces.front(c) for c in group))
        images = dict(face_images(faces, width, height, distinct + [f"back-{back}"]))
        back_png = png_bytes(images[f"back-{back}"])
        back_file = _named(f"{deck.game}-{back}-back", back_png)
        written.append(_write(out_dir / back_file, back_png))
        custom, cell_of, sheet_of = {}, {}, {}
        for start in range(0, len(distinct), FACES_PER_SHEET):
            key += 1
            chunk = distinct[start:start + FACES_PER_SHEET]
            columns, rows_ = grid_for(len(chunk))
            sheet = Image.new("RGB", (columns * width, rows_ * height), "white")
            for cell, name in enumerate(chunk):
                sheet.paste(images.pop(name), ((cell % columns) * width, (cell // columns) * height))
            sheet.paste(images[f"back-{back}"], ((columns - 1) * width, (rows_ - 1) * height))
            data = png_bytes(sheet)
            file = _named(f"{deck.game}-{back}", data)
            written.append(_write(out_dir / file, data))
            custom[str(key)] = {"FaceURL": prefix + file, "BackURL": prefix + back_file, "NumWidth": columns,
                                "NumHeight": rows_, "BackIsHidden": True, "UniqueBack": False, "Type": 0}
            cell_of.update({name: key * 100 + cell for cell, name in enumerate(chunk)})
            sheet_of.update({name: file for name in chunk})
        ids = [cell_of[faces.front(c)] for c in group]
        objects.append(_deck_object(_label(deck, faces, group), [c.card for c in group], ids, custom, position))
        rows += [{"file": sheet_of[face], "cell": cell_of[face] % 100, "card": card.id, "name": card.name,
                  "copies": count, "back": back_file, "tts_card_id": cell_of[face]}
                 for face, card, count in face_counts(faces, group)]
    save = {"SaveName": f"{deck.manifest.name} (cardtools)", "GameMode": deck.manifest.name,
            "ObjectStates": objects}
    json_path = out_dir / f"{deck.game}.json"
    write_text(json_path, json.dumps(save, indent=2, ensure_ascii=False) + "\n")
    _remove_stale(out_dir, deck.game, {p.name for p in written})
    about = {"game": deck.game, "variant": deck.variant, "players": players, "edition": edition,
             "card_size": str(card_size), "pixels": [width, height], "saved_object": json_path.name}
    return Export([json_path] + written, write_manifest(out_dir, about, rows), faces.warnings)


def _label(deck: Deck, faces: Faces, group: list[Copy]) -> str:
    """A deck's name: its card type, or what its back shows when it mixes types ("Civil I")."""
    types = list(dict.fromkeys(c.card.type for c in group))
    if len(types) == 1:
        return deck.manifest.card_types[types[0]].label
    shown = " ".join(str(v) for v in faces.painter.public_fields(group[0].card).values())
    return shown[:1].upper() + shown[1:]


def _named(stem: str, data: bytes) -> str:
    return f"{stem}-{hashlib.sha256(data).hexdigest()[:16]}.png"


def _write(path: Path, data: bytes) -> Path:
    if not path.exists():  # content-addressed: an existing file already holds these bytes
        write_bytes(path, data)
    return path


def _remove_stale(out_dir: Path, game: str, keep: set[str]) -> None:
    """Sheets of earlier exports of this game (named ``<game>-…-<16 hex digits>.png``)."""
    ours = re.compile(rf"^{re.escape(game)}-[A-Za-z0-9_.-]+-[0-9a-f]{{16}}\.png$")
    for path in out_dir.glob(f"{game}-*.png"):
        if ours.match(path.name) and path.name not in keep:
            path.unlink()


def _transform(position: int) -> dict:
    return {"posX": position * 3.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _card_object(card: Card, card_id: int, custom: dict, position: int) -> dict:
    key = str(card_id // 100)
    return {"Name": "Card", "Nickname": card.name, "Description": card.id, "CardID": card_id,
            "Transform": _transform(position), "CustomDeck": {key: custom[key]}}


def _deck_object(label: str, cards: list[Card], ids: list[int], custom: dict, position: int) -> dict:
    """A deck of every copy (a single copy is a lone card: the simulator has no one-card decks)."""
    if len(cards) == 1:
        return _card_object(cards[0], ids[0], custom, position)
    return {"Name": "Deck", "Nickname": label, "Transform": _transform(position), "DeckIDs": ids,
            "CustomDeck": custom,
            "ContainedObjects": [_card_object(c, i, custom, position) for c, i in zip(cards, ids)]}

"""Rule reference sheets: a game's sheet template (``templates/reference/<game>/sheet.yaml``)
filled from its deck — cards, generated card text, data files, rules — and flowed onto A4 or
Letter pages as a PDF.

The sheet is regenerated from the same data as the cards, so it is current in every variant:
a card a variant removes is gone from the sheet too. Everything is preflighted before a byte is
written (unknown icons, missing glyphs, text that does not fit at 6 pt, a row taller than a
page); the PDF is deterministic (reportlab ``invariant``) and written atomically.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from reportlab.pdfgen.canvas import Canvas

from cardtools.core.atomic import write_bytes
from cardtools.core.deck import Card, Deck, thaw
from cardtools.core.diagnostics import DiagnosticError, did_you_mean
from cardtools.core.variants import FOLDER as VARIANTS
from cardtools.core.workspace import Workspace
from cardtools.effects.text import card_text
from cardtools.render.flow import Flow, paginate
from cardtools.render.fonts import initial_font
from cardtools.render.pnp import icon_set
from cardtools.render.reference_template import Evaluator, is_provisional, load_template
from cardtools.render.units import PAPERS, Size, pt


@dataclass(frozen=True)
class ReferenceResult:
    pages: int
    template: Path


def sheet_context(deck: Deck) -> tuple[dict[str, Any], Callable[[Any], Card | None]]:
    """The names a sheet template sees (docs/reference-sheets.md), and how to tell a card among values."""
    fields = {c.id: thaw(c.fields) for c in deck}
    texts: dict[str, dict[str, str]] = {}

    def check_type(name: str) -> None:
        if name not in deck.manifest.card_types:
            raise ValueError(f"'{name}' is not a card type of {deck.game}"
                             f"{did_you_mean(name, deck.manifest.card_types)}")

    def cards(*types: str) -> list[dict]:
        for name in types:
            check_type(name)
        return [fields[c.id] for c in deck if not types or c.type in types]

    def card(card_id: str) -> dict:
        if card_id not in fields:
            raise ValueError(f"no card '{card_id}'{did_you_mean(card_id, fields)}")
        return fields[card_id]

    def text(value: Any) -> dict[str, str]:
        found = card_of(value) or (deck.get(value) if isinstance(value, str) else None)
        if found is None:
            raise ValueError(f"text() needs a card or a card id, got {value!r}")
        if found.id not in texts:
            texts[found.id] = card_text(deck, found)
        return texts[found.id]

    def name(card_id: str) -> str:
        found = deck.get(card_id)
        return found.name if found is not None else humanize(card_id)

    def label(card_type: str) -> str:
        check_type(card_type)
        return deck.manifest.card_types[card_type].label

    def card_of(value: Any) -> Card | None:
        if not isinstance(value, Mapping) or not isinstance(value.get("id"), str):
            return None
        found = deck.get(value["id"])
        return found if found is not None and found.type == value.get("type") else None

    manifest_doc = deck.documents[deck.manifest.path.resolve()].data
    context = {
        "game": {"id": deck.game, "name": deck.manifest.name, "edition": manifest_doc.get("edition"),
                 "players": {"min": deck.manifest.min_players, "max": deck.manifest.max_players}},
        "variant": _variant(deck),
        "rules": thaw(deck.rules),
        "data": thaw(deck.data),
        "card_types": [{"id": t.name, "label": t.label, "effects": list(t.effect_fields)}
                       for t in deck.manifest.card_types.values()],
        "cards": cards, "card": card, "text": text, "name": name, "label": label,
        "has_type": lambda card_type: card_type in deck.manifest.card_types,
        "provisional": is_provisional, "humanize": humanize,
    }
    return context, card_of


def _variant(deck: Deck) -> dict[str, Any] | None:
    if deck.variant is None:
        return None
    doc = deck.documents[(deck.manifest.path.parent / VARIANTS / f"{deck.variant}.yaml").resolve()].data
    return {"id": deck.variant, "name": doc["name"], "description": doc["description"], "source": doc["source"]}


def humanize(value: Any) -> str:
    """An id in words: 'per_area' → 'per area'."""
    return str(value).replace("_", " ")


def build_reference(deck: Deck, workspace: Workspace, paper: Size) -> tuple[bytes, ReferenceResult]:
    """The PDF's bytes; raises ``DiagnosticError`` when the template or any text cannot be printed."""
    template = load_template(workspace, deck.game)
    context, card_of = sheet_context(deck)
    document = Evaluator(template, context, card_of).document()
    flow = Flow(document, deck, icon_set(workspace, deck.game), paper)
    units = flow.units()
    furniture = flow.page_furniture()
    if flow.problems:
        raise DiagnosticError(flow.problems)
    pages = paginate(units, flow.body)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(pt(paper.width), pt(paper.height)), invariant=1,
                    initialFontName=initial_font(), initialFontSize=8, pageCompression=1)
    canvas.setTitle(f"{deck.manifest.name} — rules reference" + (f" ({deck.variant})" if deck.variant else ""))
    canvas.setCreator("cardtools")
    canvas.setSubject(f"generated from decks/{deck.game} with {template.doc.path.name} ({template.name})")
    flow.draw(canvas, pages, furniture)
    canvas.save()
    return buffer.getvalue(), ReferenceResult(len(pages), template.doc.path)


def write_reference(path: Path, deck: Deck, workspace: Workspace, paper: Size) -> ReferenceResult:
    data, result = build_reference(deck, workspace, paper)
    write_bytes(path, data)
    return result


def reference_name(game: str, variant: str | None, paper: str) -> str:
    return f"{game}{'-' + variant if variant else ''}-reference-{paper}.pdf"


def write_game_references(deck: Deck, workspace: Workspace, out_dir: Path) -> list[Path]:
    """What ``cardtools build`` writes for a game: its reference sheet on A4 and on Letter."""
    paths = []
    for paper in ("a4", "letter"):
        path = Path(out_dir) / reference_name(deck.game, deck.variant, paper)
        write_reference(path, deck, workspace, PAPERS[paper])
        paths.append(path)
    return paths

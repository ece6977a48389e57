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
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Mapping

from reportlab.pdfgen.canvas import Canvas

from cardtools.core.atomic import write_bytes
from cardtools.core.deck import Card, Deck, thaw
from cardtools.core.diagnostics import DiagnosticError, Location, did_you_mean
from cardtools.core.variants import FOLDER as VARIANTS
from cardtools.core.workspace import Workspace
from cardtools.effects.text import card_text, renderer_for
from cardtools.render.flow import Flow, paginate
from cardtools.render.fonts import initial_font
from cardtools.render.pnp import icon_set
from cardtools.render.reference_template import (Column, Document, Evaluator, ListBlock, Origin, Paragraph, Row,
                                                  Section, Table, Text, Tree, is_provisional, load_template)
from cardtools.render.rules_summary import DATA, followed
from cardtools.render.units import PAPERS, Size, pt


@dataclass(frozen=True)
class ReferenceResult:
    pages: int
    template: Path


def sheet_context(deck: Deck, edition: str = "play") -> tuple[dict[str, Any], Callable[[Any], Card | None]]:
    """The names a sheet template sees (docs/reference-sheets.md), and how to tell a card among values.
    In the play edition nothing is provisional (no † marks): players get the rules, not our doubts."""
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
    variant = _variant(deck)
    data = thaw(deck.data)
    if DATA in data:  # its steps follow the rules in force, and say which ones a variant changed
        data[DATA] = followed(deck, manifest_doc.get("rules", {}), variant and variant["name"])
    context = {
        "game": {"id": deck.game, "name": deck.manifest.name, "edition": manifest_doc.get("edition"),
                 "players": {"min": deck.manifest.min_players, "max": deck.manifest.max_players}},
        "variant": variant,
        "rules": thaw(deck.rules),
        "data": data,
        "card_types": [{"id": t.name, "label": t.label, "effects": list(t.effect_fields)}
                       for t in deck.manifest.card_types.values()],
        "cards": cards, "card": card, "text": text, "name": name, "label": label,
        "has_type": lambda card_type: card_type in deck.manifest.card_types,
        "provisional": is_provisional if edition == "proof" else (lambda value: False), "humanize": humanize,
        "edition": edition,
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


def build_reference(deck: Deck, workspace: Workspace, paper: Size, edition: str = "play") -> tuple[bytes, ReferenceResult]:
    """The PDF's bytes; raises ``DiagnosticError`` when the template or any text cannot be printed.
    The proof edition cites the sources of every section and marks provisional facts with †."""
    template = load_template(workspace, deck.game)
    context, card_of = sheet_context(deck, edition)
    document = Evaluator(template, context, card_of, cite=edition == "proof").document()
    icons = icon_set(workspace, deck.game)
    document = with_legend(document, icon_meanings(workspace, deck), icons, template.at(""))
    flow = Flow(document, deck, icons, paper)
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


LEGEND = "Icons on this sheet"
_ICON = re.compile(r"\{([a-z][a-z0-9_]*)\}")
_README_ROW = re.compile(r"^\| `([a-z][a-z0-9_]*)` \| (.+?) \|$", re.M)


def icon_meanings(workspace: Workspace, deck: Deck) -> dict[str, str]:
    """What each icon means: the game's own word for it (its vocabulary), else the icon set's
    table (templates/icons/README.md)."""
    meanings: dict[str, str] = {}
    for folder in reversed(workspace.search_path("templates/icons")):
        readme = folder / "README.md"
        if readme.is_file():
            meanings.update(dict(_README_ROW.findall(readme.read_text(encoding="utf-8"))))
    vocab = renderer_for(deck)
    if vocab is not None:
        for group in (vocab.vocab.resources, vocab.vocab.stats, vocab.vocab.counts):
            for noun in group.values():
                if noun.icon and not noun.choice:
                    meanings.setdefault(f"game:{noun.icon}", noun.one)
    return {icon: meanings.get(f"game:{icon}", meanings.get(icon, icon.replace("_", " ")))
            for icon in {k.removeprefix("game:") for k in meanings}}


def with_legend(document: Document, meanings: dict[str, str], icons, at: Location) -> Document:
    """The document and, last, a table of every icon its texts use with what it means (an
    unknown icon is left to preflight, which reports it where it is written)."""
    used = list(dict.fromkeys(i for text in document_texts(document) for i in _ICON.findall(text.text) if i in icons))
    if not used:
        return document
    origin = Origin(at, "icon legend")
    columns = (Column(Text("Icon", origin), 0.5, "center"), Column(Text("Meaning", origin), 4, "left"))
    rows = tuple(Row((Text(f"{{{icon}}}", origin), Text(meanings.get(icon, icon.replace("_", " ")), origin)))
                 for icon in sorted(used))
    legend = Section(Text(LEGEND, origin), "", False, (Table(columns, rows, origin),))
    return replace(document, sections=document.sections + (legend,))


def document_texts(document: Document) -> list[Text]:
    """Every text of a document, in order (headers, rows, list entries, tree nodes)."""
    found = [document.title, document.subtitle, document.footer]
    for section in document.sections:
        found.append(section.title)
        for block in section.blocks:
            if isinstance(block, Paragraph):
                found.append(block.text)
            elif isinstance(block, ListBlock):
                found += [e.text for e in block.entries]
            elif isinstance(block, Table):
                found += [c.header for c in block.columns] + [t for r in block.rows for t in (*r.cells, r.group) if t]
            elif isinstance(block, Tree):
                found += [n.text for n in block.nodes]
    return found


def write_reference(path: Path, deck: Deck, workspace: Workspace, paper: Size, edition: str = "play") -> ReferenceResult:
    data, result = build_reference(deck, workspace, paper, edition)
    write_bytes(path, data)
    return result


def reference_name(game: str, variant: str | None, paper: str) -> str:
    return f"{game}{'-' + variant if variant else ''}-reference-{paper}.pdf"


def write_game_references(deck: Deck, workspace: Workspace, out_dir: Path, edition: str = "play") -> list[Path]:
    """What ``cardtools build`` writes for a game: its reference sheet on A4 and on Letter."""
    paths = []
    for paper in ("a4", "letter"):
        path = Path(out_dir) / reference_name(deck.game, deck.variant, paper)
        write_reference(path, deck, workspace, PAPERS[paper], edition)
        paths.append(path)
    return paths

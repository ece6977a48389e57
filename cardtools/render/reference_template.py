"""A reference sheet template (``templates/reference/<game>/sheet.yaml``) turned into a document.

The template is data, like a card layout: sections of text, lists, tables and diagrams whose
contents are Jinja2 templates and expressions over the deck, run in the sandbox with strict
undefined (``render/expressions.py``). Evaluating it gives a ``Document`` — every text already
written out, each with its origin (the template key and, for a row of cards, the card) so that
preflight can say where to fix a problem. Facts come from the deck; the template only arranges.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from reportlab.lib.colors import toColor

from cardtools.core.deck import Card
from cardtools.core.diagnostics import Diagnostic, DiagnosticError, Location, did_you_mean, error, excerpt
from cardtools.core.workspace import Workspace
from cardtools.core.yamlfile import YamlDocument, load_yaml
from cardtools.render.expressions import ExpressionError, evaluate, render

FOLDER = "templates/reference"
SCHEMA = "reference.schema.json"
#: The most items one list, table or repeated section may have (a game's cards are a few hundred).
MAX_ITEMS = 5_000
DEFAULT = "default"
PROVISIONAL = "provisional:"


# -- the document -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Origin:
    """Where a printed text comes from: the template key, what it is, and the card it is about."""

    at: Location
    what: str
    card: Card | None = None


@dataclass(frozen=True)
class Text:
    text: str
    origin: Origin


@dataclass(frozen=True)
class Paragraph:
    text: Text


@dataclass(frozen=True)
class Entry:
    label: str  # "•" or "3."
    depth: int
    text: Text


@dataclass(frozen=True)
class ListBlock:
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class Column:
    header: Text
    weight: float
    align: str


@dataclass(frozen=True)
class Row:
    cells: tuple[Text, ...]
    group: Text | None = None  # a group row: one label across the table


@dataclass(frozen=True)
class Table:
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    origin: Origin


@dataclass(frozen=True)
class Node:
    id: str
    row: int
    column: int
    text: Text


@dataclass(frozen=True)
class Tree:
    nodes: tuple[Node, ...]
    edges: tuple[tuple[str, str], ...]  # (prerequisite, node)
    height: float
    origin: Origin


Block = Paragraph | ListBlock | Table | Tree


@dataclass(frozen=True)
class Section:
    title: Text
    cite: str
    new_page: bool
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Style:
    size: float = 8.0
    table_size: float = 7.5
    heading_size: float = 11.0
    cite_size: float = 6.5
    accent: str = "#24524a"
    shade: str = "#e3ece9"
    rule: str = "#b8c4c0"
    muted: str = "#555555"


@dataclass(frozen=True)
class Document:
    title: Text
    subtitle: Text
    footer: Text
    style: Style
    sections: tuple[Section, ...]


# -- loading -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class SheetTemplate:
    name: str  # "aoc", or "default" for a game without its own
    doc: YamlDocument

    def at(self, pointer: str) -> Location:
        pos = self.doc.position(pointer)
        return Location(self.doc.path, pos.line, pos.col)


def find_template(workspace: Workspace, game: str) -> Path:
    """The game's sheet (the workspace's own first), else the default sheet that lists every card type."""
    for name in (game, DEFAULT):
        for folder in workspace.search_path(FOLDER):
            path = folder / name / "sheet.yaml"
            if path.is_file():
                return path
    raise DiagnosticError([error(workspace.root / FOLDER / game / "sheet.yaml", 1, 1, "reference",
                                 f"no reference sheet template for '{game}' and no default one")])


def load_template(workspace: Workspace, game: str) -> SheetTemplate:
    path = find_template(workspace, game)
    doc, problems = read_template(workspace, path)
    if problems or doc is None:
        raise DiagnosticError(problems)
    return SheetTemplate(path.parent.name, doc)


def read_template(workspace: Workspace, path: Path) -> tuple[YamlDocument | None, list[Diagnostic]]:
    """A sheet template and its problems (YAML, then schema), with positions."""
    doc, problems = load_yaml(path)
    if doc is not None and not problems:
        problems = workspace.schemas.validate(SCHEMA, doc.data, doc, label="sheet")
    return doc, problems


def template_files(workspace: Workspace, game: str) -> list[Path]:
    """The workspace's sheet templates a game may use: its own, and the default one."""
    folder = workspace.root / FOLDER
    return [p for p in (folder / game / "sheet.yaml", folder / DEFAULT / "sheet.yaml") if p.is_file()]


def check_templates(workspace: Workspace, game: str, paths: list[Path], deck) -> list[Diagnostic]:
    """For ``cardtools validate``: the templates' problems, at their lines."""
    return [d for path in paths for d in read_template(workspace, path)[1]]


# -- evaluating --------------------------------------------------------------------------------

class _Problem(Exception):
    def __init__(self, diagnostic: Diagnostic):
        self.diagnostic = diagnostic


class Evaluator:
    """Evaluates a template against a context (the names templates see). ``card_of`` tells which
    values are cards, so a problem in a row's text can name the card as well as the template."""

    def __init__(self, template: SheetTemplate, context: Mapping[str, Any], card_of: Callable[[Any], Card | None],
                 cite: bool = True):
        self.template = template
        self.context = dict(context)
        self.card_of = card_of
        self.cite = cite  # print each section's sources (the proof edition)
        self.problems: list[Diagnostic] = []

    def document(self) -> Document:
        data = self.template.doc.data
        style = Style(**data.get("style", {}))
        for name in ("accent", "shade", "rule", "muted"):
            try:
                toColor(getattr(style, name))
            except ValueError:
                self.problems.append(self._at(f"/style/{name}", f"unknown colour '{getattr(style, name)}'").diagnostic)
        title, subtitle, footer = (self._guard(lambda key=key: [self._write(data, f"/{key}", self.context, key)], [None])[0]
                                   for key in ("title", "subtitle", "footer"))
        sections: list[Section] = []
        for i, spec in enumerate(data["sections"]):
            sections += self._guard(lambda: self._sections(spec, f"/sections/{i}"), [])
        if self.problems:
            raise DiagnosticError(self.problems)
        return Document(title, subtitle, footer, style, tuple(sections))

    # -- sections and blocks
    def _sections(self, spec: Mapping, pointer: str) -> list[Section]:
        if "repeat" in spec:
            items = self._items(spec["repeat"], f"{pointer}/repeat", self.context)
            contexts = [self.context | {"section": item} for item in items]
        else:
            contexts = [self.context]
        out = []
        for context in contexts:
            if not self._when(spec, pointer, context):
                continue
            title = self._write(spec, f"{pointer}/title", context, "section title")
            where = f"section '{title.text}'"
            blocks: list[Block] = []
            for j, block in enumerate(spec["blocks"]):
                blocks += self._guard(lambda: self._block(block, f"{pointer}/blocks/{j}", context, where), [])
            if not blocks:
                continue  # nothing to show (e.g. a table of no rows): no empty heading either
            cite = format_sources(collect_sources(self._value(spec["cite"], f"{pointer}/cite", context))) \
                if "cite" in spec and self.cite else ""
            out.append(Section(title, cite, bool(spec.get("new_page")), tuple(blocks)))
        return out

    def _block(self, spec: Mapping, pointer: str, context: dict, where: str) -> list[Block]:
        if not self._when(spec, pointer, context):
            return []
        return getattr(self, f"_{spec['kind']}_block")(spec, pointer, context, where)

    def _text_block(self, spec, pointer, context, where) -> list[Block]:
        text = self._write(spec, f"{pointer}/text", context, f"{where}, text")
        return [Paragraph(text)] if text.text.strip() else []

    def _items(self, value: Any, pointer: str, context: dict) -> list:
        found = self._value(value, pointer, context)
        if found is None or found is False:
            return []
        if isinstance(found, (str, bytes)) or not isinstance(found, (list, tuple, range)):
            raise self._at(pointer, f"expected a list, got {type(found).__name__} {excerpt(found)}")
        if len(found) > MAX_ITEMS:
            raise self._at(pointer, f"{len(found):,} items: a sheet lists at most {MAX_ITEMS:,} in one place")
        return list(found)

    def _list_block(self, spec, pointer, context, where) -> list[Block]:
        entries: list[Entry] = []
        numbered = bool(spec.get("numbered"))

        def add(items: list, depth: int) -> None:
            for n, item in enumerate(items, 1):
                item_context = context | {"item": item, "index": n}
                text = self._write(spec, f"{pointer}/text", item_context, f"{where}, list", item)
                if text.text.strip():
                    entries.append(Entry(f"{n}." if numbered else ("•" if depth == 0 else "–"), depth, text))
                if "children" in spec:
                    add(self._items(spec["children"], f"{pointer}/children", item_context), depth + 1)

        add(self._items(spec["items"], f"{pointer}/items", context), 0)
        return [ListBlock(tuple(entries))] if entries else []

    def _table_block(self, spec, pointer, context, where) -> list[Block]:
        rows_in = self._items(spec["rows"], f"{pointer}/rows", context)
        if not rows_in:
            return []
        columns = []
        for c, col in enumerate(spec["columns"]):
            header = self._write(col, f"{pointer}/columns/{c}/header", context, f"{where}, column header")
            columns.append(Column(header, float(col.get("width", 1)), col.get("align", "left")))
        rows: list[Row] = []
        last_group: str | None = None
        for n, row in enumerate(rows_in, 1):
            row_context = context | {"row": row, "index": n}
            if "group" in spec:
                group = self._write(spec, f"{pointer}/group", row_context, f"{where}, group", row)
                if group.text != last_group:
                    rows.append(Row((), group))
                    last_group = group.text
            rows.append(Row(tuple(
                self._write(col, f"{pointer}/columns/{c}/text", row_context,
                           f"{where}, column '{columns[c].header.text}'", row)
                for c, col in enumerate(spec["columns"]))))
        return [Table(tuple(columns), tuple(rows), Origin(self.template.at(pointer), f"{where}, table"))]

    def _tree_block(self, spec, pointer, context, where) -> list[Block]:
        items = self._items(spec["nodes"], f"{pointer}/nodes", context)
        if not items:
            return []
        without_id = [i for i in items if not isinstance(i, Mapping) or not isinstance(i.get("id"), str)]
        if without_id:
            raise self._at(f"{pointer}/nodes", f"a tree node needs an 'id', got {without_id[0]!r}"[:200])
        ids = [item["id"] for item in items]
        requires = {}
        for item, node_id in zip(items, ids):
            wanted = self._items(spec.get("requires", "{{ node.requires | default([]) }}"), f"{pointer}/requires",
                                 context | {"node": item})
            unknown = [r for r in wanted if r not in ids]
            if unknown:
                raise self._at(f"{pointer}/requires", f"node '{node_id}' requires '{unknown[0]}', which is not a "
                                                      f"node of this tree{did_you_mean(str(unknown[0]), ids)}")
            requires[node_id] = list(wanted)
        depth = _depths(requires, self.template.at(f"{pointer}/requires"))
        order: dict[int, int] = {}
        nodes = []
        for item in items:
            node_context = context | {"node": item}
            node_id = item["id"]
            row = self._number(spec.get("row"), f"{pointer}/row", node_context, depth[node_id] + 1)
            order[row] = order.get(row, 0) + 1
            column = self._number(spec.get("column"), f"{pointer}/column", node_context, order[row])
            text = self._write(spec, f"{pointer}/text", node_context, f"{where}, tree node '{node_id}'", item)
            nodes.append(Node(node_id, row, column, text))
        places = [(n.row, n.column) for n in nodes]
        if len(set(places)) != len(places):
            twice = next(p for p in places if places.count(p) > 1)
            raise self._at(f"{pointer}/row", f"two nodes share row {twice[0]}, column {twice[1]}")
        edges = tuple((r, n) for n, reqs in requires.items() for r in reqs)
        return [Tree(tuple(nodes), edges, float(spec.get("height", 60)),
                     Origin(self.template.at(pointer), f"{where}, tree"))]

    # -- values
    def _write(self, spec: Mapping, pointer: str, context: dict, what: str, about: Any = None) -> Text:
        """One text of the sheet: the template at ``pointer`` (empty if the key is absent)."""
        key = pointer.rsplit("/", 1)[1]
        origin = Origin(self.template.at(pointer), what, self.card_of(about) if about is not None else None)
        if key not in spec:
            return Text("", origin)
        try:
            value = render(spec[key], context)
        except ExpressionError as exc:
            raise self._at(pointer, str(exc), origin.card) from None
        return Text("" if value is None else str(value).strip(), origin)

    def _value(self, value: Any, pointer: str, context: dict) -> Any:
        try:
            return evaluate(value, context)
        except ExpressionError as exc:
            raise self._at(pointer, str(exc)) from None

    def _when(self, spec: Mapping, pointer: str, context: dict) -> bool:
        return "when" not in spec or bool(self._value(spec["when"], f"{pointer}/when", context))

    def _number(self, value: Any, pointer: str, context: dict, default: int) -> int:
        if value is None:
            return default
        found = self._value(value, pointer, context)
        if isinstance(found, bool) or not isinstance(found, int) or found < 1:
            raise self._at(pointer, f"expected a whole number from 1, got {found!r}")
        return found

    def _at(self, pointer: str, message: str, card: Card | None = None) -> _Problem:
        loc = self.template.at(pointer)
        about = f"card '{card.id}': " if card is not None else ""
        return _Problem(error(loc.path, loc.line, loc.col, "reference", f"{about}{message}"))

    def _guard(self, make: Callable[[], list], empty: list) -> list:
        try:
            return make()
        except _Problem as problem:
            self.problems.append(problem.diagnostic)
            return empty


def _depths(requires: dict[str, list[str]], at: Location) -> dict[str, int]:
    """Each node's depth: 0 without prerequisites, else one more than its deepest prerequisite."""
    depth: dict[str, int] = {}

    def visit(node: str, path: tuple[str, ...]) -> int:
        if node in path:
            raise _Problem(error(at.path, at.line, at.col, "reference",
                                 f"prerequisites form a circle: {' → '.join(path + (node,))}"))
        if node not in depth:
            depth[node] = max((visit(r, path + (node,)) + 1 for r in requires[node]), default=0)
        return depth[node]

    for node in requires:
        visit(node, ())
    return depth


# -- sources -------------------------------------------------------------------------------------

def as_sources(value: Any) -> list[str]:
    """A ``source`` value (one string or a list) as a list."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, str)]
    return []


def collect_sources(value: Any) -> list[str]:
    """Every source string in ``value``: strings given directly, and the ``source`` of any mapping
    inside it (cards, data entries, nested steps), in order of first appearance."""
    found: list[str] = []

    def walk(node: Any, top: bool) -> None:
        if isinstance(node, str):
            if top:
                found.append(node)
        elif isinstance(node, Mapping):
            found.extend(as_sources(node.get("source")))
            for key, child in node.items():
                if key != "source" and isinstance(child, (Mapping, list, tuple)):
                    walk(child, False)
        elif isinstance(node, (list, tuple)):
            for child in node:
                walk(child, top)

    walk(value, True)
    return list(dict.fromkeys(found))


def is_provisional(value: Any) -> bool:
    """True when a card or data entry (or a source list) has a fact chosen by us."""
    sources = as_sources(value.get("source")) if isinstance(value, Mapping) else as_sources(value)
    return any(s.startswith(PROVISIONAL) for s in sources)


_PARENTHESIS = re.compile(r"\s*\(.*\)\s*$")
#: A document's heading with more subsections cited than this is cited by the heading alone.
MAX_SUBSECTIONS = 3
WHOLE = ""  # a heading cited as a whole, which covers its subsections


def format_sources(sources: list[str]) -> str:
    """'Sources: doc § A › B; § C · table' — by document, parenthetical remarks dropped, at most
    two heading levels, and a heading alone when it is cited as a whole or many of its subsections
    are. Provisional
    entries are left out: the rows they belong to carry a † instead."""
    by_doc: dict[str, dict[str, list[str]]] = {}
    for source in sources:
        if source.startswith(PROVISIONAL):
            continue
        document, _, section = source.partition(" § ")
        levels = [part.strip() for part in _PARENTHESIS.sub("", section).split("›") if part.strip()]
        heads = by_doc.setdefault(document.strip(), {})
        if levels:
            subsections = heads.setdefault(levels[0], [])
            sub = levels[1] if len(levels) > 1 else WHOLE
            if sub not in subsections:
                subsections.append(sub)
    parts = []
    for document, heads in by_doc.items():
        sections = []
        for head, subsections in heads.items():
            if WHOLE not in subsections and len(subsections) <= MAX_SUBSECTIONS:
                sections += [f"§ {head} › {sub}" for sub in subsections]
            else:
                sections.append(f"§ {head}")
        parts.append(f"{document} {'; '.join(sections)}".strip())
    return f"Sources: {' · '.join(parts)}" if parts else ""

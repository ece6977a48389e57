"""Spreadsheets as card files: a ``.csv`` file, or an ``.xlsx`` workbook (through openpyxl, an
optional extra), one card per row. They are read into the same documents as YAML card files, with
a position (row, column) for every value, and written back by ``cardtools export``.

The cells (docs/deck-format.md § Spreadsheets):

* the first row names the fields; a dotted name is a field inside a part (``empire.money``);
* an empty cell leaves the field out;
* a cell starting with ``[``, ``{`` or a quote is YAML in flow style: a list ``[a, b]``, a mapping
  ``{2: 1, 3: 2}``, a quoted text ``"3.10"``;
* in a CSV file any other cell is a number, ``true``/``false`` or text (a plain YAML 1.2 value); in
  a workbook, the cell's own type decides;
* what a cell cannot hold well (lists of mappings, such as abilities) may be written in a side file
  ``<file>.yaml`` (``units.csv.yaml``) that maps card ids to fields.

A workbook's sheets are read in order, each a list of cards; their positions name the sheet as
a folder of the file (``cards.xlsx/Units:3:2``).
"""

from __future__ import annotations

import copy
import csv
import heapq
import importlib.util
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import yaml

from cardtools.core.atomic import atomic_open, write_text
from cardtools.core.diagnostics import Diagnostic, did_you_mean, error
from cardtools.core.yamlfile import MAX_BYTES, MAX_VALUES, Position, YamlDocument, load_yaml, not_utf8, \
    plain_scalar, pointer_from_path

SUFFIXES = (".csv", ".xlsx")
FLOW = ("[", "{", '"', "'")
XLSX_MISSING = "reading and writing .xlsx files needs openpyxl: pip install 'cardtools[xlsx]'"
_EMPTY = object()


def is_spreadsheet(path: Path | str) -> bool:
    return Path(path).suffix.lower() in SUFFIXES


def side_file(path: Path) -> Path:
    """Where the fields of a spreadsheet's cards that cells do not hold are: ``units.csv.yaml``."""
    return path.with_name(path.name + ".yaml")


@dataclass(frozen=True)
class Sheet:
    """The cards of one CSV file or workbook sheet, as a document (path: the file, or file/sheet)."""

    doc: YamlDocument
    label: str  # names the list in messages: the file's stem, or the sheet's name
    #: per card: card-relative pointer -> (document, pointer) of each value taken from the side file
    elsewhere: tuple[dict[str, tuple[YamlDocument, str]], ...]


# -- reading ------------------------------------------------------------------------------------

def load_table(path: Path) -> tuple[list[Sheet] | None, list[Diagnostic]]:
    """The cards of a spreadsheet and of its side file, and every problem found in them."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            return None, [error(path, 1, 1, "file-too-large", f"file is larger than {MAX_BYTES // 2**20} MiB")]
        tables = _csv(path) if path.suffix.lower() == ".csv" else _xlsx(path)
    except UnicodeDecodeError as exc:
        return None, [not_utf8(path, exc, "; save it as CSV UTF-8")]
    except _TooLarge as exc:
        return None, [error(path, exc.row, 1, "too-large", f"more than {MAX_VALUES:,} cells in one file: split it")]
    except (OSError, csv.Error, ValueError, KeyError) as exc:  # openpyxl: ValueError/KeyError for a broken file
        return None, [error(path, 1, 1, "spreadsheet", f"cannot read the spreadsheet: {exc}")]
    side, found = _side(side_file(path))
    entries = {} if side is None else copy.deepcopy(side.data)  # fields are taken out as they are merged
    sheets = [_sheet(path if name is None else path / name, name or path.stem, rows, typed, side, entries, found)
              for name, rows, typed in tables]
    ids = [c.get("id") for s in sheets for c in s.doc.data]
    for card_id in entries:
        if card_id not in ids:
            pos = side.position(pointer_from_path((card_id,)), key=True)
            found.append(error(side.path, pos.line, pos.col, "spreadsheet",
                               f"no card '{card_id}' in {path.name}{did_you_mean(card_id, ids)}"))
    return sheets, found


def _csv(path: Path) -> list[tuple[None, list[list[str]], bool]]:
    text = path.read_text(encoding="utf-8-sig")  # a byte order mark, as spreadsheet programs write it
    return [(None, _bounded(csv.reader(io.StringIO(text, newline=""))), False)]


def _xlsx(path: Path) -> list[tuple[str, list[list[Any]], bool]]:
    try:
        import openpyxl
    except ImportError:
        raise ValueError(XLSX_MISSING) from None
    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    try:
        return [(sheet.title, _bounded(sheet.iter_rows(values_only=True)), True) for sheet in book.worksheets]
    finally:
        book.close()


class _TooLarge(Exception):
    """More cells than a file may hold; ``row`` is where the limit is passed."""

    def __init__(self, row: int):
        self.row = row


def _bounded(rows: Iterable) -> list[list]:
    """The rows, while they hold no more cells than a YAML file may hold values."""
    out, cells = [], 0
    for row in rows:
        cells += len(row)
        if cells > MAX_VALUES:
            raise _TooLarge(len(out) + 1)
        out.append(list(row))
    return out


def _side(path: Path) -> tuple[YamlDocument | None, list[Diagnostic]]:
    if not path.is_file():
        return None, []
    doc, found = load_yaml(path)
    if doc is None or found:
        return None, found
    if doc.data is None:
        return None, []
    problems = [] if isinstance(doc.data, dict) else [error(path, 1, 1, "spreadsheet", "a side file maps card ids "
                                                           "to their fields: 'archer: {effects: [...]}'")]
    for card_id, fields in doc.data.items() if not problems else ():
        if not isinstance(fields, dict):
            pos = doc.position(pointer_from_path((card_id,)))
            problems.append(error(path, pos.line, pos.col, "spreadsheet", f"{card_id}: give the card's fields as a mapping"))
    return (None if problems else doc), problems


def _sheet(path: Path, label: str, rows: list[list], typed: bool, side: YamlDocument | None,
           entries: dict, found: list[Diagnostic]) -> Sheet:
    doc = YamlDocument(path, [])
    elsewhere = []
    header = rows[0] if rows else []
    columns = _columns(path, header, found)
    named = {c for c, _ in columns}
    for r, row in enumerate(rows[1:], start=2):
        if all(_blank(cell) for cell in row):
            continue
        j = len(doc.data)
        pointer = f"/{j}"
        doc.values[pointer] = Position(r, 1)
        cells = []
        for c, names in columns:
            value, problem = cell_value(row[c] if c < len(row) else None, typed)
            if problem:
                found.append(error(path, r, c + 1, "spreadsheet", f"{label}[{j}].{'.'.join(names)}: {problem}"))
            cells.append((c, names, _EMPTY if problem else value))
        for c, cell in enumerate(row):
            if c not in named and not _blank(cell):
                found.append(error(path, r, c + 1, "spreadsheet", f"{label}[{j}]: a value in a column without a name"))
        card_id = next((v for _, names, v in cells if names == ("id",) and isinstance(v, str)), None)
        extra = Extra(entries.pop(card_id, None) or {}, side, card_id)
        card: dict = {}
        for c, names, value in cells:
            if value is _EMPTY:
                extra.take(card, names)  # a field of the side file keeps its column's place
            elif _put(card, names, value):
                _place(doc, pointer, names, Position(r, c + 1))
            else:
                found.append(error(path, r, c + 1, "spreadsheet", f"{label}[{j}]: '{'.'.join(names)}' is given "
                                                                  f"both as a value and as a part"))
        extra.rest(card, f"{label}[{j}]", found)
        elsewhere.append(extra.taken)
        doc.data.append(card)
    return Sheet(doc, label, tuple(elsewhere))


def _columns(path: Path, header: list, found: list[Diagnostic]) -> list[tuple[int, tuple[str, ...]]]:
    columns, seen = [], {}
    for c, cell in enumerate(header):
        name = "" if _blank(cell) else str(cell).strip()
        if not name:
            continue
        names = tuple(name.split("."))
        if not all(names):
            found.append(error(path, 1, c + 1, "spreadsheet", f"column '{name}': a dotted name is part.field"))
        elif name in seen:
            found.append(error(path, 1, c + 1, "spreadsheet", f"column '{name}' is already column {seen[name]}"))
        else:
            seen[name] = c + 1
            columns.append((c, names))
    return columns


def _blank(cell) -> bool:
    return cell is None or (isinstance(cell, str) and not cell.strip())


def cell_value(cell, typed: bool) -> tuple[Any, str | None]:
    """A cell's value (``_EMPTY`` for an empty cell) and the problem with it, if any. ``typed``: a
    workbook cell, whose type (number, boolean, text) is its own."""
    if _blank(cell):
        return _EMPTY, None
    if not isinstance(cell, str):
        return (cell if isinstance(cell, (bool, int, float)) else str(cell)), None
    text = cell.strip()
    if text.startswith(FLOW):
        doc, found = load_yaml(Path("cell"), text)
        if found or doc is None:
            return None, found[0].message if found else "not a YAML value"
        return doc.data, None
    return (text, None) if typed else plain_scalar(text)


def _put(card: dict, names: tuple[str, ...], value: Any) -> bool:
    node = card
    for key in names[:-1]:
        node = node.setdefault(key, {})
        if not isinstance(node, dict):
            return False
    if isinstance(node.get(names[-1]), dict):
        return False
    node[names[-1]] = value
    return True


def _place(doc: YamlDocument, pointer: str, names: tuple[str, ...], at: Position) -> None:
    """The cell is where its value, its key, and (if not yet placed) the parts around it are written."""
    for i in range(1, len(names) + 1):
        inner = pointer_from_path(names[:i])
        doc.values.setdefault(pointer + inner, at)
        doc.keys.setdefault(pointer + inner, at)


class Extra:
    """A card's fields in the side file, merged into the card: each at the place of an empty column
    of the same name (keeping the columns' order), the others after. A field given both in a cell
    and in the side file is an error."""

    def __init__(self, entry: dict, side: YamlDocument | None, card_id: str | None):
        self.entry = entry
        self.side = side
        self.base = pointer_from_path((card_id,))
        self.taken: dict[str, tuple[YamlDocument, str]] = {}  # card-relative pointer -> side position

    def take(self, card: dict, names: tuple[str, ...]) -> None:
        node = self.entry
        for key in names[:-1]:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, dict) and names[-1] in node and _put(card, names, node[names[-1]]):
            del node[names[-1]]
            self._took(pointer_from_path(names))

    def rest(self, card: dict, label: str, found: list[Diagnostic]) -> None:
        def merge(into: dict, extra: dict, rel: str) -> None:
            for key, value in extra.items():
                here = f"{rel}/{key}"
                if isinstance(value, dict) and not value:
                    continue  # all taken at its columns' places
                if key not in into:
                    into[key] = value
                    self._took(here)
                elif isinstance(into[key], dict) and isinstance(value, dict):
                    merge(into[key], value, here)
                else:
                    pos = self.side.position(self.base + here, key=True)
                    found.append(error(self.side.path, pos.line, pos.col, "spreadsheet",
                                       f"{label}: '{here[1:].replace('/', '.')}' is given both in a cell and here"))
        merge(card, self.entry, "")

    def _took(self, rel: str) -> None:
        self.taken[rel] = (self.side, self.base + rel)


# -- writing (cardtools export) -----------------------------------------------------------------

def write_tables(groups: dict[str, list[dict]], folder: Path, fmt: str) -> list[Path]:
    """One spreadsheet per group of cards (``<name>.csv`` or ``<name>.xlsx``), each with a side file
    when some fields do not fit in cells; returns the paths written."""
    if fmt == "xlsx" and importlib.util.find_spec("openpyxl") is None:
        raise ValueError(XLSX_MISSING)
    written = []
    for name, cards in groups.items():
        columns, rows, side = table(cards, typed=fmt == "xlsx")
        path = folder / f"{name}.{fmt}"
        (_write_xlsx if fmt == "xlsx" else _write_csv)(path, name, [list(map(".".join, columns)), *rows])
        written.append(path)
        if side:
            text = yaml.safe_dump(side, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None)
            write_text(side_file(path), f"# The fields of the cards in {path.name} that cells do not hold, by card id.\n"
                                        + text)
            written.append(side_file(path))
    return written


def table(cards: Iterable[dict], typed: bool) -> tuple[list[tuple[str, ...]], list[list], dict]:
    """The columns, a row of cells per card, and the side file's fields. A part (a mapping) is
    spread over dotted columns; a list or mapping of texts and numbers is a flow cell; anything else
    goes to the side file, leaving its column empty. The columns keep every card's order of fields
    where the cards agree, so that each reads back with its fields in their order."""
    laid_out, orders = [], []
    side: dict = {}
    for card in cards:
        cells: dict[tuple[str, ...], Any] = {}
        order: list[tuple[str, ...]] = []
        _lay_out(card, (), cells, side.setdefault(card["id"], {}), order)
        laid_out.append(cells)
        orders.append(order)
    columns = merged(orders)
    rows = [[_encode(cells[c], typed) if c in cells else None for c in columns] for cells in laid_out]
    return columns, rows, {k: v for k, v in side.items() if v}


def _lay_out(value: dict, prefix: tuple, cells: dict, side: dict, order: list) -> None:
    for key, item in value.items():
        names = prefix + (key,)
        if isinstance(item, dict) and item and all("." not in k for k in item):
            _lay_out(item, names, cells, side, order)
            continue
        order.append(names)
        if _fits(item):
            cells[names] = item
        else:
            node = side
            for part in names[:-1]:
                node = node.setdefault(part, {})
            node[key] = item


def merged(orders: list[list]) -> list:
    """Every item of the lists, in an order that keeps each list's order wherever the lists agree:
    a topological sort of their successions, ties (and disagreements) going to the item met first."""
    first: dict = {}
    after: dict = {}
    waiting: dict = {}
    for order in orders:
        for item in order:
            first.setdefault(item, len(first))
            after.setdefault(item, set())
            waiting.setdefault(item, 0)
        for a, b in zip(order, order[1:]):
            if b not in after[a]:
                after[a].add(b)
                waiting[b] += 1
    ready = [(first[x], x) for x in first if not waiting[x]]
    heapq.heapify(ready)
    result: list = []
    remaining = set(first)
    while remaining:
        if not ready:  # the lists disagree: take the first item met of those left
            heapq.heappush(ready, min((first[x], x) for x in remaining))
        _, item = heapq.heappop(ready)
        if item not in remaining:
            continue
        remaining.discard(item)
        result.append(item)
        for nxt in after[item]:
            waiting[nxt] -= 1
            if waiting[nxt] == 0 and nxt in remaining:
                heapq.heappush(ready, (first[nxt], nxt))
    return result


def _fits(value: Any) -> bool:
    """A value a cell holds well: a scalar, or a list or mapping of scalars."""
    scalars = (str, int, float, bool, type(None))
    return isinstance(value, scalars) or (isinstance(value, (list, dict)) and
                                          all(isinstance(v, scalars) for v in (value.values() if isinstance(value, dict) else value)))


def _encode(value: Any, typed: bool) -> Any:
    """A value as a cell writes it: reading the cell gives the value back."""
    if value is None:
        return "null"
    if isinstance(value, (list, dict)):
        return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10 ** 9).strip()
    if isinstance(value, bool):
        return value if typed else ("true" if value else "false")
    if isinstance(value, (int, float)):
        return value if typed else repr(value)
    plain = value and value == value.strip() and not value.startswith(FLOW) and \
        (typed or plain_scalar(value) == (value, None))
    return value if plain else json.dumps(value, ensure_ascii=False)


def _write_csv(path: Path, name: str, rows: list[list]) -> None:
    with atomic_open(path, "w") as handle:
        csv.writer(handle, lineterminator="\n").writerows([["" if c is None else c for c in row] for row in rows])


def _write_xlsx(path: Path, name: str, rows: list[list]) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = name[:31]  # the longest sheet name a workbook allows
    for row in rows:
        sheet.append(row)
    with atomic_open(path, "wb") as handle:
        book.save(handle)

"""Safe YAML loading with a position for every value.

Deck files are data written by hand, so the loader is strict where PyYAML is lenient:

* YAML 1.2 core scalars: only ``true``/``false`` are booleans, so ``on``, ``off``, ``yes``, ``no``,
  ``y`` and ``n`` stay strings (PyYAML's YAML 1.1 default turns the key ``on:`` into ``True``);
* no tags at all (``!!python/object`` and friends are rejected, never constructed);
* a repeated key is an error naming both positions (PyYAML silently keeps the last one);
* aliases may be used, but a document whose aliases expand beyond a fixed budget ("billion
  laughs") is rejected before anything is built, in time linear in the file;
* mapping keys are strings, as in JSON, so the data validates with JSON Schema unchanged;
* numbers are JSON numbers: a whole number written as a float (``2.0``, ``1e3``) is an integer, as
  JSON Schema counts it, so code that takes an integer gets one; infinity and NaN, which JSON does
  not have, are errors;
* only regular files are read (a FIFO, a device or a directory named like a deck file is refused).

libyaml (through PyYAML's C loader) produces parser events; this module builds the values from
them without recursion and records ``JSON pointer -> (line, col)`` for every value and key.
"""

from __future__ import annotations

import copy
import math
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from cardtools.core.diagnostics import Diagnostic, Location, error, excerpt

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 100
#: Longest mapping key (YAML's own limit for a key written without '?'): every position under a
#: key repeats it, so a longer one would multiply the file's size in memory.
MAX_KEY = 1024
#: Values (and keys) in one file: far more than any deck file holds (7 Ages' largest has 10,000),
#: and few enough that reading them takes about a second.
MAX_VALUES = 200_000
#: Values an alias may add beyond the nodes written in the file.
ALIAS_BUDGET = 100_000

_INT = re.compile(r"[-+]?[0-9]+$")
_OCT = re.compile(r"0o[0-7]+$")
_HEX = re.compile(r"0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")
_INF = re.compile(r"[-+]?\.(inf|Inf|INF)$")
_NAN = re.compile(r"\.(nan|NaN|NAN)$")


class _EventLoader(Loader):  # type: ignore[misc, valid-type]
    """Only the event parser of libyaml is used: it is iterative, unlike its node composer."""


@dataclass(frozen=True)
class Position:
    line: int
    col: int


@dataclass
class YamlDocument:
    """A loaded file: its data plus where every value (and every mapping key) was written."""

    path: Path
    data: Any
    values: dict[str, Position] = field(default_factory=dict)
    keys: dict[str, Position] = field(default_factory=dict)

    def position(self, pointer: str, *, key: bool = False) -> Position:
        """Position of the value (or of its key) at a JSON pointer; nearest ancestor if absent."""
        table = self.keys if key else self.values
        probe = pointer
        while True:
            if probe in table:
                return table[probe]
            if probe in self.values:
                return self.values[probe]
            if not probe:
                return Position(1, 1)
            probe = probe.rsplit("/", 1)[0]


def pointer_join(pointer: str, token: object) -> str:
    text = str(token).replace("~", "~0").replace("/", "~1")
    return f"{pointer}/{text}"


def pointer_from_path(parts) -> str:
    pointer = ""
    for part in parts:
        pointer = pointer_join(pointer, part)
    return pointer


#: Line breaks to YAML 1.1 (and so to libyaml) that editors show inside a line.
_ODD_BREAK = re.compile("[\u2028\u2029\x85]")


def not_utf8(path: Path, exc: UnicodeDecodeError, hint: str = "") -> Diagnostic:
    """A file that is not UTF-8, at its first byte that is not."""
    data = exc.object
    line = data.count(b"\n", 0, exc.start) + 1
    col = len(data[data.rfind(b"\n", 0, exc.start) + 1:exc.start].decode("utf-8", "replace")) + 1
    return error(path, line, col, "encoding", f"file is not UTF-8 ({exc.reason}){hint}")


def load_yaml(path: Path, text: str | None = None) -> tuple[YamlDocument | None, list[Diagnostic]]:
    """Load one YAML file. Returns the document (None if unusable) and every problem found."""
    path = Path(path)
    if text is None:
        try:
            info = path.stat()
            if not stat.S_ISREG(info.st_mode):
                return None, [error(path, 1, 1, "io", "not a regular file")]
            if info.st_size > MAX_BYTES:
                return None, [error(path, 1, 1, "file-too-large", f"file is larger than {MAX_BYTES // 2**20} MiB")]
            data = path.read_bytes()
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            return None, [not_utf8(path, exc)]
        except OSError as exc:
            return None, [error(path, 1, 1, "io", f"cannot read file: {exc.strerror or exc}")]
    odd = _ODD_BREAK.search(text)
    if odd:   # libyaml counts it as a new line, editors do not: every position after it would be off
        before = text[:odd.start()]
        line, col = before.count("\n") + 1, odd.start() - (before.rfind("\n") + 1) + 1
        name = {"\u2028": "LINE SEPARATOR", "\u2029": "PARAGRAPH SEPARATOR", "\x85": "NEXT LINE"}[odd.group()]
        return None, [error(path, line, col, "syntax", f"character U+{ord(odd.group()):04X} ({name}) is a line break "
                                                       "to YAML but not to editors: replace it with a space or a new line")]
    builder = _Builder(YamlDocument(path, None))
    try:
        builder.run(yaml.parse(text, Loader=_EventLoader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = _inside(text, mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        if "maximum nesting depth" in problem:   # PyYAML >= 6.0.3 looks ahead and stops first, at its own limit
            return None, [error(path, line, col, "too-deep", f"nesting deeper than {MAX_DEPTH} levels")]
        if exc.context and exc.problem:
            started = exc.context_mark
            at = f" started at line {started.line + 1}, column {started.column + 1}" if started and started is not mark else ""
            problem = f"{exc.problem} ({exc.context}{at})"
        return None, [error(path, line, col, "syntax", f"YAML syntax error: {problem}")]
    except yaml.reader.ReaderError as exc:  # e.g. a control character: has an offset, not a mark
        before = text[: exc.position]
        line, col = before.count("\n") + 1, exc.position - (before.rfind("\n") + 1) + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        return None, [error(path, line, col, "syntax", f"YAML syntax error: character U+{code:04X} is not allowed")]
    except yaml.YAMLError as exc:  # pragma: no cover - every libyaml error above carries a position
        return None, [error(path, 1, 1, "syntax", f"YAML syntax error: {exc}")]
    except _Fatal:
        return None, builder.diagnostics
    return builder.doc, builder.diagnostics


def _inside(text: str, line: int, col: int) -> tuple[int, int]:
    """A position libyaml gives, moved back into the text: at the end of a file without a final
    newline it points at the line after the last."""
    lines = text.split("\n")
    if line > len(lines):
        return len(lines), len(lines[-1]) + 1
    return line, min(col, len(lines[line - 1]) + 1)


class _Fatal(Exception):
    """Stops the build: the document cannot be used (the diagnostic is already recorded)."""


class _Frame:
    __slots__ = ("container", "pointer", "key", "seen", "anchor", "size")

    def __init__(self, container, pointer, anchor):
        self.container = container
        self.pointer = pointer
        self.anchor = anchor
        self.key = None
        self.seen: dict[str, object] = {}
        self.size = 1


class _Builder:
    """Builds plain values from parser events, iteratively: no input can exhaust the stack."""

    def __init__(self, doc: YamlDocument):
        self.doc = doc
        self.diagnostics: list[Diagnostic] = []
        self.stack: list[_Frame] = []
        self.anchors: dict[str, tuple[object, int]] = {}
        self.open_anchors: set[str] = set()
        self.expanded = 0
        self.documents = 0
        self.count = 0

    def _error(self, mark, code: str, message: str, *, fatal: bool = False, **kw) -> None:
        self.diagnostics.append(error(self.doc.path, mark.line + 1, mark.column + 1, code, message, **kw))
        if fatal:
            raise _Fatal

    def run(self, events) -> None:
        for event in events:
            kind = type(event)
            if kind is yaml.ScalarEvent:
                self._check_tag(event)
                value, problem = plain_scalar(event.value) if event.implicit[0] and event.tag is None \
                    else (event.value, None)
                if problem:
                    self._error(event.start_mark, "number", problem)
                self._value(event, value, 1, event.anchor)
            elif kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent:
                self._check_tag(event)
                self._open(event, [] if kind is yaml.SequenceStartEvent else {})
            elif kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
                self._close()
            elif kind is yaml.AliasEvent:
                self._alias(event)
            elif kind is yaml.DocumentStartEvent:
                self.documents += 1
                if self.documents > 1:
                    self._error(event.start_mark, "syntax",
                                "a deck file holds one YAML document; remove the second '---'", fatal=True)

    def _check_tag(self, event) -> None:
        if event.tag not in (None, "!"):
            self._error(event.start_mark, "forbidden-tag",
                        f"YAML tag '{event.tag}' is not allowed: deck files hold plain data only "
                        "(quote a value to keep it a string)", fatal=True)

    def _place(self, event) -> str | None:
        """Pointer for a new value, or None when the value is a mapping key (kept by the frame)."""
        self.count += 1
        if self.count > MAX_VALUES:
            self._error(event.start_mark, "too-large", f"more than {MAX_VALUES:,} values in one file: split it",
                        fatal=True)
        if not self.stack:
            return ""
        frame = self.stack[-1]
        if isinstance(frame.container, list):
            return pointer_join(frame.pointer, len(frame.container))
        if frame.key is None:
            return None
        if frame.key is _DROP:
            return f"{frame.pointer}/\0dropped"
        return pointer_join(frame.pointer, frame.key)

    def _value(self, event, value, size: int, anchor) -> None:
        pointer = self._place(event)
        mark = event.start_mark
        if pointer is None:  # a mapping key
            self._key(event, value)
            return
        self.doc.values.setdefault(pointer, Position(mark.line + 1, mark.column + 1))
        if anchor is not None:
            self.anchors[anchor] = (value, size)
        self._attach(value, size)

    def _key(self, event, value) -> None:
        frame = self.stack[-1]
        mark = event.start_mark
        if type(event) is not yaml.ScalarEvent:
            self._error(mark, "complex-key", "mapping keys must be plain words or numbers", fatal=True)
        key = str(value) if not isinstance(value, bool) else ("true" if value else "false")
        if value is None:
            key = event.value
        if key == "<<" and event.implicit[0]:
            self._error(mark, "merge-key", "YAML merge keys ('<<') are not supported; use an anchor on a "
                        "whole value, or a variant file to share cards", fatal=True)
        if len(key) > MAX_KEY:
            self._error(mark, "long-key", f"a key of {len(key):,} characters ({excerpt(key)}); keys are at most "
                        f"{MAX_KEY:,}")
            key = None  # the entry is dropped; its value is still read (and ignored)
        elif key in frame.seen:
            first = frame.seen[key]
            self._error(mark, "duplicate-key",
                        f"duplicate key '{key}' (first defined at line {first.line + 1}, column {first.column + 1})",
                        related=(Location(self.doc.path, first.line + 1, first.column + 1),))
            key = None  # the repeated entry is dropped; its value is still read (and ignored)
        else:
            frame.seen[key] = mark
            self.doc.keys[pointer_join(frame.pointer, key)] = Position(mark.line + 1, mark.column + 1)
        frame.key = key if key is not None else _DROP

    def _attach(self, value, size: int) -> None:
        if not self.stack:
            self.doc.data = value
            return
        frame = self.stack[-1]
        frame.size += size
        if isinstance(frame.container, list):
            frame.container.append(value)
        else:
            if frame.key is not _DROP:
                frame.container[frame.key] = value
            frame.key = None

    def _open(self, event, container) -> None:
        pointer = self._place(event)
        if pointer is None:
            self._error(event.start_mark, "complex-key", "mapping keys must be plain words or numbers", fatal=True)
        if len(self.stack) >= MAX_DEPTH:
            self._error(event.start_mark, "too-deep", f"nesting deeper than {MAX_DEPTH} levels", fatal=True)
        mark = event.start_mark
        self.doc.values.setdefault(pointer, Position(mark.line + 1, mark.column + 1))
        if event.anchor is not None:
            self.open_anchors.add(event.anchor)
        self.stack.append(_Frame(container, pointer, event.anchor))

    def _close(self) -> None:
        frame = self.stack.pop()
        if frame.anchor is not None:
            self.open_anchors.discard(frame.anchor)
            self.anchors[frame.anchor] = (frame.container, frame.size)
        self._attach(frame.container, frame.size)

    def _alias(self, event) -> None:
        name = event.anchor
        mark = event.start_mark
        if name in self.open_anchors:
            self._error(mark, "alias", f"alias '*{name}' refers to a value that contains it (recursive data)",
                        fatal=True)
        if name not in self.anchors:
            self._error(mark, "alias", f"alias '*{name}' has no anchor '&{name}' before it", fatal=True)
        value, size = self.anchors[name]
        self.expanded += size
        if self.expanded > ALIAS_BUDGET:
            self._error(mark, "alias", f"aliases expand this document beyond {ALIAS_BUDGET:,} extra values; "
                        "rejected as an alias bomb", fatal=True)
        pointer = self._place(event)
        if pointer is None:
            self._error(mark, "complex-key", "an alias cannot be used as a mapping key", fatal=True)
        self.doc.values.setdefault(pointer, Position(mark.line + 1, mark.column + 1))
        self._attach(copy.deepcopy(value), size)


#: Stands for the key of a repeated entry: its value is read (to find further errors) and dropped.
_DROP = object()


def plain_scalar(text: str) -> tuple[Any, str | None]:
    """A plain scalar's value (``scalar``), and why it cannot be one if it is a number JSON does not
    have (then the value is the text itself)."""
    try:
        value = scalar(text)
    except ValueError:  # a whole number of thousands of digits, more than Python reads
        return text, f"{excerpt(text)} has too many digits"
    if isinstance(value, float) and not math.isfinite(value):
        return text, f"{excerpt(text)} is not a finite number (JSON has no infinity or NaN); quote it to keep it text"
    return value, None


def scalar(text: str) -> Any:
    """Resolve a plain scalar by the YAML 1.2 core schema."""
    if text in ("", "~", "null", "Null", "NULL"):
        return None
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    if _INT.match(text):
        return int(text)
    if _OCT.match(text):
        return int(text[2:], 8)
    if _HEX.match(text):
        return int(text[2:], 16)
    if _FLOAT.match(text):
        number = float(text)
        return int(number) if number.is_integer() else number
    if _INF.match(text):
        return -math.inf if text.startswith("-") else math.inf
    if _NAN.match(text):
        return math.nan
    return text

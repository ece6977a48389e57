"""Diagnostics: the one way every part of cardtools reports a problem in a designer's files.

A diagnostic names a file position (``path:line:col``), a severity, a short stable code and a
message a designer can act on. Commands collect all diagnostics of a run, sort them and print
them together (ruff / check-jsonschema style), or as JSON for tools.
"""

from __future__ import annotations

import difflib
import json
import os
import reprlib
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Iterable


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Location:
    """A 1-based position in a file."""

    path: Path
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{display_path(self.path)}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Diagnostic:
    location: Location
    code: str
    message: str
    severity: Severity = Severity.ERROR
    related: tuple[Location, ...] = field(default=())

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def sort_key(self) -> tuple:
        loc = self.location
        return (display_path(loc.path), loc.line, loc.col, self.code, self.message)

    def format(self) -> str:
        return f"{self.location}: {self.severity.value}[{self.code}]: {self.message}"

    def to_json(self) -> dict:
        loc = self.location
        return {
            "path": display_path(loc.path),
            "line": loc.line,
            "col": loc.col,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "related": [
                {"path": display_path(r.path), "line": r.line, "col": r.col} for r in self.related
            ],
        }


class DiagnosticError(Exception):
    """Raised when work cannot continue; carries the diagnostics that explain why."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = sorted(dict.fromkeys(diagnostics), key=Diagnostic.sort_key)
        super().__init__("\n".join(d.format() for d in self.diagnostics))


#: The longest message a diagnostic prints: values are quoted as excerpts, so only a bug reaches it.
MAX_MESSAGE = 500


def error(path: Path, line: int, col: int, code: str, message: str, **kw) -> Diagnostic:
    return Diagnostic(Location(Path(path), line, col), code, _bounded(message), Severity.ERROR, **kw)


def warning(path: Path, line: int, col: int, code: str, message: str, **kw) -> Diagnostic:
    return Diagnostic(Location(Path(path), line, col), code, _bounded(message), Severity.WARNING, **kw)


def _bounded(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 1] + "…"


_EXCERPT = reprlib.Repr()
_EXCERPT.maxstring = _EXCERPT.maxother = _EXCERPT.maxlong = 60
_EXCERPT.maxlist = _EXCERPT.maxtuple = _EXCERPT.maxdict = 5
_EXCERPT.maxlevel = 3


def excerpt(value: object) -> str:
    """A value quoted for a message, cut short: a diagnostic shows what is wrong, never a whole
    file's worth of a bad value (``'xxxxxxxx...xxxxxxx'``); a huge number in powers of ten."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 15:
        digits = str(abs(value))
        return f"{'-' if value < 0 else ''}{digits[0]}.{digits[1:4]}e+{len(digits) - 1}"
    return _EXCERPT.repr(value)


def display_path(path: Path) -> str:
    """Paths relative to the working directory when possible: short and clickable in terminals."""
    try:
        return os.path.relpath(path)
    except ValueError:  # different drive on Windows
        return str(path)


#: Words longer than this get no suggestion: no option is that long, and comparing costs time.
MAX_WORD = 100


def suggest(word: object, options: Iterable[object]) -> str | None:
    """The closest option to a misspelt word, or None when nothing is close enough."""
    if not isinstance(word, str) or len(word) > MAX_WORD:
        return None
    names = [str(o) for o in options]
    matches = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    if not matches:
        lowered = {n.lower(): n for n in names}
        if word.lower() in lowered:
            return lowered[word.lower()]
        return None
    return matches[0]


def did_you_mean(word: object, options: Iterable[object]) -> str:
    hint = suggest(word, options)
    return f"; did you mean '{hint}'?" if hint is not None else ""


def render(diagnostics: Iterable[Diagnostic], fmt: str = "text") -> str:
    """All diagnostics, sorted, as text lines with a summary, or as a JSON document."""
    items = sorted(diagnostics, key=Diagnostic.sort_key)
    if fmt == "json":
        return json.dumps({"diagnostics": [d.to_json() for d in items], **count(items)}, indent=2)
    lines = [d.format() for d in items]
    tally = count(items)
    if items:
        lines.append(f"{tally['errors']} error(s), {tally['warnings']} warning(s)")
    return "\n".join(lines)


def count(items: Iterable[Diagnostic]) -> dict[str, int]:
    items = list(items)
    errors = sum(1 for d in items if d.is_error)
    return {"errors": errors, "warnings": len(items) - errors}

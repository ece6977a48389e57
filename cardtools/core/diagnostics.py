"""Diagnostics: the one way every part of cardtools reports a problem in a designer's files.

A diagnostic names a file position (``path:line:col``), a severity, a short stable code and a
message a designer can act on. Commands collect all diagnostics of a run, sort them and print
them together (ruff / check-jsonschema style), or as JSON for tools.
"""

from __future__ import annotations

import difflib
import json
import os
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


def error(path: Path, line: int, col: int, code: str, message: str, **kw) -> Diagnostic:
    return Diagnostic(Location(Path(path), line, col), code, message, Severity.ERROR, **kw)


def warning(path: Path, line: int, col: int, code: str, message: str, **kw) -> Diagnostic:
    return Diagnostic(Location(Path(path), line, col), code, message, Severity.WARNING, **kw)


def display_path(path: Path) -> str:
    """Paths relative to the working directory when possible: short and clickable in terminals."""
    try:
        return os.path.relpath(path)
    except ValueError:  # different drive on Windows
        return str(path)


def suggest(word: object, options: Iterable[object]) -> str | None:
    """The closest option to a misspelt word, or None when nothing is close enough."""
    if not isinstance(word, str):
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

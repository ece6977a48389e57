"""Small sandboxed Jinja2 expressions and templates used by layouts.

Layouts are data written by designers, so they run in Jinja2's sandbox (DESIGN.md §3.2) with
``StrictUndefined``: a misspelt ``card.nmae`` is an error with the layout's line, not an empty
string on 300 printed cards. Compiled expressions are cached: a deck reuses a few dozen.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping

import jinja2
from jinja2 import meta

from cardtools.core import sandbox
from cardtools.core.diagnostics import excerpt

_ENV = sandbox.Sandbox(keep_trailing_newline=True)
_LONE = re.compile(r"^\s*\{\{(.*)\}\}\s*$", re.S)


class ExpressionError(ValueError):
    """A layout expression or template that fails to compile or to evaluate."""


@lru_cache(maxsize=4096)
def _expression(source: str):
    try:
        return _ENV.compile_expression(source, undefined_to_none=False)
    except jinja2.TemplateSyntaxError as exc:
        raise ExpressionError(f"invalid expression {_quoted(source)}: {exc.message}") from None


@lru_cache(maxsize=4096)
def _template(source: str):
    try:
        return _ENV.from_string(source)
    except jinja2.TemplateSyntaxError as exc:
        raise ExpressionError(f"invalid template {_quoted(source)}: {exc.message}") from None


def evaluate(source: Any, context: Mapping[str, Any]) -> Any:
    """A number, boolean or bare expression (``W - 2 * safe``, ``card.military > 0``) → its value."""
    if not isinstance(source, str):
        return source
    lone = _LONE.match(source)
    expression = lone.group(1) if lone and "{{" not in lone.group(1) else source
    if _geometry_only(expression) and all(name in context for name in GEOMETRY):  # the same on every card of a size
        return _geometry(expression, *(context[name] for name in GEOMETRY))
    return _run(_expression(expression), context, source)


#: The names an expression may use to be a pure function of the card's size.
GEOMETRY = ("W", "H", "bleed", "safe")


@lru_cache(maxsize=4096)
def _geometry_only(source: str) -> bool:
    try:
        names = meta.find_undeclared_variables(_ENV.parse("{{ " + source + " }}"))
    except jinja2.TemplateSyntaxError:
        return False  # reported by _expression, with the layout's line
    return names <= set(GEOMETRY)


@lru_cache(maxsize=4096)
def _geometry(source: str, *values: float) -> Any:
    return _run(_expression(source), dict(zip(GEOMETRY, values)), source)


def render(source: Any, context: Mapping[str, Any]) -> Any:
    """A literal or ``{{ … }}`` template → its value; a lone ``{{ expr }}`` keeps the value's type."""
    if not isinstance(source, str) or "{" not in source:
        return source
    lone = _LONE.match(source)
    if lone and "{{" not in lone.group(1) and "}}" not in lone.group(1):
        return _run(_expression(lone.group(1)), context, source)
    return _run(_template(source).render, context, source)


def _quoted(source: str) -> str:
    """A template or expression as messages quote it: whole, unless it is too long to read."""
    return f"'{source}'" if len(source) <= 200 else excerpt(source)


def _run(fn, context: Mapping[str, Any], source: str) -> Any:
    try:
        result = sandbox.run(fn, **context)
    except jinja2.TemplateError as exc:
        raise ExpressionError(f"{_quoted(source)}: {exc.message or exc}") from None
    except (TypeError, ValueError, ArithmeticError, LookupError) as exc:
        raise ExpressionError(f"{_quoted(source)}: {exc}") from None
    if isinstance(result, jinja2.Undefined):
        raise ExpressionError(f"{_quoted(source)} is undefined")
    return result

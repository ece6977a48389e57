"""A yes/no schema check compiled once into closures, so that valid data skips jsonschema.

jsonschema builds a validator object for every subschema it descends into and an error object for
every branch of an ``if``/``anyOf`` that does not match, even when the data is valid; for cards with
effect trees that was most of the validation time. Nearly every card in a deck is valid nearly all
the time, so ``SchemaStore.validate`` first asks this check; only data it rejects goes through
jsonschema, which then explains every error with its position. This check is therefore never the
last word on invalid data, and a test compares its verdicts with jsonschema's on random data.

It understands exactly the keywords our schemas use (after bundling) and refuses to compile a
schema with any other, in which case jsonschema alone is used.
"""

from __future__ import annotations

import re
from typing import Any, Callable

Check = Callable[[Any], bool]

#: Keywords that never change a verdict.
ANNOTATIONS = {"$id", "$schema", "$comment", "title", "description", "markdownDescription", "examples",
               "default", "x-error", "x-kind", "$defs"}


class Unsupported(Exception):
    """The schema uses a keyword this check does not implement."""


def compile_check(schema: Any, card_ref: Callable[[Any, Any], bool]) -> Check:
    """A function telling whether an instance is valid; ``card_ref(expected, instance)`` implements
    the ``x-card-ref`` keyword."""
    defs = schema.get("$defs", {}) if isinstance(schema, dict) else {}
    refs: dict[str, Check] = {}

    def ref(target: str) -> Check:
        if not target.startswith("#/$defs/") or target[8:] not in defs:
            raise Unsupported(f"$ref {target}")
        key = target[8:]
        if key not in refs:
            cell: list[Check] = []
            refs[key] = lambda x: cell[0](x)  # defined below; a definition may refer to itself
            cell.append(build(defs[key]))
        return refs[key]

    def build(node: Any) -> Check:
        if node is True or node == {}:
            return _always
        if node is False:
            return _never
        if not isinstance(node, dict):
            raise Unsupported(repr(node))
        checks = [make(key, value, node) for key, value in node.items() if key not in ANNOTATIONS]
        checks = [c for c in checks if c is not None]
        if len(checks) == 1:
            return checks[0]
        return lambda x: all(c(x) for c in checks)

    def make(key: str, value: Any, node: dict) -> Check | None:
        if key == "type":
            types = tuple(value) if isinstance(value, list) else (value,)
            tests = [_TYPES[t] for t in types]
            return lambda x: any(t(x) for t in tests)
        if key == "enum":
            return _member_of(value)
        if key == "const":
            return lambda x: _equal(x, value)
        if key == "properties":
            subs = {k: build(v) for k, v in value.items()}
            return lambda x: not isinstance(x, dict) or all(sub(x[k]) for k, sub in subs.items() if k in x)
        if key == "additionalProperties":
            known = set(node.get("properties", {}))
            patterns = [re.compile(p) for p in node.get("patternProperties", {})]
            sub = build(value)
            return lambda x: not isinstance(x, dict) or all(
                sub(v) for k, v in x.items() if k not in known and not any(p.search(k) for p in patterns))
        if key == "patternProperties":
            subs = [(re.compile(p), build(v)) for p, v in value.items()]
            return lambda x: not isinstance(x, dict) or all(
                sub(v) for k, v in x.items() for p, sub in subs if p.search(k))
        if key == "required":
            return lambda x: not isinstance(x, dict) or all(k in x for k in value)
        if key == "dependentRequired":
            return lambda x: not isinstance(x, dict) or all(
                all(n in x for n in needed) for k, needed in value.items() if k in x)
        if key == "minProperties":
            return lambda x: not isinstance(x, dict) or len(x) >= value
        if key == "maxProperties":
            return lambda x: not isinstance(x, dict) or len(x) <= value
        if key == "propertyNames":
            sub = build(value)
            return lambda x: not isinstance(x, dict) or all(sub(k) for k in x)
        if key == "items":
            sub = build(value)
            skip = len(node.get("prefixItems", ()))
            return lambda x: not isinstance(x, list) or all(sub(v) for v in x[skip:])
        if key == "prefixItems":
            subs = [build(v) for v in value]
            return lambda x: not isinstance(x, list) or all(s(v) for s, v in zip(subs, x))
        if key == "minItems":
            return lambda x: not isinstance(x, list) or len(x) >= value
        if key == "maxItems":
            return lambda x: not isinstance(x, list) or len(x) <= value
        if key == "uniqueItems":
            return _unique if value else None
        if key == "pattern":
            rx = re.compile(value)
            return lambda x: not isinstance(x, str) or rx.search(x) is not None
        if key == "minLength":
            return lambda x: not isinstance(x, str) or len(x) >= value
        if key == "maxLength":
            return lambda x: not isinstance(x, str) or len(x) <= value
        if key == "minimum":
            return lambda x: not _is_number(x) or x >= value
        if key == "maximum":
            return lambda x: not _is_number(x) or x <= value
        if key == "allOf":
            subs = [build(v) for v in value]
            return lambda x: all(s(x) for s in subs)
        if key == "anyOf":
            subs = [build(v) for v in value]
            return lambda x: any(s(x) for s in subs)
        if key == "oneOf":
            subs = [build(v) for v in value]
            return lambda x: sum(1 for s in subs if s(x)) == 1
        if key == "not":
            sub = build(value)
            return lambda x: not sub(x)
        if key == "if":
            test = build(value)
            then = build(node["then"]) if "then" in node else _always
            other = build(node["else"]) if "else" in node else _always
            return lambda x: then(x) if test(x) else other(x)
        if key in ("then", "else"):
            return None  # handled with "if"; alone they do nothing
        if key == "$ref":
            return ref(value)
        if key == "x-card-ref":
            return lambda x: card_ref(value, x)
        raise Unsupported(key)

    return build(schema)


def _always(x: Any) -> bool:
    return True


def _never(x: Any) -> bool:
    return False


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


_TYPES: dict[str, Check] = {
    "string": lambda x: isinstance(x, str),
    "integer": lambda x: (isinstance(x, int) and not isinstance(x, bool)) or (isinstance(x, float) and x.is_integer()),
    "number": _is_number,
    "boolean": lambda x: isinstance(x, bool),
    "null": lambda x: x is None,
    "object": lambda x: isinstance(x, dict),
    "array": lambda x: isinstance(x, list),
}


def _equal(a: Any, b: Any) -> bool:
    """JSON equality: true is not 1, and containers compare element by element."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    if _is_number(a) and _is_number(b):
        return a == b
    return type(a) is type(b) and a == b


def _member_of(options: list) -> Check:
    strings = {o for o in options if isinstance(o, str)}
    others = [o for o in options if not isinstance(o, str)]
    return lambda x: (x in strings) if isinstance(x, str) else any(_equal(x, o) for o in others)


def _unique(x: Any) -> bool:
    if not isinstance(x, list):
        return True
    return all(not _equal(x[i], x[j]) for i in range(len(x)) for j in range(i + 1, len(x)))

"""JSON Schema registry and schema errors turned into designer-readable diagnostics.

Schemas are JSON Schema 2020-12 files under ``schemas/``, named by their path there
(``aoc/civilization.schema.json``). They carry no ``$id``: cross-file ``$ref``s are relative
(``../card.schema.json#/$defs/id``) and resolve against the file's own location, in editors
(yaml-language-server) and other validators alike, with no network. Here they are registered under
an internal base URI (``REGISTRY_BASE``, never written into a file), so that the workspace's
schemas and the built-in ones form one tree.

Extension keywords (other validators ignore them): ``"x-card-ref": "<card type>"`` (or a list, or
``true`` for any type) marks a string whose value must be the id of a card in the same deck;
``"x-error"`` says in words what a ``pattern`` means; ``"x-kind"`` names what an object is (an
effect, a value …) in messages about it.
"""

from __future__ import annotations

import contextvars
import json
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping
from urllib.parse import urldefrag, urljoin

from jsonschema import Draft202012Validator, ValidationError, validators
from jsonschema.exceptions import best_match
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

from cardtools.core.diagnostics import Diagnostic, Location, did_you_mean, error, excerpt
from cardtools.core.quickcheck import Check, Unsupported, compile_check
from cardtools.core.yamlfile import YamlDocument, pointer_from_path

#: Where schemas are registered for ``referencing``: a name only, never fetched nor written to a file.
REGISTRY_BASE = "https://cardtools.dev/schemas/"

#: The deck's cards (id -> type) while a deck is validated; read by the ``x-card-ref`` keyword.
CARD_INDEX: contextvars.ContextVar[Mapping[str, str] | None] = contextvars.ContextVar("card_index", default=None)


def _card_ref(validator, expected, instance, schema):
    index = CARD_INDEX.get()
    if index is None or not isinstance(instance, str):
        return
    wanted = None if expected is True else ([expected] if isinstance(expected, str) else list(expected))
    if instance not in index:
        candidates = [i for i, t in index.items() if wanted is None or t in wanted]
        kind = " or ".join(wanted) if wanted else "card"
        yield ValidationError(f"no {kind} with id '{instance}' in this deck{did_you_mean(instance, candidates)}",
                              validator="x-card-ref")
    elif wanted is not None and index[instance] and index[instance] not in wanted:  # no type: its own error
        yield ValidationError(f"'{instance}' is a {index[instance]}, but a {' or '.join(wanted)} is expected here",
                              validator="x-card-ref")


#: Keys a bundle leaves out: documentation only, or definitions reached only through a ``$ref``.
_NOT_VALIDATED = {"description", "title", "markdownDescription", "examples", "$defs", "$comment"}
#: Keywords whose value is a schema, a list of schemas, or a map of names to schemas.
_SCHEMAS = {"items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
            "unevaluatedProperties", "unevaluatedItems"}
_SCHEMA_LISTS = {"allOf", "anyOf", "oneOf", "prefixItems"}
_SCHEMA_MAPS = {"properties", "patternProperties", "dependentSchemas"}

#: While the quick check runs: every card id it looks up, and what it found (for ``_passes``).
_LOOKUPS: contextvars.ContextVar[dict | None] = contextvars.ContextVar("lookups", default=None)


def _quick_card_ref(expected, instance) -> bool:
    """``x-card-ref`` for the quick check: the same verdict as ``_card_ref``."""
    index = CARD_INDEX.get()
    if index is None or not isinstance(instance, str):
        return True
    lookups = _LOOKUPS.get()
    if lookups is not None:
        lookups[instance] = index.get(instance)
    wanted = None if expected is True else ([expected] if isinstance(expected, str) else list(expected))
    return instance in index and (wanted is None or index[instance] in wanted)


ID_PROBLEM = ("remove this schema's '$id': a schema is named by its path under schemas/, so that editors and "
              "other validators resolve its $refs next to the file, without the network "
              "(`cardtools schema --write` removes it)")

CardtoolsValidator = validators.extend(Draft202012Validator, {"x-card-ref": _card_ref})


@dataclass(frozen=True)
class SchemaFile:
    path: Path
    name: str  # path relative to the schemas directory, e.g. "aoc/civilization.schema.json"
    contents: dict

    @property
    def uri(self) -> str:
        return REGISTRY_BASE + self.name


class SchemaStore:
    """All schemas of the workspace (and the built-in ones), addressable by relative name."""

    def __init__(self, directories: Iterable[Path]):
        self.files: dict[str, SchemaFile] = {}
        self.problems: list[Diagnostic] = []
        self.directories = [Path(d) for d in directories]
        for directory in self.directories:
            if not directory.is_dir():
                continue
            for path in sorted(directory.rglob("*.schema.json")):
                name = path.relative_to(directory).as_posix()
                if name in self.files:
                    continue  # the workspace's own schemas shadow built-in ones
                self._add(path, name)
        self._validators: dict[str, Any] = {}
        self._quick: dict[str, Check | None] = {}
        self._passed: dict[tuple[str, int], tuple[Any, dict]] = {}
        self._bundles: dict[str, dict] = {}
        self._cycles: dict[str, bool] = {}

    def _add(self, path: Path, name: str) -> None:
        try:
            contents = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            self.problems.append(error(path, 1, 1, "schema-file", f"cannot read schema: {exc}"))
            return
        if isinstance(contents, dict) and "$id" in contents:
            self.problems.append(error(path, 1, 1, "schema-file", ID_PROBLEM))
            contents = {k: v for k, v in contents.items() if k != "$id"}
        self.files[name] = SchemaFile(path, name, contents)

    def provide(self, schemas: Mapping[str, dict]) -> None:
        """Use these schemas (freshly generated, newer than their files, if any) from now on."""
        changed = {name: {k: v for k, v in contents.items() if k != "$id"} for name, contents in schemas.items()}
        changed = {name: c for name, c in changed.items() if name not in self.files or self.files[name].contents != c}
        if not changed:
            return
        for name, contents in changed.items():
            old = self.files.get(name)
            path = old.path if old is not None else self.directories[0] / name
            self.files[name] = SchemaFile(path, name, contents)
        self.__dict__.pop("registry", None)
        for cache in (self._validators, self._quick, self._passed, self._bundles, self._cycles):
            cache.clear()

    @cached_property
    def registry(self) -> Registry:
        resources = [(f.uri, Resource.from_contents(f.contents, default_specification=DRAFT202012))
                     for f in self.files.values()]
        return Registry().with_resources(resources)

    def has(self, name: str) -> bool:
        return name in self.files

    def validator(self, name: str):
        """A validator for the named schema (cached: building one walks the whole schema)."""
        if name not in self._validators:
            self._validators[name] = CardtoolsValidator(self._bundled(name), registry=self.registry)
        return self._validators[name]

    def quick(self, name: str) -> Check | None:
        """A fast yes/no check for the named schema, or None if it uses a keyword the check lacks."""
        if name not in self._quick:
            try:
                self._quick[name] = compile_check(self._bundled(name), _quick_card_ref)
            except Unsupported:
                self._quick[name] = None
        return self._quick[name]

    def _passes(self, name: str, check: Check, instance: Any) -> bool:
        """The quick check, remembered for data seen before (a card shared by a game's variants):
        a pass is reused only if every card id it looked up resolves as it did then."""
        index = CARD_INDEX.get() or {}
        seen = self._passed.get((name, id(instance)))
        if seen is not None and seen[0] is instance and all(index.get(i) == t for i, t in seen[1].items()):
            return True
        lookups: dict[str, str | None] = {}
        token = _LOOKUPS.set(lookups)
        try:
            passed = check(instance)
        finally:
            _LOOKUPS.reset(token)
        if passed:  # keeping the instance keeps its id from being reused
            self._passed[(name, id(instance))] = (instance, lookups)
        return passed

    def _bundled(self, name: str) -> dict:
        if name not in self._bundles:
            self._bundles[name] = self.bundle(name)
        return self._bundles[name]

    def bundle(self, name: str) -> dict:
        """The schema made self-contained and quick to validate with.

        jsonschema resolves a ``$ref`` again every time it meets one, which was half the cost of
        validating a deck; our schemas never change during a run, so references are resolved once
        here: a reference to a definition outside any cycle is replaced by its target; a definition
        on a cycle (an effect inside an effect) is copied once into the bundle's own ``$defs`` and
        referred to locally. Annotations that never affect validation (descriptions) are dropped,
        and patterns are rewritten for Python's ``re`` (``python_regex``).
        """
        root = self.files[name]
        local: dict[str, str] = {}  # absolute URI of a cyclic definition -> its key in the bundle
        copies: dict[str, dict] = {}

        def walk(node, base: str):
            if not isinstance(node, dict):
                return node  # a boolean schema
            out = {}
            for key, value in node.items():
                if key in _NOT_VALIDATED:
                    continue
                if key == "patternProperties":
                    out[key] = {python_regex(k): walk(v, base) for k, v in value.items()}
                elif key in _SCHEMA_MAPS:
                    out[key] = {k: walk(v, base) for k, v in value.items()}
                elif key in _SCHEMA_LISTS:
                    out[key] = [walk(v, base) for v in value]
                elif key in _SCHEMAS:
                    out[key] = walk(value, base)
                elif key == "pattern":
                    out[key] = python_regex(value)
                else:
                    out[key] = value  # literal: enum, required, type, x-… annotations we read
            if "x-card-ref" in out:
                # its enum (card-ids.schema.json) lists the base deck's ids for editors; the deck
                # being validated, a variant's cards included, is checked by x-card-ref instead
                out.pop("enum", None)
            ref = node.get("$ref")
            if not isinstance(ref, str):
                return out
            del out["$ref"]
            target = urljoin(base, ref)
            if self._cyclic(target):
                inlined = {"$ref": f"#/$defs/{_copy(target, base, ref)}"}
            else:
                inlined = walk(self._body(base, ref), urldefrag(target)[0])
            return {"allOf": [inlined], **out} if out else inlined

        def _copy(target: str, base: str, ref: str) -> str:
            if target not in local:
                local[target] = f"_{len(local)}"
                copies[local[target]] = walk(self._body(base, ref), urldefrag(target)[0])
            return local[target]

        bundled = walk(root.contents, root.uri)
        if copies:
            bundled["$defs"] = copies
        bundled["$id"] = root.uri
        return bundled

    def _body(self, base: str, ref: str) -> dict:
        resolved = self.registry.resolver(base).lookup(ref)
        return {k: v for k, v in resolved.contents.items() if k not in ("$id", "$schema")}

    def _cyclic(self, target: str) -> bool:
        """Whether the schema at ``target`` (an absolute URI) can reach itself through ``$ref``s."""
        cache = self._cycles
        if target not in cache:
            seen, todo, found = set(), [target], False
            while todo and not found:
                uri = todo.pop()
                contents = self.registry.resolver(uri).lookup(uri).contents
                for ref in _refs(contents):
                    nxt = urljoin(uri, ref)
                    found = found or nxt == target
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
            cache[target] = found
        return cache[target]

    def validate(self, name: str, instance: Any, where: "YamlDocument | Locator", base: tuple = (),
                 label: str = "") -> list[Diagnostic]:
        """Validate ``instance`` and explain every error at its position.

        ``where`` is the document the instance sits in (at path ``base``), or a locator for data
        assembled from several files (a card patched by a variant).
        """
        try:
            check = self.quick(name)
            if check is not None and self._passes(name, check, instance):
                return []
            locate = where if callable(where) else document_locator(where, base)
            return [d for e in self.validator(name).iter_errors(instance) for d in explain(e, locate, label)]
        except Unresolvable as exc:
            return [error(self.files[name].path, 1, 1, "schema-file",
                          f"a $ref of this schema (or of one it uses) leads nowhere: '{exc.ref}'; if it names a "
                          "generated schema, run `cardtools schema --write`")]


Locator = Callable[[tuple, bool], Location]


def python_regex(pattern: str) -> str:
    r"""A schema's (ECMA-262) pattern for Python's ``re``: ``$`` ends the text in ECMA-262, but in
    Python it also matches before a final newline, which would let ``id: "x\n"`` pass as ``x``; so
    each ``$`` outside a character class becomes ``\Z``."""
    out, escaped, in_class = [], False, False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "$" and not in_class:
            char = r"\Z"
        out.append(char)
    return "".join(out)


def _refs(node) -> list[str]:
    """Every ``$ref`` inside a schema, except inside its own ``$defs`` (reached only through a ref)."""
    if isinstance(node, list):
        return [r for item in node for r in _refs(item)]
    if not isinstance(node, dict):
        return []
    found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
    return found + [r for k, v in node.items() if k != "$defs" for r in _refs(v)]


def document_locator(doc: YamlDocument, base: tuple = ()) -> Locator:
    """Positions of values found at ``base`` inside one document."""
    def locate(path: tuple, key: bool = False) -> Location:
        pos = doc.position(pointer_from_path(tuple(base) + tuple(path)), key=key)
        return Location(doc.path, pos.line, pos.col)
    return locate


def explain(err: ValidationError, locate: Locator, label: str = "") -> list[Diagnostic]:
    """One jsonschema error as diagnostics at the exact YAML position, with suggestions."""
    if err.validator in ("oneOf", "anyOf") and err.context:
        # a branch written for another type of value (a list where a mapping is also allowed) says
        # nothing about the mistake when a branch of the right type found one
        # (an enum of words where a mapping is also allowed is such a branch too)
        fitting = [e for e in err.context if e.relative_path or not (
            e.validator == "type" or (e.validator == "enum" and not _same_kind(e.instance, e.validator_value)))]
        return explain(best_match(fitting or err.context), locate, label)
    path = tuple(err.absolute_path)
    where = readable(path, label)
    prefix = f"{where}: " if where else ""
    schema = err.schema if isinstance(err.schema, dict) else {}
    kind = schema.get("x-kind")

    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = list(schema.get("properties", {}))
        patterns = list(schema.get("patternProperties", {}))
        out = []
        for key in err.instance:
            if key in allowed or any(re.search(p, key) for p in patterns):
                continue
            what = f"unknown {kind}" if kind else "unknown key"
            out.append(_at(locate(path + (key,), True), "unknown-key",
                           f"{prefix}{what} {excerpt(key)}{did_you_mean(key, allowed)}"))
        return out

    if err.validator == "required":
        missing = err.message.split("'")[1] if "'" in err.message else err.message
        # where the field would be: the object, or the variant line that deleted it
        return [_at(locate(path + (missing,), False), "schema", f"{prefix}missing required field '{missing}'")]
    elif err.validator == "enum":
        options = err.validator_value
        shown = ", ".join(repr(o) for o in options[:12]) + (", …" if len(options) > 12 else "")
        message = f"{excerpt(err.instance)} is not one of {shown}{did_you_mean(err.instance, options)}"
    elif err.validator == "const":
        message = f"{excerpt(err.instance)} should be {err.validator_value!r}"
    elif err.validator == "pattern" and "x-error" in schema:
        message = f"{excerpt(err.instance)}: {schema['x-error']}"
    elif err.validator in ("minProperties", "maxProperties") and kind:
        names = ", ".join(err.instance) if isinstance(err.instance, dict) else ""
        message = f"a {kind} names exactly one verb" + (f" (found: {names})" if names else "")
    else:  # jsonschema's messages start with the whole value: quote an excerpt instead
        quoted = repr(err.instance)
        message = excerpt(err.instance) + err.message[len(quoted):] if err.message.startswith(quoted) else err.message
    return [_at(locate(path, False), "schema", prefix + message)]


def _same_kind(value, options) -> bool:
    """Whether ``value`` is of the JSON kind of one of ``options`` (a word among words, a number among numbers)."""
    def kind(v):
        return "number" if isinstance(v, (int, float)) and not isinstance(v, bool) else type(v).__name__
    return any(kind(value) == kind(option) for option in options)


def _at(loc: Location, code: str, message: str) -> Diagnostic:
    return error(loc.path, loc.line, loc.col, code, message)


def readable(path: Iterable, label: str = "") -> str:
    """``("cards", 3, "population")`` -> ``cards[3].population``; a label names the file's root."""
    out = label
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            part = str(part) if len(str(part)) <= 40 else f"{str(part)[:39]}…"
            out += f".{part}" if out else part
    return out

"""Variants: overlays on a base deck (or on another variant), merged before validation.

A variant file (``decks/<game>/variants/<name>.yaml``, schema ``schemas/variant.schema.json``; editors
use ``schemas/<game>/variant.schema.json``, generated from it with the game's card ids) may
``remove`` cards (by id, ``tag:``, or a ``{field: value}`` selector), ``add`` cards, ``patch`` cards by id with a JSON merge patch
(RFC 7396: ``null`` deletes a field), and change ``rules``. The merged deck is validated like any
deck, and every value a variant introduced keeps its position in the variant file, so an error
points at the line that caused it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Collection, Iterable, Mapping

from cardtools.core.deck import origin, thaw
from cardtools.core.diagnostics import Diagnostic, Location, did_you_mean, error, excerpt
from cardtools.core.schemas import CARD_INDEX
from cardtools.core.yamlfile import YamlDocument, load_yaml, pointer_from_path, pointer_join

FOLDER = "variants"
SCHEMA = "variant.schema.json"
#: A variant's name: its file name without ``.yaml`` (the pattern of ``extends:`` in the schema).
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")   # at most 64 characters: a file name, never a path


@dataclass
class RawCard:
    """A card as read (before validation): its data and where each part of it was written."""

    data: Any
    doc: YamlDocument  # where the card is defined
    pointer: str       # the card's JSON pointer in ``doc``
    label: str         # readable name for messages: "civilizations[3]", "solo.add[0]"
    #: card-relative pointer -> (document, pointer) of a value a variant set or deleted
    patches: dict[str, tuple[YamlDocument, str]] = field(default_factory=dict)

    def locate(self, path: Iterable, key: bool = False) -> Location:
        doc, pointer = origin(self.doc, self.pointer, self.patches, pointer_from_path(tuple(path)))
        pos = doc.position(pointer, key=key)
        return Location(doc.path, pos.line, pos.col)


@dataclass(frozen=True)
class Overlay:
    """What a chain of variants does to a base deck, once applied."""

    cards: list[RawCard]
    rules: dict
    composition: list | None
    documents: list[YamlDocument]
    #: rules-relative pointer -> (document, pointer) of each rule parameter a variant set or deleted
    rule_patches: dict[str, tuple[YamlDocument, str]]
    #: id -> (card type, the ``remove`` entry) of each card removed and not added back
    removed: dict[str, tuple[str, Location]] = field(default_factory=dict)


def variant_names(deck_folder: Path) -> list[str]:
    return sorted(p.stem for p in (deck_folder / FOLDER).glob("*.yaml") if p.is_file())


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a variant (None if it can): a name, never a path to another file."""
    if NAME.fullmatch(name):
        return None
    return (f"{excerpt(name)} is not a variant name: the name of a file in decks/GAME/{FOLDER}/ without .yaml, "
            "in lower-case letters, digits, '_' and '-', at most 64 characters")


def chain(deck_folder: Path, name: str, schemas) -> tuple[list[YamlDocument], list[Diagnostic]]:
    """The variant and the variants it extends, base-most first; errors for cycles and missing files."""
    docs: list[YamlDocument] = []
    seen: list[str] = []
    where: Location | None = None
    if name_problem(name):  # a file of the folder named so, or a name given to the API
        file = deck_folder / FOLDER / f"{name}.yaml"
        return [], [error(file if file.is_file() else deck_folder / "game.yaml", 1, 1, "variant", name_problem(name))]
    current = name
    while current is not None:
        path = deck_folder / FOLDER / f"{current}.yaml"
        if where is not None and name_problem(current):
            return [], [error(where.path, where.line, where.col, "variant", name_problem(current))]
        if current in seen:
            loop = " -> ".join(seen + [current])
            return [], [error(where.path, where.line, where.col, "variant", f"variants extend each other in a cycle: {loop}")]
        if not path.is_file():
            known = variant_names(deck_folder)
            message = f"no variant '{current}' (expected {path}){did_you_mean(current, known)}"
            if known:
                message += f"; variants: {', '.join(known)}"
            loc = where or Location(deck_folder / "game.yaml", 1, 1)
            return [], [error(loc.path, loc.line, loc.col, "variant", message)]
        doc, found = load_yaml(path)
        if doc is None or found or doc.data is None:
            return [], found or [error(path, 1, 1, "empty", "file is empty")]
        found = schemas.validate(SCHEMA, doc.data, doc, label=current)
        if found:
            return [], found
        docs.append(doc)
        seen.append(current)
        current = doc.data.get("extends")
        if current is not None:
            pos = doc.position("/extends")
            where = Location(doc.path, pos.line, pos.col)
    return list(reversed(docs)), []


def apply(cards: list[RawCard], rules: dict, docs: list[YamlDocument]) -> tuple[Overlay, list[Diagnostic]]:
    """Apply each variant in order: remove, then patch, then add, then rules."""
    found: list[Diagnostic] = []
    composition = None
    cards = list(cards)
    rule_patches: dict[str, tuple[YamlDocument, str]] = {}
    removed: dict[str, tuple[str, Location]] = {}
    for doc in docs:
        data = doc.data
        stem = doc.path.stem
        cards, problems = _remove(cards, data.get("remove", []), doc, removed)
        found += problems
        by_id = {c.data["id"]: c for c in cards if isinstance(c.data, dict) and isinstance(c.data.get("id"), str)}
        for card_id, patch in data.get("patch", {}).items():
            pointer = pointer_join("/patch", card_id)
            target = by_id.get(card_id)
            if target is None:
                pos = doc.position(pointer, key=True)
                found.append(error(doc.path, pos.line, pos.col, "variant",
                                   f"{stem}: patch names no card '{card_id}'{did_you_mean(card_id, by_id)}"))
                continue
            target.data = merge(target.data, patch, doc, pointer, "", target.patches)
        for i, card in enumerate(data.get("add", [])):
            cards.append(RawCard(card, doc, f"/add/{i}", f"{stem}.add[{i}]"))
        rules = merge(rules, data.get("rules", {}), doc, "/rules", "", rule_patches)
        if "composition" in data:
            composition = [(c, doc, i) for i, c in enumerate(data["composition"])]
    for card in cards:
        if isinstance(card.data, dict) and isinstance(card.data.get("id"), str):   # a bad id is the schema's error
            removed.pop(card.data["id"], None)  # added back
    return Overlay(cards, rules, composition, docs, rule_patches, removed), found


def _remove(cards: list[RawCard], names: list[str], doc: YamlDocument,
            removed: dict[str, tuple[str, Location]]) -> tuple[list[RawCard], list[Diagnostic]]:
    """The cards left; ``removed`` learns each removed card's id and type, and the entry removing it."""
    found = []
    drop: set[int] = set()
    for i, name in enumerate(names):
        pos = doc.position(f"/remove/{i}")
        if isinstance(name, dict):
            hits = [k for k, c in enumerate(cards) if isinstance(c.data, dict) and _matches(c.data, name)]
        elif name.startswith("tag:"):
            hits = [k for k, c in enumerate(cards) if name[4:] in _tags(c)]
        else:
            hits = [k for k, c in enumerate(cards) if isinstance(c.data, dict) and c.data.get("id") == name]
        if not hits:
            ids = [c.data.get("id") for c in cards if isinstance(c.data, dict)]
            what = (f"no card matches {{{', '.join(f'{k}: {v}' for k, v in name.items())}}}" if isinstance(name, dict) else
                    f"no card has tag '{name[4:]}'" if name.startswith("tag:") else
                    f"no card '{name}' to remove{did_you_mean(name, ids)}")
            found.append(error(doc.path, pos.line, pos.col, "variant", f"{doc.path.stem}: {what}"))
        for k in hits:
            if isinstance(cards[k].data.get("id"), str):
                removed.setdefault(cards[k].data["id"], (str(cards[k].data.get("type")),
                                                         Location(doc.path, pos.line, pos.col)))
        drop.update(hits)
    return [c for k, c in enumerate(cards) if k not in drop], found


def _matches(card: dict, where: dict) -> bool:
    """Every field equals the value given (or one of the values, for a list)."""
    return all(card.get(k) in (v if isinstance(v, list) else [v]) for k, v in where.items())


def _tags(card: RawCard) -> list:
    tags = card.data.get("tags", []) if isinstance(card.data, dict) else []
    return tags if isinstance(tags, list) else []


def merge(target: Any, patch: Any, doc: YamlDocument, pointer: str, rel: str, patches: dict) -> Any:
    """RFC 7396 merge patch, recording where each patched value (or deletion) was written."""
    if not isinstance(patch, dict):
        patches[rel] = (doc, pointer)
        return patch
    out = dict(target) if isinstance(target, dict) else {}
    if not isinstance(target, dict):
        patches[rel] = (doc, pointer)
    for key, value in patch.items():
        child_rel, child_pointer = pointer_join(rel, key), pointer_join(pointer, key)
        if value is None:
            out.pop(key, None)
            patches[child_rel] = (doc, child_pointer)
        else:
            out[key] = merge(out.get(key), value, doc, child_pointer, child_rel, patches)
    return out


# -- references to removed cards -----------------------------------------------------------------

@dataclass(frozen=True)
class Reference:
    """A value naming a card where a schema expects a card id (``x-card-ref``): an empire's artefact."""

    holder: str        # the id of the card holding the value ("rules" for a rule parameter)
    kind: str          # the holder's card type ("rules")
    path: tuple        # where the value is, inside the holder
    target: str        # the card it names
    location: Location
    #: a field of the card that its schema lets the card go without: the card stays valid when it is dropped
    optional: bool

    def __str__(self) -> str:
        return f"{self.holder}.{'.'.join(map(str, self.path))} ({self.location.path.name}:{self.location.line})"


#: A place references may hide: (id, card type or "rules", schema name, data, locator of a path in it).
Holder = tuple[str, str, str, Any, Callable]


def references(schemas, holders: Iterable[Holder], targets: Collection[str], index: dict[str, str]) -> list[Reference]:
    """Every value of ``holders`` naming one of ``targets`` where the schema expects a card id: found
    by the schema's own check (``x-card-ref``) run on a deck ``index`` (id -> type) without them."""
    without = {i: t for i, t in index.items() if i not in targets}
    found = []
    for holder, kind, schema, data, locate in holders:
        if not _names_any(data, targets):
            continue
        data = thaw(data)
        validator = schemas.validator(schema)
        token = CARD_INDEX.set(without)
        try:
            hits = [e for e in validator.iter_errors(data) if e.validator == "x-card-ref" and e.instance in targets]
        finally:
            CARD_INDEX.reset(token)
        for hit in hits:
            path = tuple(hit.absolute_path)
            optional = kind != "rules" and len(path) == 1 and (
                _problems(validator, {k: v for k, v in data.items() if k != path[0]}, index)
                <= _problems(validator, data, index))
            found.append(Reference(holder, kind, path, hit.instance, locate(path, False), optional))
    return found


def _names_any(value: Any, ids: Collection[str]) -> bool:
    """Whether a string among ``ids`` appears anywhere in ``value`` (most cards name none: skipped)."""
    if isinstance(value, str):
        return value in ids
    if isinstance(value, Mapping):
        value = value.values()
    elif not isinstance(value, (list, tuple)):
        return False
    return any(_names_any(v, ids) for v in value)


def _problems(validator, data: dict, index: dict[str, str]) -> set[tuple]:
    """What the schema finds wrong with ``data`` in a deck of ``index``: a field is optional when
    dropping it adds nothing here (the card may have other problems of its own)."""
    token = CARD_INDEX.set(index)
    try:
        return {(tuple(e.absolute_path), e.message) for e in validator.iter_errors(data)}
    finally:
        CARD_INDEX.reset(token)


def holders_of(deck, raw: list[RawCard] | None = None) -> list[Holder]:
    """Where a deck's references may be: its cards (``raw``: as read, before validation dropped any)
    and its rule parameters."""
    types = deck.manifest.card_types
    if raw is None:
        cards = [(c.id, c.type, c.fields, lambda path, key=False, c=c: deck.locate(c, *path, key=key)) for c in deck.cards]
    else:
        cards = [(r.data["id"], r.data["type"], r.data, r.locate) for r in raw if isinstance(r.data, dict)
                 and isinstance(r.data.get("id"), str) and isinstance(r.data.get("type"), str) and r.data["type"] in types]
    found = [(i, t, types[t].schema, data, locate) for i, t, data, locate in cards]
    if deck.manifest.rules_schema:
        found.append(("rules", "rules", deck.manifest.rules_schema, deck.rules,
                      lambda path, key=False: deck.locate_rule(*path, key=key)))
    return found


def removed_references(schemas, overlay: Overlay, holders: list[Holder], index: dict[str, str]) -> list[Diagnostic]:
    """One error at each ``remove`` entry whose card the deck still names, listing every reference
    and what drops it: a variant changes no other card by itself (``simulate --ban`` does, and says so)."""
    targets = overlay.removed
    refs = references(schemas, holders, targets, {**index, **{i: t for i, (t, _) in targets.items()}})
    found = []
    for target, (_, where) in targets.items():
        mine = [r for r in refs if r.target == target]
        if not mine:
            continue
        optional = [r for r in mine if r.optional]
        fixes = [f"`patch: {{{', '.join(f'{r.holder}: {{{r.path[0]}: null}}' for r in optional)}}}` drops "
                 f"{'them' if len(optional) > 1 else 'it'}"] if optional else []
        required = sorted({r.holder if r.kind != "rules" else f"rules.{r.path[0]}" for r in mine if not r.optional})
        fixes += [f"{', '.join(required)} cannot go without it: remove or patch "
                  f"{'them' if len(required) > 1 else 'it'} too"] if required else []
        found.append(error(where.path, where.line, where.col, "variant",
                           f"{where.path.stem}: removes '{target}', which {len(mine)} value{'s' if len(mine) > 1 else ''} still "
                           f"name: {'; '.join(map(str, mine))}; {'; '.join(fixes)}"))
    return found


# -- comparing decks ----------------------------------------------------------------------------

@dataclass(frozen=True)
class DeckDiff:
    """What changes from one deck to another: cards added, removed, changed field by field, rules."""

    added: list
    removed: list
    changed: dict[str, list[tuple[str, Any, Any]]]  # card id -> [(field path, before, after)]
    rules: list[tuple[str, Any, Any]]
    #: composition rules (of either deck) whose copies differ: (name, {players: before}, {players: after})
    totals: list[tuple[str, dict[int, int], dict[int, int]]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.rules)


def diff(before, after) -> DeckDiff:
    """Compare two decks (a base deck and a variant, or two variants)."""
    old = {c.id: c for c in before.cards}
    new = {c.id: c for c in after.cards}
    changed = {}
    for card_id in old.keys() & new.keys():
        changes = leaf_changes(thaw(old[card_id].fields), thaw(new[card_id].fields))
        if changes:
            changed[card_id] = changes
    return DeckDiff([new[i] for i in new if i not in old], [old[i] for i in old if i not in new],
                    dict(sorted(changed.items())), leaf_changes(thaw(before.rules), thaw(after.rules)),
                    total_changes(before, after))


def total_changes(before, after) -> list[tuple[str, dict[int, int], dict[int, int]]]:
    """The deck totals that move: every composition rule of either deck (the first of a name),
    counted in both decks at each player count. Shows a designer what a variant does to deck sizes."""
    out, seen = [], set()
    players = after.manifest.player_counts
    for rule in (*before.composition, *after.composition):
        if rule.name in seen:
            continue
        seen.add(rule.name)
        was = {p: rule.actual(before.cards, p) for p in players}
        now = {p: rule.actual(after.cards, p) for p in players}
        if was != now:
            out.append((rule.name, was, now))
    return out


_MISSING = object()


def leaves(value: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    """Every leaf of nested mappings as (key path, value); lists and empty mappings are leaves."""
    if isinstance(value, dict) and value:
        return [leaf for key, sub in value.items() for leaf in leaves(sub, path + (key,))]
    return [(path, value)]


def leaf_changes(a: Any, b: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Differences between two values, as (dotted path, before, after); lists compare whole."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in list(a) + [k for k in b if k not in a]:
            sub = f"{path}.{key}" if path else str(key)
            out += leaf_changes(a.get(key, _MISSING), b.get(key, _MISSING), sub)
        return out
    return [] if a == b else [(path, None if a is _MISSING else a, None if b is _MISSING else b)]

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
from typing import Any, Iterable

from cardtools.core.deck import origin
from cardtools.core.diagnostics import Diagnostic, Location, did_you_mean, error, excerpt
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
        if doc is None or found:
            return [], found or [error(path, 1, 1, "variant", "variant file is empty")]
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
    for doc in docs:
        data = doc.data
        stem = doc.path.stem
        cards, problems = _remove(cards, data.get("remove", []), doc)
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
    return Overlay(cards, rules, composition, docs, rule_patches), found


def _remove(cards: list[RawCard], names: list[str], doc: YamlDocument) -> tuple[list[RawCard], list[Diagnostic]]:
    found = []
    drop: set[int] = set()
    for i, name in enumerate(names):
        if isinstance(name, dict):
            hits = [k for k, c in enumerate(cards) if isinstance(c.data, dict) and _matches(c.data, name)]
        elif name.startswith("tag:"):
            hits = [k for k, c in enumerate(cards) if name[4:] in _tags(c)]
        else:
            hits = [k for k, c in enumerate(cards) if isinstance(c.data, dict) and c.data.get("id") == name]
        if not hits:
            pos = doc.position(f"/remove/{i}")
            ids = [c.data.get("id") for c in cards if isinstance(c.data, dict)]
            what = (f"no card matches {{{', '.join(f'{k}: {v}' for k, v in name.items())}}}" if isinstance(name, dict) else
                    f"no card has tag '{name[4:]}'" if name.startswith("tag:") else
                    f"no card '{name}' to remove{did_you_mean(name, ids)}")
            found.append(error(doc.path, pos.line, pos.col, "variant", f"{doc.path.stem}: {what}"))
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
    from cardtools.core.deck import thaw

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

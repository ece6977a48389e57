"""A game's closed vocabulary: the only words its effects may use.

Declared as data in ``templates/text/<game>/vocabulary.yaml`` (schema:
``schemas/vocabulary.schema.json``), so a designer's own game gets effect validation and card text
without writing Python. The game's effect schema is generated from it; its engine gives each word
a meaning.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from cardtools.core.deck import Deck
from cardtools.core.diagnostics import Diagnostic, DiagnosticError, Location, error
from cardtools.core.workspace import Workspace
from cardtools.core.yamlfile import load_yaml, pointer_join

SCHEMA = "vocabulary.schema.json"


@dataclass(frozen=True)
class Noun:
    one: str
    many: str
    icon: str | None = None
    choice: bool = False


@dataclass(frozen=True)
class Trigger:
    text: str
    arg: str | None = None
    event: Mapping[str, Noun] = field(default_factory=dict)


@dataclass(frozen=True)
class NamedSet:
    """Members of a set: the ids of the deck's cards of a type, or fixed values with their phrases."""

    cards: str | None = None
    values: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Vocabulary:
    game: str
    path: Path
    victory: str | None
    ties: str
    resources: Mapping[str, Noun]
    counts: Mapping[str, Noun]
    stats: Mapping[str, Noun]
    decks: Mapping[str, Noun]
    triggers: Mapping[str, Trigger]
    targets: Mapping[str, str]
    sets: Mapping[str, NamedSet]

    def members(self, set_name: str, deck: Deck | None) -> dict[str, str]:
        """Every member of a named set and how it reads (for cards: the card's name)."""
        named = self.sets.get(set_name)
        if named is None:
            return {}
        if named.cards is not None:
            return {c.id: c.name for c in deck.of_type(named.cards)} if deck is not None else {}
        return dict(named.values)


def vocabulary_path(workspace: Workspace, game: str) -> Path | None:
    for folder in workspace.search_path("templates"):
        path = folder / "text" / game / "vocabulary.yaml"
        if path.is_file():
            return path
    return None


def text_files(workspace: Workspace, game: str) -> list[Path]:
    """The workspace's files a game's effects read: the core and the game's text templates, its vocabulary."""
    return [p for name in ("core", game) for p in sorted((workspace.root / "templates" / "text" / name).glob("*.yaml"))]


def load_vocabulary(workspace: Workspace, game: str) -> tuple[Vocabulary | None, list[Diagnostic]]:
    """The game's vocabulary, or None when the game has none (its cards then have no effects)."""
    path = vocabulary_path(workspace, game)
    if path is None:
        return None, []
    doc, found = load_yaml(path)
    if doc is None:
        return None, found
    if doc.data is None:
        return None, [error(path, 1, 1, "empty", "vocabulary file is empty")]
    found += workspace.schemas.validate(SCHEMA, doc.data, doc, label="vocabulary")
    if found:
        return None, found
    data = doc.data

    def nouns(key: str) -> dict[str, Noun]:
        return {k: Noun(**v) for k, v in data.get(key, {}).items()}

    triggers = {k: Trigger(v["text"], v.get("arg"), {e: Noun(**n) for e, n in v.get("event", {}).items()})
                for k, v in data.get("triggers", {}).items()}
    sets = {k: NamedSet(v.get("cards"), v.get("values", {})) for k, v in data.get("sets", {}).items()}
    vocab = Vocabulary(game, path, data.get("victory"), data.get("ties", "share"), nouns("resources"),
                       nouns("counts"), nouns("stats"), nouns("decks"), triggers, data.get("targets", {}), sets)
    problems = []
    if vocab.victory is not None and vocab.victory not in vocab.resources:
        pos = doc.position("/victory")
        problems.append(error(path, pos.line, pos.col, "vocabulary", f"victory '{vocab.victory}' is not a resource"))
    for name, trig in triggers.items():
        if trig.arg is not None and trig.arg not in sets:
            pos = doc.position(f"/triggers/{name}/arg")
            problems.append(error(path, pos.line, pos.col, "vocabulary", f"trigger '{name}': no set '{trig.arg}'"))
    return (None if problems else vocab), problems


def icon_names(workspace: Workspace, game: str) -> list[tuple[str, Location]]:
    """Every icon the game's vocabulary names (``icon: coin``), with where it is written."""
    path = vocabulary_path(workspace, game)
    doc = workspace.read_yaml(path)[0] if path is not None else None
    found: list[tuple[str, Location]] = []

    def walk(node, pointer: str) -> None:
        for key, value in node.items() if isinstance(node, dict) else ():
            child = pointer_join(pointer, key)
            if key == "icon" and isinstance(value, str):
                pos = doc.position(child)
                found.append((value, Location(doc.path, pos.line, pos.col)))
            else:
                walk(value, child)

    if doc is not None:
        walk(doc.data, "")
    return found


def require_vocabulary(workspace: Workspace, game: str) -> Vocabulary:
    vocab, found = load_vocabulary(workspace, game)
    if found:
        raise DiagnosticError(found)
    if vocab is None:
        raise DiagnosticError([error(workspace.root / "templates" / "text" / game / "vocabulary.yaml", 1, 1,
                                     "vocabulary", f"game '{game}' has no effect vocabulary")])
    return vocab

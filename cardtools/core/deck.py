"""The validated deck: what every later stage (effects, engines, rendering) consumes.

A ``Deck`` is immutable: its cards' fields are frozen mappings and tuples, so rendering and
simulation can share one deck without copying it or worrying about who changed what.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from cardtools.core.diagnostics import Location
from cardtools.core.yamlfile import YamlDocument, pointer_from_path

PROVISIONAL = "provisional:"


def origin(where: Any, pointer: str, patches: Mapping[str, tuple[Any, str]], rel: str) -> tuple[Any, str]:
    """Where a card-relative pointer was written: in the card's file, or in the variant that
    patched it (the nearest patched ancestor wins). ``where`` is a file or a document."""
    probe = rel
    while True:
        if probe in patches:
            patch_where, patch_pointer = patches[probe]
            return patch_where, patch_pointer + rel[len(probe):]
        if not probe:
            return where, pointer + rel
        probe = probe.rsplit("/", 1)[0]


class FrozenDict(dict):
    """A read-only dict: deck data can be read by any code that expects plain JSON-like data,
    without copying, and cannot be changed by accident."""

    def _refuse(self, *args, **kwargs):
        raise TypeError("deck data is read-only; thaw() it for a mutable copy")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore

    def __reduce__(self):  # picklable (worker processes), though its mutators refuse
        return (frozen_dict, (dict(self),))


def frozen_dict(items: dict) -> FrozenDict:
    frozen = FrozenDict.__new__(FrozenDict)
    dict.update(frozen, items)
    return frozen


def freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return frozen_dict({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Frozen data back to plain dicts and lists (for JSON output and variant merging)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


def field_path(field: str) -> tuple[str, ...]:
    """The keys of a dotted field name, for locating it: ``event.effects`` -> ("event", "effects")."""
    return tuple(field.split("."))


@dataclass(frozen=True)
class CardType:
    name: str
    schema: str
    label: str
    effect_fields: tuple[str, ...] = ("effects",)
    #: the fields the manifest declares (its schema is generated from them), or None (hand-written)
    fields: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Composition:
    """A manifest rule: the cards matching ``where`` must add up to ``total`` at each player count."""

    name: str
    where: Mapping[str, Any]
    total: int | Mapping[int, int]
    at: Location  # where its total is written (the manifest, or a variant)

    def matches(self, card: "Card") -> bool:
        for key, wanted in self.where.items():
            value = card.fields.get(key)
            options = wanted if isinstance(wanted, tuple) else (wanted,)
            if value not in options:
                return False
        return True

    def actual(self, cards: Iterable["Card"], players: int) -> int:
        """Copies of the matching cards used at ``players``."""
        return sum(c.copies(players) for c in cards if self.matches(c))

    def expected(self, players: int) -> int | None:
        if isinstance(self.total, int):
            return self.total
        return self.total.get(players)


@dataclass(frozen=True)
class Manifest:
    game: str
    name: str
    min_players: int
    max_players: int
    card_types: Mapping[str, CardType]
    files: tuple[str, ...]
    composition: tuple[Composition, ...]
    source: Any
    rules: Mapping[str, Any]
    path: Path
    data_files: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # name -> (file, schema)
    rules_schema: str | None = None  # schema of ``rules`` (relative to schemas/), if the game has one

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


@dataclass(frozen=True)
class Card:
    fields: Mapping[str, Any]
    file: Path
    pointer: str  # JSON pointer of the card inside its file, e.g. "/3"
    #: card-relative pointer -> (file, pointer) of each value a variant set or deleted
    patches: Mapping[str, tuple[Path, str]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.fields["id"]

    @property
    def name(self) -> str:
        return self.fields.get("name", self.id)

    @property
    def type(self) -> str:
        return self.fields["type"]

    @property
    def count(self) -> int | Mapping[str, int]:
        return self.fields.get("count", 1)

    @property
    def tags(self) -> tuple[str, ...]:
        return tuple(self.fields.get("tags", ()))

    @property
    def sources(self) -> tuple[str, ...]:
        source = self.fields.get("source", ())
        return (source,) if isinstance(source, str) else tuple(source)

    @property
    def provisional(self) -> tuple[str, ...]:
        """The reasons this card's facts were chosen by us rather than taken from a source."""
        return tuple(s[len(PROVISIONAL):].strip() for s in self.sources if s.startswith(PROVISIONAL))

    def copies(self, players: int) -> int:
        count = self.count
        if isinstance(count, int):
            return count
        return int(count.get(str(players), 0))

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    def part(self, field: str, default: Any = None) -> Any:
        """A field inside the card's parts: ``event.effects`` is ``card["event"]["effects"]``.

        Effect fields are named this way when a card holds several parts, each with its own
        abilities (a 7 Ages card is an empire, an artefact and an event).
        """
        value: Any = self.fields
        for key in field_path(field):
            if not isinstance(value, Mapping) or key not in value:
                return default
            value = value[key]
        return value

    def to_dict(self) -> dict:
        return thaw(self.fields)


@dataclass(frozen=True)
class Deck:
    manifest: Manifest
    cards: tuple[Card, ...]
    documents: Mapping[Path, YamlDocument] = field(repr=False)
    variant: str | None = None
    #: The manifest's data files by name (e.g. "map"), validated and frozen.
    data: Mapping[str, Any] = field(default_factory=dict)
    #: Rule parameters the engine reads: the manifest's, overlaid by the variant's.
    rules: Mapping[str, Any] = field(default_factory=dict)
    #: Totals the deck is held to (a variant is held only to its own).
    composition: tuple[Composition, ...] = ()
    #: rules-relative pointer -> (file, pointer) of each rule parameter a variant set or deleted
    rule_patches: Mapping[str, tuple[Path, str]] = field(default_factory=dict)
    #: The workspace the deck was read from (its schemas, templates, vocabulary).
    workspace: Any = field(default=None, repr=False, compare=False)

    @property
    def game(self) -> str:
        return self.manifest.game

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, card_id: str) -> Card:
        return self._index[card_id]

    def get(self, card_id: str) -> Card | None:
        return self._index.get(card_id)

    def full_set(self, card: Card) -> int:
        """Copies of a card in a set that serves every player count (its largest count)."""
        return max(card.copies(n) for n in self.manifest.player_counts)

    def of_type(self, *types: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.type in types)

    def locate_data(self, name: str, *path: Any, key: bool = False) -> Location:
        """File position of a value inside a data file (``locate_data("map", "areas", 3)``)."""
        file = self.manifest.path.parent / self.manifest.data_files[name][0]
        doc = self.documents[file.resolve()]
        pos = doc.position(pointer_from_path(path), key=key)
        return Location(doc.path, pos.line, pos.col)

    def locate_rule(self, *path: Any, key: bool = False) -> Location:
        """File position of a rule parameter: in the variant that set it, else in the manifest."""
        file, pointer = origin(self.manifest.path, "/rules", self.rule_patches, pointer_from_path(path))
        pos = self.documents[file].position(pointer, key=key)
        return Location(file, pos.line, pos.col)

    def locate(self, card: Card, *path: Any, key: bool = False) -> Location:
        """File position of a card, or of a field inside it (in the variant file that set it, if
        a variant did): for diagnostics after loading."""
        file, pointer = origin(card.file, card.pointer, card.patches, pointer_from_path(path))
        pos = self.documents[file].position(pointer, key=key)
        return Location(file, pos.line, pos.col)

    @cached_property
    def _index(self) -> dict[str, Card]:
        return {c.id: c for c in self.cards}

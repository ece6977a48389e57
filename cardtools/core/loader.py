"""Read a game's deck: manifest, card files, a variant (if asked), schema validation, and the
checks a schema cannot do.

``read_deck`` returns the deck together with every diagnostic (for ``cardtools validate``);
``load_deck`` is what other commands call: it returns a valid deck or raises with all errors.
"""

from __future__ import annotations

import os
from pathlib import Path

from cardtools.core import variants
from cardtools.core.deck import Card, CardType, Composition, Deck, Manifest, frozen_dict, freeze, thaw
from cardtools.core.diagnostics import Diagnostic, DiagnosticError, Location, did_you_mean, error, excerpt, warning
from cardtools.core.plugins import deck_checks
from cardtools.core.schemagen import GameSources, declared_schemas
from cardtools.core.schemas import CARD_INDEX
from cardtools.core.spreadsheet import is_spreadsheet, side_file
from cardtools.core.variants import RawCard
from cardtools.core.workspace import Workspace
from cardtools.core.yamlfile import YamlDocument

MANIFEST = "game.yaml"
#: The most cards a deck holds (Through the Ages has about 400).
MAX_CARDS = 10_000
MANIFEST_SCHEMA = "deck-manifest.schema.json"
SCHEMA_COMMENT = "# yaml-language-server: $schema="


def load_deck(game: str, variant: str | None = None, workspace: Workspace | None = None) -> Deck:
    """The validated deck of ``game`` (with ``variant`` applied); raises ``DiagnosticError`` listing
    every error otherwise."""
    deck, diagnostics = read_deck(game, variant, workspace)
    errors = [d for d in diagnostics if d.is_error]
    if errors or deck is None:
        raise DiagnosticError(errors or diagnostics)
    return deck


def read_deck(game: str, variant: str | None = None, workspace: Workspace | None = None) -> tuple[Deck | None, list[Diagnostic]]:
    workspace = workspace or Workspace.find()
    folder = workspace.deck_dir(game)
    manifest_path = folder / MANIFEST
    if not manifest_path.is_file():
        known = workspace.games()
        return None, [error(manifest_path, 1, 1, "unknown-game",
                            f"no deck '{game}' (expected {manifest_path}){did_you_mean(game, known)}"
                            + (f"; decks here: {', '.join(known)}" if known else ""))]
    reader = _DeckReader(workspace, folder)
    deck = reader.read(variant)
    return deck, reader.diagnostics


def schema_sources(game: str, workspace: Workspace | None = None) -> GameSources:
    """What the game's generated schemas are made from: its manifest, and the card ids written in
    its card files and variants, valid or not. Raises when the manifest itself is broken."""
    workspace = workspace or Workspace.find()
    folder = workspace.deck_dir(game)
    reader = _DeckReader(workspace, folder)
    found = reader.read_manifest()
    if found is None:
        raise DiagnosticError([d for d in reader.diagnostics if d.is_error])
    manifest = found[0]
    ids: dict[str, str] = {}
    for card in reader._read_card_files(manifest, {}):
        if isinstance(card.data, dict) and isinstance(card.data.get("id"), str):
            ctype = card.data.get("type")
            ids.setdefault(card.data["id"], ctype if isinstance(ctype, str) else "")
    names = variants.variant_names(folder)
    added = []
    for name in names:
        doc, _ = workspace.read_yaml(folder / variants.FOLDER / f"{name}.yaml")
        cards = doc.data.get("add") if doc is not None and isinstance(doc.data, dict) else None
        added += [c["id"] for c in cards or () if isinstance(c, dict) and isinstance(c.get("id"), str)]
    return GameSources(manifest, ids, tuple(names), tuple(added))


def _real(path: Path) -> Path:
    """``path`` with symlinks followed; a symlink loop stays as it is (and is no regular file)."""
    return Path(os.path.realpath(path))


class _DeckReader:
    def __init__(self, workspace: Workspace, folder: Path):
        self.workspace = workspace
        self.folder = folder
        self.schemas = workspace.schemas
        self.diagnostics: list[Diagnostic] = list(self.schemas.problems)
        self.incomplete = False  # some card could not be read or typed: totals would only mislead

    # -- manifest -----------------------------------------------------------------------------
    def read_manifest(self) -> tuple[Manifest, YamlDocument] | None:
        path = self.folder / MANIFEST
        doc = self._load(path)
        if doc is None:
            return None
        self._manifest_doc = doc
        found = self.schemas.validate(MANIFEST_SCHEMA, doc.data, doc, label="game")
        self.diagnostics += found
        if found:
            return None
        manifest = self._manifest(doc)
        return None if manifest is None else (manifest, doc)

    def read(self, variant: str | None) -> Deck | None:
        found = self.read_manifest()
        if found is None:
            return None
        manifest, doc = found
        documents = {manifest.path: doc}
        raw = self._read_card_files(manifest, documents)
        rules, composition = dict(manifest.rules), list(manifest.composition)
        rule_patches: dict = {}
        overlay = None
        if variant is not None:
            chain, problems = variants.chain(self.folder, variant, self.schemas)
            self.diagnostics += problems
            if problems:
                return None
            overlay, problems = variants.apply(raw, rules, chain)
            self.diagnostics += problems
            self.incomplete |= bool(problems)
            documents.update({d.path: d for d in overlay.documents})
            raw, rules = overlay.cards, overlay.rules
            rule_patches = {rel: (d.path, pointer) for rel, (d, pointer) in overlay.rule_patches.items()}
            composition = [] if overlay.composition is None else [
                self._composition(c, d, f"/composition/{i}") for c, d, i in overlay.composition]
        cards, index = self._validate_cards(manifest, raw)
        data = self._read_data_files(manifest, documents, index)
        deck = Deck(manifest, tuple(cards), documents, variant, self._frozen_data(data), freeze(rules),
                    tuple(composition),
                    freeze(rule_patches), workspace=self.workspace)
        self._check_rules(deck, index)
        if overlay is not None and overlay.removed:
            self.diagnostics += variants.removed_references(self.schemas, overlay, variants.holders_of(deck, raw), index)
        self._check_counts(deck)
        self._check_composition(deck)
        for check in deck_checks(manifest.game):
            self.diagnostics += check(deck)
        return deck

    def _load(self, path: Path) -> YamlDocument | None:
        doc, found = self.workspace.read_yaml(path)
        self.diagnostics += found
        if doc is not None and doc.data is None:
            self.diagnostics.append(error(path, 1, 1, "empty", "file is empty"))
            return None
        return doc

    def _manifest(self, doc: YamlDocument) -> Manifest | None:
        data = doc.data
        if data["game"] != self.folder.name:
            pos = doc.position("/game")
            self.diagnostics.append(error(doc.path, pos.line, pos.col, "manifest",
                                          f"game id '{data['game']}' must match its folder name '{self.folder.name}'"))
        players = data["players"]
        if players["min"] > players["max"]:
            pos = doc.position("/players")
            self.diagnostics.append(error(doc.path, pos.line, pos.col, "manifest", "players: min is larger than max"))
            return None
        types = {}
        for name, spec in data["card_types"].items():
            declared = "fields" in spec  # its schema is generated from the fields
            schema = f"{self.folder.name}/{name}.schema.json" if declared else spec["schema"]
            problem = ("give either 'schema' (a hand-written schema) or 'fields', not both" if declared and "schema" in spec
                       else None if declared or self.schemas.has(schema)
                       else f"no schema 'schemas/{schema}'{did_you_mean(schema, self.schemas.files)}")
            if problem:
                pos = doc.position(f"/card_types/{name}/schema")
                self.diagnostics.append(error(doc.path, pos.line, pos.col, "manifest", f"card type '{name}': {problem}"))
                continue
            types[name] = CardType(name, schema, spec.get("label", name.replace("_", " ").title()),
                                   tuple(spec.get("effects", ("effects",))), freeze(spec["fields"]) if declared else None)
        composition = tuple(self._composition(c, doc, f"/composition/{i}")
                            for i, c in enumerate(data.get("composition", ())))
        data_files = {name: (spec["file"], spec["schema"]) for name, spec in data.get("data", {}).items()}
        rules_schema = data.get("rules_schema")
        if rules_schema is not None and not self.schemas.has(rules_schema):
            pos = doc.position("/rules_schema")
            self.diagnostics.append(error(doc.path, pos.line, pos.col, "manifest",
                                          f"no schema 'schemas/{rules_schema}'{did_you_mean(rules_schema, self.schemas.files)}"))
            rules_schema = None
        manifest = Manifest(data["game"], data["name"], players["min"], players["max"], freeze(types),
                            tuple(data["files"]), composition, freeze(data["source"]), freeze(data.get("rules", {})),
                            doc.path, freeze(data_files), rules_schema)
        self.schemas.provide(declared_schemas(manifest, self.schemas))  # the manifest is newer than the files
        return manifest

    @staticmethod
    def _composition(rule: dict, doc: YamlDocument, pointer: str) -> Composition:
        total = rule["total"] if isinstance(rule["total"], int) else {int(k): v for k, v in rule["total"].items()}
        pos = doc.position(pointer + "/total")
        return Composition(rule["name"], freeze(rule["where"]), total, Location(doc.path, pos.line, pos.col))

    # -- card and data files ------------------------------------------------------------------
    def _deck_file(self, manifest: Manifest, name: str, pointer: str, what: str) -> Path | None:
        """The file a manifest entry names, if it exists inside the deck folder."""
        path = _real(self.folder / name)
        problem = (f"{what} '{name}' is outside the deck folder" if _real(self.folder) not in path.parents
                   else None if path.is_file() else f"{what} '{name}' is not a regular file" if os.path.lexists(path)
                   else f"{what} '{name}' does not exist")
        if problem is None:
            return path
        pos = self._manifest_doc.position(pointer)
        self.diagnostics.append(error(manifest.path, pos.line, pos.col, "manifest", problem))
        return None

    def _read_card_files(self, manifest: Manifest, documents: dict) -> list[RawCard]:
        raw: list[RawCard] = []
        for i, name in enumerate(manifest.files):
            path = self._deck_file(manifest, name, f"/files/{i}", "card file")
            if path is None:
                self.incomplete = True
                continue
            if is_spreadsheet(path):
                raw += self._read_spreadsheet(path, documents)
                continue
            doc = self._load(path)
            if doc is None:
                self.incomplete = True
                continue
            documents[path] = doc
            self._check_schema_comment(doc, name, f"{manifest.game}/cards.schema.json")
            if not isinstance(doc.data, list):
                self.diagnostics.append(error(path, 1, 1, "schema", "a card file holds a list of cards ('- id: …')"))
                continue
            raw += [RawCard(card, doc, f"/{j}", f"{path.stem}[{j}]") for j, card in enumerate(doc.data)]
        listed = {_real(self.folder / n) for n in (*manifest.files, *(f for f, _ in manifest.data_files.values()))}
        listed |= {side_file(p) for p in listed if is_spreadsheet(p)}
        for path in sorted(self.folder.glob("*.yaml")):
            if path.name != MANIFEST and path.is_file() and _real(path) not in listed:
                self.diagnostics.append(warning(path, 1, 1, "unlisted-file",
                                                f"'{path.name}' is not listed under 'files' in {MANIFEST}; its cards are ignored"))
        if len(raw) > MAX_CARDS:  # checking them all would take minutes, and their errors fill a screen
            self.incomplete = True
            loc = raw[MAX_CARDS].locate(())
            self.diagnostics.append(error(loc.path, loc.line, loc.col, "too-many-cards",
                                          f"a deck holds at most {MAX_CARDS:,} cards; the rest are not read"))
            raw = raw[:MAX_CARDS]
        return raw

    def _read_spreadsheet(self, path: Path, documents: dict) -> list[RawCard]:
        """The rows of a spreadsheet card file (and its side file) as cards, each value at its cell."""
        sheets, found = self.workspace.read_table(path)
        self.diagnostics += found
        self.incomplete |= sheets is None or any(d.is_error for d in found)
        raw = []
        for sheet in sheets or ():
            documents[sheet.doc.path] = sheet.doc
            documents.update({doc.path: doc for taken in sheet.elsewhere for doc, _ in taken.values()})
            raw += [RawCard(card, sheet.doc, f"/{j}", f"{sheet.label}[{j}]", dict(sheet.elsewhere[j]))
                    for j, card in enumerate(sheet.doc.data)]
        return raw

    def _read_data_files(self, manifest: Manifest, documents: dict, index: dict) -> dict:
        data = {}
        token = CARD_INDEX.set(index)
        try:
            for name, (file, schema) in manifest.data_files.items():
                path = self._deck_file(manifest, file, f"/data/{name}/file", "data file")
                if path is None:
                    continue
                if not self.schemas.has(schema):
                    pos = self._manifest_doc.position(f"/data/{name}/schema")
                    self.diagnostics.append(error(manifest.path, pos.line, pos.col, "manifest",
                                                  f"data file '{name}': no schema 'schemas/{schema}'"))
                    continue
                doc = self._load(path)
                if doc is None:
                    continue
                documents[path] = doc
                self._check_schema_comment(doc, file, schema)
                found = self.schemas.validate(schema, doc.data, doc, label=name)
                self.diagnostics += found
                if not found:
                    data[name] = doc.data
        finally:
            CARD_INDEX.reset(token)
        return data

    def _check_schema_comment(self, doc: YamlDocument, file: str, schema: str) -> None:
        """The first line must point editors at the schema: up from decks/<game>/<file>, then schemas/."""
        expected = f"{SCHEMA_COMMENT}{'../' * (len(Path(file).parts) + 1)}schemas/{schema}"
        first = doc.path.read_text(encoding="utf-8").split("\n", 1)[0].strip()
        if first != expected:
            self.diagnostics.append(warning(doc.path, 1, 1, "schema-comment",
                                            f"first line should be '{expected}' so editors validate and complete this file"))

    def _validate_cards(self, manifest: Manifest, raw: list[RawCard]) -> tuple[list[Card], dict[str, str]]:
        index: dict[str, str] = {}
        first_seen: dict[str, RawCard] = {}
        for card in raw:
            cid = card.data.get("id") if isinstance(card.data, dict) else None
            if not isinstance(cid, str):
                continue
            if cid in first_seen:
                self.incomplete = True
                here, first = card.locate(("id",)), first_seen[cid].locate(("id",))
                self.diagnostics.append(error(here.path, here.line, here.col, "duplicate-id",
                                              f"card id '{cid}' is already used at "
                                              f"{first.path.name}:{first.line}:{first.col}", related=(first,)))
                continue
            first_seen[cid] = card
            ctype = card.data.get("type")
            index[cid] = ctype if isinstance(ctype, str) else ""

        cards = []
        token = CARD_INDEX.set(index)
        try:
            for card in raw:
                data = card.data
                if not isinstance(data, dict):
                    self.incomplete = True
                    loc = card.locate(())
                    self.diagnostics.append(error(loc.path, loc.line, loc.col, "schema",
                                                  f"{card.label}: a card is a mapping of fields (id, name, type, …)"))
                    continue
                ctype = data.get("type")
                if not isinstance(ctype, str) or ctype not in manifest.card_types:
                    self.incomplete = True
                    loc = card.locate(("type",) if "type" in data else ())
                    what = f"unknown card type {excerpt(ctype)}" if "type" in data else "missing required field 'type'"
                    self.diagnostics.append(error(loc.path, loc.line, loc.col, "schema",
                                                  f"{card.label}: {what}{did_you_mean(ctype, manifest.card_types)}"
                                                  f"; this game's types: {', '.join(manifest.card_types)}"))
                    continue
                found = self.schemas.validate(manifest.card_types[ctype].schema, data, card.locate, label=card.label)
                self.diagnostics += found
                if found:  # later checks only ever see schema-valid cards
                    self.incomplete = True
                elif first_seen.get(data["id"]) is card:
                    patches = {rel: (doc.path, pointer) for rel, (doc, pointer) in card.patches.items()}
                    cards.append(Card(self._frozen(data), card.doc.path, card.pointer, freeze(patches)))
        finally:
            CARD_INDEX.reset(token)
        return cards, index

    def _frozen(self, data):
        """The frozen card, shared by every deck of this run that has the very same card (the base
        deck and its variants), so that later checks can recognise a card they have seen."""
        held, frozen = self.workspace.memo(("frozen", id(data)), lambda: (data, freeze(data)))
        return frozen if held is data else freeze(data)

    def _frozen_data(self, data: dict) -> dict:
        """Data files frozen like cards: shared by the decks of a run that read the same file."""
        return frozen_dict({name: self._frozen(value) for name, value in data.items()})

    # -- checks across cards -------------------------------------------------------------------
    def _check_rules(self, deck: Deck, index: dict[str, str]) -> None:
        """The rule parameters, as every variant left them, against the game's rules schema."""
        if deck.manifest.rules_schema is None:
            return
        token = CARD_INDEX.set(index)
        try:
            self.diagnostics += self.schemas.validate(deck.manifest.rules_schema, thaw(deck.rules),
                                                      lambda path, key=False: deck.locate_rule(*path, key=key),
                                                      label="rules")
        finally:
            CARD_INDEX.reset(token)

    def _check_counts(self, deck: Deck) -> None:
        counts = deck.manifest.player_counts
        for card in deck.cards:
            count = card.count
            if isinstance(count, int):
                continue
            given = {int(k) for k in count}
            loc = deck.locate(card, "count")
            for p in sorted(given - set(counts)):
                self.diagnostics.append(error(loc.path, loc.line, loc.col, "count",
                                              f"{card.id}: count for {p} players, but the game is for "
                                              f"{counts.start}-{counts.stop - 1} players"))
            missing = [p for p in counts if p not in given]
            if missing:
                self.diagnostics.append(error(loc.path, loc.line, loc.col, "count",
                                              f"{card.id}: count gives no number for "
                                              f"{', '.join(map(str, missing))} players"))

    def _check_composition(self, deck: Deck) -> None:
        if self.incomplete:
            return
        expects = "variant" if deck.variant else "manifest"
        for rule in deck.composition:
            at = rule.at
            wrong = []
            for players in deck.manifest.player_counts:
                expected = rule.expected(players)
                actual = rule.actual(deck.cards, players)
                if expected is not None and actual != expected:
                    wrong.append((players, actual, expected))
            if isinstance(rule.total, int) and len({a for _, a, _ in wrong}) == 1 and \
                    len(wrong) == len(deck.manifest.player_counts):
                _, actual, expected = wrong[0]  # the same at every player count: say it once
                wrong = [(None, actual, expected)]
            for players, actual, expected in wrong:
                where = f" at {players} player{'s' if players != 1 else ''}" if players is not None else ""
                self.diagnostics.append(error(at.path, at.line, at.col, "composition",
                                              f"{rule.name}: the cards add up to {actual}{where}, but the "
                                              f"{expects} expects {expected} ({actual - expected:+d})"))

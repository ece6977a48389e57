"""The deck a run plays, carried with the work as files.

A worker — another process, or another machine on a Dask cluster — must play exactly the deck
the run was started with, even if the designer edits a card meanwhile, and without sharing a
folder. So the run packs every file loading the deck reads (the game's deck folder, the schemas
and the effect text templates: about 1 MB) into a ``DeckBundle``; each worker unpacks it once
into a temporary workspace and compiles the game from there. The bundle's SHA-256 is the run's
deck fingerprint. ``--ban`` and a sweep's ``--set`` become one more variant file in the bundle
(removing the cards, setting the fields and rule parameters, on top of ``--variant``), so changed
decks are loaded and checked like any variant. A banned card that other cards name in a field they
can go without (a 7 Ages empire's artefact) is dropped from them too, and the bundle says so
(``dropped``); one they cannot go without stops the run before anything is written.

The bundle also carries the fingerprint of the cardtools code that started the run: a worker
running other code (another version on another machine) refuses the work instead of quietly
playing different rules.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import cardtools
from cardtools.core.deck import thaw
from cardtools.core.diagnostics import DiagnosticError, did_you_mean
from cardtools.core.loader import load_deck
from cardtools.core.variants import FOLDER as VARIANTS
from cardtools.core.variants import Reference, holders_of, references
from cardtools.core.workspace import Workspace
from cardtools.engine.contract import new_game

#: The variant file a ban becomes inside the bundle.
GENERATED_VARIANT = "cardtools-generated"


class WorkerMismatch(RuntimeError):
    """A worker runs other cardtools code than the run's driver."""


@dataclass(frozen=True)
class DeckBundle:
    game: str
    variant: str | None        # inside the bundle: GENERATED_VARIANT when cards are banned or changed
    files: tuple[tuple[str, bytes], ...] = dataclasses.field(repr=False)
    fingerprint: str
    code: str
    #: what the bans also took from other cards: "4 civilisation cards lose their artefact: …" ("": nothing)
    dropped: str = ""


def make_bundle(workspace: Workspace, game: str, variant: str | None, bans: tuple[str, ...],
                changes: tuple[tuple[str, Any], ...] = ()) -> DeckBundle:
    """Pack the deck, with ``bans`` removed (and the optional references to them: ``_references``)
    and ``changes`` (``("cards.aztecs.population", 3)``, ``("rules.rest_coins", 2)``) made through a
    generated variant; ValueError for a banned or changed id the deck does not have, or a banned card
    another cannot go without; ``DiagnosticError`` for a deck that does not load (with a change: a
    value the card's schema refuses)."""
    deck = load_deck(game, variant, workspace)          # errors here point at the designer's files
    files: dict[str, bytes] = {}
    for top, sub in (("schemas", ""), ("templates", "text")):
        for base in reversed(workspace.search_path(top)):   # the workspace's own files win
            files.update(_files(base / sub, f"{top}/{sub}".rstrip("/")))
    files.update(_files(workspace.deck_dir(game), f"decks/{game}"))
    dropped: list[Reference] = []
    if bans or changes:
        ids = [c.id for c in deck.cards]
        for card in bans:
            if card not in ids:
                raise ValueError(f"--ban {card}: no card '{card}' in {game}"
                                 f"{f' ({variant})' if variant else ''}{did_you_mean(card, ids)}")
        for path, value in changes:
            where, name = path.split(".")[:2]
            known = ids if where == "cards" else list(deck.rules)
            if name not in known:
                what = "card" if where == "cards" else "rule parameter"
                raise ValueError(f"--set {path}={value}: no {what} '{name}' in {game}"
                                 f"{f' ({variant})' if variant else ''}{did_you_mean(name, known)}")
        dropped = _references(deck, bans)
        name = f"decks/{game}/{VARIANTS}/{GENERATED_VARIANT}.yaml"
        if name in files:
            raise ValueError(f"{name} is reserved for --ban and --set; rename that variant")
        files[name] = _generated_variant(variant, bans, _through_lists(deck, changes), dropped).encode()
        variant = GENERATED_VARIANT
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.encode() + b"\0" + hashlib.sha256(files[path]).digest())
    bundle = DeckBundle(game, variant, tuple(sorted(files.items())), digest.hexdigest(), code_fingerprint(),
                        _dropped_text(dropped))
    if bans or changes:
        try:
            open_game(bundle)
        except DiagnosticError as exc:
            generated = [d for d in exc.diagnostics if Path(d.location.path).name == f"{GENERATED_VARIANT}.yaml"]
            if generated:   # a value the card's schema refuses: said of the option, not of a file
                options = [f"--ban {b}" for b in bans] + [f"--set {p}={v}" for p, v in changes]
                raise ValueError(f"{' '.join(options)}: {'; '.join(d.message for d in generated)}") from None
            raise DiagnosticError([_moved(d, _unpacked[bundle.fingerprint].name, workspace.root)
                                   for d in exc.diagnostics]) from None
    return bundle


def open_game(bundle: DeckBundle):
    """The bundle's rules engine (``Game``), unpacked and compiled once per process."""
    if bundle.code != code_fingerprint():
        raise WorkerMismatch(f"this worker runs other cardtools code (cardtools {cardtools.__version__}, code "
                             f"{code_fingerprint()[:12]}) than the run ({bundle.code[:12]}): install the same "
                             f"version on every machine")
    game = _games.get(bundle.fingerprint)
    if game is None:
        folder = _unpacked.get(bundle.fingerprint)
        if folder is None:
            folder = _unpacked[bundle.fingerprint] = tempfile.TemporaryDirectory(prefix="cardtools-deck-")
            for rel, data in bundle.files:
                path = Path(folder.name) / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
        game = _games[bundle.fingerprint] = new_game(load_deck(bundle.game, bundle.variant, Workspace(folder.name)))
    return game


#: Per process: unpacked bundles (removed at exit) and their compiled games, by fingerprint.
_unpacked: dict[str, tempfile.TemporaryDirectory] = {}
_games: dict[str, object] = {}


@lru_cache(maxsize=None)
def code_fingerprint() -> str:
    """SHA-256 over the cardtools package's Python files (the code that plays the games)."""
    package = Path(cardtools.__file__).resolve().parent
    digest = hashlib.sha256(cardtools.__version__.encode())
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _files(folder: Path, prefix: str) -> dict[str, bytes]:
    if not folder.is_dir():
        return {}
    return {f"{prefix}/{p.relative_to(folder).as_posix()}": p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not any(part.startswith(".") or part == "__pycache__"
                                       for part in p.relative_to(folder).parts)}


def _through_lists(deck, changes: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
    """Changes inside a list (``cards.rome.legacy.0.do.gain.coins``: a number in a card's effects)
    as changes of the whole card field that holds the list: a variant's patch replaces a list
    whole (RFC 7396), so the field is copied from the card with the one value changed."""
    out: list[tuple[str, Any]] = []
    fields: dict[str, Any] = {}
    for path, value in changes:
        parts = path.split(".")
        if parts[0] != "cards" or not any(part.isdigit() for part in parts[3:]):
            out.append((path, value))
            continue
        _, card_id, field, *rest = parts
        top = f"cards.{card_id}.{field}"
        if top not in fields:
            fields[top] = thaw(deck.get(card_id).fields.get(field))
            out.append((top, None))
        node = fields[top]
        for i, part in enumerate(rest):
            key = int(part) if part.isdigit() else part
            found = isinstance(node, list) and isinstance(key, int) and key < len(node) or \
                isinstance(node, dict) and key in node
            if not found:
                raise ValueError(f"--set {path}={value}: {card_id}.{'.'.join([field, *rest[:i + 1]])} is not in the card")
            if i == len(rest) - 1:
                node[key] = value
            else:
                node = node[key]
    return tuple((path, fields.get(path, value)) for path, value in out)


def _references(deck, bans: tuple[str, ...]) -> list[Reference]:
    """The references to banned cards that the deck drops with them: fields other cards can go
    without (the card's schema says; a 7 Ages empire without its artefact). ValueError naming every
    card that cannot (a required field, a list, an effect, a rule parameter): ban it too, or write a
    variant changing it."""
    holders = [h for h in holders_of(deck) if h[0] not in bans]
    found = references(deck.workspace.schemas, holders, bans, {c.id: c.type for c in deck.cards})
    required = [r for r in found if not r.optional]
    if required:
        cards = sorted({r.holder for r in required if r.kind != "rules"})
        fix = f"ban {'them' if len(cards) > 1 else 'it'} too (--ban {','.join((*bans, *cards))}), or " if cards else ""
        raise ValueError(f"--ban {','.join(bans)}: {len(required)} value{'s' if len(required) > 1 else ''} "
                         f"cannot go without {', '.join(sorted({r.target for r in required}))}: "
                         f"{'; '.join(map(str, required))}; {fix}write a variant that changes "
                         f"{'them' if len(required) > 1 else 'it'} (docs/deck-format.md, Variants)")
    return found


def _dropped_text(dropped: list[Reference]) -> str:
    """``4 civilisation cards lose their artefact: satavahanas, …``: what a ban took from other cards."""
    groups: dict[tuple[str, str], list[str]] = {}
    for ref in dropped:
        groups.setdefault((ref.kind, ref.path[0]), []).append(ref.holder)
    return "; ".join(f"{len(cards)} {kind} card{'s lose their' if len(cards) > 1 else ' loses its'} {field}: "
                     f"{', '.join(sorted(cards))}" for (kind, field), cards in groups.items())


def _generated_variant(variant: str | None, bans: tuple[str, ...], changes: tuple[tuple[str, Any], ...],
                       dropped: list[Reference] = ()) -> str:
    """The variant ``--ban`` and ``--set`` make: the cards removed, with the ``dropped`` references
    to them, and the fields and rule parameters set."""
    lost = f" ({_dropped_text(dropped)})" if dropped else ""
    what = ([f"without {', '.join(bans)}{lost}"] if bans else []) + [f"{path}={value}" for path, value in changes]
    data: dict[str, Any] = {"name": "; ".join(what), "description": f"cardtools simulate: the deck {'; '.join(what)}",
                            "source": "provisional: a deck changed for a simulation experiment"}
    if variant:
        data["extends"] = variant
    if bans:
        data["remove"] = list(bans)
    patch: dict[str, Any] = {ref.holder: {ref.path[0]: None} for ref in dropped}
    rules: dict[str, Any] = {}
    for path, value in changes:
        where, name, *field = path.split(".")
        if where == "rules":
            rules[name] = value
            continue
        node = patch.setdefault(name, {})
        for key in field[:-1]:
            node = node.setdefault(key, {})
        node[field[-1]] = value
    if patch:
        data["patch"] = patch
    if rules:
        data["rules"] = rules
    data["composition"] = []  # the totals change with the cards banned (or their counts set)
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def _moved(diagnostic, unpacked: str, root: Path):
    """A diagnostic about an unpacked file, pointing at the designer's copy instead."""
    def move(location):
        try:
            rel = Path(location.path).resolve().relative_to(Path(unpacked).resolve())
        except ValueError:
            return location
        return dataclasses.replace(location, path=root / rel)

    return dataclasses.replace(diagnostic, location=move(diagnostic.location),
                               related=tuple(move(r) for r in diagnostic.related))

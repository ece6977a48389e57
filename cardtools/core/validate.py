"""``cardtools validate``: which games (and variants) a set of paths refers to, and every problem in
them and in the other files a game's build reads.

Later stages read files of their own (layouts, reference sheet templates, agent profiles, scenario
files) and know facts about a deck that core does not (which icons exist): they contribute
``FileKind``s and deck checks, which the command line passes in as ``Checks`` — core imports none
of them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from cardtools.core.deck import Deck
from cardtools.core.diagnostics import Diagnostic, display_path, error
from cardtools.core.loader import read_deck
from cardtools.core.variants import FOLDER, variant_names
from cardtools.core.workspace import Workspace


class UsageError(Exception):
    """A command-line argument names nothing cardtools can validate."""


@dataclass(frozen=True)
class FileKind:
    """Files of one kind that a game's build (or its rules tests) reads besides its deck."""

    #: the game's files of this kind, in the workspace
    files: Callable[[Workspace, str], list[Path]]
    #: their problems, with positions; the deck is the game's deck if it is valid, else None.
    #: None: reading the deck reports on them (text templates, read by the effect checks)
    check: Callable[[Workspace, str, list[Path], Deck | None], list[Diagnostic]] | None = None


@dataclass(frozen=True)
class Checks:
    """What later stages add to validation: their own files, and checks of every deck read."""

    kinds: tuple[FileKind, ...] = ()
    decks: tuple[Callable[[Deck], list[Diagnostic]], ...] = ()


Target = tuple[Workspace, str, str | None]  # workspace, game, variant


def targets(workspace: Workspace, paths: list[str], variant: str | None = None,
            checks: Checks = Checks()) -> dict[Target, set[Path] | None]:
    """Map each path (a game id, a deck folder, a card file, a variant file, or a file or folder of
    files a game reads, such as its layouts) to what to validate.

    A game (by id or folder) is its base deck and each of its variants; without paths, every game.
    The value is the set of files and folders to report on, or None for everything.
    """
    def whole(where: Workspace, game: str) -> dict[Target, None]:
        """A game: its base deck and each of its variants (or only the variant asked for)."""
        names = [variant] if variant else [None, *variant_names(where.deck_dir(game))]
        return {(where, game, v): None for v in names}

    if not paths:
        return {key: None for game in workspace.games() for key in whole(workspace, game)}
    chosen: dict[Target, set[Path] | None] = {}

    def report_on(key: Target, path: Path) -> None:
        if chosen.get(key, set()) is not None:
            chosen.setdefault(key, set()).add(path)

    for raw in paths:
        path = Path(raw)
        if not path.exists() and raw in workspace.games():
            chosen.update(whole(workspace, raw))
            continue
        if not path.exists():
            raise UsageError(f"'{raw}' is neither a file, a folder, nor a game ({', '.join(workspace.games())})")
        path = path.resolve()
        folder = path if path.is_dir() else path.parent
        deck = next((d for d in (folder, *folder.parents) if (d / "game.yaml").is_file()), None)
        if deck is None:
            games = [g for g in workspace.games() for kind in checks.kinds
                     if any(within(Path(os.path.realpath(f)), path) for f in kind.files(workspace, g))]
            if not games:
                raise UsageError(f"'{raw}' is neither inside a deck folder (one with a game.yaml) nor a file a "
                                 "game reads (layouts, reference sheets, agent profiles, scenarios)")
            for game in dict.fromkeys(games):
                report_on((workspace, game, variant), path)
            continue
        where = Workspace(deck.parent.parent) if deck.parent.name == "decks" else workspace
        if path.is_file() and path.parent == deck / FOLDER:
            chosen[(where, deck.name, path.stem)] = None
        elif path.is_dir():
            chosen.update(whole(where, deck.name))
        else:
            report_on((where, deck.name, variant), path)
    return chosen


def within(path: Path, target: Path) -> bool:
    """Whether ``path`` is the file ``target``, or inside the folder ``target``."""
    return path == target or target in path.parents


#: Files that make a folder under decks/ look like a deck (card files, a manifest misnamed).
DECK_FILES = (".yaml", ".yml", ".csv", ".xlsx")


def unread_decks(workspace: Workspace) -> list[Diagnostic]:
    """Folders under decks/ holding card files but no game.yaml: every command would skip them
    silently (a deleted or misnamed manifest), so validating everything says so."""
    found = []
    for folder in sorted(workspace.decks.glob("[!.]*/")):
        if (folder / "game.yaml").is_file() or not any(f.suffix in DECK_FILES for f in folder.iterdir()):
            continue
        misnamed = folder / "game.yml"
        hint = (f"rename {display_path(misnamed)} to game.yaml" if misnamed.is_file() else
                "add one (cardtools new, docs/deck-format.md) or move the folder out of decks/")
        found.append(error(folder, 1, 1, "no-manifest", f"deck folder '{folder.name}' has no game.yaml; {hint}"))
    return found


def validate(workspace: Workspace, paths: list[str] | None = None, variant: str | None = None,
             checks: Checks = Checks()) -> list[Diagnostic]:
    found = [] if paths else unread_decks(workspace)
    chosen = targets(workspace, list(paths or []), variant, checks)
    if not chosen and not found:
        return [error(workspace.decks, 1, 1, "no-decks", f"no decks found under {workspace.decks}")]
    games_done: set[tuple[Path, str]] = set()
    for (where, game, name), files in chosen.items():
        deck, diagnostics = read_deck(game, name, workspace=where)
        if deck is not None:
            diagnostics += [d for check in checks.decks for d in check(deck)]
        if (where.root, game) not in games_done:  # a game's own files, once (with the first deck read)
            games_done.add((where.root, game))
            valid = deck if deck is not None and not any(d.is_error for d in diagnostics) else None
            diagnostics += [d for kind in checks.kinds if kind.check is not None
                            for d in kind.check(where, game, kind.files(where, game), valid)]
        if files is not None:
            diagnostics = [d for d in diagnostics
                           if any(within(Path(os.path.realpath(d.location.path)), f) for f in files)]
        found += diagnostics
    return list(dict.fromkeys(found))  # a base-file problem is reported once, not once per variant

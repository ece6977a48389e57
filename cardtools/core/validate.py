"""``cardtools validate``: which decks (and variants) a set of paths refers to, and every problem in them."""

from __future__ import annotations

import os
from pathlib import Path

from cardtools.core.diagnostics import Diagnostic, error
from cardtools.core.loader import read_deck
from cardtools.core.variants import FOLDER, variant_names
from cardtools.core.workspace import Workspace


class UsageError(Exception):
    """A command-line argument names nothing cardtools can validate."""


Target = tuple[Workspace, str, str | None]  # workspace, game, variant


def targets(workspace: Workspace, paths: list[str], variant: str | None = None) -> dict[Target, set[Path] | None]:
    """Map each path (a game id, a deck folder, a card file, a variant file) to what to validate.

    Without paths: every game, and each of its variants. The value is the set of files to report
    on, or None for everything.
    """
    if not paths:
        return {(workspace, game, v): None for game in workspace.games()
                for v in ([variant] if variant else [None, *variant_names(workspace.deck_dir(game))])}
    chosen: dict[Target, set[Path] | None] = {}
    for raw in paths:
        path = Path(raw)
        if not path.exists() and raw in workspace.games():
            chosen[(workspace, raw, variant)] = None
            continue
        if not path.exists():
            raise UsageError(f"'{raw}' is neither a file, a folder, nor a game ({', '.join(workspace.games())})")
        path = path.resolve()
        folder = path if path.is_dir() else path.parent
        deck = next((d for d in (folder, *folder.parents) if (d / "game.yaml").is_file()), None)
        if deck is None:
            raise UsageError(f"'{raw}' is not inside a deck folder (one with a game.yaml)")
        where = Workspace(deck.parent.parent) if deck.parent.name == "decks" else workspace
        if path.is_file() and path.parent == deck / FOLDER:
            chosen[(where, deck.name, path.stem)] = None
            continue
        key = (where, deck.name, variant)
        if path.is_dir() or chosen.get(key, set()) is None:
            chosen[key] = None
        else:
            chosen.setdefault(key, set()).add(path)
    return chosen


def validate(workspace: Workspace, paths: list[str] | None = None, variant: str | None = None) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    chosen = targets(workspace, list(paths or []), variant)
    if not chosen:
        return [error(workspace.decks, 1, 1, "no-decks", f"no decks found under {workspace.decks}")]
    for (where, game, name), files in chosen.items():
        _, diagnostics = read_deck(game, name, workspace=where)
        if files is not None:
            diagnostics = [d for d in diagnostics if Path(os.path.realpath(d.location.path)) in files]
        found += diagnostics
    return list(dict.fromkeys(found))  # a base-file problem is reported once, not once per variant

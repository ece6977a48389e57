"""``cardtools validate``: which decks a set of paths refers to, and every problem in them."""

from __future__ import annotations

from pathlib import Path

from cardtools.core.diagnostics import Diagnostic, error
from cardtools.core.loader import read_deck
from cardtools.core.workspace import Workspace


class UsageError(Exception):
    """A command-line argument names nothing cardtools can validate."""


Target = tuple[Workspace, str]


def targets(workspace: Workspace, paths: list[str]) -> dict[Target, set[Path] | None]:
    """Map each path (a game id, a deck folder, or a file inside one) to its workspace and game.

    The value is the set of files to report on, or None for the whole deck.
    """
    if not paths:
        return {(workspace, game): None for game in workspace.games()}
    chosen: dict[Target, set[Path] | None] = {}
    for raw in paths:
        path = Path(raw)
        if not path.exists() and raw in workspace.games():
            chosen[(workspace, raw)] = None
            continue
        if not path.exists():
            raise UsageError(f"'{raw}' is neither a file, a folder, nor a game ({', '.join(workspace.games())})")
        path = path.resolve()
        folder = path if path.is_dir() else path.parent
        deck = next((d for d in (folder, *folder.parents) if (d / "game.yaml").is_file()), None)
        if deck is None:
            raise UsageError(f"'{raw}' is not inside a deck folder (one with a game.yaml)")
        key = (Workspace(deck.parent.parent) if deck.parent.name == "decks" else workspace, deck.name)
        if path.is_dir() or chosen.get(key, set()) is None:
            chosen[key] = None
        else:
            chosen.setdefault(key, set()).add(path)
    return chosen


def validate(workspace: Workspace, paths: list[str] | None = None) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    chosen = targets(workspace, list(paths or []))
    if not chosen:
        return [error(workspace.decks, 1, 1, "no-decks", f"no decks found under {workspace.decks}")]
    for (where, game), files in chosen.items():
        _, diagnostics = read_deck(game, workspace=where)
        if files is not None:
            diagnostics = [d for d in diagnostics if d.location.path.resolve() in files]
        found += diagnostics
    return found

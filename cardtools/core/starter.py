"""``cardtools new``: a working game folder, made from a starter in ``templates/new/<starter>/``.

A starter holds the files of a small game under the paths they take in a workspace, with
``__GAME__`` (in paths and text) and ``__NAME__`` (in text) standing for the new game's id and name.
Nothing is written unless every file can be: an existing file is never overwritten.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardtools.core.atomic import write_text
from cardtools.core.workspace import BUILTIN, Workspace

FOLDER = "templates/new"
GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
#: Folders holding one subfolder per shipped game (and cardtools' defaults, such as ``default/card``):
#: a workspace's folder of the same name hides the shipped one for every game that reads it.
PER_GAME = ("schemas", "templates/layouts", "templates/text", "templates/reference", "templates/agents")


class StarterError(ValueError):
    """A game id, starter or workspace that a new game cannot be made with."""


def starters(workspace: Workspace) -> list[str]:
    return sorted({p.name for folder in workspace.search_path(FOLDER) if folder.is_dir()
                   for p in folder.iterdir() if p.is_dir()})


def create(workspace: Workspace, game: str, starter: str = "minimal") -> list[Path]:
    """Write the starter's files into the workspace as game ``game``; returns their paths."""
    if not GAME_ID.match(game):
        raise StarterError(f"'{game}' is not a game id: use lower-case letters, digits, '_' and '-'")
    shipped = sorted({p.name for folder in PER_GAME if (BUILTIN / folder).is_dir()
                      for p in (BUILTIN / folder).iterdir() if p.is_dir()})
    if game in shipped:
        raise StarterError(f"'{game}' names shipped files ({', '.join(shipped)}): a game of that id would hide them; "
                           "choose another id (--from aoc starts from a shipped game's cards)")
    source = next((f / starter for f in workspace.search_path(FOLDER) if (f / starter).is_dir()), None)
    if source is None:
        raise StarterError(f"no starter '{starter}' (starters: {', '.join(starters(workspace))})")
    if workspace.deck_dir(game).exists():
        raise StarterError(f"{workspace.deck_dir(game)} already exists")
    name = game.replace("_", " ").replace("-", " ").title()
    files = {workspace.root / path.relative_to(source).as_posix().replace("__GAME__", game):
             path.read_text(encoding="utf-8").replace("__GAME__", game).replace("__NAME__", name)
             for path in sorted(source.rglob("*")) if path.is_file()}
    taken = [path for path in files if path.exists()]
    if taken:
        raise StarterError(f"{taken[0]} already exists")
    for path, text in files.items():
        write_text(path, text)
    return list(files)

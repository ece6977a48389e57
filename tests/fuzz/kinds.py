"""The kinds of file cardtools reads, where the shipped games have them, and the commands that
read each kind (the first command is the one the CI-sized run uses)."""

from __future__ import annotations

import io
import random
import shutil
from dataclasses import dataclass
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
GAMES = ("aoc", "tta", "7ages")
#: The font a ``font`` mutant gives the default card layout (a copy of the shipped one, then mutated).
FONT_FILE = "templates/layouts/default/fonts/display.ttf"
SHIPPED_FONT = REPO / "cardtools" / "render" / "fonts" / "DejaVuSans.ttf"
RUN = "out/run"
SPREADSHEET = "civilizations.csv"


@dataclass(frozen=True)
class Target:
    """One file to mutate and the commands that read it."""

    kind: str
    game: str
    path: str  # relative to the workspace root
    commands: tuple[tuple[str, ...], ...]


def copy_workspace(root: Path) -> None:
    """The shipped decks, schemas and templates, and the scenario files, under ``root``; the default
    card layout gets a font file of its own (a copy of the shipped one), for ``font`` mutants."""
    for folder in ("decks", "schemas", "templates"):
        shutil.copytree(REPO / folder, root / folder, symlinks=True)
    shutil.copytree(REPO / "tests" / "scenarios", root / "scenarios")
    (root / "out").mkdir()
    font = root / FONT_FILE
    font.parent.mkdir(parents=True)
    shutil.copyfile(SHIPPED_FONT, font)
    layout = root / "templates/layouts/default/card.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").rstrip("\n") + "\nfonts:\n  regular: fonts/display.ttf\n",
                      encoding="utf-8")
    _as_spreadsheet(root)


def _as_spreadsheet(root: Path) -> None:
    """Age of Civilization's civilizations as a CSV card file with a side file (as `cardtools export`
    writes them), for ``spreadsheet`` mutants: no shipped game has one yet."""
    from contextlib import redirect_stdout

    from cardtools.cli import main

    with redirect_stdout(io.StringIO()):
        assert main(["--root", str(root), "export", "aoc", "-o", str(root / "out/csv")]) == 0
    deck = root / "decks/aoc"
    for name in (SPREADSHEET, SPREADSHEET + ".yaml"):
        shutil.move(root / "out/csv" / name, deck / name)
    shutil.rmtree(root / "out/csv")
    (deck / "civilizations.yaml").unlink()
    manifest = deck / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("civilizations.yaml", SPREADSHEET), encoding="utf-8")


def _manifest(root: Path, game: str) -> dict:
    return yaml.safe_load((root / "decks" / game / "game.yaml").read_text(encoding="utf-8"))


def _files(root: Path, pattern: str) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.glob(pattern) if p.is_file())


def targets(root: Path, kind: str, game: str) -> list[Target]:
    """Every file of ``kind`` for ``game`` in the workspace at ``root``, with its commands."""
    deck = f"decks/{game}"
    manifest = _manifest(root, game)
    pnp = ("pnp", game, "--one-each", "-o", "out/pnp.pdf"),
    play = (("play", game),) if game == "aoc" else ()  # the games with a rules engine
    reference = ("reference", game, "-o", "out/reference.pdf"),
    if kind == "manifest":
        return [Target(kind, game, f"{deck}/game.yaml", (("validate", game), ("list", game), *pnp, *play))]
    if kind == "cards":
        return [Target(kind, game, f"{deck}/{f}", (("validate", game), ("list", game, "--provisional"), *pnp, *play))
                for f in manifest["files"] if f.endswith(".yaml")]
    if kind == "spreadsheet":  # see _as_spreadsheet
        return [Target(kind, "aoc", f"decks/aoc/{name}", (("validate", "aoc"), ("export", "aoc", "-o", "out/csv"),
                                                          ("pnp", "aoc", "--one-each", "-o", "out/pnp.pdf"), ("play", "aoc")))
                for name in (SPREADSHEET, SPREADSHEET + ".yaml")]
    if kind == "data":
        return [Target(kind, game, f"{deck}/{spec['file']}", (("validate", game), *reference))
                for spec in manifest.get("data", {}).values()]
    if kind == "variant":
        return [Target(kind, game, path, (("validate", game), ("variant", "diff", game, Path(path).stem),
                                          ("pnp", game, "--variant", Path(path).stem, "--one-each", "-o", "out/v.pdf")))
                for path in _files(root, f"{deck}/variants/*.yaml")]
    if kind == "layout":
        return [Target(kind, game, path, pnp)
                for path in _files(root, f"templates/layouts/{game}/*.yaml") + ["templates/layouts/default/card.yaml"]]
    if kind == "text-template":
        return [Target(kind, game, path, (("validate", game), ("text", game)))
                for path in _files(root, f"templates/text/{game}/[tv][ye]*.yaml") + ["templates/text/core/verbs.yaml"]]
    if kind == "vocabulary":
        return [Target(kind, game, f"templates/text/{game}/vocabulary.yaml",
                       (("validate", game), ("verbs", game), ("schema", "--check")))]
    if kind == "reference":
        return [Target(kind, game, f"templates/reference/{game}/sheet.yaml", reference)]
    if kind == "profile":  # only Age of Civilization has a rules engine
        return [Target(kind, "aoc", path, (("play", "aoc", "--agents", f"greedy:{Path(path).stem}"),
                                           ("simulate", "aoc", "--players", "2", "--games", "2", "--jobs", "1",
                                            "--agents", f"greedy:{Path(path).stem}", "-o", RUN)))
                for path in _files(root, "templates/agents/aoc/*.yaml")]
    if kind == "scenario":
        return [Target(kind, "aoc", path, (("scenario", "run", path),))
                for path in _files(root, "scenarios/aoc/*.yaml")]
    if kind == "icon":
        return [Target(kind, game, path, (*pnp, *reference)) for path in _files(root, "templates/icons/*.svg")]
    if kind == "art":  # only Age of Civilization's layouts draw art so far
        return [Target(kind, "aoc", path, (("pnp", "aoc", "--one-each", "-o", "out/pnp.pdf"),))
                for path in _files(root, "decks/aoc/art/*.svg")]
    if kind == "font":
        return [Target(kind, game, FONT_FILE, pnp)]
    raise ValueError(f"unknown kind {kind!r}")


KINDS = ("manifest", "cards", "spreadsheet", "data", "variant", "layout", "text-template", "vocabulary", "reference",
         "profile", "scenario", "icon", "art", "font")


def choose(root: Path, kind: str, rng: random.Random, games: tuple[str, ...] = GAMES) -> Target:
    """A file of ``kind`` in one of ``games`` (profiles, scenarios, art and the spreadsheet exist for Age of
    Civilization only)."""
    options = [t for game in games for t in targets(root, kind, game)] or targets(root, kind, "aoc")
    return rng.choice(options)

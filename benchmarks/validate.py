"""Validation speed: cold `cardtools validate` start, and warm validation of all decks and of 1,000 cards.

Targets (issue: Foundation): cold `cardtools validate` under 1 s; warm validation of 1,000 cards under 0.3 s.
Cold figures are given per game (what an editor runs on save: the game with its variants, layouts,
sheet templates, profiles and scenario files) and for everything: every game and every variant, each
variant validated as a whole deck. "Warm" is a repeated validation in one process
with fresh workspaces (no results carried over), so it measures the work, not a cache.
Run: python benchmarks/validate.py
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

from timing import timed

from cardtools.core.loader import read_deck
from cardtools.core.workspace import Workspace

REPO = Path(__file__).resolve().parent.parent


def cold_start(*args: str, repeat: int = 5) -> list[float]:
    """`cardtools validate ARGS` in a new process each time (imports, schemas, templates included)."""
    exe = shutil.which("cardtools") or str(Path(sys.executable).parent / "cardtools")
    return timed(lambda: subprocess.run([exe, "--root", str(REPO), "validate", *args], check=True,
                                        capture_output=True), repeat)


def synthetic_workspace(target: int = 1000) -> tuple[Path, int]:
    """A copy of the Age of Civilization deck whose civilizations are cloned up to `target` cards."""
    root = Path(tempfile.mkdtemp(prefix="cardtools-bench-"))
    shutil.copytree(REPO / "decks" / "aoc", root / "decks" / "aoc")
    shutil.copytree(REPO / "schemas", root / "schemas")
    deck = root / "decks" / "aoc"
    manifest = yaml.safe_load((deck / "game.yaml").read_text())
    cards = sum(len(yaml.safe_load((deck / f).read_text())) for f in manifest["files"])
    civs = yaml.safe_load((deck / "civilizations.yaml").read_text())
    clones = []
    i = 0
    while cards + len(clones) < target:
        card = dict(civs[i % len(civs)])
        card["id"] = f"{card['id']}_{i}"
        clones.append(card)
        i += 1
    header = "# yaml-language-server: $schema=../../schemas/aoc/cards.schema.json\n"
    (deck / "clones.yaml").write_text(header + yaml.safe_dump(clones, sort_keys=False, allow_unicode=True))
    manifest["files"].append("clones.yaml")
    manifest.pop("composition", None)
    (deck / "game.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True))
    return root, cards + len(clones)


def warm(root: Path, games: list[str], repeat: int = 7) -> list[float]:
    """Validation in a warm process: a fresh workspace each run, so nothing checked is reused."""
    def run():
        workspace = Workspace(root)
        for game in games:
            deck, diagnostics = read_deck(game, workspace=workspace)
            assert deck is not None and not [d for d in diagnostics if d.is_error], diagnostics[:3]

    run()  # warm-up: imports and compiled templates
    return timed(run, repeat)


def report(label: str, times: list[float]) -> None:
    print(f"{label:48s} min {min(times) * 1000:7.1f} ms   median {statistics.median(times) * 1000:7.1f} ms")


def main() -> None:
    print(f"cardtools validation benchmark (python {sys.version.split()[0]})")
    shipped = Workspace(REPO)
    for game in shipped.games():
        report(f"cold `cardtools validate {game}` (its variants and files too)", cold_start(game))
    report("cold `cardtools validate` (every deck and variant)", cold_start())
    total = sum(len(read_deck(g, workspace=shipped)[0]) for g in shipped.games())
    report(f"warm validation, shipped base decks ({total} cards)", warm(REPO, shipped.games()))
    root, n = synthetic_workspace()
    try:
        report(f"warm validation, synthetic deck ({n} cards)", warm(root, ["aoc"]))
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()

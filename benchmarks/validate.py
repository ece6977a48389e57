"""Validation speed: cold `cardtools validate` start, and warm validation of all decks and of 1,000 cards.

Targets (issue: Foundation): cold `cardtools validate` under 1 s; warm validation of 1,000 cards under 0.3 s.
Run: python benchmarks/validate.py
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from cardtools.core.loader import read_deck
from cardtools.core.workspace import Workspace

REPO = Path(__file__).resolve().parent.parent


def timed(fn, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def cold_start(repeat: int = 5) -> list[float]:
    exe = shutil.which("cardtools") or str(Path(sys.executable).parent / "cardtools")
    return timed(lambda: subprocess.run([exe, "--root", str(REPO), "validate"], check=True, capture_output=True), repeat)


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


def warm(workspace: Workspace, games: list[str], repeat: int = 7) -> list[float]:
    def run():
        for game in games:
            deck, diagnostics = read_deck(game, workspace=workspace)
            assert deck is not None and not [d for d in diagnostics if d.is_error], diagnostics[:3]

    run()  # warm-up: imports and schema compilation
    return timed(run, repeat)


def warm_variants(workspace: Workspace, repeat: int = 7) -> tuple[int, list[float]]:
    """Every shipped variant of every game, each a full validation of its merged deck."""
    from cardtools.core.variants import variant_names

    chosen = [(g, v) for g in workspace.games() for v in variant_names(workspace.deck_dir(g))]

    def run():
        for game, name in chosen:
            deck, diagnostics = read_deck(game, name, workspace=workspace)
            assert deck is not None and not [d for d in diagnostics if d.is_error], diagnostics[:3]

    run()
    return len(chosen), timed(run, repeat)


def report(label: str, times: list[float]) -> None:
    print(f"{label:48s} min {min(times) * 1000:7.1f} ms   median {statistics.median(times) * 1000:7.1f} ms")


def main() -> None:
    print(f"cardtools validation benchmark (python {sys.version.split()[0]})")
    report("cold `cardtools validate` (all decks, new process)", cold_start())
    shipped = Workspace(REPO)
    total = sum(len(read_deck(g, workspace=shipped)[0]) for g in shipped.games())
    report(f"warm validation, shipped decks ({total} cards)", warm(shipped, shipped.games()))
    count, times = warm_variants(shipped)
    report(f"warm validation, shipped variants ({count})", times)
    root, n = synthetic_workspace()
    try:
        report(f"warm validation, synthetic deck ({n} cards)", warm(Workspace(root), ["aoc"]))
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()

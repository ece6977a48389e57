"""A third-party validator (check-jsonschema) agrees with `cardtools validate` on every deck file."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardtools.cli import main

REPO = Path(__file__).parent.parent
GAMES = sorted(p.parent.name for p in (REPO / "decks").glob("*/game.yaml"))


def check_jsonschema(schema: Path, files: list[Path]) -> subprocess.CompletedProcess:
    # Our $ids are names, not addresses: point the base URI at the schema file so relative $refs
    # resolve on disk instead of over the network.
    return subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--base-uri", schema.resolve().as_uri(),
         "--schemafile", str(schema), *map(str, files)],
        capture_output=True, text=True)


def deck_files(root: Path, game: str) -> list[tuple[Path, Path]]:
    """(schema, file) pairs: the manifest, then every card file of the game."""
    deck = root / "decks" / game
    import yaml

    manifest = yaml.safe_load((deck / "game.yaml").read_text())
    pairs = [(REPO / "schemas" / "deck-manifest.schema.json", deck / "game.yaml")]
    pairs += [(root / "schemas" / game / "cards.schema.json", deck / name) for name in manifest["files"]]
    return pairs


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_deck_file_passes_both_validators(game, capsys):
    assert main(["--root", str(REPO), "validate", game]) == 0
    by_schema: dict[Path, list[Path]] = {}
    for schema, path in deck_files(REPO, game):
        by_schema.setdefault(schema, []).append(path)
    for schema, paths in by_schema.items():  # one run per schema
        result = check_jsonschema(schema, paths)
        assert result.returncode == 0, f"{schema.name}: {result.stdout}{result.stderr}"


@pytest.mark.parametrize("game", GAMES)
def test_a_broken_deck_fails_both_validators(game, tmp_path, capsys):
    root = tmp_path / "ws"
    shutil.copytree(REPO / "decks" / game, root / "decks" / game)
    shutil.copytree(REPO / "schemas", root / "schemas")
    schema, first_file = deck_files(root, game)[1]
    text = first_file.read_text()
    first_file.write_text(text.replace("  count: ", "  count: many # ", 1))
    assert main(["--root", str(root), "validate", game]) == 1
    result = check_jsonschema(schema, [first_file])
    assert result.returncode == 1, result.stdout + result.stderr

"""A third-party validator (check-jsonschema) agrees with `cardtools validate` on every deck file.

Each file is checked against the schema its first line names, as an editor would, with no
`--base-uri` and with the network blocked: schemas carry no `$id`, so every `$ref` resolves on disk.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardtools.cli import main

REPO = Path(__file__).parent.parent
GAMES = sorted(p.parent.name for p in (REPO / "decks").glob("*/game.yaml"))
MODELINE = "# yaml-language-server: $schema="
#: Any attempt to fetch a schema over the network fails at once.
OFFLINE = {**os.environ, "HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9",
           "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9"}


def check_jsonschema(schema: Path, files: list[Path]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--no-cache", "--schemafile", str(schema),
                           *map(str, files)], capture_output=True, text=True, env=OFFLINE)


def named_schema(path: Path) -> Path:
    """The schema a deck file's first line names."""
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    assert first.startswith(MODELINE), f"{path} does not name its schema"
    return (path.parent / first[len(MODELINE):]).resolve()


def deck_files(root: Path, game: str) -> dict[Path, list[Path]]:
    """Every file of the game's deck (manifest, card and data files, variants), by the schema it names."""
    by_schema: dict[Path, list[Path]] = {}
    for path in sorted((root / "decks" / game).rglob("*.yaml")):
        by_schema.setdefault(named_schema(path), []).append(path)
    return by_schema


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_deck_file_passes_both_validators(game, capsys):
    assert main(["--root", str(REPO), "validate", game]) == 0
    files = deck_files(REPO, game)
    assert sum(map(len, files.values())) == len(list((REPO / "decks" / game).rglob("*.yaml")))
    for schema, paths in files.items():  # one run per schema
        result = check_jsonschema(schema, paths)
        assert result.returncode == 0, f"{schema.name}: {result.stdout}{result.stderr}"


BREAKAGES = [  # (game, file, text, broken text, cardtools' message)
    ("aoc", "civilizations.yaml", "  count: ", "  count: many # ", "is not of type 'integer'"),
    ("aoc", "technologies.yaml", "requires: [writing]", "requires: [writting]",
     "no technology with id 'writting' in this deck; did you mean 'writing'?"),
    ("aoc", "variants/solo.yaml", "\nremove:", "\nremove_cards:", "unknown key 'remove_cards'"),
    ("tta", "technologies.yaml", "  age: A", "  age: AA", "'AA' is not one of"),
    ("7ages", "ancients-kingdoms.yaml", "artefact: forum", "artefact: forumm", "no artefact with id 'forumm'"),
    ("7ages", "map.yaml", "\nareas:", "\narea:", "unknown key 'area'"),
]


@pytest.mark.parametrize("game, file, text, broken, message", BREAKAGES)
def test_a_broken_deck_file_fails_both_validators(game, file, text, broken, message, tmp_path, capsys):
    root = tmp_path / "ws"
    shutil.copytree(REPO / "decks" / game, root / "decks" / game)
    shutil.copytree(REPO / "schemas", root / "schemas")
    path = root / "decks" / game / file
    original = path.read_text()
    assert text in original
    path.write_text(original.replace(text, broken, 1))
    line = original[:original.index(text) + len(text) // 2].count("\n") + 1
    assert main(["--root", str(root), "validate", game]) == 1
    reported = [d for d in capsys.readouterr().err.splitlines() if message in d]
    assert reported and f"{file}:{line}:" in reported[0], reported
    result = check_jsonschema(named_schema(path), [path])
    assert result.returncode == 1, result.stdout + result.stderr

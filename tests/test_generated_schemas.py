"""Committed generated schemas are up to date (regenerate with `cardtools schema --write`)."""

from pathlib import Path

from cardtools.cli import main

REPO = Path(__file__).parent.parent


def test_generated_schemas_are_not_stale(capsys):
    code = main(["--root", str(REPO), "schema", "--check"])
    assert code == 0, capsys.readouterr().out

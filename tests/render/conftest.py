"""Fixtures for printing tests: a small game whose cards have hand-written text, and PDF readers."""

from pathlib import Path

import pytest

from cardtools.core.workspace import Workspace as CoreWorkspace

REPO = Path(__file__).parent.parent.parent
MM = 72 / 25.4


@pytest.fixture
def demo(fixture_workspace):
    """A throw-away copy of tests/fixtures/printing (the game "demo") that a test may edit."""
    return fixture_workspace("printing", "demo")


@pytest.fixture(scope="session")
def repo() -> CoreWorkspace:
    return CoreWorkspace(REPO)


def mm(points: float) -> float:
    return points / MM

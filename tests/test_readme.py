"""The README's two set-up commands are the ones CI and new users actually run."""

from pathlib import Path

REPO = Path(__file__).parent.parent
MAIN_JOB = "pip install -e . && cardtools build"
TESTS = "pip install -e '.[test]' && pytest"


def test_readme_gives_the_two_setup_commands():
    readme = (REPO / "README.md").read_text()
    assert MAIN_JOB in readme
    assert TESTS in readme


def test_ci_runs_the_readme_test_command():
    ci = (REPO / ".ci" / "run").read_text()
    assert TESTS in ci.splitlines()

"""Outputs appear whole or not at all, with ordinary permissions."""

import os
import stat

import pytest

from cardtools.core.atomic import atomic_open, write_text


def test_written_file_has_ordinary_permissions(tmp_path):
    path = tmp_path / "out.txt"
    old = os.umask(0o022)
    try:
        write_text(path, "hello")
    finally:
        os.umask(old)
    assert path.read_text() == "hello"
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_a_failure_leaves_the_previous_file_and_no_temporary(tmp_path):
    path = tmp_path / "out.txt"
    path.write_text("previous")
    with pytest.raises(RuntimeError):
        with atomic_open(path, "w") as handle:
            handle.write("half")
            raise RuntimeError("interrupted")
    assert path.read_text() == "previous"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]

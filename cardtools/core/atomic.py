"""Write outputs so that an interrupted run never leaves a half-written file behind.

A temporary file named ``.<name>.<pid>.<random>.tmp`` is written next to the output and renamed
over it. A writer killed before the rename (kill -9, power loss) leaves its temporary behind; the
next write into that folder removes the temporaries of writers that are no longer running. An
output path that is a symlink is written through: its target is replaced, the link stays.
"""

from __future__ import annotations

import errno
import os
import re
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterator

_TEMPORARY = re.compile(r"\..+\.(\d+)\.[a-z0-9_]{8}\.tmp")
_CLEANED: set[Path] = set()  # folders already cleaned by this process


@contextmanager
def atomic_open(path: Path, mode: str = "wb") -> Iterator[IO]:
    """Open a temporary file next to ``path``; on success it replaces ``path`` in one rename."""
    path = Path(os.path.realpath(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError as exc:  # a file where one of the folders goes: say that, not "File exists"
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), exc.filename) from None
    clean_stale(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, mode, **({} if "b" in mode else {"encoding": "utf-8", "newline": "\n"})) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; outputs get ordinary permissions
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError) and exc.filename == tmp:  # name the output, not our temporary
            raise type(exc)(exc.errno, exc.strerror, str(path)) from None
        raise


def clean_stale(folder: Path) -> None:
    """Remove the temporaries in ``folder`` whose writer is no longer running (once per process)."""
    if folder in _CLEANED:
        return
    _CLEANED.add(folder)
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        match = _TEMPORARY.fullmatch(name)
        if match and not _running(int(match.group(1))):
            try:
                os.unlink(folder / name)
            except OSError:
                pass


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # gone, or not a process id at all
        return False
    except PermissionError:  # another user's process
        return True
    return True


def write_text(path: Path, text: str) -> None:
    with atomic_open(path, "w") as handle:
        handle.write(text)


def write_bytes(path: Path, data: bytes) -> None:
    with atomic_open(path, "wb") as handle:
        handle.write(data)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask

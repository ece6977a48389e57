"""A progress line on stderr: games (or other units of work) done, per second, time left.

On a terminal the line is redrawn in place; otherwise (a log file, CI) a line is printed about
every tenth of the run, so logs stay short.
"""

from __future__ import annotations

import sys
import time
from typing import Iterator, Sequence, TextIO, TypeVar

T = TypeVar("T")

WIDTH = 24


class Progress:
    def __init__(self, total: int, done: int = 0, stream: TextIO | None = None, clock=time.monotonic,
                 unit: str = "games"):
        self.total, self.done, self.start_done, self.unit = total, done, done, unit
        self.stream = stream or sys.stderr
        self.live = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.clock = clock
        self.started = clock()
        self._shown_tenth = -1

    def advance(self, games: int) -> None:
        self.done += games
        tenth = 10 * self.done // max(1, self.total)
        if self.live:
            self.stream.write("\r" + self.line())
        elif tenth != self._shown_tenth:
            self.stream.write(self.line() + "\n")
        self._shown_tenth = tenth
        self.stream.flush()

    def finish(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()

    def rate(self) -> float:
        """Units per second done by this session (resumed games do not count)."""
        elapsed = self.clock() - self.started
        return (self.done - self.start_done) / elapsed if elapsed > 0 else 0.0

    def line(self) -> str:
        share = self.done / self.total if self.total else 1.0
        filled = round(WIDTH * share)
        rate = self.rate()
        left = (self.total - self.done) / rate if rate > 0 else None
        return (f"[{'#' * filled}{'.' * (WIDTH - filled)}] {self.done:,}/{self.total:,} {self.unit} {share:4.0%}  "
                f"{rate:,.1f} {self.unit}/s  ETA {_clock(left)}")


def shown(items: Sequence[T], stream: TextIO | None, unit: str) -> Iterator[T]:
    """``items`` one by one, with a progress line on ``stream`` (none without a stream)."""
    if stream is None:
        yield from items
        return
    progress = Progress(len(items), stream=stream, unit=unit)
    for item in items:
        yield item
        progress.advance(1)
    progress.finish()


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "--:--"
    seconds = round(seconds)
    hours, rest = divmod(seconds, 3600)
    return (f"{hours}:" if hours else "") + f"{rest // 60:02d}:{rest % 60:02d}"

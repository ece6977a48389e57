"""A progress line on stderr: games done, games per second, time left.

On a terminal the line is redrawn in place; otherwise (a log file, CI) a line is printed about
every tenth of the run, so logs stay short.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 24


class Progress:
    def __init__(self, total: int, done: int = 0, stream: TextIO | None = None, clock=time.monotonic):
        self.total, self.done, self.start_done = total, done, done
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
        """Games per second played by this session (resumed games do not count)."""
        elapsed = self.clock() - self.started
        return (self.done - self.start_done) / elapsed if elapsed > 0 else 0.0

    def line(self) -> str:
        share = self.done / self.total if self.total else 1.0
        filled = round(WIDTH * share)
        rate = self.rate()
        left = (self.total - self.done) / rate if rate > 0 else None
        return (f"[{'#' * filled}{'.' * (WIDTH - filled)}] {self.done:,}/{self.total:,} games {share:4.0%}  "
                f"{rate:,.1f} games/s  ETA {_clock(left)}")


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "--:--"
    seconds = round(seconds)
    hours, rest = divmod(seconds, 3600)
    return (f"{hours}:" if hours else "") + f"{rest // 60:02d}:{rest % 60:02d}"

"""The timing loop every benchmark shares (benchmarks are scripts: `python benchmarks/<name>.py`)."""

from __future__ import annotations

import time
from typing import Callable


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Wall-clock seconds of ``repeat`` calls of ``fn``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times

"""Where chunks are played: this process, local worker processes, or a Dask cluster.

Each backend takes the chunks still to play and yields ``(chunk, rows)`` as chunks finish, in
completion order; the runner stores them. All of them call ``chunk.play_chunk`` with the same
bundle and plan, and seeds depend only on game indices, so the records are the same whichever
backend or number of workers played them. At most two chunks per worker are in flight, so a
failure stops the run soon and memory stays small. No more workers start than there are chunks
to play.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from itertools import islice
from typing import Iterable, Iterator

from cardtools.sim.bundle import DeckBundle
from cardtools.sim.chunk import play_chunk
from cardtools.sim.plan import Plan

BACKENDS = ("local", "dask")
Results = Iterator[tuple[int, list[dict]]]


#: The most worker processes per core a run starts (``--jobs`` is lowered to it): each worker holds a
#: game engine (about 100 MB), and past a few per core more workers only add memory and start-up time.
JOBS_PER_CORE = 4


def max_jobs() -> int:
    return JOBS_PER_CORE * (os.cpu_count() or 1)


class BackendProblem(Exception):
    """A backend that cannot start (Dask not installed, scheduler unreachable)."""


def play_chunks(backend: str, bundle: DeckBundle, plan: Plan, chunks: list[int], jobs: int,
                scheduler: str | None = None) -> Results:
    jobs = max(1, min(jobs, len(chunks)))
    if backend == "dask":
        return _dask(bundle, plan, chunks, jobs, scheduler)
    if jobs <= 1:
        return (play_chunk(bundle, plan, c) for c in chunks)
    return _processes(bundle, plan, chunks, jobs)


def _processes(bundle: DeckBundle, plan: Plan, chunks: Iterable[int], jobs: int) -> Results:
    """``jobs`` worker processes, started fresh (``spawn``: the same on every platform), each
    ending when this process ends, however it ends."""
    todo = iter(chunks)
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                             initializer=exit_with_parent) as pool:
        running = set()
        try:
            while True:
                for chunk in todo:
                    running.add(pool.submit(play_chunk, bundle, plan, chunk))
                    if len(running) >= 2 * jobs:
                        break
                if not running:
                    return
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for future in sorted(finished, key=lambda f: f.result()[0]):
                    yield future.result()
        finally:
            for future in running:
                future.cancel()


def exit_with_parent() -> None:
    """In a worker: end it as soon as the process that started it is gone. A parent killed with
    ``kill -9`` cannot stop its workers, and they would play on for nobody; once they are gone,
    multiprocessing's resource tracker, which outlives only the processes that use it, ends too."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _dask(bundle: DeckBundle, plan: Plan, chunks: list[int], jobs: int, scheduler: str | None) -> Results:
    """A Dask cluster: the one at ``scheduler`` (``tcp://host:8786``), or a local one with ``jobs``
    single-threaded worker processes. The bundle is sent to every worker once."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise BackendProblem("the dask backend needs Dask: pip install 'cardtools[dask]'") from None
    cluster = None
    try:
        if scheduler:
            client = Client(scheduler, timeout="20s")
        else:
            cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
                                   dashboard_address=None)
            client = Client(cluster)
    except (OSError, TimeoutError) as exc:
        raise BackendProblem(f"cannot reach the Dask scheduler {scheduler}: {exc}") from None
    try:
        workers = max(1, len(client.scheduler_info()["workers"]))
        shared = client.scatter(bundle, broadcast=True)
        todo = iter(chunks)
        first = [client.submit(play_chunk, shared, plan, c, pure=False) for c in islice(todo, 2 * workers)]
        batches = as_completed(first)
        for future in batches:
            yield future.result()
            for chunk in todo:
                batches.add(client.submit(play_chunk, shared, plan, chunk, pure=False))
                break
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

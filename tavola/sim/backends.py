"""Where chunks are played: in this process, in a pool of local processes, or on Dask.

Every backend yields chunks in the order they finish; the runner puts the rows back in
game order, so the output never depends on the backend, the number of workers or timing.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import ExitStack

from .play import Chunk, play_chunk
from .spec import SimSpec

Span = tuple[int, int]
"""A chunk's games: [start, stop)."""

BACKENDS = ("local", "dask")


def run_local(
    spec: SimSpec, spans: Sequence[Span], workers: int, on_ready: Callable[[int], None]
) -> Generator[Chunk, None, None]:
    """One worker plays in this process; more use a process pool. The pool forks from a
    fresh `forkserver` (with the game code preloaded), never from this process, which may
    run threads (a progress display, a Dask client) that `fork` would copy mid-flight."""
    if workers <= 1:
        # Game by game, whatever the chunk size: a run stopped here loses no finished game.
        on_ready(1)
        for start, stop in spans:
            for index in range(start, stop):
                yield play_chunk(spec, index, index + 1)
        return
    context = multiprocessing.get_context("forkserver")
    # The main module too, though Python 3.11's forkserver skips it (it looks for the main
    # path under the wrong key, CPython gh-126631): each worker then runs the main module
    # again, which is why the `tavola` command line keeps its import light (0.35 s).
    context.set_forkserver_preload(["__main__", "tavola.sim.play"])
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        futures = [pool.submit(play_chunk, spec, start, stop) for start, stop in spans]
        on_ready(workers)
        for future in as_completed(futures):
            yield future.result()
    except BaseException:  # stopped (a signal, the generator closed) or a chunk failed
        stop_pool(pool)
        raise
    pool.shutdown()


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Drops the chunks not started and ends the workers at once: `shutdown(wait=True)`,
    what leaving a `with` block does, would play every chunk still queued first, and even
    `wait=False` leaves the interpreter waiting at exit for the chunks being played."""
    processes = list(pool._processes.values())  # private: public only from 3.14
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()


CONNECT_SECONDS = 5
"""How long an unreachable `--scheduler` is tried before the run is refused (Dask's own
default is 30 s)."""


def run_dask(
    spec: SimSpec,
    spans: Sequence[Span],
    workers: int,
    on_ready: Callable[[int], None],
    scheduler: str | None = None,
) -> Generator[Chunk, None, None]:
    """Chunks as Dask tasks, on a `LocalCluster` of `workers` single-threaded processes, or
    on the cluster at `scheduler`. Task keys name the run and the chunk; a chunk lost with
    its worker is recomputed by the scheduler (the same rows: chunks are pure), and each is
    gathered once (the runner also drops any chunk it already has)."""
    try:
        from distributed import Client, LocalCluster
        from distributed import as_completed as dask_completed
    except ImportError as exc:  # pragma: no cover - the `scale` extra is missing
        raise RuntimeError("the dask backend needs: pip install 'tavola[scale]'") from exc
    with ExitStack() as stack:
        if scheduler:
            client = stack.enter_context(Client(scheduler, timeout=CONNECT_SECONDS))
        else:
            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    dashboard_address=None,
                    host="127.0.0.1",
                    processes=True,
                )
            )
            client = stack.enter_context(Client(cluster))
        token = spec.token()
        pending = dask_completed(with_results=True)
        for start, stop in spans:
            key = f"tavola-sim-{token}-{start}-{stop}"
            pending.add(client.submit(play_chunk, spec, start, stop, key=key, retries=2))
        on_ready(len(client.scheduler_info()["workers"]) if scheduler else workers)
        # Only `pending` holds the futures, and it lets each go once gathered: the chunk's
        # rows leave the cluster, and a worker lost later costs no recomputation of it.
        for _, chunk in pending:
            yield chunk

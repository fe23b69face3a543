"""A simulation run: cut the games into chunks, play them on a backend, gather the rows in
game order, and time the whole (timings go to run.json, never into the rows)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .backends import BACKENDS, Span, run_dask, run_local
from .play import Chunk
from .rows import Row
from .spec import SimSpec


@dataclass(slots=True)
class SimResult:
    spec: SimSpec
    rows: list[Row]
    names: dict[str, dict[str, str]]
    backend: str
    workers: int
    """Workers that played: with an external scheduler, that cluster's count."""
    chunk_size: int
    seconds: float
    startup_seconds: float
    scheduler: str | None = None
    cpu_seconds: float = 0.0
    """CPU time spent playing, summed over the chunks kept (wherever they ran)."""
    planned: int = 0
    """Games asked for: more than `games` when the run was stopped."""
    stopped: str | None = None
    """What stopped the run before its end (a signal's name), else None."""

    @property
    def games(self) -> int:
        return len(self.rows)

    @property
    def complete(self) -> bool:
        return self.stopped is None and self.games >= self.planned

    @property
    def games_per_s(self) -> float:
        """Over the whole run, startup included: what a user waits for."""
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def timings(self) -> dict[str, Any]:
        """Wall-clock figures, and how busy the workers kept their cores: a utilisation well
        under 1 means other programs took CPU from the run (or the startup dominated)."""
        playing = self.seconds - self.startup_seconds
        return {
            "seconds": round(self.seconds, 4),
            "startup_seconds": round(self.startup_seconds, 4),
            "games_per_s": round(self.games_per_s, 2),
            "games_per_s_after_startup": round(self.games / playing, 2) if playing > 0 else None,
            "cpu_seconds": round(self.cpu_seconds, 3),
            "games_per_cpu_s": round(self.games / self.cpu_seconds, 2)
            if self.cpu_seconds
            else None,
            "cpu_utilisation": (
                round(self.cpu_seconds / (playing * self.workers), 3) if playing > 0 else None
            ),
        }


def default_chunk_size(games: int, workers: int) -> int:
    """About 32 chunks per worker, so the progress bar moves, a lost chunk costs little and
    the last chunks leave no worker idle for long, and at most 50 games per chunk (search
    bots take seconds per game); at least 1."""
    return max(1, min(50, math.ceil(games / (max(workers, 1) * 32))))


def spans_of(games: int, chunk_size: int) -> list[Span]:
    return [(start, min(start + chunk_size, games)) for start in range(0, games, chunk_size)]


def _check_run(games: int, workers: int, backend: str, scheduler: str | None) -> None:
    if games < 1:
        raise ValueError("games must be at least 1")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend '{backend}'; known: {', '.join(BACKENDS)}")
    if scheduler and backend != "dask":
        raise ValueError("--scheduler needs --backend dask")


def _check_every_game(by_game: dict[int, Row], rows: list[Row], games: int) -> None:
    """A run that was not stopped came back with each game exactly once."""
    missing = [index for index in range(games) if index not in by_game]
    if missing:
        raise RuntimeError(f"games {missing[:5]} never came back")
    if [row["game"] for row in rows] != list(range(games)):
        raise RuntimeError("the gathered rows do not cover every game exactly once")


def simulate(
    spec: SimSpec,
    games: int,
    *,
    workers: int = 1,
    backend: str = "local",
    scheduler: str | None = None,
    chunk_size: int | None = None,
    on_chunk: Callable[[Chunk], None] | None = None,
    stoppable: bool = False,
) -> SimResult:
    """Plays games 0 … games-1 of `spec`. `on_chunk` sees every chunk as it arrives (for a
    progress bar, a file written as games finish). The rows come back in game order,
    exactly one per game, whatever the backend and however many times a chunk was played.
    With `stoppable`, a `KeyboardInterrupt` (SIGINT, or a signal the caller turns into
    one) ends the run with the games finished so far (`SimResult.stopped`); without, it
    propagates, as for a run inside a larger search that cannot use half a measurement."""
    _check_run(games, workers, backend, scheduler)
    size = chunk_size or default_chunk_size(games, workers)
    spans = spans_of(games, size)
    start = time.perf_counter()
    ready = start
    used = workers

    def mark_ready(count: int) -> None:
        nonlocal ready, used
        ready, used = time.perf_counter(), count

    chunks = (
        run_dask(spec, spans, workers, mark_ready, scheduler)
        if backend == "dask"
        else run_local(spec, spans, workers, mark_ready)
    )
    by_game: dict[int, Row] = {}
    names: dict[str, dict[str, str]] = {}
    cpu_seconds = 0.0
    stopped: str | None = None
    try:
        for chunk in chunks:
            fresh = [row for row in chunk.rows if int(row["game"]) not in by_game]
            if not fresh:
                continue  # a chunk delivered twice is dropped: it holds the same rows
            by_game.update((int(row["game"]), row) for row in fresh)
            names.update(chunk.names)
            cpu_seconds += chunk.cpu_seconds
            if on_chunk is not None:
                on_chunk(chunk)
    except KeyboardInterrupt:
        if not stoppable:
            raise
        stopped = "interrupted"
    finally:
        chunks.close()  # a backend left early stops its workers (`stop_pool`), its cluster
    seconds = time.perf_counter() - start
    rows = [by_game[index] for index in sorted(by_game)]
    if stopped is None:
        _check_every_game(by_game, rows, games)
    return SimResult(
        spec=spec,
        rows=rows,
        names=dict(sorted(names.items())),
        backend=backend,
        workers=used,
        chunk_size=size,
        seconds=seconds,
        startup_seconds=ready - start,
        scheduler=scheduler,
        cpu_seconds=cpu_seconds,
        planned=games,
        stopped=stopped,
    )

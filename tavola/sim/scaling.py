"""How simulation scales with workers: the same run with 1 and with N workers, timed.

The rows of both runs must be equal (it is the same run), so the figure compares equal
work; it is measured, never asserted in tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .runner import simulate
from .spec import build_spec


def bench_workers(
    game: str = "legends",
    seats: Sequence[str] = ("reference", "random"),
    options: Mapping[str, Any] | None = None,
    *,
    games: int = 2000,
    workers: int = 2,
    backend: str = "local",
    seed: int = 1,
) -> dict[str, Any]:
    """Simulation games/s with 1 worker and with `workers`, and their ratio, on the local
    process pool or on a Dask `LocalCluster` started for each run (startup included). The
    default is a classic Legends battle between the reference and the random bot."""
    spec = build_spec(game, seats, seed, options or {"mode": "classic"})
    one = simulate(spec, games, workers=1, backend=backend)
    many = simulate(spec, games, workers=workers, backend=backend)
    if one.rows != many.rows:
        raise RuntimeError("the same run gave different rows with different worker counts")
    return {
        "game": game,
        "options": dict(options or {"mode": "classic"}),
        "seats": list(seats),
        "games": games,
        "backend": backend,
        "workers_1": one.timings(),
        f"workers_{workers}": many.timings(),
        "games_per_s_1": round(one.games_per_s, 2),
        f"games_per_s_{workers}": round(many.games_per_s, 2),
        "ratio": round(many.games_per_s / one.games_per_s, 3),
    }

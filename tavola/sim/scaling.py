"""How simulation scales with workers: the same run with 1 and with N workers, timed.

The rows of both runs must be equal (it is the same run), so the figure compares equal
work; it is measured, never asserted in tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import get_game

from .runner import simulate
from .spec import build_spec


def bench_workers(
    game: str,
    seats: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    games: int = 2000,
    workers: int = 2,
    backend: str = "local",
    seed: int = 1,
) -> dict[str, Any]:
    """Simulation games/s with 1 worker and with `workers`, and their ratio, on the local
    process pool or on a Dask `LocalCluster` started for each run (startup included). By
    default the game's reference bot plays random bots at its smallest table, with its
    default options."""
    if seats is None:
        seats = ("reference", *["random"] * (get_game(game).info.min_seats - 1))
    spec = build_spec(game, seats, seed, options)
    one = simulate(spec, games, workers=1, backend=backend)
    many = simulate(spec, games, workers=workers, backend=backend)
    if one.rows != many.rows:
        raise RuntimeError("the same run gave different rows with different worker counts")
    return {
        "game": game,
        "options": dict(options or {}),
        "seats": list(seats),
        "games": games,
        "backend": backend,
        "workers_1": one.timings(),
        f"workers_{workers}": many.timings(),
        "games_per_s_1": round(one.games_per_s, 2),
        f"games_per_s_{workers}": round(many.games_per_s, 2),
        "ratio": round(many.games_per_s / one.games_per_s, 3),
    }

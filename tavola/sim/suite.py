"""`tavola bench --suite engine`: every figure the simulation targets, measured for one game
in one run on one machine, with the ratios to OpenSpiel's anchors (when the `[bench]` extra
is installed): engine steps/s of random play in each of the game's modes against
`python_tic_tac_toe`'s, ISMCTS time per 1,000 iterations against OpenSpiel's Python MCTS
(in production and with full random rollouts: see `tavola.bots.speed`), and simulation
games/s with 1 and 2 workers. Figures only: nothing here is asserted by tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tavola.core import Game

from .bench import openspiel_ttt, random_playouts
from .scaling import bench_workers


def _ratio(ours: float | None, anchor: float | None) -> float | None:
    return round(ours / anchor, 3) if ours and anchor else None


def engine_suite(
    game: Game[Any],
    seconds: float = 5.0,
    iterations: int = 1000,
    sim_games: int = 2000,
    *,
    modes: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The suite's figures, on the game's default table (`default_table`) of each mode
    in `modes` (by default every mode the game declares). `engine_steps_per_s` is the
    slowest mode's figure, the one a long run waits on; each mode's own figure and ratio
    are reported beside it."""
    from tavola.bots.speed import ismcts_speed
    from tavola.bots.strength import default_table

    measured = {
        mode: random_playouts(game, default_table(game, {"mode": mode} if mode else {}), seconds)
        for mode in (modes or game.info.modes or ("",))
    }
    anchor = openspiel_ttt(seconds)
    anchor_steps = anchor.steps_per_s if anchor else None
    speed = ismcts_speed(game, iterations=iterations)
    scaling = bench_workers(game.name, games=sim_games, workers=2)
    anchor_search = speed["openspiel_mcts"] or {}
    production, full = speed["ismcts_production"], speed["ismcts_full_rollouts"]
    engine = min(figures.steps_per_s for figures in measured.values())
    figures: dict[str, Any] = {
        "game": game.name,
        "engine_steps_per_s": round(engine, 1),
        "openspiel_ttt_steps_per_s": round(anchor_steps, 1) if anchor_steps else None,
        "engine_ratio": _ratio(engine, anchor_steps),
    }
    for mode, playouts in measured.items():
        if mode:
            figures[f"engine_steps_per_s_{mode}"] = round(playouts.steps_per_s, 1)
            figures[f"engine_ratio_{mode}"] = _ratio(playouts.steps_per_s, anchor_steps)
    return figures | {
        "ismcts_position": speed["position"],
        "ismcts_iterations": iterations,
        "openspiel_mcts_ms_per_1000": anchor_search.get("ms_per_1000"),
        "openspiel_mcts_steps_per_simulation": anchor_search.get("steps_per_iteration"),
        "ismcts_production_ms_per_1000": production["ms_per_1000"],
        "ismcts_production_steps_per_iteration": production["steps_per_iteration"],
        "ismcts_production_ratio": production["ratio"],
        "ismcts_full_rollouts_ms_per_1000": full["ms_per_1000"],
        "ismcts_full_rollouts_steps_per_iteration": full["steps_per_iteration"],
        "ismcts_full_rollouts_ratio": full["ratio"],
        "ismcts_full_rollouts_ratio_per_step": full["ratio_per_step"],
        "ismcts_notes": {
            "ismcts_production_ratio": production["note"],
            "ismcts_full_rollouts_ratio": full["note"],
            "ismcts_full_rollouts_ratio_per_step": full["note_per_step"],
        },
        "sim_games_per_s_1_worker": scaling["games_per_s_1"],
        "sim_games_per_s_2_workers": scaling["games_per_s_2"],
        "sim_speedup_2_workers": scaling["ratio"],
        "sim_cpu_utilisation_2_workers": scaling["workers_2"]["cpu_utilisation"],
        "sim_games": sim_games,
    }

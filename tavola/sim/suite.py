"""`tavola bench --suite engine`: every figure the simulation issue targets, measured in one
run on one machine, with the ratios to OpenSpiel's anchors (when the `[bench]` extra is
installed): engine steps/s of classic and epic random play against `python_tic_tac_toe`'s,
ISMCTS time per 1,000 iterations against OpenSpiel's Python MCTS, and simulation games/s
with 1 and 2 workers. Figures only: nothing here is asserted by tests."""

from __future__ import annotations

from typing import Any

from tavola.core import get_game

from .bench import openspiel_ttt, random_playouts
from .scaling import bench_workers

TWO_BOTS = [{"kind": "bot"}, {"kind": "bot"}]


def _ratio(ours: float | None, anchor: float | None) -> float | None:
    return round(ours / anchor, 3) if ours and anchor else None


def engine_suite(
    seconds: float = 5.0, iterations: int = 1000, sim_games: int = 1000
) -> dict[str, Any]:
    """The suite's figures. `engine_steps_per_s` is the classic battle's (the slower of
    the two modes); each mode's own figure is reported beside it."""
    from tavola.bots.strength import ismcts_speed

    game = get_game("legends")
    table_config = game.table_config  # type: ignore[attr-defined]
    modes = {
        mode: random_playouts(game, table_config({"mode": mode}, TWO_BOTS), seconds)
        for mode in ("classic", "epic")
    }
    anchor = openspiel_ttt(seconds)
    anchor_steps = anchor.steps_per_s if anchor else None
    speed = ismcts_speed(iterations=iterations)
    scaling = bench_workers(games=sim_games, workers=2)
    engine = modes["classic"].steps_per_s
    return {
        "engine_steps_per_s": round(engine, 1),
        "engine_steps_per_s_classic": round(modes["classic"].steps_per_s, 1),
        "engine_steps_per_s_epic": round(modes["epic"].steps_per_s, 1),
        "openspiel_ttt_steps_per_s": round(anchor_steps, 1) if anchor_steps else None,
        "engine_ratio": _ratio(engine, anchor_steps),
        "engine_ratio_epic": _ratio(modes["epic"].steps_per_s, anchor_steps),
        "ismcts_ms_per_1000": speed["ismcts_ms_per_1000_iterations"],
        "openspiel_mcts_ms_per_1000": speed["openspiel_mcts_ms_per_1000_simulations"],
        "ismcts_ratio": speed["ratio"],
        "ismcts_position": speed["position"],
        "sim_games_per_s_1_worker": scaling["games_per_s_1"],
        "sim_games_per_s_2_workers": scaling["games_per_s_2"],
        "sim_speedup_2_workers": scaling["ratio"],
        "sim_games": sim_games,
    }

"""Benchmark: the simulation issue's figures for Legends of AZ in one run (engine steps/s
of classic and epic random play, ISMCTS ms per 1,000 iterations in production and with
full random rollouts, simulation games/s with 1 and 2 workers) and the ratios to
OpenSpiel's anchors measured in the same run (with the `[bench]` extra).

    python bench/engine.py [--seconds S] [--iterations I] [--sim-games N]
"""

from __future__ import annotations

import argparse
import json

from tavola.core import get_game
from tavola.sim.suite import engine_suite


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--sim-games", type=int, default=2000)
    args = parser.parse_args()
    figures = engine_suite(
        get_game("legends"),
        args.seconds,
        args.iterations,
        args.sim_games,
        modes=("classic", "epic"),
    )
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()

"""Benchmark: Legends of AZ simplified mode, random playouts on one core, beside OpenSpiel's
python_tic_tac_toe measured in the same run (when the `[bench]` extra is installed).

    python bench/simplified.py [--seconds S] [--players N]
"""

from __future__ import annotations

import argparse
import json

from tavola.core import get_game
from tavola.sim.bench import benchmark


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    config = {
        "mode": "simplified",
        "deck_source": "starter",
        "players": [{"age": 20 + 7 * i, "kind": "bot"} for i in range(args.players)],
    }
    figures = benchmark(get_game("legends"), config, args.seconds)
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()

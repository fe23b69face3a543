"""Benchmark: ISMCTS speed on a 2-player classic Legends position (beside OpenSpiel's Python
MCTS on tic-tac-toe, when installed), then the strength ladder: the reference bot (R131)
against random, greedy against random and the reference bot, ISMCTS against greedy, the
reference bot and the Automatic Boss's policy, in fixed-seed classic games with the seats
swapped on every deal, win rates with Wilson 95% intervals.

    python bench/strength.py [--games N] [--iterations I] [--max-rounds R] [--seed S]
                             [--speed-only] [--json]
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tavola.bots.speed import ismcts_speed
from tavola.bots.strength import ladder, matches
from tavola.core import get_game


def classic_config(max_rounds: int) -> dict[str, Any]:
    """Two seats on the starter deck; P1 is younger, so it moves first (R2)."""
    return {
        "mode": "classic",
        "deck_source": "starter",
        "max_rounds": max_rounds,
        "players": [
            {"name": "P1", "age": 20, "kind": "bot"},
            {"name": "P2", "age": 30, "kind": "bot"},
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per pairing (even)")
    parser.add_argument("--iterations", type=int, default=1000, help="ISMCTS iterations")
    parser.add_argument("--max-rounds", type=int, default=10, help="classic round cap (R108)")
    parser.add_argument("--seed", type=int, default=0, help="first deal")
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    game = get_game("legends")
    # the position sits in the main phase of round 6 whatever the round cap of the ladder
    speed = ismcts_speed(
        game, classic_config(40), iterations=args.iterations, decisions=100, full_rollouts=False
    )
    if not args.json:
        print(json.dumps(speed, indent=1))
    if args.speed_only:
        if args.json:
            print(json.dumps({"speed": speed}))
        return
    rows = []
    for pair in ladder(game):
        (row,) = matches(
            game,
            [pair],
            args.games,
            seed=args.seed,
            iterations=args.iterations,
            config=classic_config(args.max_rounds),
        )
        rows.append(row)
        if not args.json:
            low, high = row.interval
            print(
                f"{row.bot:>12} vs {row.opponent:<12} {row.wins:>3}W {row.draws:>2}D "
                f"{row.losses:>3}L  win rate {row.win_rate:5.1%}  "
                f"95% CI [{low:5.1%}, {high:5.1%}]  {row.seconds:7.1f} s",
                flush=True,
            )
    if args.json:
        print(json.dumps({"speed": speed, "strength": [r.to_json() for r in rows]}))


if __name__ == "__main__":
    main()

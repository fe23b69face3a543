"""Benchmark: CPU instructions per random-play step of Legends of AZ, classic and epic.

Wall-clock figures swing with the load of a shared machine; an instruction count does not.
Each mode runs twice under `valgrind --tool=cachegrind --cache-sim=no`: `--warmup` seeded
games alone, then the same games followed by `--games` more. Both runs pay the same start-up
and warm-up (imports, catalogue, memos), so the difference in instructions divided by the
difference in steps is the cost of a step of the measured games, the loop of
`tavola.sim.bench.random_playouts` on the suite's table (`default_table`). The seeds are
fixed: two runs of one checkout give the same figures.

    python bench/instructions.py [--games N] [--warmup W] [--modes classic,epic] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from typing import Any

from tavola.bots.strength import default_table
from tavola.core import Rng, derive_seed, get_game
from tavola.core.playout import random_action

SEED = 0
I_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def play(mode: str, games: int) -> int:
    """`games` seeded random games of `mode`, as the bench plays them; the steps taken."""
    game = get_game("legends")
    config = default_table(game, {"mode": mode})
    rng = Rng(SEED)
    steps = 0
    for number in range(games):
        state = game.new(config, derive_seed(SEED, "bench", number))
        order = game.seats(state)
        while waiting := game.to_act(state):
            seat = next(s for s in order if s in waiting)
            game.apply(state, seat, random_action(game, state, seat, rng))
            steps += 1
    return steps


def counted(mode: str, games: int) -> tuple[int, int]:
    """Instructions and steps of a child process playing `games` games of `mode`."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "cachegrind.out")
        run = subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                f"--cachegrind-out-file={out}",
                sys.executable,
                __file__,
                "--child",
                mode,
                str(games),
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},  # the same string hashes in every run
        )
    if run.returncode != 0:
        raise RuntimeError(f"the {mode} games failed under valgrind:\n{run.stderr[-3000:]}")
    found = I_REFS.search(run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{run.stderr}")
    return int(found.group(1).replace(",", "")), int(run.stdout.split()[-1])


def per_step(mode: str, games: int, warmup: int) -> dict[str, Any]:
    # One game outside valgrind first: the bytecode caches are written before counting.
    subprocess.run([sys.executable, __file__, "--child", mode, "1"], capture_output=True)
    base_instructions, base_steps = counted(mode, warmup)
    instructions, steps = counted(mode, warmup + games)
    measured = steps - base_steps
    return {
        "mode": mode,
        "games": games,
        "steps": measured,
        "instructions_per_step": round((instructions - base_instructions) / measured),
    }


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        print(play(sys.argv[2], int(sys.argv[3])))
        return
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--modes", default="classic,epic")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [per_step(mode, args.games, args.warmup) for mode in args.modes.split(",")]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    for row in rows:
        print(
            f"{row['mode']:8} {row['instructions_per_step']:>10,} instructions/step"
            f"  ({row['steps']} steps in {row['games']} games)"
        )


if __name__ == "__main__":
    main()

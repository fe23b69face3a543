"""How a game's cost grows with its size: random play on tables of growing size (more
seats, a bigger deck), each measured for speed, memory and the work a decision offers.

The *work* of a step is the number of legal actions the acting seat is offered (the list a
player, a bot or a search walks); the *cost* is the time a random step takes (listing the
actions, picking one, applying it). A table that costs more per step than it offers more
work grows faster than the work. Speed is timed on plain random play
(`bench.random_playouts`); the legal actions and the memory are taken from separate,
untimed games (counting and `tracemalloc` slow play down). Figures only: nothing here is
asserted on time by the tests."""

from __future__ import annotations

import gc
import json
import tracemalloc
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tavola.core import Game, Rng, derive_seed
from tavola.core.playout import random_action

from .bench import random_playouts


@dataclass(frozen=True, slots=True)
class GrowthRow:
    """One table's figures. `labels` say what the table is (e.g. seats and deck size);
    `peak_kib` is the `tracemalloc` peak of one whole game, from `new` to its end, above
    what was allocated before it (mean over the untimed games); `state_kib` is the size of
    the final state's JSON dump without its config (shared by all the run's games)."""

    labels: Mapping[str, Any]
    steps_per_s: float
    steps_per_game: float
    legal_actions: float
    peak_kib: float
    state_kib: float
    games_timed: int = 0

    @property
    def us_per_step(self) -> float:
        return 1e6 / self.steps_per_s

    @property
    def us_per_legal_action(self) -> float:
        """The cost of a step over its work: flat when cost grows with the work."""
        return self.us_per_step / self.legal_actions

    def to_json(self) -> dict[str, Any]:
        return {
            **self.labels,
            "steps_per_s": round(self.steps_per_s, 1),
            "us_per_step": round(self.us_per_step, 2),
            "legal_actions_mean": round(self.legal_actions, 2),
            "us_per_legal_action": round(self.us_per_legal_action, 3),
            "steps_per_game": round(self.steps_per_game, 1),
            "peak_kib_per_game": round(self.peak_kib, 1),
            "state_json_kib": round(self.state_kib, 1),
            "games_timed": self.games_timed,
        }


def _counted_game(game: Game[Any], config: Mapping[str, Any], seed: int) -> tuple[int, int, Any]:
    """One random game: (steps, legal actions offered in all, final state)."""
    rng = Rng(seed)
    state = game.new(config, seed)
    order = game.seats(state)
    steps = offered = 0
    while True:
        waiting = game.to_act(state)
        if not waiting:
            return steps, offered, state
        seat = next(s for s in order if s in waiting)
        offered += len(game.legal_actions(state, seat))
        game.apply(state, seat, random_action(game, state, seat, rng))
        steps += 1


def measure(
    game: Game[Any],
    config: Mapping[str, Any],
    labels: Mapping[str, Any],
    seconds: float,
    memory_games: int = 3,
    seed: int = 0,
) -> GrowthRow:
    """`config`'s row: random play timed for about `seconds`, then `memory_games` untimed
    games (their own seeds) for the legal actions per decision and the memory."""
    timed = random_playouts(game, config, seconds, seed)
    steps = offered = 0
    peaks: list[int] = []
    sizes: list[int] = []
    for i in range(memory_games):
        game_seed = derive_seed(seed, "growth", i)
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            played, legal, state = _counted_game(game, config, game_seed)
            peaks.append(tracemalloc.get_traced_memory()[1] - before)
        finally:
            tracemalloc.stop()
        steps += played
        offered += legal
        dumped = {k: v for k, v in game.dump(state).items() if k != "config"}
        sizes.append(len(json.dumps(dumped, separators=(",", ":"))))
    return GrowthRow(
        labels=dict(labels),
        steps_per_s=timed.steps_per_s,
        steps_per_game=steps / max(1, memory_games),
        legal_actions=offered / max(1, steps),
        peak_kib=sum(peaks) / max(1, len(peaks)) / 1024,
        state_kib=sum(sizes) / max(1, len(sizes)) / 1024,
        games_timed=timed.games,
    )


def growth_table(rows: Sequence[GrowthRow]) -> str:
    """The rows as a Markdown table, with the cost (µs per step) and the work (legal
    actions per decision) of each row as multiples of the first row's."""
    if not rows:
        return ""
    base = rows[0]
    keys = list(base.labels)
    head = [
        *keys,
        "steps/s",
        "µs/step",
        "legal actions",
        "µs per legal action",
        "cost ×",
        "work ×",
        "steps/game",
        "peak KiB/game",
        "state KiB",
    ]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        cells = [
            *(str(row.labels.get(key, "")) for key in keys),
            f"{row.steps_per_s:,.0f}",
            f"{row.us_per_step:.1f}",
            f"{row.legal_actions:.2f}",
            f"{row.us_per_legal_action:.2f}",
            f"{row.us_per_step / base.us_per_step:.2f}",
            f"{row.legal_actions / base.legal_actions:.2f}",
            f"{row.steps_per_game:,.0f}",
            f"{row.peak_kib:,.0f}",
            f"{row.state_kib:,.1f}",
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)

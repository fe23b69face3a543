"""Random-playout speed of a game, beside OpenSpiel's `python_tic_tac_toe` as an anchor.

Both loops do the same work per step: list the legal actions, pick one at random, apply it.
Figures are measured on one core, in this process; nothing here is asserted by tests.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from tavola.core import ConfigError, Game, Rng, derive_seed
from tavola.core.capabilities import SampleConfigs, TableBuilder, capability
from tavola.core.playout import random_action

DEFAULT_SEATS = 2


@dataclass(frozen=True, slots=True)
class Figures:
    games: int
    steps: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds


def bench_table(
    game: Game[Any], mode: str | None = None, seats: int | None = None
) -> tuple[str, dict[str, Any]]:
    """The table the playout benchmark plays, and its description: `seats` random bots at
    the game's own table (`TableBuilder`) in `mode` (default: the game's first mode, two
    seats), or, for a game that builds no tables, its first sample config (in `mode`)."""
    builder = capability(game, TableBuilder)
    if builder is not None:
        mode = mode or next(iter(game.info.modes), None)
        count = seats or max(DEFAULT_SEATS, game.info.min_seats)
        options = {} if mode is None else {"mode": mode}
        config = builder.table_config(options, [{"kind": "random"}] * count)
        return ", ".join(filter(None, (mode, f"{count} seats"))), config
    samples = capability(game, SampleConfigs)
    if samples is None or seats is not None or (mode and mode not in game.info.modes):
        raise ConfigError(
            "invalid_option",
            f"{game.name} builds no table from a number of seats or an undeclared mode"
            + ("; without them it plays its first sample table" if samples else ""),
            message_it=f"{game.name} non costruisce tavoli da un numero di posti o da una "
            "modalità che non dichiara"
            + ("; senza, gioca il suo primo tavolo d'esempio" if samples else ""),
        )
    config = dict(samples.sample_configs()[0])
    if mode is None:
        return "its first sample table", config
    # Its declaration guarantees that its Config takes {"mode": m} (`declaration`).
    return f"{mode}, its first sample table", {**config, "mode": mode}


def random_playouts(
    game: Game[Any], config: Mapping[str, Any], seconds: float, seed: int = 0
) -> Figures:
    """Whole random games for about `seconds` (at least one game)."""
    rng = Rng(seed)
    games = steps = 0
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        state = game.new(config, derive_seed(seed, "bench", games))
        order = game.seats(state)
        while True:
            waiting = game.to_act(state)
            if not waiting:
                break
            seat = next(s for s in order if s in waiting)
            game.apply(state, seat, random_action(game, state, seat, rng))
            steps += 1
        games += 1
    return Figures(games, steps, time.perf_counter() - start)


def openspiel_ttt(seconds: float, seed: int = 0) -> Figures | None:
    """The same loop on OpenSpiel's pure-Python tic-tac-toe; None without the `[bench]` extra."""
    try:  # the optional `[bench]` extra; imported by name, since it ships no type hints
        pyspiel = importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.games")  # registers the Python games
    except ImportError:
        return None
    import random

    rand = random.Random(seed)
    spiel_game = pyspiel.load_game("python_tic_tac_toe")
    games = steps = 0
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rand.choice(state.legal_actions()))
            steps += 1
        games += 1
    return Figures(games, steps, time.perf_counter() - start)


def benchmark(game: Game[Any], config: Mapping[str, Any], seconds: float) -> dict[str, Any]:
    ours = random_playouts(game, config, seconds)
    anchor = openspiel_ttt(seconds)
    return {
        "game": game.name,
        "config": dict(config),
        "ours": asdict(ours),
        "games_per_s": round(ours.games_per_s, 2),
        "steps_per_s": round(ours.steps_per_s, 1),
        "openspiel_ttt_steps_per_s": round(anchor.steps_per_s, 1) if anchor else None,
        "ratio": round(ours.steps_per_s / anchor.steps_per_s, 3) if anchor else None,
    }

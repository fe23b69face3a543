"""How strong the bots are against each other: fixed-seed matches on 2-player classic
Legends, each deal played twice with the seats swapped (so each bot moves first once),
win rates with Wilson 95% intervals. `tavola bench` and `bench/strength.py` print them."""

from __future__ import annotations

import importlib
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tavola.core import Game, Player, Table, get_game
from tavola.sim.stats import wilson

from . import IsmctsBot, make_bot

PAIRS = (("greedy", "random"), ("ismcts", "greedy"), ("ismcts", "boss"))
"""The ladder the issue asks about: each bot against the one below it, and ISMCTS against
the Automatic Boss's policy."""


def classic_config(max_rounds: int = 40) -> dict[str, Any]:
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


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One pairing's result; draws count half in the win rate."""

    bot: str
    opponent: str
    games: int
    wins: int
    draws: int
    losses: int
    seconds: float

    @property
    def win_rate(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins + 0.5 * self.draws, self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "bot": self.bot,
            "opponent": self.opponent,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": round(self.win_rate, 3),
            "ci95": [round(low, 3), round(high, 3)],
            "seconds": round(self.seconds, 1),
        }


def play(game: Game[Any], config: Mapping[str, Any], seed: int, bots: Mapping[str, str]) -> float:
    """One game, `bots` mapping seat → bot name: the first seat's reward (1 win, ½ draw,
    0 loss)."""
    table = Table(game, config, seed)
    players: dict[str, Player] = {
        seat: make_bot(name, game, seed, seat) for seat, name in bots.items()
    }
    table.play(players)
    outcome = table.outcome
    if outcome is None:
        raise RuntimeError(f"game {seed} awaits a seat nobody plays")
    first = next(iter(bots))
    return 0.0 if first not in outcome.winners else (0.5 if outcome.draw else 1.0)


def match(
    bot: str,
    opponent: str,
    games: int,
    *,
    seed: int = 0,
    config: Mapping[str, Any] | None = None,
) -> MatchRow:
    """`games` games (an even number plays every deal from both seats): deal `seed + i // 2`,
    `bot` in P1 (moving first) for even i, in P2 for odd i."""
    game = get_game("legends")
    config = config or classic_config()
    wins = draws = 0
    started = time.perf_counter()
    for i in range(games):
        seats = {"P1": bot, "P2": opponent} if i % 2 == 0 else {"P2": bot, "P1": opponent}
        reward = play(game, config, seed + i // 2, seats)
        wins += reward == 1.0
        draws += reward == 0.5
    return MatchRow(
        bot, opponent, games, wins, draws, games - wins - draws, time.perf_counter() - started
    )


def matches(
    pairs: Iterable[tuple[str, str]] = PAIRS,
    games: int = 20,
    *,
    seed: int = 0,
    iterations: int = 1000,
    max_rounds: int = 40,
) -> list[MatchRow]:
    """The strength table: one row per pairing. `ismcts` plays with `iterations`."""
    config = classic_config(max_rounds)

    def named(name: str) -> str:
        return f"ismcts:{iterations}" if name == "ismcts" else name

    return [
        match(named(bot), named(opponent), games, seed=seed, config=config)
        for bot, opponent in pairs
    ]


def speed_position(seed: int = 0, round_no: int = 6) -> tuple[Game[Any], Any, str]:
    """A 2-player classic position in the thick of a battle: the reference bots play deal
    `seed` up to the first main-phase decision of round `round_no`."""
    game = get_game("legends")
    table = Table(game, classic_config(), seed)
    bot: Player = make_bot("reference", game, seed, "P1")
    while table.outcome is not None or not _main_of_round(table, round_no):
        if table.outcome is not None:
            raise RuntimeError(f"deal {seed} ends before round {round_no}")
        seat = sorted(table.to_act)[0]
        table.act(seat, bot.choose(game, table.state, seat))
    return game, table.state, sorted(table.to_act)[0]


def _main_of_round(table: Table, round_no: int) -> bool:
    battle = table.state.battle
    return table.state.phase == "main" and battle is not None and battle.round_no >= round_no


def ismcts_speed(iterations: int = 1000, repeats: int = 3, seed: int = 0) -> dict[str, Any]:
    """Milliseconds per `iterations` ISMCTS iterations on `speed_position` (the best of
    `repeats` runs, so that a busy machine counts less), beside OpenSpiel's Python MCTS
    on its Python tic-tac-toe when OpenSpiel is installed."""
    game, state, seat = speed_position(seed)
    best = float("inf")
    for run in range(repeats):
        bot = IsmctsBot(run, iterations=iterations)
        started = time.perf_counter()
        bot.choose(game, state, seat)
        best = min(best, time.perf_counter() - started)
    ours = 1000 * best * 1000 / iterations
    anchor = openspiel_mcts_ms(repeats=repeats)
    return {
        "position": f"classic, 2 seats, deal {seed}, round 6, {seat} in its main phase",
        "legal_actions": len(game.legal_actions(state, seat)),
        "ismcts_ms_per_1000_iterations": round(ours, 1),
        "openspiel_mcts_ms_per_1000_simulations": round(anchor, 1) if anchor else None,
        "ratio": round(ours / anchor, 2) if anchor else None,
    }


def openspiel_mcts_ms(repeats: int = 3, simulations: int = 1000) -> float | None:
    """OpenSpiel's Python MCTS (random rollouts) on `python_tic_tac_toe` from the empty
    board: milliseconds per 1,000 simulations, best of `repeats`; None without OpenSpiel."""
    try:  # the optional `[bench]` extra; imported by name, since it ships no type hints
        np = importlib.import_module("numpy")
        pyspiel = importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.games")  # registers the Python games
        mcts = importlib.import_module("open_spiel.python.algorithms.mcts")
    except ImportError:
        return None
    spiel_game = pyspiel.load_game("python_tic_tac_toe")
    best = float("inf")
    for run in range(repeats):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(run))
        bot = mcts.MCTSBot(
            spiel_game,
            2,
            simulations,
            evaluator,
            random_state=np.random.RandomState(run),
            solve=False,
        )
        started = time.perf_counter()
        bot.step(spiel_game.new_initial_state())
        best = min(best, time.perf_counter() - started)
    return 1000 * best * 1000 / simulations

"""How strong the bots are against each other: fixed-seed matches on one table of a game,
each deal played once with the bot in every player seat (so each bot moves first as often
as the other), win rates with Wilson 95% intervals. `tavola bench` and `bench/strength.py`
print them."""

from __future__ import annotations

import importlib
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from tavola.core import Game, Player, Table
from tavola.core.capabilities import TableBuilder, capability
from tavola.sim.stats import wilson

from . import REFEREE_BOT, IsmctsBot, make_bot


def ladder(game: Game[Any]) -> tuple[tuple[str, str], ...]:
    """The pairings worth asking about: each search bot against the one below it, and
    ISMCTS against each of the game's automata (their policy in a player's seat)."""
    return (
        ("greedy", "random"),
        ("ismcts", "greedy"),
        *(("ismcts", automaton) for automaton in game.info.automata),
    )


def default_table(game: Game[Any], options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The game's table for its fewest players (`GameInfo.min_seats`), all bots, with
    `options`; `options` are the config of a game without a `TableBuilder`."""
    builder = capability(game, TableBuilder)
    if builder is None:
        return dict(options or {})
    seats = [{"kind": "bot"} for _ in range(game.info.min_seats)]
    return builder.table_config(options or {}, seats)


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
    game: Game[Any],
    bot: str,
    opponent: str,
    games: int,
    *,
    seed: int = 0,
    config: Mapping[str, Any] | None = None,
    players: int | None = None,
) -> MatchRow:
    """`games` games on `config` (by default `default_table`), whose first `players`
    seats (by default all, or the default table's) the two bots share: with n of them,
    game i plays deal `seed + i // n` with `bot` in the (i mod n)-th seat and `opponent` in
    the others, so a multiple of n games plays every deal from every seat. Any other seat
    (a referee's) is the reference bot's."""
    if config is None:
        config, players = default_table(game), game.info.min_seats
    seats = game.seats(game.new(config, seed))
    mine = seats[: players or len(seats)]
    wins = draws = 0
    started = time.perf_counter()
    for i in range(games):
        chair = mine[i % len(mine)]  # first, so that `play` scores it
        bots = {chair: bot}
        bots |= {s: opponent if s in mine else REFEREE_BOT for s in seats if s != chair}
        reward = play(game, config, seed + i // len(mine), bots)
        wins += reward == 1.0
        draws += reward == 0.5
    return MatchRow(
        bot, opponent, games, wins, draws, games - wins - draws, time.perf_counter() - started
    )


def matches(
    game: Game[Any],
    pairs: Iterable[tuple[str, str]] | None = None,
    games: int = 20,
    *,
    seed: int = 0,
    iterations: int = 1000,
    config: Mapping[str, Any] | None = None,
    players: int | None = None,
) -> list[MatchRow]:
    """The strength table: one row per pairing (by default the game's `ladder`), each a
    `match`. `ismcts` plays with `iterations`."""

    def named(name: str) -> str:
        return f"ismcts:{iterations}" if name == "ismcts" else name

    return [
        match(game, named(bot), named(opponent), games, seed=seed, config=config, players=players)
        for bot, opponent in (ladder(game) if pairs is None else pairs)
    ]


def speed_position(
    game: Game[Any],
    config: Mapping[str, Any] | None = None,
    seed: int = 0,
    decisions: int | None = None,
    choices: int = 10,
) -> tuple[Any, str, int]:
    """A position in the thick of a game (by default `default_table`'s): the reference
    bots play deal `seed` for `decisions` decisions (by default half their whole game on
    that deal), then on to the first seat to act with at least `choices` legal actions.
    Returns the state, that seat and the decisions taken to get there."""
    config = config or default_table(game)
    if decisions is None:
        decisions = sum(1 for _ in _reference_game(game, config, seed)) // 2
    for table, seat, played in _reference_game(game, config, seed):
        if played >= decisions and len(game.legal_actions(table.state, seat)) >= choices:
            return table.state, seat, played
    raise RuntimeError(f"deal {seed} ends before a position with {choices} choices")


def _reference_game(
    game: Game[Any], config: Mapping[str, Any], seed: int
) -> Iterator[tuple[Table, str, int]]:
    """Deal `seed` played by the reference bot in every seat: (table, seat to act,
    decisions so far) before each decision."""
    table = Table(game, config, seed)
    order = game.seats(table.state)
    bot: Player = make_bot("reference", game, seed, order[0])
    played = 0
    while table.outcome is None:
        seat = next(s for s in order if s in table.to_act)
        yield table, seat, played
        table.act(seat, bot.choose(game, table.state, seat))
        played += 1


def ismcts_speed(
    game: Game[Any],
    config: Mapping[str, Any] | None = None,
    iterations: int = 1000,
    repeats: int = 3,
    seed: int = 0,
    decisions: int | None = None,
) -> dict[str, Any]:
    """Milliseconds per `iterations` ISMCTS iterations on `speed_position` (the best of
    `repeats` runs, so that a busy machine counts less), beside OpenSpiel's Python MCTS
    on its Python tic-tac-toe when OpenSpiel is installed."""
    state, seat, played = speed_position(game, config, seed, decisions)
    best = float("inf")
    for run in range(repeats):
        bot = IsmctsBot(run, iterations=iterations)
        started = time.perf_counter()
        bot.choose(game, state, seat)
        best = min(best, time.perf_counter() - started)
    ours = 1000 * best * 1000 / iterations
    anchor = openspiel_mcts_ms(repeats=repeats)
    return {
        "position": f"{game.name}, deal {seed}, {seat} to act after {played} decisions",
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

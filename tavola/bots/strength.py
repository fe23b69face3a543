"""How strong the bots are against each other: fixed-seed matches on one table of a game,
each deal played once with the bot in every player seat (so each bot moves first as often
as the other), win rates with Wilson 95% intervals. `tavola bench` and `bench/strength.py`
print them."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tavola.core import Game, Player, Table
from tavola.core.capabilities import ReferencePlayer, TableBuilder, capability
from tavola.core.stats import wilson

from . import REFEREE_BOT, make_bot


def ladder(game: Game[Any]) -> tuple[tuple[str, str], ...]:
    """The pairings worth asking about: each search bot against the one below it, and
    ISMCTS against each of the game's automata (their policy in a player's seat). A game
    with a bot of its own (`ReferencePlayer`) also sets it against random and each search
    bot against it: the bar a search bot must clear is the rules' own player."""
    own = capability(game, ReferencePlayer) is not None
    return (
        *((("reference", "random"),) if own else ()),
        ("greedy", "random"),
        *((("greedy", "reference"),) if own else ()),
        ("ismcts", "greedy"),
        *((("ismcts", "reference"),) if own else ()),
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

"""What a simulation run plays: the game, its full config, the bot of every seat and the seed.

A `SimSpec` is all a worker needs to play any game of the run, so chunks of games are pure
functions of (spec, first index, last index): whichever process or machine plays them, and
however often a lost chunk is played again, the rows are the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tavola.bots import REFEREE_BOT, make_bot
from tavola.core import ConfigError, canonical_json, derive_seed, digest, get_game
from tavola.core.capabilities import TableBuilder, capability


@dataclass(frozen=True, slots=True)
class SimSpec:
    """`bots` name one bot per player seat, in the game's seat order; `automata` are the
    game's automata (`GameInfo.automata`) seated after them, which the game plays itself;
    any seat beyond those (a referee's) is played by the game's reference bot. With
    `rotate`, game i shifts the bots (never the automata) by i places, so every bot sits
    at every position equally often."""

    game: str
    config: Mapping[str, Any]
    bots: tuple[str, ...]
    seed: int
    rotate: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)
    automata: tuple[str, ...] = ()

    def game_seed(self, index: int) -> int:
        return derive_seed(self.seed, "game", index)

    def bots_for(self, index: int) -> tuple[str, ...]:
        if not self.rotate or not self.bots:
            return self.bots
        shift = index % len(self.bots)
        return self.bots[shift:] + self.bots[:shift]

    def seat_bots(self, index: int, seats: Sequence[str]) -> dict[str, str]:
        """Seat → bot name for game `index`: the bots, then the automata, then the
        reference bot for any seat left."""
        names = (*self.bots_for(index), *self.automata)
        return {seat: names[i] if i < len(names) else REFEREE_BOT for i, seat in enumerate(seats)}

    def token(self) -> str:
        """A short digest naming the run's tasks on a shared Dask cluster."""
        return digest(
            {
                "game": self.game,
                "config": dict(self.config),
                "bots": list(self.bots),
                "automata": list(self.automata),
                "seed": self.seed,
                "rotate": self.rotate,
            }
        )[:16]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "config": dict(self.config),
            "bots": list(self.bots),
            "automata": list(self.automata),
            "seed": self.seed,
            "rotate": self.rotate,
        }


def set_option(options: dict[str, Any], assignment: str) -> None:
    """Applies `key.sub=value` (the value read as JSON when it parses, else as text)."""
    import json

    key, sep, raw = assignment.partition("=")
    if not sep or not key.strip():
        raise ConfigError("invalid_option", f"expected KEY=VALUE, got '{assignment}'")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    parts = key.strip().split(".")
    node = options
    for part in parts[:-1]:
        child = node.setdefault(part, {})
        if not isinstance(child, dict):
            raise ConfigError("invalid_option", f"'{part}' is not a group of options", field=key)
        node = child
    node[parts[-1]] = value


def build_spec(
    game_name: str,
    seats: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    rotate: bool = False,
) -> SimSpec:
    """A checked spec. Each of `seats` names a bot, or one of the game's automata, which
    takes a seat of its own. The config comes from the game's `table_config(options,
    seats)` when it has one (so seats get their decks), else `options` are the config.
    One game is set up here so that a bad option or bot name fails before any worker
    starts."""
    game = get_game(game_name)
    options = dict(options or {})
    automata = tuple(s for s in seats if s in game.info.automata)
    bots = tuple(s for s in seats if s not in game.info.automata)
    if not bots:
        raise ConfigError("invalid_option", "at least one seat must be played by a bot")
    builder = capability(game, TableBuilder)
    if builder is not None:
        table = [{"kind": s if s in automata else "bot"} for s in seats]
        config = dict(builder.table_config(options, table))
    else:
        config = dict(options)
    canonical_json(config)  # the config must travel to workers as plain data
    spec = SimSpec(game.name, config, bots, seed, rotate, options, automata)
    state = game.new(config, spec.game_seed(0))
    game_seats = game.seats(state)
    if len(bots) > len(game_seats):
        raise ConfigError("player_count", f"{len(bots)} bots for {len(game_seats)} seats")
    for seat, name in spec.seat_bots(0, game_seats).items():
        make_bot(name, game, 0, seat)  # an unknown name raises, naming the known bots
    return spec

"""Reinforcement-learning adapters (the optional extra `[rl]`: PettingZoo, Gymnasium).

`env(game, ...)` gives a table of any game that offers an `RlEncoding` as a PettingZoo
AEC environment, with the game's fixed Discrete action encoding and its observation built
only from what the seat sees. PettingZoo is imported when an environment is made, so
`import tavola` never needs it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tavola.bots import REFEREE_BOT
from tavola.core import Game, Player, TavolaError, game_names, get_game
from tavola.core.capabilities import RlEncoding, TableBuilder, capability

if TYPE_CHECKING:
    from .aec import GameEnv


class NoEncoding(TavolaError):
    """The game offers no `RlEncoding`, so it cannot be an environment."""

    def __init__(self, game: Game[Any]) -> None:
        able = [n for n in game_names() if capability(get_game(n), RlEncoding) is not None]
        known = ", ".join(able) or "none"
        super().__init__(
            "no_rl_encoding",
            f"'{game.name}' offers no RL encoding (capability 'rl_encoding'), so it cannot "
            f"be an environment; games that can: {known}.",
            message_it=f"'{game.name}' non offre una codifica per l'apprendimento "
            f"(capacità 'rl_encoding'): non può diventare un ambiente; i giochi che "
            f"possono: {known}.",
        )


def env(
    game_name: str,
    seats: int | Sequence[Mapping[str, Any]] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    config: Mapping[str, Any] | None = None,
    seed: int | None = None,
    opponents: Mapping[str, str | Player] | None = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
    allow_rare: bool = False,
) -> GameEnv:
    """A table of `game_name` as an AEC environment.

    The table is `config`, a full game config (every seat is then an agent unless
    `opponents` gives it a bot), or else `options` (mode, sides...) and `seats`: a number
    of seats, or seat descriptions as the game's `table_config` takes them, where
    `{"kind": A}` seats one of the game's automata `A` (`GameInfo.automata`), which the
    environment plays; by default `GameInfo.min_seats` seats. A seat the table adds
    beyond those (a referee's) is played by the game's reference bot.
    `opponents` maps seats to bots the environment plays itself: a name that
    `tavola.bots.make_bot` knows ("reference", "random", ...) or any `Player`.
    `max_steps` truncates a game after that many agent steps; the actions the game
    declares rare (conceding) stay out of the mask unless `allow_rare`.
    """
    from .aec import GameEnv

    game = get_game(game_name)
    encoding = capability(game, RlEncoding)
    if encoding is None:
        raise NoEncoding(game)
    if config is not None and (seats is not None or options):
        raise ValueError("give either a full config, or seats and options")
    automata: list[str] = []
    players: int | None = None
    if config is None:
        count = game.info.min_seats if seats is None else seats
        described = [{"kind": "bot"} for _ in range(count)] if isinstance(count, int) else count
        automata = [str(s["kind"]) for s in described if s.get("kind") in game.info.automata]
        players = len(described) - len(automata)
        builder = capability(game, TableBuilder)
        config = builder.table_config(options or {}, described) if builder else dict(options or {})
    probe = game.new(config, 0)
    table_seats = game.seats(probe)
    bots: dict[str, str | Player] = {}
    if players is not None:  # the game lists the automata's seats after the players'
        inside = [*automata, *[REFEREE_BOT] * len(table_seats)]
        bots.update(zip(table_seats[players:], inside, strict=False))
    bots.update(opponents or {})
    return GameEnv(
        game,
        config,
        encoding.rl_codec(probe),
        seed=seed,
        bots=bots,
        render_mode=render_mode,
        max_steps=max_steps,
        allow_rare=allow_rare,
    )


def __getattr__(name: str) -> Any:
    if name == "GameEnv":
        from .aec import GameEnv

        return GameEnv
    raise AttributeError(name)


__all__ = ["GameEnv", "NoEncoding", "env"]

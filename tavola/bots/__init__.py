"""Game-agnostic players. Each sees the game only through the `Game` protocol."""

from __future__ import annotations

from typing import Any

from tavola.core import Game, Player, derive_seed

from .random_bot import RandomBot

BOT_NAMES = ("reference", "random")


def make_bot(name: str, game: Game[Any], seed: int, seat: str) -> Player:
    """A bot by name; "bot" means the game's own reference bot when it has one."""
    bot_seed = derive_seed(seed, "bot", name, seat)
    if name in ("bot", "reference"):
        factory = getattr(game, "reference_bot", None)
        if factory is not None:
            player: Player = factory(bot_seed)
            return player
        return RandomBot(bot_seed)
    if name == "random":
        return RandomBot(bot_seed)
    raise ValueError(f"unknown bot '{name}'; known: {', '.join(BOT_NAMES)}")


__all__ = ["BOT_NAMES", "RandomBot", "make_bot"]

"""Registered games, found through the `tavola.games` entry-point group."""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGame
from .protocol import Game

_games: dict[str, Game[Any]] = {}
_loaded = False


def register(game: Game[Any]) -> None:
    _games[game.name] = game


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in entry_points(group="tavola.games"):
        game = ep.load()
        _games.setdefault(game.name, game)


def game_names() -> list[str]:
    _load_entry_points()
    return sorted(_games)


def get_game(name: str) -> Game[Any]:
    _load_entry_points()
    try:
        return _games[name]
    except KeyError:
        raise UnknownGame(name, sorted(_games)) from None

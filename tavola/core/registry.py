"""Registered games, found through the `tavola.games` entry-point group, and any named by
`TAVOLA_GAMES` (comma-separated `module:attribute`): a game being written, or a test's,
can be played by every command and by the server without installing it."""

from __future__ import annotations

import importlib
import os
import threading
from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGame
from .protocol import Game

_games: dict[str, Game[Any]] = {}
_loaded = False
_loading = threading.Lock()


def register(game: Game[Any]) -> None:
    _games[game.name] = game


def unregister(name: str) -> None:
    """Forgets a game registered by hand (a test's fixture game)."""
    _games.pop(name, None)


def _load_entry_points() -> None:
    """Once, and whole before anyone reads: the server asks from many threads at once."""
    global _loaded
    if _loaded:
        return
    with _loading:
        if _loaded:
            return
        for ep in entry_points(group="tavola.games"):
            game = ep.load()
            _games.setdefault(game.name, game)
        for target in filter(None, os.environ.get("TAVOLA_GAMES", "").split(",")):
            module, _, attribute = target.strip().partition(":")
            game = getattr(importlib.import_module(module), attribute or "game")
            _games.setdefault(game.name, game)
        _loaded = True


def game_names() -> list[str]:
    _load_entry_points()
    return sorted(_games)


def get_game(name: str) -> Game[Any]:
    _load_entry_points()
    try:
        return _games[name]
    except KeyError:
        raise UnknownGame(name, sorted(_games)) from None

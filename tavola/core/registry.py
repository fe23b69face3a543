"""Registered games, found through the `tavola.games` entry-point group, and any named by
`TAVOLA_GAMES` (comma-separated `module:attribute`): a game being written, or a test's,
can be played by every command and by the server without installing it.

A game whose declaration is not true of it (`declaration.declaration_problems`) is refused
as it is found: it is not registered, and asking for it says why in a sentence (the other
games are served as usual)."""

from __future__ import annotations

import importlib
import os
import threading
from importlib.metadata import entry_points
from typing import Any

from .declaration import declaration_problems
from .errors import RefusedGame, UnknownGame
from .protocol import Game

_games: dict[str, Game[Any]] = {}
_refused: dict[str, RefusedGame] = {}
_loaded = False
_loading = threading.Lock()


def register(game: Game[Any]) -> None:
    """Registers `game` by hand (a test's), or raises `RefusedGame` saying what is wrong."""
    if problems := declaration_problems(game):
        raise RefusedGame(game.name, problems)
    _games[game.name] = game


def _found(game: Game[Any]) -> None:
    """A game an entry point or `TAVOLA_GAMES` names: the first of a name wins."""
    if game.name in _games or game.name in _refused:
        return
    if problems := declaration_problems(game):
        _refused[game.name] = RefusedGame(game.name, problems)
    else:
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
            _found(ep.load())
        for target in filter(None, os.environ.get("TAVOLA_GAMES", "").split(",")):
            module, _, attribute = target.strip().partition(":")
            _found(getattr(importlib.import_module(module), attribute or "game"))
        _loaded = True


def game_names() -> list[str]:
    _load_entry_points()
    return sorted(_games)


def get_game(name: str) -> Game[Any]:
    """The registered game `name`; `RefusedGame` (why) for one found but refused."""
    _load_entry_points()
    if name in _refused and name not in _games:
        raise _refused[name]
    try:
        return _games[name]
    except KeyError:
        raise UnknownGame(name, sorted(_games)) from None

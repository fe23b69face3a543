"""The questions waiting for a thinking process, served in turns: one client's after
another's, and each client's games in turn, so that whoever opened many searching tables
waits for their own questions, not for everyone else's.

A question is kept by (client, game): the client who opened the game (or the game itself,
for a game nobody opened over the API) and the game. A game has at most one question
waiting: a newer one replaces it (the game has moved on, the old one is not wanted)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

T = TypeVar("T")


class Turns(Generic[T]):
    def __init__(self) -> None:
        self._waiting: OrderedDict[str, OrderedDict[str, T]] = OrderedDict()
        """By client, in the order of their turns: by game, its one question waiting."""

    def __len__(self) -> int:
        return sum(len(games) for games in self._waiting.values())

    def put(self, client: str, game: str, item: T) -> T | None:
        """Adds the game's question at the end of its client's turn (the client's turn at
        the end of the round if it had none); returns the question it replaces, if any."""
        games = self._waiting.setdefault(client, OrderedDict())
        replaced = games.pop(game, None)
        games[game] = item
        return replaced

    def take(self) -> T | None:
        """The next question: the first game of the client whose turn it is; that client
        then waits for every other client's turn (None: nothing is waiting)."""
        if not self._waiting:
            return None
        client, games = self._waiting.popitem(last=False)
        _, item = games.popitem(last=False)
        if games:
            self._waiting[client] = games  # its other games: at its next turn
        return item

    def drain(self) -> list[T]:
        """Every question waiting, removed."""
        items = [item for games in self._waiting.values() for item in games.values()]
        self._waiting.clear()
        return items

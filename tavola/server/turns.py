"""The questions waiting for a thinking process, served in turns: one client's after
another's, and each client's games in turn, so that whoever opened many searching tables
waits for their own questions, not everyone else for theirs.

A question is kept by (client, game): the client who opened the game (or the game itself,
for a game nobody opened over the API) and the game. A game has at most one question
waiting: a newer one replaces it (the game has moved on, the old one is not wanted)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

T = TypeVar("T")

MOST_REMEMBERED = 10_000
"""Clients whose last turn is remembered while they have nothing waiting."""


class Turns(Generic[T]):
    def __init__(self) -> None:
        self._waiting: OrderedDict[str, OrderedDict[str, T]] = OrderedDict()
        """By client, in the order they came: by game, its one question waiting."""
        self._served: dict[str, int] = {}
        """By client: when its last question was taken (a count of those taken)."""
        self._taken = 0

    def __len__(self) -> int:
        return sum(len(games) for games in self._waiting.values())

    def put(self, client: str, game: str, item: T) -> T | None:
        """Adds the game's question after its client's others; returns the question it
        replaces, if any."""
        games = self._waiting.setdefault(client, OrderedDict())
        replaced = games.pop(game, None)
        games[game] = item
        return replaced

    def take(self) -> T | None:
        """The next question (None: nothing is waiting): the first game of the client
        served longest ago (never, first), so that a client just served waits for every
        other's turn, even one that came after it."""
        if not self._waiting:
            return None
        client = min(self._waiting, key=lambda c: self._served.get(c, -1))  # the first such
        games = self._waiting[client]
        _, item = games.popitem(last=False)
        if not games:
            del self._waiting[client]
        self._taken += 1
        self._served[client] = self._taken
        if len(self._served) > 2 * len(self._waiting) + MOST_REMEMBERED:
            # Forgotten, a client not waiting counts as never served: it may go once
            # before those waiting, no more.
            self._served = {c: self._served[c] for c in self._waiting if c in self._served}
        return item

    def drain(self) -> list[T]:
        """Every question waiting, removed."""
        items = [item for games in self._waiting.values() for item in games.values()]
        self._waiting.clear()
        return items

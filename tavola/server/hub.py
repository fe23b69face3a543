"""WebSocket connections per game, and the push of each change to every one of them, each
filtered for its own viewer."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson
from fastapi import WebSocket
from starlette.concurrency import run_in_threadpool

if TYPE_CHECKING:
    from .service import GameService


def dumps(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode()


@dataclass(eq=False)
class Connection:
    socket: WebSocket
    game_id: str
    seat: str | None
    events_seen: int
    """How many of the game's events this connection has been sent (or skipped)."""
    lang: str | None = None
    """The language the events are told in (None: not told)."""


class Hub:
    def __init__(self) -> None:
        self.service: GameService | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.connections: dict[str, set[Connection]] = {}
        self._pending: set[str] = set()
        self._pushing: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Future[None]] = set()

    def changed_threadsafe(self, game_id: str, version: int) -> None:
        """Called from worker threads after a commit."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.changed, game_id)

    def changed(self, game_id: str) -> None:
        if game_id in self.connections and game_id not in self._pending:
            self._pending.add(game_id)
            task = asyncio.ensure_future(self._push(game_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _push(self, game_id: str) -> None:
        # One push per game at a time, each connection's starting where its last ended.
        async with self._pushing.setdefault(game_id, asyncio.Lock()):
            self._pending.discard(game_id)  # changes from here on need another push
            connections = list(self.connections.get(game_id, ()))
            if not connections:
                return
            messages = await run_in_threadpool(self._updates, game_id, connections)
            for connection, message in zip(connections, messages, strict=True):
                try:
                    await connection.socket.send_text(message)
                except Exception:
                    self.remove(connection)

    def _updates(self, game_id: str, connections: list[Connection]) -> list[str]:
        """Each connection's update, built in one go; connections of one seat that have seen
        the same events share theirs."""
        assert self.service is not None
        live = self.service.get(game_id)
        made: dict[tuple[str | None, int, str | None], tuple[str, int]] = {}
        messages = []
        with live.lock:
            for connection in connections:
                key = (connection.seat, connection.events_seen, connection.lang)
                if key not in made:
                    payload, seen = self.service.since(live, *key)
                    made[key] = (dumps({"type": "update", **payload}), seen)
                message, connection.events_seen = made[key]
                messages.append(message)
        return messages

    async def announce(self, game_id: str, message: dict[str, Any]) -> None:
        """The same message to every connection of a game (news, not a change)."""
        text = dumps(message)
        for connection in list(self.connections.get(game_id, ())):
            try:
                await connection.socket.send_text(text)
            except Exception:
                self.remove(connection)

    def add(self, connection: Connection) -> None:
        self.connections.setdefault(connection.game_id, set()).add(connection)

    def remove(self, connection: Connection) -> None:
        with contextlib.suppress(KeyError):
            self.connections[connection.game_id].discard(connection)
            if not self.connections[connection.game_id]:
                del self.connections[connection.game_id]
                self._pushing.pop(connection.game_id, None)

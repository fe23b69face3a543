"""WebSocket connections per game, and the push of each change to every one of them, each
filtered for its own viewer."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fastapi import WebSocket
from starlette.concurrency import run_in_threadpool

if TYPE_CHECKING:
    from .service import GameService


@dataclass(eq=False)
class Connection:
    socket: WebSocket
    game_id: str
    seat: str | None
    events_seen: int
    """How many of the game's events this connection has been sent (or skipped)."""
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)
    """One update at a time, each starting where the last one ended."""


class Hub:
    def __init__(self) -> None:
        self.service: GameService | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.connections: dict[str, set[Connection]] = {}
        self._pending: set[str] = set()
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
        await asyncio.sleep(0)  # let several changes in a row go out as one message
        self._pending.discard(game_id)
        for connection in list(self.connections.get(game_id, ())):
            await self.send_update(connection)

    async def send_update(self, connection: Connection) -> None:
        assert self.service is not None
        live = self.service.get(connection.game_id)
        async with connection.sending:
            payload, connection.events_seen = await run_in_threadpool(
                self.service.since, live, connection.seat, connection.events_seen
            )
            try:
                await connection.socket.send_json({"type": "update", **payload})
            except Exception:
                self.remove(connection)

    def add(self, connection: Connection) -> None:
        self.connections.setdefault(connection.game_id, set()).add(connection)

    def remove(self, connection: Connection) -> None:
        with contextlib.suppress(KeyError):
            self.connections[connection.game_id].discard(connection)
            if not self.connections[connection.game_id]:
                del self.connections[connection.game_id]

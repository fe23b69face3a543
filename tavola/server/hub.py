"""WebSocket connections per game, and the push of each change to every one of them, each
filtered for its own viewer."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson
from fastapi import WebSocket
from starlette.concurrency import run_in_threadpool

from tavola.store.group import running_loop

from .outbox import Limits, Outbox
from .payloads import only_new, since

if TYPE_CHECKING:
    from .live import Live


log = logging.getLogger(__name__)


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
    version_seen: int = -1
    """The game's version in the last update built for this connection."""
    sent_once: frozenset[tuple[str, str]] = frozenset()
    """The (key, entry) pairs of the game's `sent_once` view entries this connection
    already has: an update carries only new ones."""
    outbox: Outbox = field(init=False, repr=False)
    """What is still to be sent to it (given by `Hub.add`)."""


Delivery = list[tuple[Connection, str]]

SET_ASIDE = 4409
"""The close code of a game set aside after a server error (reason `game_quarantined`):
reconnecting does not help, so the page says why instead of trying again."""


class Hub:
    """Updates are built where the game changed (a worker thread, or the loop for moves
    played there), under the game's lock, and handed to the loop in that order; the loop
    queues each in its connection's outbox, whose own task sends them. So a move costs no
    extra trip to a worker thread, no connection gets an older view after a newer, and a
    connection that falls behind is dropped without holding back the others."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.live: dict[str, Live] = {}
        """The games in memory (the service's)."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.limits = limits or Limits()
        self.connections: dict[str, frozenset[Connection]] = {}
        """Replaced, never changed in place: worker threads read it while the loop adds."""
        self._tasks: set[asyncio.Future[Any]] = set()

    def changed_threadsafe(self, game_id: str, version: int) -> None:
        """Called after a commit (from a worker thread, or the loop): builds the updates and
        hands them to the loop, behind those handed over before."""
        loop = self.loop
        live = self.live.get(game_id)
        if loop is None or loop.is_closed() or live is None or game_id not in self.connections:
            return
        with live.lock:
            try:
                delivery = self._updates(live, list(self.connections.get(game_id, ())))
            except Exception:  # the move stands, committed: only its push is lost
                log.exception("game %s: the updates could not be built", game_id)
                return
            if delivery:  # handed over before the lock goes: deliveries stay in order
                if running_loop() is loop:  # a move played on the loop: no wake-up needed
                    loop.call_soon(self._deliver, delivery)
                else:
                    loop.call_soon_threadsafe(self._deliver, delivery)

    def changed(self, game_id: str) -> None:
        """The same, from the event loop (the views are built in a worker thread)."""
        if game_id in self.connections:
            pushed = run_in_threadpool(self.changed_threadsafe, game_id, 0)
            self._keep(asyncio.ensure_future(pushed))

    def _updates(self, live: Live, connections: list[Connection]) -> Delivery:
        """Each connection's update, if it has not seen this version and these events yet;
        connections of one seat that have seen the same events share theirs."""
        Key = tuple[str | None, int, str | None, frozenset[tuple[str, str]]]
        made: dict[Key, tuple[str, int, frozenset[tuple[str, str]]]] = {}
        sent_once = live.game.info.sent_once
        delivery = []
        for connection in connections:
            if (connection.version_seen, connection.events_seen) == (
                live.version,
                len(live.table.events),
            ):
                continue
            key = (connection.seat, connection.events_seen, connection.lang, connection.sent_once)
            if key not in made:
                payload, seen = since(live, *key[:3])
                payload, sent = only_new(payload, sent_once, connection.sent_once)
                made[key] = (dumps({"type": "update", **payload}), seen, sent)
            message, connection.events_seen, connection.sent_once = made[key]
            connection.version_seen = live.version
            delivery.append((connection, message))
        return delivery

    @staticmethod
    def _deliver(delivery: Delivery) -> None:
        for connection, message in delivery:
            connection.outbox.put(message)

    def _keep(self, task: asyncio.Future[Any]) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def announce(self, game_id: str, message: dict[str, Any]) -> None:
        """The same message to every connection of a game (news, not a change)."""
        text = dumps(message)
        for connection in self.connections.get(game_id, ()):
            connection.outbox.put(text)

    def add(self, connection: Connection, first: str) -> None:
        """Registers a connection, `first` its first message: whatever is pushed to it from
        now on is sent after that."""
        connection.outbox = Outbox(connection.socket, self.limits, lambda: self.remove(connection))
        connection.outbox.put(first)
        known = self.connections.get(connection.game_id, frozenset())
        self.connections[connection.game_id] = known | {connection}

    def set_aside_threadsafe(self, game_id: str) -> None:
        """A game set aside (from any thread): its connections are closed with SET_ASIDE,
        so that its players learn it now rather than at their next move."""
        loop = self.loop
        if loop is None or loop.is_closed() or game_id not in self.connections:
            return
        if running_loop() is loop:
            self._close_all(game_id)
        else:
            loop.call_soon_threadsafe(self._close_all, game_id)

    def _close_all(self, game_id: str) -> None:
        for connection in self.connections.get(game_id, ()):
            connection.outbox.drop(SET_ASIDE, "game_quarantined")

    def remove(self, connection: Connection) -> None:
        """Unregisters a connection (again: nothing) and stops its outbox."""
        connection.outbox.stop()
        left = self.connections.get(connection.game_id, frozenset()) - {connection}
        if left:
            self.connections[connection.game_id] = left
        else:
            self.connections.pop(connection.game_id, None)

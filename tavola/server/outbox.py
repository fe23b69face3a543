"""What one WebSocket connection still has to be sent: a bounded queue and one sender task,
so that a reader that falls behind is dropped instead of holding back anyone else."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import WebSocket

TOO_SLOW = 1013
"""The close code of a reader dropped for falling behind ("try again later")."""
TOO_SLOW_REASON = "too_slow"

_closing: set[asyncio.Future[Any]] = set()
"""Closes under way (the loop keeps only weak references to tasks)."""


@dataclass(frozen=True, slots=True)
class Limits:
    queued: int = 64
    """Messages a connection may have waiting: one more and it is dropped."""
    send_timeout: float = 10.0
    """Seconds one message may take to be handed to the connection's transport (checked
    every half of it: a send is dropped between 1 and 1.5 times this late)."""


class Outbox:
    """Messages are queued without waiting and sent in order by the connection's own task.
    A connection whose queue is full, or whose send does not finish in time, is dropped:
    its queue is let go and it is closed with `TOO_SLOW`. Reconnected, it gets the table as
    it is then (the first message carries everything)."""

    __slots__ = (
        "_loop",
        "_queue",
        "_sender",
        "_sending_since",
        "_wake",
        "_watchdog",
        "limits",
        "on_drop",
        "open",
        "socket",
    )

    def __init__(self, socket: WebSocket, limits: Limits, on_drop: Callable[[], object]) -> None:
        self.socket = socket
        self.limits = limits
        self.on_drop = on_drop
        """Called once when the outbox stops (dropped, or its client gone)."""
        self.open = True
        self._loop = asyncio.get_running_loop()
        self._queue: deque[str] = deque()
        self._wake = asyncio.Event()
        self._sending_since: float | None = None
        self._sender = asyncio.ensure_future(self._send_all())
        # One timer a connection, not one a message: most sends finish at once.
        self._watchdog = self._loop.call_later(limits.send_timeout / 2, self._watch)

    def put(self, message: str) -> None:
        """Queues a message (nothing once closed); a full queue drops the connection."""
        if not self.open:
            return
        if len(self._queue) >= self.limits.queued:
            self.drop(TOO_SLOW, TOO_SLOW_REASON)
            return
        self._queue.append(message)
        self._wake.set()

    async def answer(self, message: str) -> None:
        """Sends an answer from the connection's own task: at once when nothing waits or is
        being sent (the mover's answer takes no extra turn of the loop), else queued."""
        if not self.open or self._queue or self._sending_since is not None:
            self.put(message)
            return
        self._sending_since = self._loop.time()
        try:
            await self.socket.send_text(message)
        except Exception:  # the client is gone
            self.stop()
        finally:
            self._sending_since = None
        if self._queue:  # queued meanwhile: the sender waited for this send
            self._wake.set()

    def drop(self, code: int, reason: str) -> None:
        """Stops sending and closes the socket with `code`: the close waits, in a task of its
        own, for the transport to take it (a reader that never reads holds nothing else)."""
        if not self.open:
            return
        self.stop()
        close = asyncio.ensure_future(self._close(code, reason))
        _closing.add(close)
        close.add_done_callback(_closing.discard)

    def stop(self) -> None:
        """Stops sending and lets the queue go (the socket is left as it is)."""
        if not self.open:
            return
        self.open = False
        self._queue.clear()
        self._watchdog.cancel()
        if self._sender is not asyncio.current_task():
            self._sender.cancel()
        self.on_drop()

    async def _send_all(self) -> None:
        queue, wake, send, now = self._queue, self._wake, self.socket.send_text, self._loop.time
        try:
            while True:
                while not queue or self._sending_since is not None:  # one send at a time
                    wake.clear()
                    await wake.wait()
                self._sending_since = now()
                await send(queue.popleft())
                self._sending_since = None
        except Exception:  # the client is gone: nothing to close
            self.stop()

    def _watch(self) -> None:
        since = self._sending_since
        if since is not None and self._loop.time() - since > self.limits.send_timeout:
            self.drop(TOO_SLOW, TOO_SLOW_REASON)
        else:
            self._watchdog = self._loop.call_later(self.limits.send_timeout / 2, self._watch)

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.socket.close(code, reason)

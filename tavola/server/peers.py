"""What one peer may hold of a served process's connections, decided where uvicorn takes
them, before any request reaches the application: at most so many at once from one address
(its WebSockets included), and a request head that arrives within so many seconds.
`tavola serve` gives uvicorn these protocols by import string, so every worker loads its
own; each counts the connections it holds, and on a database server adds what the other
processes hold (`sharing`, learned in the background: no connection waits for it).

Trusted proxies are not counted: the proxy holds the limits per client in front of them."""

from __future__ import annotations

import asyncio
import functools
import json
import os
from asyncio import TimerHandle
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState

from .ratelimit import is_trusted, peer_key, trusted_from, trusted_networks
from .settings import number
from .sharing import share_from

CONNECTIONS_PER_PEER = 128
"""A household or a classroom behind one address: a socket and a request or two each."""
HEADER_SECONDS = 10.0
"""A phone on a poor network sends a request head in well under a second."""
SILENT_REFUSED_SECONDS = 1.0
"""How long a refused connection is waited on for its request (answered when it comes, so
that its client reads the refusal rather than a reset)."""
MOST_WAITING_REFUSALS = 64
"""Refused connections waited on at once; past them one is answered and closed at once, so
that a burst of refused connections holds no descriptors."""


@dataclass(frozen=True, slots=True)
class PeerLimits:
    connections: int = CONNECTIONS_PER_PEER
    """Connections one address may hold at once (0: no limit)."""
    header_seconds: float = HEADER_SECONDS
    """Seconds a request head may take to arrive, from the connection or its first byte
    (0: no limit)."""
    trusted_proxies: tuple[str, ...] = ()


def peer_limits_from(environ: Mapping[str, str]) -> PeerLimits:
    """`TAVOLA_CONNECTIONS_PER_CLIENT`, `TAVOLA_HEADER_SECONDS` (0: no limit) and
    `TAVOLA_TRUSTED_PROXIES`; the defaults for what is not set."""
    connections = number(environ, "TAVOLA_CONNECTIONS_PER_CLIENT", CONNECTIONS_PER_PEER, int)
    header_seconds = number(environ, "TAVOLA_HEADER_SECONDS", HEADER_SECONDS, float)
    if header_seconds == float("inf"):
        header_seconds = 0.0  # never: as no limit
    return PeerLimits(connections, header_seconds, trusted_from(environ))


class Peers:
    """The connections each peer holds in this process (a peer with none is not kept)."""

    def __init__(self, limits: PeerLimits) -> None:
        self.limits = limits
        self.trusted = trusted_networks(limits.trusted_proxies)
        self.held: dict[str, int] = {}
        self.others: dict[str, int] = {}
        """What the other server processes hold, by peer (`sharing`)."""
        self.waiting_refusals = 0
        self._counted: dict[asyncio.BaseTransport, str] = {}
        """Each counted connection's peer, until it is lost (over HTTP or a WebSocket)."""

    def take(self, transport: asyncio.BaseTransport, host: str | None) -> bool:
        """Counts a new connection, or False (not counted) when its peer holds its limit."""
        if host is None or not self.limits.connections or is_trusted(host, self.trusted):
            return True
        peer = peer_key(host)
        held = self.held.get(peer, 0)
        if held + self.others.get(peer, 0) >= self.limits.connections:
            return False
        self.held[peer] = held + 1
        self._counted[transport] = peer
        return True

    def to_share(self) -> dict[str, int]:
        """The peers holding a fair part of their limit here, for the other processes."""
        least = share_from(self.limits.connections)
        return {peer: held for peer, held in self.held.items() if held >= least}

    def give_back(self, transport: asyncio.BaseTransport) -> None:
        """The connection is lost (again, or never counted: nothing)."""
        peer = self._counted.pop(transport, None)
        if peer is None:
            return
        held = self.held.get(peer, 0) - 1
        if held > 0:
            self.held[peer] = held
        else:
            self.held.pop(peer, None)


@functools.cache
def process_peers() -> Peers:
    """This process's count, configured by its environment."""
    return Peers(peer_limits_from(os.environ))


def _response(status: int, body: dict[str, Any], *extra: bytes) -> bytes:
    data = json.dumps(body, ensure_ascii=False).encode()
    head = [
        STATUS_LINE[status],
        b"content-type: application/json\r\n",
        b"content-length: %d\r\n" % len(data),
        *extra,
        b"connection: close\r\n\r\n",
    ]
    return b"".join(head) + data


TOO_MANY_CONNECTIONS = _response(
    429,
    {
        "code": "too_many_connections",
        "message": "Too many connections from your address: close some and try again.",
        "message_it": "Troppe connessioni dal tuo indirizzo: chiudine qualcuna e riprova.",
    },
    b"retry-after: 5\r\n",
)


def _too_slow(seconds: float) -> bytes:
    return _response(
        408,
        {
            "code": "request_timeout",
            "message": f"The request did not arrive within {seconds:g} seconds.",
            "message_it": f"La richiesta non è arrivata entro {seconds:g} secondi.",
        },
    )


class LimitedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol, with the peer's limits."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.peers = process_peers()
        self.refused = False
        self.waiting = False
        """Refused, and waited on for its request."""
        self.head_timer: TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else None
        if not self.peers.take(transport, host):
            self.refused = True
            if self.peers.waiting_refusals >= MOST_WAITING_REFUSALS:
                self._refuse()
                return
            self.peers.waiting_refusals += 1
            self.waiting = True
            self.head_timer = self.loop.call_later(SILENT_REFUSED_SECONDS, self._refuse)
            return
        self._await_head()

    def data_received(self, data: bytes) -> None:
        if self.refused:
            self._refuse()
            return
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.head_timer is None:  # a request after the first, on a kept-alive connection
            self._await_head()

    def on_headers_complete(self) -> None:
        self._cancel_head()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.waiting:  # gone before its refusal
            self._refuse()
        self._cancel_head()
        self.peers.give_back(self.transport)
        super().connection_lost(exc)

    def _await_head(self) -> None:
        seconds = self.peers.limits.header_seconds
        if seconds:
            self.head_timer = self.loop.call_later(seconds, self._head_late)

    def _cancel_head(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _refuse(self) -> None:
        self._cancel_head()
        if self.waiting:
            self.waiting = False
            self.peers.waiting_refusals -= 1
        if not self.transport.is_closing():
            self.transport.write(TOO_MANY_CONNECTIONS)
            self.transport.close()

    def _head_late(self) -> None:
        self.head_timer = None
        if self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete:  # else mid-answer: just go
            self.transport.write(_too_slow(self.peers.limits.header_seconds))
        self.transport.close()


class LimitedWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, giving its connection's place back when it ends (the
    connection was counted by `LimitedHttp`, which handed it over at the upgrade)."""

    def connection_lost(self, exc: Exception | None) -> None:
        try:
            super().connection_lost(exc)
        finally:
            process_peers().give_back(self.transport)

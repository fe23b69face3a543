"""Issue 16, item 5: WebSocket readers that never read must not hold back anyone else.

A real uvicorn server in its own process (the test client has no TCP, so no backpressure),
its sockets' send buffers made small so that a reader that stops reading fills them within
a few updates; clients that connect and then never read a byte; two bots playing a long
game as fast as they can."""

from __future__ import annotations

import contextlib
import itertools
import json
import socket
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from websockets.client import ClientProtocol
from websockets.frames import Close, Opcode
from websockets.sync.client import connect as ws_connect
from websockets.uri import parse_uri

from ..processes import Server, servers, wait_until

SEND_BUFFER = 16 * 1024
"""The server's sockets' send buffer (the kernel doubles it); a real server tunes its own
up to megabytes, which only makes the same test slower."""

# The served app as `tavola serve` runs it, on a listening socket whose accepted sockets
# inherit the small send buffer. No keepalive pings: the close a reader finds is the
# server's own, whenever the test gets to read it.
LAUNCH = f"""
import os, socket, sys, uvicorn
os.environ["TAVOLA_BOT_DELAY"] = "0"
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, {SEND_BUFFER})
listener.bind(("127.0.0.1", int(sys.argv[1])))
config = uvicorn.Config(
    "tavola.server.main:app", log_level="warning", ws_per_message_deflate=False,
    ws_ping_interval=None,
)
uvicorn.Server(config).run(sockets=[listener])
"""

LONG_GAME = {"mode": "simplified", "simplified": {"max_clashes": 10_000}}
"""Two bots play it for thousands of versions (seed 1: past 8,000)."""
SPECTATORS = ("", "?lang=it", "?lang=en")
"""The three readers that never read: each told in its own words, so each has its own
updates."""


@dataclass
class SmallBuffers(Server):
    def command(self) -> list[str]:
        return [sys.executable, "-c", LAUNCH, str(self.port)]


@contextlib.contextmanager
def running_server(tmp_path: Path) -> Iterator[SmallBuffers]:
    with servers() as started:
        server = SmallBuffers(f"sqlite:///{tmp_path / 'tavola.db'}", tmp_path / "server")
        started.append(server)
        yield server.start()


@dataclass
class NeverReads:
    """A WebSocket client that sends its handshake and never reads again (until `drain`)."""

    sock: socket.socket
    protocol: ClientProtocol

    @classmethod
    def connect(cls, url: str) -> NeverReads:
        uri = parse_uri(url)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect((uri.host, uri.port))
        protocol = ClientProtocol(uri)
        protocol.send_request(protocol.connect())
        sock.sendall(b"".join(protocol.data_to_send()))
        return cls(sock, protocol)

    def drain(self, timeout: float) -> Close | None:
        """Reads everything the server sent; the close frame it ends with (None: the
        server was still sending when `timeout` ran out)."""
        deadline = time.monotonic() + timeout
        self.sock.settimeout(0.5)
        while time.monotonic() < deadline:
            with contextlib.suppress(TimeoutError):
                data = self.sock.recv(1 << 16)
                if not data:
                    return None
                self.protocol.receive_data(data)
                for frame in self.protocol.events_received():
                    if getattr(frame, "opcode", None) is Opcode.CLOSE:
                        return Close.parse(frame.data)
        return None


def create_long_game(client: httpx.Client) -> str:
    body = {"game": "legends", "options": LONG_GAME, "seats": [{"kind": "bot"}] * 2, "seed": 1}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["game_id"])


def version_reaches(client: httpx.Client, game_id: str, version: int, timeout: float) -> int:
    def reached() -> int | None:
        now = int(client.get(f"/api/games/{game_id}/view").json()["version"])
        return now if now >= version else None

    return wait_until(reached, timeout=timeout, what=f"version {version}", interval=0.2)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def updates(url: str, count: int, each_within: float) -> list[dict[str, Any]]:
    """The state and the next `count` updates of a new watcher, each awaited at most
    `each_within` seconds."""
    with ws_connect(url, max_size=None) as watcher:
        messages = [json.loads(watcher.recv(timeout=each_within))]
        while len(messages) <= count:
            try:
                messages.append(json.loads(watcher.recv(timeout=each_within)))
            except TimeoutError:
                raise AssertionError(
                    f"the watcher got {len(messages) - 1} updates, then none in {each_within} s"
                ) from None
    return messages


def test_a_new_watcher_gets_updates_while_readers_that_never_read_are_dropped(tmp_path):
    with running_server(tmp_path) as server, server.client() as client:
        game_id = create_long_game(client)
        url = f"{server.ws_url}/api/games/{game_id}/ws"
        stalled = [NeverReads.connect(url + query) for query in SPECTATORS]
        # Far more than their buffers and queues hold: they have fallen behind.
        version_reaches(client, game_id, 400, timeout=60)
        seen = updates(url, 10, each_within=10)
        closes = [reader.drain(timeout=30) for reader in stalled]
        for reader in stalled:
            reader.sock.close()
    assert seen[0]["type"] == "state"
    assert [m["type"] for m in seen[1:]] == ["update"] * 10
    assert all(a["version"] < b["version"] for a, b in itertools.pairwise(seen))
    assert [(c.code, c.reason) if c else None for c in closes] == [(1013, "too_slow")] * 3


def test_the_server_does_not_keep_what_readers_that_never_read_are_not_sent(tmp_path):
    with running_server(tmp_path) as server, server.client() as client:
        assert server.process is not None
        game_id = create_long_game(client)
        url = f"{server.ws_url}/api/games/{game_id}/ws"
        stalled = [NeverReads.connect(url + query) for query in SPECTATORS]
        start = version_reaches(client, game_id, 400, timeout=60)
        before = rss_mb(server.process.pid)
        version_reaches(client, game_id, start + 4000, timeout=240)
        after = rss_mb(server.process.pid)
        for reader in stalled:  # connected all along, never reading
            reader.sock.close()
    # The game's own log grows about 1.2 MB a thousand versions; the updates the three
    # readers were never sent took about 8 MB more per thousand.
    assert after - before < 16, f"the server grew from {before:.0f} to {after:.0f} MB"

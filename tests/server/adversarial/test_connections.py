"""Issue 28, finding 3: one client must not exhaust the server's connections or memory.

The issue's client held 20,400 half-sent requests (one header every 2 s) until the process
ran out of descriptors, and opened 1,500 WebSockets. Through a real `tavola serve` (the
connection limits live in the uvicorn protocol it runs), with small limits so that the
tests are quick; a second loopback address (127.0.0.2) is another client."""

from __future__ import annotations

import contextlib
import json
import select
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from tavola.server.app import create_app
from tests.server.api_helpers import ANNA, BRUNO, SIMPLIFIED, create, ws_receive
from tests.server.processes import Server, create_game, servers, wait_until

OTHER_CLIENT = "127.0.0.2"
PATIENCE = 20.0
"""Seconds a test waits for an answer the server owes it before failing (never hangs)."""
HALF_SENT = b"GET /api/games HTTP/1.1\r\nHost: tavola\r\n"
WHOLE = b"GET /api/games HTTP/1.1\r\nHost: tavola\r\nConnection: close\r\n\r\n"


@contextlib.contextmanager
def serving(tmp_path: Path, **env: str) -> Iterator[Server]:
    with servers() as started:
        server = Server(f"sqlite:///{tmp_path / 'tavola.db'}", tmp_path / "server", env=env)
        started.append(server.start())
        yield server


def opened(server: Server, source: str = "127.0.0.1") -> socket.socket:
    connection = socket.create_connection(
        ("127.0.0.1", server.port), timeout=PATIENCE, source_address=(source, 0)
    )
    return connection


def answer(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes (or PATIENCE runs out: a failure)."""
    received = b""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        ready, _, _ = select.select([connection], [], [], 0.5)
        if ready:
            chunk = connection.recv(65536)
            if not chunk:
                return received
            received += chunk
    raise AssertionError(f"the server neither answered nor closed: {received!r}")


def status(response: bytes) -> int:
    return int(response.split(b" ", 2)[1])


def body(response: bytes) -> dict[str, Any]:
    return dict(json.loads(response.split(b"\r\n\r\n", 1)[1]))


def request(server: Server, source: str = "127.0.0.1") -> bytes:
    with opened(server, source) as connection:
        connection.sendall(WHOLE)
        return answer(connection)


def served_again(server: Server) -> bool:
    return status(request(server)) == 200


def ws_open(stack: contextlib.ExitStack, url: str) -> ClientConnection:
    """A WebSocket with its first message read; tried again while the connections of the
    test's earlier requests are still being let go (a 429 at the handshake)."""

    def attempt() -> ClientConnection | None:
        try:
            ws = ws_connect(url, open_timeout=PATIENCE)
        except InvalidStatus:
            return None
        stack.enter_context(ws)
        assert json.loads(ws.recv(timeout=PATIENCE))["type"] == "state"
        return ws

    return wait_until(attempt, timeout=PATIENCE, what="a WebSocket to open")


# -- connections per address -----------------------------------------------------------------


def test_an_address_holds_at_most_its_connections_and_the_next_is_refused_clearly(tmp_path):
    with serving(tmp_path, TAVOLA_CONNECTIONS_PER_CLIENT="5", TAVOLA_HEADER_SECONDS="0") as server:
        held = [opened(server) for _ in range(5)]
        for connection in held:
            connection.sendall(HALF_SENT)  # the attack's: a request never finished
        refused = request(server)
        other = request(server, OTHER_CLIENT)
        for connection in held:
            connection.close()
        wait_until(lambda: served_again(server), timeout=PATIENCE, what="the places back")
    assert status(refused) == 429
    assert body(refused)["code"] == "too_many_connections"
    assert body(refused)["message_it"].startswith("Troppe connessioni")
    assert status(other) == 200  # another address is not held back


def test_websockets_count_among_the_connections_and_give_their_place_back(tmp_path):
    with serving(tmp_path, TAVOLA_CONNECTIONS_PER_CLIENT="3", TAVOLA_HEADER_SECONDS="0") as server:
        with server.client() as client:
            game = create_game(client)
        url = f"{server.ws_url}/api/games/{game.game_id}/ws"
        with contextlib.ExitStack() as stack:
            for _ in range(3):
                ws_open(stack, url)
            refused = request(server)
        wait_until(lambda: served_again(server), timeout=PATIENCE, what="the places back")
    assert status(refused) == 429


def test_a_trusted_proxy_is_not_held_to_the_limit_of_one_address(tmp_path):
    with serving(
        tmp_path,
        TAVOLA_CONNECTIONS_PER_CLIENT="2",
        TAVOLA_HEADER_SECONDS="0",
        TAVOLA_TRUSTED_PROXIES="127.0.0.1",
    ) as server:
        held = [opened(server) for _ in range(3)]
        for connection in held:
            connection.sendall(HALF_SENT)
        through_proxy = request(server)
        for connection in held:
            connection.close()
    assert status(through_proxy) == 200


# -- request heads that never arrive ---------------------------------------------------------


def test_a_request_head_trickled_one_header_at_a_time_is_cut_off(tmp_path):
    """The issue's slowloris: a header every 2 s kept each connection forever. Here a
    header every 0.2 s, against a limit of 1 s for the whole head."""
    with serving(tmp_path, TAVOLA_HEADER_SECONDS="1") as server, opened(server) as connection:
        connection.sendall(b"GET /api/games HTTP/1.1\r\n")
        received = b""
        deadline = time.monotonic() + PATIENCE
        for header in range(10_000):
            if time.monotonic() > deadline:
                raise AssertionError("the trickled request was never cut off")
            with contextlib.suppress(OSError):  # the server may be gone by now
                connection.sendall(b"X-Trickle-%d: 1\r\n" % header)
            ready, _, _ = select.select([connection], [], [], 0.2)
            if ready:
                received = answer(connection)
                break
    assert status(received) == 408
    assert body(received)["code"] == "request_timeout"


def test_a_connection_that_sends_nothing_is_closed(tmp_path):
    with serving(tmp_path, TAVOLA_HEADER_SECONDS="1") as server, opened(server) as connection:
        received = answer(connection)
    assert status(received) == 408


# -- WebSockets per client -------------------------------------------------------------------


def closed_with(ws: ClientConnection) -> tuple[int | None, str | None]:
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=PATIENCE)
    received = closed.value.rcvd
    return (received.code, received.reason) if received else (None, None)


def test_a_client_holds_at_most_its_websockets_and_the_next_is_closed_with_4429(tmp_path):
    with serving(tmp_path, TAVOLA_SOCKETS_PER_CLIENT="3") as server:
        with server.client() as client:
            game = create_game(client)
        url = f"{server.ws_url}/api/games/{game.game_id}/ws"
        with contextlib.ExitStack() as stack:
            sockets = [ws_open(stack, url) for _ in range(3)]
            with ws_connect(url, open_timeout=PATIENCE) as extra:
                refused = closed_with(extra)
            with ws_connect(
                url, open_timeout=PATIENCE, source_address=(OTHER_CLIENT, 0)
            ) as other_client:
                other = json.loads(other_client.recv(timeout=PATIENCE))["type"]
            sockets.pop().close()

            def one_more() -> bool:
                with ws_connect(url, open_timeout=PATIENCE) as again:
                    try:
                        return bool(json.loads(again.recv(timeout=PATIENCE))["type"] == "state")
                    except ConnectionClosed:  # 4429 still: the closed one not yet let go
                        return False

            wait_until(one_more, timeout=PATIENCE, what="a closed socket's place back")
    assert refused == (4429, "too_many_sockets")
    assert other == "state"


def test_closed_sockets_leave_nothing_behind_in_the_hub_or_the_counts(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'tavola.db'}", bot_delay=0, tick=0.01, socket_limit=50)
    with TestClient(app) as client:
        game_id = create(client, SIMPLIFIED, [ANNA, BRUNO])["game_id"]
        with contextlib.ExitStack() as stack:
            for _ in range(40):
                ws = stack.enter_context(client.websocket_connect(f"/api/games/{game_id}/ws"))
                assert ws_receive(ws)["type"] == "state"
            held = (len(app.state.hub.connections[game_id]), dict(app.state.socket_counts.open))
        wait_until(
            lambda: not app.state.hub.connections and not app.state.socket_counts.open,
            timeout=PATIENCE,
            what="the closed sockets to be let go",
        )
    assert held == (40, {"testclient": 40})

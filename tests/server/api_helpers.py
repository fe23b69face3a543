"""Helpers for the API tests: apps driven through `TestClient`, tables to create, polling
with a deadline, and WebSocket reads that give up instead of hanging."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import anyio
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tavola.server.app import create_app

T = TypeVar("T")

DEADLINE = 15.0
"""Seconds a poll waits for the server (bots, clocks) before the test fails."""

SIMPLIFIED = {"mode": "simplified", "simplified": {"max_clashes": 20}}
"""A short Strappacamicia game: at most 20 clashes."""

CLASSIC = {"mode": "classic", "max_rounds": 2}
"""A short battle: at most 2 rounds."""

ANNA = {"name": "Anna", "age": 9}
BRUNO = {"name": "Bruno", "age": 30}
CARLA = {"name": "Carla", "age": 50}
ROBO = {"kind": "bot", "name": "Robo"}


@contextlib.contextmanager
def running(db_url: str, **app_options: Any) -> Iterator[TestClient]:
    """A fresh app on `db_url`, with its lifespan running (bots and clocks tick)."""
    app = create_app(db_url, **{"bot_delay": 0, "tick": 0.01, **app_options})
    with TestClient(app) as client:
        yield client


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def create_body(
    options: dict[str, Any], seats: list[dict[str, Any]], seed: int | None = 5
) -> dict[str, Any]:
    """A new table's request; a seed of the test's makes it a practice table (a table with
    a person takes a client's seed only so)."""
    body: dict[str, Any] = {"game": "legends", "options": options, "seats": seats}
    if seed is not None:
        body["seed"] = seed
        body["practice_seed_known"] = True
    return body


def take_seat(client: TestClient, game_id: str, seat: str, invite: str) -> str:
    """Joins `seat` with its link's invite, as its person's page does; returns the token."""
    response = client.post(f"/api/games/{game_id}/seats/{seat}/join", json={"invite": invite})
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


def create(
    client: TestClient,
    options: dict[str, Any] | None = None,
    seats: list[dict[str, Any]] | None = None,
    seed: int | None = 5,
    *,
    claim: bool = True,
) -> dict[str, Any]:
    """Creates a game (two humans in a short simplified game by default); returns the
    answer with `invites` (seat → invite) and `tokens` (seat → token) added: `claim`,
    every person's seat taken with its invite (the test plays them all), else only the
    tokens the creation gave."""
    body = create_body(options or SIMPLIFIED, seats or [ANNA, BRUNO], seed)
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    created["invites"] = {s["seat"]: s["invite"] for s in created["seats"] if s.get("invite")}
    created["tokens"] = {s["seat"]: s["token"] for s in created["seats"] if s["token"]}
    if claim:
        for seat, invite in created["invites"].items():
            created["tokens"][seat] = take_seat(client, created["game_id"], seat, invite)
    return created


def view(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/view", headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def legal(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/legal", headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def record(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/record", headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def act(
    client: TestClient,
    game_id: str,
    token: str | None,
    action: dict[str, Any] | str,
    version: int | None,
    client_action_id: str | None = None,
) -> Any:
    """Posts an action; returns the raw response."""
    body: dict[str, Any] = {"action": action, "version": version}
    if client_action_id is not None:
        body["client_action_id"] = client_action_id
    return client.post(f"/api/games/{game_id}/actions", json=body, headers=bearer(token))


def wait_for(
    probe: Callable[[], T | None], what: str, timeout: float = DEADLINE, every: float = 0.01
) -> T:
    """Calls `probe` until it returns something truthy (returned), or fails after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(every)


def wait_view(
    client: TestClient,
    game_id: str,
    token: str | None,
    predicate: Callable[[dict[str, Any]], bool],
    what: str,
    timeout: float = DEADLINE,
) -> dict[str, Any]:
    """Polls the view until `predicate(view)` holds; returns that view."""

    def probe() -> dict[str, Any] | None:
        seen = view(client, game_id, token)
        return seen if predicate(seen) else None

    return wait_for(probe, what, timeout)


def awaited_decision(
    client: TestClient, game_id: str, token: str | None, seat: str
) -> dict[str, Any]:
    """The one pending decision `seat` is awaited on, looked for until there is one: a
    clock of a fraction of a second may run out before a first look on a loaded machine,
    and the game then awaits the seat's next decision, or another seat's for a while."""
    seen = wait_view(
        client,
        game_id,
        token,
        lambda v: len([p for p in v["view"]["pending"] if p["seat"] == seat]) == 1,
        f"{seat} awaited on one decision",
    )
    [decision] = [p for p in seen["view"]["pending"] if p["seat"] == seat]
    return dict(decision)


def first_move(actions: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first legal action that is not a concession (the concession if that is all)."""
    for action in actions:
        if action["type"] != "concede":
            return action
    return actions[0] if actions else None


def ws_receive(socket: WebSocketTestSession, timeout: float = 5.0) -> dict[str, Any]:
    """The next JSON message of a test WebSocket, or AssertionError after `timeout` (the
    test client's own `receive_json` waits forever). Raises `WebSocketDisconnect` when the
    server closed the socket."""

    async def next_message() -> Any:
        with anyio.fail_after(timeout):
            return await socket._send_rx.receive()

    try:
        message = socket.portal.call(next_message)
    except TimeoutError:
        raise AssertionError(f"no WebSocket message within {timeout} s") from None
    socket._raise_on_close(message)
    return json.loads(message["text"])


def ws_nothing_pending(socket: WebSocketTestSession, wait: float = 0.2) -> bool:
    """True when the socket receives nothing within `wait` seconds."""
    try:
        ws_receive(socket, wait)
    except AssertionError:
        return True
    return False


def ws_until(
    socket: WebSocketTestSession,
    predicate: Callable[[dict[str, Any]], bool],
    timeout: float = DEADLINE,
) -> list[dict[str, Any]]:
    """Reads messages until one satisfies `predicate`; returns all read, that one last."""
    deadline = time.monotonic() + timeout
    seen: list[dict[str, Any]] = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no matching WebSocket message; got {[m['type'] for m in seen]}")
        message = ws_receive(socket, left)
        seen.append(message)
        if predicate(message):
            return seen


def private_events_outside(events: list[dict[str, Any]], seat: str | None) -> list[dict[str, Any]]:
    """Events shown to an audience that does not include `seat` (the public: any private)."""
    return [
        e
        for e in events
        if e["visibility"] != "public" and (seat is None or seat not in e["visibility"])
    ]


def run_in_own_loop(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(main)` in a thread of its own: the browser tests' Playwright keeps a
    loop running in the main thread, where `asyncio.run` would refuse to start."""
    with ThreadPoolExecutor(1, thread_name_prefix="own-loop") as pool:
        return pool.submit(asyncio.run, main).result()

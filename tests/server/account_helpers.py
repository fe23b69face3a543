"""Helpers for the account tests: browsers (each its own cookies and address) on one app
served over https, signing up and in the way the pages do, and a clock the tests move."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import httpx
from fastapi.testclient import TestClient

from tavola.server.app import create_app
from tavola.store.repo import now

from .api_helpers import ANNA, ROBO, SIMPLIFIED, legal, wait_for

PASSWORD = "correct horse battery"
BASE = "https://tavola.example"


class Clock:
    """The accounts' clock, moved on by the tests instead of waiting."""

    def __init__(self) -> None:
        self.moment = now()

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


@contextlib.contextmanager
def browser(db_url: str, address: str = "198.51.100.7") -> Iterator[TestClient]:
    """A fresh app on `db_url` (its lifespan running, its clock a `Clock` at
    `client.app.state.accounts.clock`) and a browser of `address` on it."""
    app = create_app(db_url, bot_delay=0, tick=0.01)
    app.state.accounts.clock = Clock()
    app.state.accounts.database_clock = False  # the pauses too count on the moved clock
    with TestClient(app, base_url=BASE, client=(address, 40000)) as client:
        yield client


def another(client: TestClient, address: str = "198.51.100.8") -> TestClient:
    """Another browser (cookies of its own) at `address`, on the same app."""
    return TestClient(client.app, base_url=BASE, client=(address, 40001))


def clock(client: TestClient) -> Clock:
    moved: Clock = client.app.state.accounts.clock  # type: ignore[attr-defined]
    return moved


def csrf(client: TestClient) -> dict[str, str]:
    """The header a page sends back: the token in its `tavola_csrf` cookie."""
    return {"X-CSRF-Token": client.cookies.get("tavola_csrf") or ""}


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> httpx.Response:
    client.get("/api/me")  # the page's first request gives it its CSRF token
    body = {"name": name, "password": password}
    return client.post("/api/account/signup", json=body, headers=csrf(client))


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> httpx.Response:
    client.get("/api/me")
    body = {"name": name, "password": password}
    return client.post("/api/account/signin", json=body, headers=csrf(client))


def signed_up(client: TestClient, name: str) -> None:
    response = sign_up(client, name)
    assert response.status_code == 201, response.text


def me(client: TestClient) -> Any:
    response = client.get("/api/me")
    assert response.status_code == 200, response.text
    return response.json()["account"]


def my_games(client: TestClient) -> list[dict[str, Any]]:
    response = client.get("/api/me/games")
    assert response.status_code == 200, response.text
    games: list[dict[str, Any]] = response.json()
    return games


def own_table(
    client: TestClient,
    seats: list[dict[str, Any]] | None = None,
    options: dict[str, Any] = SIMPLIFIED,
) -> dict[str, Any]:
    """A table created by this browser, sitting at its first seat; returns the answer with
    `token` (the creator's seat's)."""
    body = {"game": "legends", "options": options, "seats": seats or [ANNA, ROBO]}
    response = client.post("/api/games", json={**body, "creator_seat": 0}, headers=csrf(client))
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    created["token"] = created["seats"][0]["token"]
    return created


def concede(client: TestClient, game_id: str, token: str) -> None:
    """The seat concedes as soon as it may (its opponent, a bot, moves meanwhile)."""

    def conceded() -> bool:
        offered = legal(client, game_id, token)
        if not any(a["type"] == "concede" for a in offered["actions"]):
            return False
        body = {"action": {"type": "concede"}, "version": offered["version"]}
        headers = {"Authorization": f"Bearer {token}"}
        answer = client.post(f"/api/games/{game_id}/actions", json=body, headers=headers)
        return answer.status_code == 200

    wait_for(conceded, "the seat to concede")

"""Helpers for the tournament tests (server and browser): short Legends tournaments (decks
of 6 starter cards, games of at most 3 rounds), bots registered by the organiser, and
waiting for a tournament to reach a state. Either client works: FastAPI's `TestClient` or
an `httpx.Client` on a running server."""

from __future__ import annotations

import time
from typing import Any

DECK = ["S1-001", "S1-002", "S1-003", "S1-009", "S1-010", "S1-011"]
MAIN = "S1-001"
SHORT = {"deck_size": 6, "max_rounds": 3}
"""The game's options of a short tournament: 6-card decks, games of at most 3 rounds."""
BOTS = ("reference", "random", "reference", "random")
DEADLINE = 60.0


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def create(client: Any, fmt: str = "single_elimination", **extra: Any) -> tuple[str, str]:
    """A new practice tournament (its seed known); returns its id and organiser token."""
    options = {"format": fmt, **SHORT, **extra.pop("options", {})}
    body = {"game": "legends", "options": options, "seed": 5, "practice_seed_known": True}
    answer = client.post("/api/tournaments", json={**body, **extra})
    assert answer.status_code == 201, answer.text
    return answer.json()["tournament_id"], answer.json()["organiser_token"]


def entrant(name: str, age: int = 30, kind: str = "human", **extra: Any) -> dict[str, Any]:
    """A Legends entrant: its registration an age, the main and the deck, `extra` changing
    any of them."""
    registration = {"age": age, "main": MAIN, "deck": DECK, **extra}
    return {"name": name, "kind": kind, "registration": registration}


def register(
    client: Any, tournament_id: str, body: dict[str, Any], token: str | None = None
) -> Any:
    path = f"/api/tournaments/{tournament_id}/entrants"
    return client.post(path, json=body, headers=bearer(token))


def add_bots(
    client: Any, tournament_id: str, organiser: str, kinds: tuple[str, ...] = BOTS
) -> None:
    for i, kind in enumerate(kinds):
        answer = register(client, tournament_id, entrant(f"Bot {i + 1}", 20 + i, kind), organiser)
        assert answer.status_code == 201, answer.text


def start(client: Any, tournament_id: str, organiser: str) -> Any:
    return client.post(f"/api/tournaments/{tournament_id}/start", headers=bearer(organiser))


def view(client: Any, tournament_id: str, token: str | None = None) -> Any:
    answer = client.get(f"/api/tournaments/{tournament_id}", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def wait_tournament(
    client: Any, tournament_id: str, what: str, test: Any, token: str | None = None
) -> Any:
    """The tournament's view once `test(view)` holds."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        seen = view(client, tournament_id, token)
        if test(seen):
            return seen
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")

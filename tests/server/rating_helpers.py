"""Helpers for the ratings tests: people signed in on their own browsers, a table where
each holds a seat, and seats that concede so that a game ends at once."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .account_helpers import another, csrf, signed_up
from .api_helpers import bearer, legal, wait_view

QUICK = {"mode": "classic", "max_rounds": 2}
"""A classic battle: every seat may concede from the first decision (choosing a main)."""


def people(client: TestClient, names: list[str]) -> list[TestClient]:
    """A signed-in browser per name (the first is `client`), each at its own address."""
    browsers = [client] + [another(client, f"198.51.100.{30 + i}") for i in range(1, len(names))]
    for browser, name in zip(browsers, names, strict=True):
        signed_up(browser, name)
    return browsers


def table_of(
    browsers: list[TestClient | None],
    seats: list[dict[str, Any]],
    options: dict[str, Any] = QUICK,
) -> tuple[str, dict[str, str]]:
    """A table the first browser creates at the first seat; each other person's seat is
    taken with its invite by the browser of its index (None, or none that far: by a
    browser signed in nowhere). Returns the game id and each person's seat's token."""
    creator = browsers[0]
    assert creator is not None
    body = {"game": "legends", "options": options, "seats": seats, "creator_seat": 0}
    response = creator.post("/api/games", json=body, headers=csrf(creator))
    assert response.status_code == 201, response.text
    created = response.json()
    game_id = created["game_id"]
    tokens = {created["seats"][0]["seat"]: created["seats"][0]["token"]}
    for i, link in enumerate(created["seats"][1:], start=1):
        if not link.get("invite"):
            continue
        taker = browsers[i] if i < len(browsers) else None
        if taker is None:
            taker = another(creator, f"198.51.100.{60 + i}")
        path = f"/api/games/{game_id}/seats/{link['seat']}/join"
        joined = taker.post(path, json={"invite": link["invite"]}, headers=csrf(taker))
        assert joined.status_code == 200, joined.text
        tokens[link["seat"]] = joined.json()["token"]
    return game_id, tokens


def concede_in_turn(
    client: TestClient, game_id: str, tokens: dict[str, str], seats: list[str]
) -> None:
    """`seats` concede, in this order, and the game is over. A bot at the table may move
    between reading the version and conceding: then the concession is made again at the
    new version (`STALE` changes nothing)."""
    for seat in seats:
        for _ in range(20):
            offered = legal(client, game_id, tokens[seat])
            assert any(a["type"] == "concede" for a in offered["actions"]), offered
            body = {"action": {"type": "concede"}, "version": offered["version"]}
            answer = client.post(
                f"/api/games/{game_id}/actions", json=body, headers=bearer(tokens[seat])
            )
            if answer.status_code != 409 or answer.json()["code"] != "STALE":
                break
        assert answer.status_code == 200, answer.text
    token = next(iter(tokens.values()))
    wait_view(client, game_id, token, lambda v: v["status"] == "over", "the game's end")

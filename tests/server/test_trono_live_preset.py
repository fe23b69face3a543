"""The lobby's ready-made live season (issue 19): twelve players' seats and two referees',
set up as the lobby's form sends it — each preset seat with its own fields."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .api_helpers import view
from .test_trono_workflow import client

__all__ = ["client"]  # the fixture this module borrows


def live_season(client: TestClient) -> dict[str, Any]:
    games = client.get("/api/catalog").json()
    trono = next(g for g in games if g["name"] == "trono")
    return next(p for p in trono["presets"] if p["id"] == "live_season")


def test_the_lobby_offers_a_live_season_of_twelve_players_and_two_referees(client):
    chosen = live_season(client)
    assert chosen["title"]["it"] == "Stagione dal vivo: 12 giocatori e 2 arbitri"
    assert chosen["title"]["en"] == "Live season: 12 players and 2 referees"
    assert chosen["seats"] == ["human"] * 14
    assert chosen["seat_fields"] == [{}] * 12 + [{"role": "referee"}] * 2


def test_the_live_season_preset_seats_its_referees_after_the_players(client):
    chosen = live_season(client)
    seats = [
        {"kind": kind, **fields}
        for kind, fields in zip(chosen["seats"], chosen["seat_fields"], strict=True)
    ]
    body = {"game": "trono", "options": chosen["options"], "seats": seats, "creator_seat": 12}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    ids = [s["seat"] for s in made.json()["seats"]]
    assert ids == [f"player:p{n:02d}" for n in range(1, 13)] + [
        "referee:arbitro01",
        "referee:arbitro02",
    ]
    token = made.json()["seats"][12]["token"]
    seen = view(client, made.json()["game_id"], token)
    # registration is open, and both referees may act on it (nobody has signed up yet)
    assert seen["view"]["phase"] == "registration" and seen["view"]["registered"] == []
    assert seen["to_act"] == ["referee:arbitro01", "referee:arbitro02"]

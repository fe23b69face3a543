"""A referees' rehearsal (issue 19, point 7): a live season whose twelve players are bots
and whose referee is the person; the bots register, rank their houses and post each turn
through the same moves as a team's page, so the referee rehearses every step by hand."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .api_helpers import act, wait_view
from .test_trono_workflow import D, ServerClock, client, clock

__all__ = ["client", "clock"]  # the fixtures this module borrows

REFEREE = "referee:arbitro01"


def preset(client: TestClient) -> dict[str, Any]:
    games = client.get("/api/catalog").json()
    trono = next(g for g in games if g["name"] == "trono")
    return next(p for p in trono["presets"] if p["id"] == "referee_rehearsal")


def rehearsal(client: TestClient) -> tuple[str, str]:
    chosen = preset(client)
    seats = [{"kind": kind} for kind in chosen["seats"]]
    body = {"game": "trono", "options": chosen["options"], "seats": seats, "creator_seat": 12}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    token = next(s["token"] for s in made.json()["seats"] if s["seat"] == REFEREE)
    return made.json()["game_id"], token


def test_the_lobby_offers_a_referee_rehearsal_in_both_languages(client):
    chosen = preset(client)
    assert chosen["title"]["it"].startswith("Prova arbitri")
    assert chosen["title"]["en"].startswith("Referee rehearsal")
    assert chosen["seats"] == ["reference"] * 12 + ["human"]


def test_the_bots_register_themselves_and_the_referee_closes(client, clock: ServerClock):
    game_id, token = rehearsal(client)
    seen = wait_view(
        client, game_id, token, lambda v: len(v["view"]["registered"]) == 12, "registrations"
    )
    assert seen["to_act"] == [REFEREE]
    closed = act(client, game_id, token, {"type": "close_registration"}, None)
    assert closed.status_code == 200, closed.text


def test_the_bot_teams_post_and_the_referee_publishes_a_turn(client, clock: ServerClock):
    game_id, token = rehearsal(client)
    wait_view(client, game_id, token, lambda v: len(v["view"]["registered"]) == 12, "registered")
    assert act(client, game_id, token, {"type": "close_registration"}, None).status_code == 200
    clock.set("2026-10-20 20:30")  # Tuesday's draw has happened (20:00 Rome)
    formation = {"type": "enter_draw", "purpose": "formation", "date": "2026-10-20", "numbers": D}
    assert act(client, game_id, token, formation, None).status_code == 200
    wait_view(client, game_id, token, lambda v: v["view"]["phase"] == "ready", "rankings")
    assert act(client, game_id, token, {"type": "start_game"}, None).status_code == 200
    locked = wait_view(
        client, game_id, token, lambda v: v["view"]["phase"] == "turn_locked", "the bots' posts"
    )
    assert all(team["posted"] for team in locked["view"]["teams"].values())
    draw = {"type": "enter_draw", "purpose": "turn", "date": "2026-10-20", "numbers": D}
    assert act(client, game_id, token, draw, None).status_code == 200
    # turn 2 opens with the bulletin; the bots may post and close it at once (issue 27)
    public = wait_view(client, game_id, None, lambda v: v["view"]["turn"] == 2, "turn 1 published")[
        "view"
    ]
    assert [b["turn"] for b in public["bulletins"]] == [1]
    assert public["phase"] in ("turn_open", "turn_locked")


@pytest.mark.parametrize(
    ("seats", "field"),
    [
        ([{"kind": "reference"}] * 11 + [{"kind": "human"}], "seats"),
        ([{"kind": "human"}] + [{"kind": "reference"}] * 12, "seats.1.kind"),
        ([{"kind": "reference", "role": "referee"}] * 13, "seats.0.role"),
    ],
    ids=["eleven_bots", "referee_first", "bot_referee"],
)
def test_a_rehearsal_is_bots_first_then_people_refereeing(client, seats, field):
    options = {"mode": "live", "rehearsal": True}
    response = client.post("/api/games", json={"game": "trono", "options": options, "seats": seats})
    assert response.status_code == 422, response.text
    assert response.json()["field"] == field


def test_a_rehearsal_is_refused_at_a_practice_table(client):
    seats = [{"kind": "reference"}] * 4
    response = client.post(
        "/api/games", json={"game": "trono", "options": {"rehearsal": True}, "seats": seats}
    )
    assert response.status_code == 422 and response.json()["field"] == "rehearsal"

"""A late player added to a running season (issue 27, point 7): the referee adds them from
the console, with no seat prepared in advance; the table gains a seat (stored, there after
a restart) whose own link the referee sends, R64 places them and R65 lets them post at
once. The link opens that seat only, and only a referee adds seats."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tavola.store import repo

from .api_helpers import act, bearer, running, view
from .test_trono_workflow import FIRST, PLAYERS, REFEREES, D, ServerClock

ADD = {"type": "add_player", "display_name": "Zeno Ritardatario"}


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> ServerClock:
    found = ServerClock()
    monkeypatch.setattr(repo, "now", found)
    return found


def started(client: TestClient, clock: ServerClock) -> tuple[str, dict[str, str]]:
    """A forum season (its seats only by their links) at its first open turn."""
    clock.set("2026-10-20 11:00")
    seats = [{"name": n} for n in PLAYERS] + [{"name": n, "role": "referee"} for n in REFEREES]
    body = {
        "game": "trono",
        "options": {"mode": "live"},
        "seats": seats,
        "creator_seat": 12,
        "invite_only": True,
    }
    made = client.post("/api/games", json=body).json()
    game_id = made["game_id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
    for s in made["seats"]:
        if s.get("invite"):
            joined = client.post(
                f"/api/games/{game_id}/seats/{s['seat']}/join", json={"invite": s["invite"]}
            )
            tokens[s["seat"]] = joined.json()["token"]

    def ok(seat: str, action: dict[str, Any]) -> None:
        response = act(client, game_id, tokens[seat], action, None)
        assert response.status_code == 200, response.text

    for n, name in enumerate(PLAYERS, start=1):
        ok(f"player:p{n:02d}", {"type": "register", "display_name": name})
    clock.set("2026-10-20 12:00")
    ok(FIRST, {"type": "close_registration"})
    clock.set("2026-10-20 20:30")
    ok(FIRST, {"type": "enter_draw", "purpose": "formation", "date": "2026-10-20", "numbers": D})
    teams = view(client, game_id, tokens[FIRST])["view"]["teams"]
    wished = ["stark", "tyrell", "greyjoy", "lannister"]
    for (_, team), house in zip(sorted(teams.items()), wished, strict=True):
        ok(f"player:{team['members'][0]}", {"type": "submit_house_ranking", "houses": [house]})
    clock.set("2026-10-26 10:00")
    ok(FIRST, {"type": "start_game"})
    return game_id, tokens


def add(client: TestClient, game_id: str, token: str, action: dict[str, Any]) -> Any:
    return client.post(
        f"/api/games/{game_id}/seats", json={"action": action}, headers=bearer(token)
    )


def test_a_referee_adds_a_late_player_whose_link_opens_their_seat_only(db_url, clock):
    with running(db_url) as client:
        game_id, tokens = started(client, clock)
        clock.set("2026-10-26 18:00")
        answer = add(client, game_id, tokens[FIRST], {**ADD, "avoid_houses": ["stark"]})
        assert answer.status_code == 200, answer.text
        [seat] = answer.json()["seats"]
        assert seat["seat"] == "player:p13" and seat["name"] == "Zeno Ritardatario"
        assert seat["join_url"].endswith(
            f"/play/{game_id}?seat=player%3Ap13#invite={seat['invite']}"
        )
        # the link's invite opens that seat, and no other
        wrong = client.post(
            f"/api/games/{game_id}/seats/player:p01/join", json={"invite": seat["invite"]}
        )
        assert wrong.status_code in (403, 409), wrong.text
        assert client.post(f"/api/games/{game_id}/seats/player:p13/join").status_code == 403
        joined = client.post(
            f"/api/games/{game_id}/seats/player:p13/join", json={"invite": seat["invite"]}
        )
        assert joined.status_code == 200, joined.text
        token = joined.json()["token"]
        again = client.post(
            f"/api/games/{game_id}/seats/player:p13/join", json={"invite": seat["invite"]}
        )
        assert again.status_code in (403, 409)
        seen = view(client, game_id, token)["view"]
        house = seen["my_team"]
        assert house in ("tyrell", "greyjoy", "lannister")  # R64 honours one avoided house
        # R65: a member at once, who may send the team's post for the open turn
        post = {
            "type": "submit_post",
            "team": house,
            "turn": 1,
            "actions": [{"kind": "tax"}, {"kind": "tax"}, {"kind": "rally"}],
        }
        posted = act(client, game_id, token, post, None)
        assert posted.status_code == 200, posted.text
    with running(db_url) as client:  # a restart: the seat and its occupant are still there
        seen = view(client, game_id, token)["view"]
        assert seen["my_team"] == house and seen["team"]["posted"]
        names = {p["user_id"]: p["display_name"] for p in seen["registered"]}
        assert names["p13"] == "Zeno Ritardatario"


def test_only_a_referee_adds_seats_and_only_by_the_seats_route(db_url, clock):
    with running(db_url) as client:
        game_id, tokens = started(client, clock)
        refused = add(client, game_id, tokens["player:p01"], ADD)
        assert refused.status_code == 422 and refused.json()["code"] == "E_NOT_REFEREE"
        assert refused.json()["message_it"]
        anonymous = add(client, game_id, "not-a-token", ADD)
        assert anonymous.status_code == 401
        plain = act(client, game_id, tokens[FIRST], ADD, None)
        assert plain.status_code == 422 and plain.json()["code"] == "adds_seats"
        assert "player:p13" not in view(client, game_id, tokens[FIRST])["view"]["players"]


def test_a_refused_late_player_adds_no_seat_and_says_why_in_italian(db_url, clock):
    with running(db_url) as client:
        game_id, tokens = started(client, clock)
        taken = add(client, game_id, tokens[FIRST], {**ADD, "display_name": PLAYERS[0]})
        assert taken.status_code == 422
        body = taken.json()
        assert body["code"] == "E_NAME_TAKEN"
        assert body["message_it"] == (
            "Al tavolo c'è già un giocatore di nome Giocatore 1: scegli un nome che lo distingua."
        )
        ok = add(client, game_id, tokens[FIRST], ADD)
        assert ok.json()["seats"][0]["seat"] == "player:p13"  # the refusal took no account


def test_a_seat_added_on_one_worker_is_taken_and_played_on_the_other(db_url, clock):
    if db_url.startswith("sqlite"):
        pytest.skip("several workers need PostgreSQL (tavola serve refuses them on SQLite)")
    with running(db_url) as first, running(db_url) as second:
        game_id, tokens = started(first, clock)
        view(second, game_id, tokens[FIRST])  # the second worker has the game in memory
        added = add(first, game_id, tokens[FIRST], ADD).json()
        [seat] = added["seats"]
        joined = second.post(
            f"/api/games/{game_id}/seats/player:p13/join", json={"invite": seat["invite"]}
        )
        assert joined.status_code == 200, joined.text
        token = joined.json()["token"]
        # a move that names the version it saw catches the second worker up first
        house = view(first, game_id, token)["view"]["my_team"]
        taxes = [{"kind": "tax"}, {"kind": "tax"}, {"kind": "rally"}]
        post = {"type": "submit_post", "team": house, "turn": 1, "actions": taxes}
        posted = act(second, game_id, token, post, added["version"])
        assert posted.status_code == 200, posted.text
        assert view(second, game_id, token)["view"]["team"]["posted"]

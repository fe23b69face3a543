"""A table whose seats are named people's (`invite_only`): the lobby does not offer it and
no seat is taken without its own link — also after a restart (on both databases)."""

from __future__ import annotations

from .api_helpers import ANNA, BRUNO, SIMPLIFIED, bearer, create_body, running, view


def invite_only_table(client) -> dict:
    body = {**create_body(SIMPLIFIED, [ANNA, BRUNO]), "invite_only": True}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    created["invites"] = {s["seat"]: s["invite"] for s in created["seats"] if s.get("invite")}
    return created


def join(client, game_id: str, seat: str, **body):
    return client.post(f"/api/games/{game_id}/seats/{seat}/join", json=body or None)


def test_the_lobby_does_not_offer_an_invite_only_table(db_url):
    with running(db_url) as client:
        game_id = invite_only_table(client)["game_id"]
        listed = [g["game_id"] for g in client.get("/api/games").json()]
    assert game_id not in listed


def test_a_seat_of_an_invite_only_table_is_not_taken_without_its_invite(db_url):
    with running(db_url) as client:
        game_id = invite_only_table(client)["game_id"]
        refused = join(client, game_id, "P2", name="Intruder")
        seats = view(client, game_id)["seats"]
    assert refused.status_code == 403
    assert refused.json()["code"] == "invite_needed"
    assert refused.json()["message"] and refused.json()["message_it"]
    assert seats["P2"]["joined"] is False and seats["P2"]["name"] == "Bruno"


def test_its_own_invite_still_takes_the_seat(db_url):
    with running(db_url) as client:
        created = invite_only_table(client)
        game_id = created["game_id"]
        joined = join(client, game_id, "P2", invite=created["invites"]["P2"])
        assert joined.status_code == 200, joined.text
        assert view(client, game_id, joined.json()["token"])["seat"] == "P2"


def test_a_restarted_server_still_keeps_the_seats_for_their_links(db_url):
    with running(db_url) as client:
        created = invite_only_table(client)
    with running(db_url) as client:  # a new server on the same database
        refused = join(client, created["game_id"], "P1")
        listed = [g["game_id"] for g in client.get("/api/games").json()]
        taken = join(client, created["game_id"], "P1", invite=created["invites"]["P1"])
    assert refused.status_code == 403 and refused.json()["code"] == "invite_needed"
    assert created["game_id"] not in listed
    assert taken.status_code == 200


def test_invite_only_must_be_a_boolean(db_url):
    with running(db_url) as client:
        body = {**create_body(SIMPLIFIED, [ANNA, BRUNO]), "invite_only": "yes"}
        response = client.post("/api/games", json=body, headers=bearer(None))
    assert response.status_code == 422
    assert response.json()["code"]

"""Creating, listing, joining and looking at games through the REST API."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest

from .api_helpers import (
    ANNA,
    BRUNO,
    CLASSIC,
    ROBO,
    SIMPLIFIED,
    bearer,
    create,
    create_body,
    legal,
    running,
    view,
)


def join(client, game_id, seat, token=None, name=None, invite=None):
    body = {"name": name} if name else {}
    if invite:
        body["invite"] = invite
    url = f"/api/games/{game_id}/seats/{seat}/join"
    return client.post(url, json=body or None, headers=bearer(token))


def lobby_ids(client):
    response = client.get("/api/games")
    assert response.status_code == 200
    return [g["game_id"] for g in response.json()]


# -- creating ----------------------------------------------------------------------------------


def test_create_returns_a_game_id_and_an_invite_per_human_seat(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, ROBO], claim=False)
    assert isinstance(created["game_id"], str) and created["game_id"]
    human, bot = created["seats"]
    assert (human["seat"], human["kind"], human["name"]) == ("P1", "human", "Anna")
    assert human["token"] is None and len(human["invite"]) == 22
    assert (bot["kind"], bot["token"], bot["invite"], bot["join_url"]) == ("bot", None, None, None)


def test_the_creators_own_seat_comes_with_its_token_taken_at_once(db_url):
    with running(db_url) as client:
        body = {"game": "legends", "options": SIMPLIFIED, "seats": [ANNA, BRUNO]}
        response = client.post("/api/games", json=body | {"creator_seat": 1})
        assert response.status_code == 201, response.text
        anna, bruno = response.json()["seats"]
        assert anna["token"] is None and anna["invite"]
        assert bruno["invite"] is None and urlsplit(bruno["join_url"]).fragment == (
            f"token={bruno['token']}"
        )
        game_id = response.json()["game_id"]
        assert view(client, game_id, bruno["token"])["seat"] == "P2"
        seats = view(client, game_id)["seats"]
        assert (seats["P1"]["joined"], seats["P2"]["joined"]) == (False, True)


@pytest.mark.parametrize("creator_seat", [2, 1], ids=["no_such_place", "a_bots_seat"])
def test_the_creator_sits_only_at_a_persons_seat(db_url, creator_seat):
    with running(db_url) as client:
        body = {"game": "legends", "options": SIMPLIFIED, "seats": [ANNA, ROBO]}
        response = client.post("/api/games", json=body | {"creator_seat": creator_seat})
    assert response.status_code == 422
    assert response.json()["field"] == "creator_seat"


def test_join_url_is_relative_and_carries_the_invite_in_the_fragment_only(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO], claim=False)
    for seat in created["seats"]:
        url = urlsplit(seat["join_url"])
        assert (url.scheme, url.netloc) == ("", "")
        assert url.path == f"/play/{created['game_id']}"
        assert url.fragment == f"invite={seat['invite']}"
        assert seat["invite"] not in url.path + url.query
        assert parse_qs(url.query)["seat"] == [seat["seat"]]


def test_every_human_seat_gets_a_different_invite_and_token(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
    assert len(set(created["invites"].values())) == 2
    assert len(set(created["tokens"].values())) == 2
    assert not set(created["invites"].values()) & set(created["tokens"].values())


def test_a_table_of_bots_alone_may_choose_its_seed_and_says_so(db_url):
    with running(db_url) as client:
        body = {"game": "legends", "options": SIMPLIFIED, "seats": [ROBO, ROBO], "seed": 4}
        response = client.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        assert view(client, response.json()["game_id"])["practice_seed_known"] is True


def test_a_practice_flag_without_a_seed_is_refused(db_url):
    with running(db_url) as client:
        body = create_body(SIMPLIFIED, [ANNA, BRUNO], None) | {"practice_seed_known": True}
        response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert response.json()["field"] == "practice_seed_known"


def test_the_lobby_marks_a_practice_table(db_url):
    with running(db_url) as client:
        practice = create(client, SIMPLIFIED, [ANNA, BRUNO], claim=False)
        drawn = create(client, SIMPLIFIED, [ANNA, BRUNO], None, claim=False)
        listed = {g["game_id"]: g for g in client.get("/api/games").json()}
    assert listed[practice["game_id"]]["practice_seed_known"] is True
    assert listed[drawn["game_id"]]["practice_seed_known"] is False


@pytest.mark.parametrize(
    "body",
    [
        {"game": "legends", "options": {}, "seats": []},
        {"game": "legends", "seats": [{"name": "x" * 61}]},
        {"game": "legends", "seats": [{"kind": "alien"}]},
        {"game": "legends", "seats": [{"age": 9}], "unexpected": 1},
        {"game": "legends", "seats": [{"age": 9}], "seed": -1},
        {"game": "legends", "seats": "Anna"},
        {"game": "legends", "seats": [{"age": 9}], "practice_seed_known": "yes"},
        {"game": "legends", "seats": [{"age": 9}], "creator_seat": True},
    ],
    ids=[
        "no_seats",
        "long_name",
        "bad_kind",
        "extra_field",
        "negative_seed",
        "seats_not_list",
        "practice_not_bool",
        "creator_seat_not_int",
    ],
)
def test_malformed_create_body_is_refused_with_code_and_message(db_url, body):
    with running(db_url) as client:
        response = client.post("/api/games", json=body)
    assert response.status_code == 422
    refusal = response.json()
    assert set(refusal) >= {"code", "message"}
    assert refusal["code"] == "bad_request"


def test_create_body_that_is_not_json_is_refused(db_url):
    with running(db_url) as client:
        response = client.post(
            "/api/games", content=b"{not json", headers={"content-type": "application/json"}
        )
    assert response.status_code == 422
    assert response.json()["code"] == "bad_request"


def test_unknown_game_is_refused_404_unknown_game(db_url):
    with running(db_url) as client:
        response = client.post("/api/games", json=create_body({}, [ANNA]) | {"game": "chess"})
    assert response.status_code == 404
    assert response.json()["code"] == "unknown_game"
    assert response.json()["message"]


def test_age_zero_is_refused_by_the_request_schema_naming_the_field(db_url):
    with running(db_url) as client:
        response = client.post("/api/games", json=create_body({}, [{"age": 0}, BRUNO]))
    assert response.status_code == 422
    assert response.json()["code"] == "bad_request"
    assert "seats.0.age" in response.json()["message"]


@pytest.mark.parametrize(
    ("options", "seats", "reason"),
    [
        ({"mode": "classic"}, [ANNA], "player_count"),
        ({"mode": "simplified"}, [ANNA, {"kind": "boss"}], "player_count"),
        ({"mode": "simplified", "max_rounds": 0}, [ANNA, BRUNO], "invalid_option"),
        ({"mode": "chess"}, [ANNA, BRUNO], "invalid_option"),
    ],
    ids=["alone_without_boss", "simplified_with_boss", "max_rounds_zero", "unknown_mode"],
)
def test_invalid_config_is_refused_422_invalid_config_with_reason(db_url, options, seats, reason):
    with running(db_url) as client:
        response = client.post("/api/games", json=create_body(options, seats))
    assert response.status_code == 422
    refusal = response.json()
    assert (refusal["code"], refusal["reason"]) == ("invalid_config", reason)
    assert refusal["message"]


# -- the lobby ---------------------------------------------------------------------------------


def test_lobby_lists_a_game_with_an_open_human_seat(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, ROBO], claim=False)
        listed = client.get("/api/games").json()
    [entry] = [g for g in listed if g["game_id"] == created["game_id"]]
    assert entry["game"] == "legends"
    assert entry["mode"] == "simplified"
    assert entry["open_seats"] == ["P1"]
    assert entry["seats"] == {"P1": "Anna", "P2": "Robo"}


def test_lobby_does_not_list_a_game_without_human_seats(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ROBO, {"kind": "bot", "name": "Bip"}])
        assert created["game_id"] not in lobby_ids(client)


def test_lobby_keeps_listing_a_game_until_every_human_seat_is_joined(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO], claim=False)
        game_id, invites = created["game_id"], created["invites"]
        assert join(client, game_id, "P1", invite=invites["P1"]).status_code == 200
        [entry] = [g for g in client.get("/api/games").json() if g["game_id"] == game_id]
        assert entry["open_seats"] == ["P2"]
        assert join(client, game_id, "P2", invite=invites["P2"]).status_code == 200
        assert game_id not in lobby_ids(client)


def test_lobby_does_not_list_a_finished_game(db_url):
    with running(db_url) as client:
        created = create(client, CLASSIC, [ANNA, ROBO])
        game_id, token = created["game_id"], created["tokens"]["P1"]
        response = client.post(
            f"/api/games/{game_id}/actions",
            json={"action": "concede", "version": None},
            headers=bearer(token),
        )
        assert response.status_code == 200, response.text
        assert response.json()["status"] == "over"
        assert game_id not in lobby_ids(client)


# -- joining -----------------------------------------------------------------------------------


def test_join_with_the_links_invite_takes_the_seat_with_a_new_token(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO], claim=False)
        game_id, invite = created["game_id"], created["invites"]["P1"]
        response = join(client, game_id, "P1", invite=invite)
        assert response.status_code == 200
        taken = response.json()
        assert (taken["game_id"], taken["seat"]) == (game_id, "P1")
        assert taken["token"] != invite and len(taken["token"]) == 22
        assert view(client, game_id, taken["token"])["seat"] == "P1"
        seats = view(client, game_id)["seats"]
    assert seats["P1"]["joined"] is True
    assert seats["P2"]["joined"] is False


def test_an_invite_is_not_a_token(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO], claim=False)
        game_id, invite = created["game_id"], created["invites"]["P1"]
        refused = client.get(f"/api/games/{game_id}/view", headers=bearer(invite))
    assert refused.status_code == 401


def test_an_invite_is_spent_once_the_seat_is_taken(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO], claim=False)
        game_id, invite = created["game_id"], created["invites"]["P2"]
        first = join(client, game_id, "P2", invite=invite).json()["token"]
        again = join(client, game_id, "P2", invite=invite)
        assert again.status_code == 409
        assert again.json()["code"] == "seat_taken"
        assert "Bruno" in again.json()["message"] and again.json()["message_it"]
        assert view(client, game_id, first)["seat"] == "P2"


def test_an_invite_opens_its_own_seat_only(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO], claim=False)
        game_id = created["game_id"]
        for invite in (created["invites"]["P1"], "not-an-invite"):
            response = join(client, game_id, "P2", invite=invite)
            assert response.status_code == 403
            assert response.json()["code"] == "bad_invite"
        assert view(client, game_id)["seats"]["P2"]["joined"] is False


def test_join_with_a_name_renames_the_seat(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO], claim=False)
        game_id = created["game_id"]
        token = join(client, game_id, "P1", name="Annina", invite=created["invites"]["P1"])
        assert view(client, game_id)["seats"]["P1"]["name"] == "Annina"
        # The occupant, with its token, may rename it again.
        renamed = join(client, game_id, "P1", token.json()["token"], "Anna B.")
        assert renamed.json()["token"] == token.json()["token"]
        assert view(client, game_id)["seats"]["P1"]["name"] == "Anna B."


def test_join_from_the_lobby_takes_a_free_seat_and_spends_its_invite(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO], claim=False)
        game_id = created["game_id"]
        response = join(client, game_id, "P2")
        assert response.status_code == 200
        new = response.json()["token"]
        assert len(new) == 22
        assert view(client, game_id, new)["seat"] == "P2"
        late = join(client, game_id, "P2", invite=created["invites"]["P2"])
    assert late.status_code == 409
    assert late.json()["code"] == "seat_taken"


def test_join_of_a_taken_seat_without_token_is_refused_409_seat_taken(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        game_id = created["game_id"]
        response = join(client, game_id, "P1")
        assert response.status_code == 409
        assert response.json()["code"] == "seat_taken"
        # the seat's holder keeps it
        assert view(client, game_id, created["tokens"]["P1"])["seat"] == "P1"


def test_join_of_a_finished_game_is_refused(db_url):
    with running(db_url) as client:
        created = create(client, CLASSIC, [ANNA, BRUNO], claim=False)
        game_id, invites = created["game_id"], created["invites"]
        token = join(client, game_id, "P2", invite=invites["P2"]).json()["token"]
        over = client.post(
            f"/api/games/{game_id}/actions",
            json={"action": "concede", "version": None},
            headers=bearer(token),
        )
        assert over.json()["status"] == "over"
        response = join(client, game_id, "P1", invite=invites["P1"])
    assert response.status_code == 409
    assert response.json()["code"] == "not_active"


def test_join_of_a_bot_seat_is_refused_404(db_url):
    with running(db_url) as client:
        game_id = create(client, SIMPLIFIED, [ANNA, ROBO])["game_id"]
        response = join(client, game_id, "P2")
    assert response.status_code == 404
    assert response.json()["code"] == "unknown_seat"


def test_join_of_a_seat_that_does_not_exist_is_refused_404(db_url):
    with running(db_url) as client:
        game_id = create(client)["game_id"]
        response = join(client, game_id, "P9")
    assert response.status_code == 404


def test_join_with_another_seats_token_is_refused_403(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO], claim=False)
        game_id = created["game_id"]
        token = join(client, game_id, "P1", invite=created["invites"]["P1"]).json()["token"]
        response = join(client, game_id, "P2", token)
        assert response.status_code == 403
        assert response.json()["code"] == "forbidden"
        assert view(client, game_id)["seats"]["P2"]["joined"] is False


def test_join_of_an_unknown_game_is_refused_404_unknown_game(db_url):
    with running(db_url) as client:
        response = join(client, "0123456789abcdef", "P1")
    assert response.status_code == 404
    assert response.json()["code"] == "unknown_game"


# -- views and legal actions ------------------------------------------------------------------


def play_until_dealt(client, created):
    """Plays the first legal move of every awaited human seat until P1 holds cards."""

    def dealt(seen):
        return bool(seen["view"]["seats"]["P1"].get("hand"))

    game_id, tokens = created["game_id"], created["tokens"]
    for _ in range(50):
        if dealt(view(client, game_id, tokens["P1"])):
            return
        for token in tokens.values():
            options = legal(client, game_id, token)
            moves = [a for a in options["actions"] if a["type"] != "concede"]
            if moves:
                response = client.post(
                    f"/api/games/{game_id}/actions",
                    json={"action": moves[0], "version": options["version"]},
                    headers=bearer(token),
                )
                assert response.status_code == 200, response.text
    raise AssertionError("P1 never held cards")


def test_view_with_a_seat_token_shows_that_seats_hand_only(db_url):
    with running(db_url) as client:
        created = create(client, CLASSIC, [ANNA, BRUNO])
        play_until_dealt(client, created)
        seen = view(client, created["game_id"], created["tokens"]["P1"])
    assert seen["seat"] == "P1"
    assert seen["view"]["viewer"] == "P1"
    seats = seen["view"]["seats"]
    assert len(seats["P1"]["hand"]) == seats["P1"]["hand_size"] > 0
    assert "hand" not in seats["P2"]
    assert seats["P2"]["hand_size"] > 0


def test_view_without_token_is_the_public_view_without_any_hand(db_url):
    with running(db_url) as client:
        created = create(client, CLASSIC, [ANNA, BRUNO])
        play_until_dealt(client, created)
        seen = view(client, created["game_id"])
    assert seen["seat"] is None
    assert seen["view"]["viewer"] == "public"
    assert all("hand" not in seat for seat in seen["view"]["seats"].values())
    assert all(seat["hand_size"] > 0 for seat in seen["view"]["seats"].values())


def test_view_reports_version_status_and_who_is_awaited(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        seen = view(client, created["game_id"], created["tokens"]["P2"])
    assert (seen["version"], seen["status"], seen["game"]) == (0, "active", "legends")
    assert seen["to_act"] == ["P2"]  # the cut (the second seat in turn order cuts)
    assert seen["game_id"] == created["game_id"]


def test_legal_lists_the_seats_actions(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        options = legal(client, created["game_id"], created["tokens"]["P2"])
    assert (options["seat"], options["version"]) == ("P2", 0)
    assert {"type": "cut_deck"} in options["actions"]
    assert {"type": "cut_deck", "k": 1} in options["actions"]


def test_legal_is_empty_for_a_seat_not_awaited(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        options = legal(client, created["game_id"], created["tokens"]["P1"])
    assert options["actions"] == []


def test_legal_is_empty_for_the_public(db_url):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        options = legal(client, created["game_id"])
    assert options["seat"] is None
    assert options["actions"] == []


def test_view_of_an_unknown_game_is_refused_404(db_url):
    with running(db_url) as client:
        response = client.get("/api/games/0123456789abcdef/view")
    assert response.status_code == 404
    assert response.json()["code"] == "unknown_game"


# -- tokens ------------------------------------------------------------------------------------


@pytest.mark.parametrize("endpoint", ["view", "legal", "record"])
def test_a_wrong_token_is_refused_401_bad_token(db_url, endpoint):
    with running(db_url) as client:
        game_id = create(client)["game_id"]
        response = client.get(f"/api/games/{game_id}/{endpoint}", headers=bearer("A" * 22))
    assert response.status_code == 401
    assert response.json()["code"] == "bad_token"


def test_a_wrong_token_cannot_act(db_url):
    with running(db_url) as client:
        game_id = create(client)["game_id"]
        response = client.post(
            f"/api/games/{game_id}/actions",
            json={"action": "cut_deck", "version": 0},
            headers=bearer("A" * 22),
        )
        assert response.status_code == 401
        assert response.json()["code"] == "bad_token"
        assert view(client, game_id)["version"] == 0


def test_acting_without_a_token_is_refused_401(db_url):
    with running(db_url) as client:
        game_id = create(client)["game_id"]
        response = client.post(
            f"/api/games/{game_id}/actions", json={"action": "cut_deck", "version": 0}
        )
    assert response.status_code == 401
    assert response.json()["code"] == "bad_token"


def test_an_authorization_header_that_is_not_bearer_is_refused_401(db_url):
    with running(db_url) as client:
        created = create(client)
        response = client.get(
            f"/api/games/{created['game_id']}/view",
            headers={"Authorization": f"Basic {created['tokens']['P1']}"},
        )
    assert response.status_code == 401
    assert response.json()["code"] == "bad_token"


def test_a_token_of_one_game_is_refused_on_another(db_url):
    with running(db_url) as client:
        game_a = create(client)
        game_b = create(client)
        for endpoint in ("view", "legal", "record"):
            response = client.get(
                f"/api/games/{game_b['game_id']}/{endpoint}",
                headers=bearer(game_a["tokens"]["P1"]),
            )
            assert response.status_code == 401, endpoint
            assert response.json()["code"] == "bad_token"


# -- the HTTP surface ------------------------------------------------------------------------


def test_openapi_lists_every_rest_path(db_url):
    with running(db_url) as client:
        response = client.get("/openapi.json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert set(paths["/api/games"]) == {"get", "post"}
    assert "post" in paths["/api/games/{game_id}/seats/{seat}/join"]
    for path in ("view", "legal", "record"):
        assert "get" in paths[f"/api/games/{{game_id}}/{path}"]
    assert "post" in paths["/api/games/{game_id}/actions"]


def test_openapi_documents_refusals_with_code_and_message(db_url):
    with running(db_url) as client:
        schema = client.get("/openapi.json").json()
    refused = schema["components"]["schemas"]["Refused"]
    assert set(refused["required"]) == {"code", "message"}
    responses = schema["paths"]["/api/games/{game_id}/actions"]["post"]["responses"]
    assert {"401", "403", "409", "422"} <= set(responses)


def test_a_body_over_64_kib_is_refused_413(db_url):
    with running(db_url) as client:
        body = json.dumps(create_body({"pad": "x" * 70_000}, [ANNA, BRUNO])).encode()
        response = client.post(
            "/api/games", content=body, headers={"content-type": "application/json"}
        )
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"


def test_a_body_of_exactly_64_kib_is_not_refused_for_its_size(db_url):
    with running(db_url) as client:
        body = json.dumps(create_body({"pad": ""}, [ANNA, BRUNO])).encode()
        body = body.replace(b'"pad": ""', b'"pad": "' + b"x" * (64 * 1024 - len(body)) + b'"')
        assert len(body) == 64 * 1024
        response = client.post(
            "/api/games", content=body, headers={"content-type": "application/json"}
        )
    assert response.status_code == 422
    assert response.json()["code"] == "invalid_config"


def test_a_chunked_body_over_64_kib_is_refused_413(db_url):
    body = json.dumps({"name": "x" * 70_000}).encode()

    def chunks():
        for start in range(0, len(body), 8192):
            yield body[start : start + 8192]

    with running(db_url) as client:
        created = create(client)
        response = client.post(
            f"/api/games/{created['game_id']}/seats/P1/join",
            content=chunks(),
            headers={"content-type": "application/json", **bearer(created["tokens"]["P1"])},
        )
    assert response.status_code == 413


def test_a_cross_origin_request_gets_no_cors_allow_origin(db_url):
    with running(db_url) as client:
        response = client.get("/api/games", headers={"Origin": "https://elsewhere.example"})
        assert response.status_code == 200
        assert "access-control-allow-origin" not in response.headers
        preflight = client.options(
            "/api/games",
            headers={
                "Origin": "https://elsewhere.example",
                "Access-Control-Request-Method": "POST",
            },
        )
    assert "access-control-allow-origin" not in preflight.headers

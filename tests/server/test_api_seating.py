"""A new table checked against the game's declaration: seat kinds and counts, the game's
own seat fields and its table options. Every bad request is a 422 with a code and a
sentence that starts with the field; never a server error."""

from __future__ import annotations

import json

import pytest

from tavola.core import get_game

from .api_helpers import ANNA, BRUNO, SIMPLIFIED, create, running


@pytest.fixture
def client(tmp_path):
    with running(f"sqlite:///{tmp_path / 'tavola.db'}") as client:
        yield client


def refused(client, body, field):
    """The refusal of `body`, checked to name `field`."""
    response = client.post("/api/games", json=body)
    assert response.status_code == 422, response.text
    refusal = response.json()
    assert refusal["field"] == field
    assert refusal["message"].startswith(f"{field}: ")
    return refusal


def legends(seats, **options):
    return {"game": "legends", "options": options or SIMPLIFIED, "seats": seats}


def trono(seats, **options):
    return {"game": "trono", "options": {"max_turns": 2, **options}, "seats": seats}


# -- seats -----------------------------------------------------------------------------------


def test_a_seat_kind_the_game_does_not_declare_is_refused_naming_the_seat(client):
    refusal = refused(client, legends([ANNA, {"kind": "alien"}]), "seats.1.kind")
    assert refusal["code"] == "bad_request"
    assert "human" in refusal["message"]  # the kinds it may be


def test_another_games_automaton_is_not_a_seat_kind_here(client):
    assert "boss" not in get_game("trono").info.seat_kinds
    refused(client, trono([{"kind": "reference"}, {"kind": "boss"}]), "seats.1.kind")


def test_a_person_cannot_sit_where_the_game_seats_only_bots(client):
    refused(client, trono([{"kind": "human"}, {"kind": "reference"}]), "seats.0.kind")


def test_every_declared_bot_kind_can_be_seated(client):
    seats = [{"kind": kind} for kind in ("random", "greedy", "ismcts", "reference")]
    created = create(client, {"mode": "classic", "max_rounds": 1}, seats)
    assert [s["kind"] for s in created["seats"]] == ["bot"] * 4


def test_the_old_bot_spelling_still_seats_that_bot(client):
    created = create(client, SIMPLIFIED, [ANNA, {"kind": "bot", "bot": "greedy"}])
    game_id = created["game_id"]
    seats = client.get(f"/api/games/{game_id}/view").json()["seats"]
    assert (seats["P2"]["kind"], seats["P2"]["bot"]) == ("bot", "greedy")


def test_a_bot_name_beside_another_kind_is_refused(client):
    refused(client, legends([ANNA, {"kind": "human", "bot": "greedy"}]), "seats.1.bot")


def test_an_automaton_takes_the_seat_after_the_players_and_is_played_by_itself(client):
    created = create(client, {"mode": "classic"}, [{"kind": "boss"}, ANNA])
    game_id = created["game_id"]
    assert [s["kind"] for s in created["seats"]] == ["human", "bot"]
    seats = client.get(f"/api/games/{game_id}/view").json()["seats"]
    assert seats["P1"]["name"] == "Anna"
    assert seats["B"]["bot"] == "boss"


@pytest.mark.parametrize(
    ("seat", "field"),
    [
        ({"age": "old"}, "seats.0.age"),
        ({"age": 100}, "seats.0.age"),
        ({"age": 1e308}, "seats.0.age"),
        ({"team": ""}, "seats.0.team"),
        ({"colour": "red"}, "seats.0.colour"),
    ],
    ids=["age_not_a_number", "age_too_high", "age_huge", "empty_team", "unknown_field"],
)
def test_a_bad_seat_field_is_refused_by_the_games_seat_model(client, seat, field):
    assert refused(client, legends([seat, BRUNO]), field)["code"] == "bad_request"


def test_a_game_without_seat_fields_refuses_any(client):
    refused(client, trono([{"kind": "reference", "age": 9}, {"kind": "reference"}]), "seats.0.age")


@pytest.mark.parametrize(
    ("game", "seats"),
    [("legends", 10), ("trono", 11), ("trono", 1)],
    ids=["legends_too_many", "trono_too_many", "trono_too_few"],
)
def test_a_seat_count_outside_the_games_range_is_refused(client, game, seats):
    body = {"game": game, "options": {}, "seats": [{"kind": "random"}] * seats}
    refusal = refused(client, body, "seats")
    assert (refusal["code"], refusal["reason"]) == ("invalid_config", "player_count")


def test_a_request_with_more_seats_than_any_table_is_refused_by_its_shape(client):
    response = client.post("/api/games", json=legends([{"kind": "random"}] * 65))
    assert response.status_code == 422
    assert response.json()["code"] == "bad_request"


def test_the_game_must_be_named(client):
    response = client.post("/api/games", json={"options": {}, "seats": [ANNA, BRUNO]})
    assert response.status_code == 422
    assert response.json()["message"].startswith("body.game: ")


# -- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"max_rounds": "many"}, "options.max_rounds"),
        ({"max_rounds": 10**40}, "options.max_rounds"),
        ({"timers": {"turn_s": 1e308}}, "options.timers.turn_s"),
        ({"timers": {"turn_s": -1}}, "options.timers.turn_s"),
        ({"simplified": {"max_clashes": 10**9}}, "options.simplified.max_clashes"),
        ({"catalog": "/etc/passwd"}, "options.catalog"),
        ({"players": []}, "options.players"),
    ],
    ids=[
        "not_a_number",
        "huge_integer",
        "huge_seconds",
        "negative_seconds",
        "huge_nested",
        "server_file",
        "config_not_an_option",
    ],
)
def test_a_bad_option_is_refused_by_the_games_table_options(client, options, field):
    refusal = refused(client, legends([ANNA, BRUNO], **options), field)
    assert (refusal["code"], refusal["reason"]) == ("invalid_config", "invalid_option")


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN"])
def test_numbers_json_cannot_hold_are_refused_not_crashed_on(client, number):
    """Refused where the body is parsed (issue 16): no route sees them."""
    body = json.dumps(legends([ANNA, BRUNO], mode="classic", timers={"turn_s": 1}))
    body = body.replace('"turn_s": 1', f'"turn_s": {number}')
    response = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert response.json()["field"] == "body"


def test_a_trono_option_outside_its_bounds_is_refused(client):
    refused(client, trono([{"kind": "reference"}] * 2, max_turns=0), "options.max_turns")


def test_what_only_the_game_can_check_is_refused_by_its_config(client):
    response = client.post("/api/games", json=legends([ANNA, {"kind": "boss"}]))
    assert response.status_code == 422
    assert (response.json()["code"], response.json()["reason"]) == (
        "invalid_config",
        "player_count",
    )

"""Issue 28, finding 7: the published OpenAPI schema says what the server accepts. Each
request below is judged by the schema the server publishes (`/openapi.json`) and then sent:
what the schema refuses the server refuses (4xx), and what it allows is never refused for
its shape. Before, the schema let through a seat's unknown keys, a tournament without
`options.format`, any campaign options and the actions `""` and `{}`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest
from fastapi.testclient import TestClient

from tests.server.api_helpers import bearer, create, running

ANNA = {"name": "Anna", "age": 9}
BRUNO = {"name": "Bruno", "age": 30}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("strict")
    with running(f"sqlite:///{folder / 't.db'}", bot_delay=3600) as client:
        yield client


def allowed(client: TestClient, path: str, body: Any) -> bool:
    """Whether the published schema allows `body` for `POST path`."""
    document = client.get("/openapi.json").json()
    content = document["paths"][path]["post"]["requestBody"]["content"]
    schema = {**content["application/json"]["schema"], "components": document["components"]}
    return bool(jsonschema_rs.Draft202012Validator(schema).is_valid(body))


def refused_alike(client: TestClient, path: str, body: Any, **headers: str) -> dict[str, Any]:
    """The schema refuses `body`, and so does the server (422)."""
    assert not allowed(client, path, body)
    response = client.post(path, json=body, headers=headers)
    assert response.status_code == 422, response.text
    return dict(response.json())


def accepted_alike(client: TestClient, path: str, body: Any, status: int = 201) -> None:
    assert allowed(client, path, body)
    response = client.post(path, json=body)
    assert response.status_code == status, response.text


def table(*seats: dict[str, Any], game: str = "legends", **options: Any) -> dict[str, Any]:
    return {"game": game, "options": options or {"mode": "simplified"}, "seats": list(seats)}


def test_a_seat_key_no_game_has_is_outside_the_schema(client):
    refusal = refused_alike(client, "/api/games", table({**ANNA, "colour": "red"}, BRUNO))
    assert (refusal["code"], refusal["field"]) == ("bad_request", "seats.0.colour")


def test_a_seat_field_of_another_game_is_outside_the_schema_for_this_one(client):
    refusal = refused_alike(client, "/api/games", table({**ANNA, "role": "referee"}, BRUNO))
    assert (refusal["code"], refusal["field"]) == ("bad_request", "seats.0.role")


def test_a_seat_kind_the_game_lacks_is_outside_the_schema(client):
    body = table({"name": "Anna", "kind": "boss"}, game="trono", mode="live")
    assert refused_alike(client, "/api/games", body)["field"] == "seats.0.kind"


def test_an_option_the_game_lacks_is_outside_the_schema(client):
    refusal = refused_alike(client, "/api/games", table(ANNA, BRUNO, mode="simplified", fog=1))
    assert refusal["field"] == "options.fog"


def test_a_game_s_own_seat_fields_and_options_are_in_the_schema(client):
    accepted_alike(client, "/api/games", table(ANNA, {**BRUNO, "kind": "bot", "bot": "random"}))


def test_a_tournament_without_its_format_is_outside_the_schema(client):
    refusal = refused_alike(client, "/api/tournaments", {"game": "legends", "options": {}})
    assert refusal["field"] == "options.format"


def test_a_tournament_option_neither_the_format_nor_the_game_has_is_outside_the_schema(client):
    body = {"game": "legends", "options": {"format": "swiss", "fog": 1}}
    assert refused_alike(client, "/api/tournaments", body)["field"] == "options.fog"


def test_a_tournament_with_its_format_and_the_game_s_options_is_in_the_schema(client):
    body = {"game": "legends", "options": {"format": "swiss", "rounds": 3}}
    accepted_alike(client, "/api/tournaments", body)


def test_campaign_options_the_game_lacks_are_outside_the_schema(client):
    body = {"game": "legends", "options": {"fog": 1}, "party": [{"kind": "human"}]}
    assert refused_alike(client, "/api/campaigns", body)["code"] == "invalid_config"


def test_the_ready_made_campaign_is_in_the_schema(client):
    body = {"game": "legends", "options": {}, "party": [{"kind": "human", "name": "Ada"}]}
    accepted_alike(client, "/api/campaigns", body)


@pytest.mark.parametrize("action", ["", {}, {"type": ""}, {"args": 1}, 3])
@pytest.mark.parametrize("route", ["actions", "check"])
def test_an_empty_action_is_outside_the_schema_and_refused_for_its_shape(client, action, route):
    game = create(client)
    path = f"/api/games/{game['game_id']}/{route}"
    body = {"action": action}
    document_path = "/api/games/{game_id}/" + route
    assert not allowed(client, document_path, body)
    response = client.post(path, json=body, headers=bearer(game["tokens"]["P1"]))
    assert response.status_code == 422, response.text
    assert (response.json()["code"], response.json()["field"]) == ("bad_request", "body.action")


def test_a_campaign_choice_that_is_no_action_is_outside_the_schema(client):
    assert not allowed(client, "/api/campaigns/{campaign_id}/choices", {"action": {}})
    assert allowed(client, "/api/campaigns/{campaign_id}/choices", {"action": {"type": "x"}})

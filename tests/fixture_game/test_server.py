"""Kuhn poker on the server: the catalogue, its browser module, a table of two people
played over REST and the WebSocket, and a person against a bot; nothing in the server
knows the game."""

from __future__ import annotations

from tests.server.api_helpers import (
    act,
    bearer,
    running,
    take_seat,
    view,
    wait_for,
    ws_receive,
    ws_until,
)


def create(client, seats):
    """A table of `seats`, each person's seat taken with its link's invite."""
    response = client.post("/api/games", json={"game": "kuhn", "options": {}, "seats": seats})
    assert response.status_code == 201, response.text
    created = response.json()
    created["tokens"] = {
        s["seat"]: take_seat(client, created["game_id"], s["seat"], s["invite"])
        for s in created["seats"]
        if s.get("invite")
    }
    return created


def test_the_catalogue_offers_the_fixture_game_and_its_module(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        entry = next(g for g in client.get("/api/catalog?lang=it").json() if g["name"] == "kuhn")
        assert entry["text"]["title"] == "Poker di Kuhn"
        assert entry["options_schema"]["properties"]["ante"]["maximum"] == 10
        assert entry["table_module"] == "/games/kuhn/web/table.js"
        module = client.get(entry["table_module"])
        assert module.status_code == 200 and "export function render" in module.text
        assert client.get("/games/kuhn/web/i18n/it.json").json()["verb.fold"] == "Lascia"


def test_options_and_seats_are_checked_by_the_game(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        too_many = [{"kind": "human"}] * 3
        body = {"game": "kuhn", "options": {}, "seats": too_many}
        assert client.post("/api/games", json=body).status_code == 422
        body = {"game": "kuhn", "options": {"ante": 99}, "seats": too_many[:2]}
        refused = client.post("/api/games", json=body)
        assert refused.status_code == 422 and "ante" in refused.json()["message"]


def test_two_people_play_a_hand_over_rest_and_the_websocket(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        created = create(client, [{"name": "Ada"}, {"name": "Bea"}])
        game_id, tokens = created["game_id"], created["tokens"]
        mine = view(client, game_id, tokens["P1"])["view"]
        assert mine["cards"]["P1"] in ("jack", "queen", "king") and mine["cards"]["P2"] is None
        url = f"/api/games/{game_id}/ws?token={tokens['P2']}"
        with client.websocket_connect(url) as socket:
            assert ws_receive(socket)["type"] == "state"
            assert act(client, game_id, tokens["P1"], "bet", None).status_code == 200
            update = ws_until(socket, lambda m: m.get("type") == "update")[-1]
            assert update["view"]["history"] == ["bet"]
            socket.send_json({"type": "action", "action": "fold", "client_action_id": "f1"})
            ws_until(socket, lambda m: m.get("type") == "result")
        ended = view(client, game_id)
        assert ended["status"] == "over" and ended["view"]["history"] == ["bet", "fold"]
        refused = act(client, game_id, tokens["P2"], "check", None)
        assert refused.status_code == 422 and refused.json()["code"] == "game_over"


def test_a_person_plays_against_a_bot(tmp_path):
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        created = create(client, [{"name": "Ada"}, {"kind": "random"}])
        game_id, token = created["game_id"], created["tokens"]["P1"]
        assert act(client, game_id, token, "bet", None).status_code == 200

        def over():
            answer = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
            return answer if answer["status"] == "over" else None

        assert wait_for(over, "the bot to answer the bet")["view"]["history"][1] in ("call", "fold")

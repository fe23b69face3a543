"""The lobby's two lists: tables with a seat for a person still free, and games being
played, which anyone may watch."""

from __future__ import annotations

from .api_helpers import create_body, running

GIULIA = {"kind": "human", "name": "Giulia"}


def created(client, seats, **extra):
    response = client.post("/api/games", json={**create_body({"mode": "classic"}, seats), **extra})
    assert response.status_code == 201, response.text
    return response.json()["game_id"]


def listed(client, path):
    response = client.get(path)
    assert response.status_code == 200, response.text
    return {g["game_id"]: g for g in response.json()}


def test_a_solo_table_is_not_offered_to_strangers_but_can_be_watched(tmp_path):
    with running(f"sqlite:///{tmp_path / 'tavola.db'}", bot_delay=60) as client:
        solo = created(client, [GIULIA, {"kind": "boss"}], creator_seat=0)
        open_seats = listed(client, "/api/games")
        playing = listed(client, "/api/games/playing")
    assert solo not in open_seats
    assert playing[solo]["seats"] == {"P1": "Giulia", "B": "Boss"}
    assert playing[solo]["kinds"] == {"P1": "human", "B": "boss"}
    assert playing[solo]["open_seats"] == []


def test_a_table_with_a_free_seat_is_offered_and_not_yet_listed_as_playing(tmp_path):
    with running(f"sqlite:///{tmp_path / 'tavola.db'}", bot_delay=60) as client:
        waiting = created(client, [GIULIA, {"kind": "human"}], creator_seat=0)
        open_seats = listed(client, "/api/games")
        playing = listed(client, "/api/games/playing")
    assert open_seats[waiting]["open_seats"] == ["P2"]
    assert open_seats[waiting]["kinds"] == {"P1": "human", "P2": "human"}
    assert waiting not in playing


def test_a_finished_game_is_not_listed_as_playing(tmp_path):
    with running(f"sqlite:///{tmp_path / 'tavola.db'}", bot_delay=60) as client:
        body = {**create_body({"mode": "classic"}, [GIULIA, {"kind": "boss"}]), "creator_seat": 0}
        answer = client.post("/api/games", json=body).json()
        game_id = answer["game_id"]
        token = next(s["token"] for s in answer["seats"] if s["token"])
        conceded = client.post(
            f"/api/games/{game_id}/actions",
            json={"action": {"type": "concede"}, "version": 0},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert conceded.status_code == 200, conceded.text
        playing = listed(client, "/api/games/playing")
    assert game_id not in playing

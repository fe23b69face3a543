"""Gioco del Trono on the server: a practice table of one-bot houses, created like any
other table, played by its bots to the end, then recorded and replayed."""

from __future__ import annotations

import pytest

from .api_helpers import record, running, wait_view

HOUSES = [{"kind": "reference", "name": "Volpe"}, {"kind": "random"}, {"kind": "greedy"}]
SHORT = {"max_turns": 2}


def over(view):
    return view["status"] == "over"


def create_practice(client, seats=HOUSES, options=SHORT):
    body = {"game": "trono", "options": options, "seats": seats, "seed": 4}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def test_a_practice_table_seats_its_bots_and_a_referee_played_by_the_server(db_url):
    with running(db_url, bot_delay=60) as client:
        created = create_practice(client)
    seats = {s["seat"]: s for s in created["seats"]}
    assert list(seats) == ["player:bot01", "player:bot02", "player:bot03", "referee:arbitro"]
    assert all(s["kind"] == "bot" and s["token"] is None for s in seats.values())
    assert seats["player:bot01"]["name"] == "Volpe"


def test_the_bots_play_a_practice_game_to_the_end(db_url):
    with running(db_url) as client:
        game_id = create_practice(client)["game_id"]
        final = wait_view(client, game_id, None, over, "the practice game to finish", 60)
    assert final["seats"]["player:bot02"]["bot"] == "random"
    assert final["seats"]["referee:arbitro"]["bot"] == "reference"
    assert final["version"] > 0
    assert final["view"]


def test_a_finished_practice_game_has_its_record_and_every_replay_frame(db_url):
    with running(db_url) as client:
        game_id = create_practice(client)["game_id"]
        wait_view(client, game_id, None, over, "the practice game to finish", 60)
        finished = record(client, game_id)
        steps = len(finished["log"])
        first = client.get(f"/api/games/{game_id}/replay/0").json()
        last = client.get(f"/api/games/{game_id}/replay/{steps}", params={"lang": "it"}).json()
    assert finished["finished"] and finished["game"] == "trono"
    assert (first["step"], first["steps"], first["outcome"]) == (0, steps, None)
    assert last["outcome"] is not None
    assert last["by"] == finished["log"][-1]["seat"]


@pytest.mark.parametrize("houses", [2, 10])
def test_practice_tables_take_two_to_ten_houses(tmp_path, houses):
    with running(f"sqlite:///{tmp_path / 'tavola.db'}", bot_delay=60) as client:
        created = create_practice(client, [{"kind": "reference"}] * houses)
    assert len(created["seats"]) == houses + 1  # and the referee

"""Seats and tokens stay consistent across workers: two apps on one PostgreSQL database
(what `tavola serve --workers 2` runs), a request landing on either of them."""

from __future__ import annotations

import pytest

from .api_helpers import act, bearer, create, running, view


@pytest.fixture
def workers(db_url):
    """Two workers on one database, with a two-human game both have loaded."""
    if db_url.startswith("sqlite"):
        pytest.skip("several workers need PostgreSQL (tavola serve refuses them on SQLite)")
    with running(db_url) as first, running(db_url) as second:
        created = create(first)
        assert view(second, created["game_id"], created["tokens"]["P2"])["seat"] == "P2"
        yield first, second, created


def join(client, game_id, seat, token=None):
    return client.post(f"/api/games/{game_id}/seats/{seat}/join", headers=bearer(token))


def test_a_move_made_on_one_worker_is_seen_by_the_other(workers):
    first, second, created = workers
    game_id = created["game_id"]
    assert act(first, game_id, created["tokens"]["P2"], "cut_deck", 0).status_code == 200
    response = act(second, game_id, created["tokens"]["P1"], "flip", 1)
    assert response.status_code == 200, response.text
    assert response.json()["version"] == 2


def test_a_token_issued_on_one_worker_opens_the_seat_on_the_other(workers):
    first, second, created = workers
    game_id = created["game_id"]
    issued = join(first, game_id, "P2").json()["token"]
    response = second.get(f"/api/games/{game_id}/view", headers=bearer(issued))
    assert response.status_code == 200
    assert response.json()["seat"] == "P2"


def test_a_token_voided_on_one_worker_is_refused_by_the_other(workers):
    first, second, created = workers
    game_id, old = created["game_id"], created["tokens"]["P2"]
    assert join(first, game_id, "P2").status_code == 200
    response = second.get(f"/api/games/{game_id}/view", headers=bearer(old))
    assert response.status_code == 401


def test_a_seat_taken_on_one_worker_cannot_be_taken_on_the_other(workers):
    first, second, created = workers
    game_id = created["game_id"]
    assert join(first, game_id, "P2", created["tokens"]["P2"]).status_code == 200
    response = join(second, game_id, "P2")
    assert response.status_code == 409
    assert response.json()["code"] == "seat_taken"

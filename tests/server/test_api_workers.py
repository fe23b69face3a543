"""Seats and tokens stay consistent across workers: two apps on one PostgreSQL database
(what `tavola serve --workers 2` runs), a request landing on either of them."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from .api_helpers import CLASSIC, act, bearer, create, running, view


@pytest.fixture
def workers(db_url):
    """Two workers on one database, with a two-human game both have loaded."""
    if db_url.startswith("sqlite"):
        pytest.skip("several workers need PostgreSQL (tavola serve refuses them on SQLite)")
    with running(db_url) as first, running(db_url) as second:
        created = create(first)
        assert view(second, created["game_id"], created["tokens"]["P2"])["seat"] == "P2"
        yield first, second, created


def join(client, game_id, seat, token=None, invite=None):
    body = {"invite": invite} if invite else None
    url = f"/api/games/{game_id}/seats/{seat}/join"
    return client.post(url, json=body, headers=bearer(token))


def test_a_move_made_on_one_worker_is_seen_by_the_other(workers):
    first, second, created = workers
    game_id = created["game_id"]
    assert act(first, game_id, created["tokens"]["P2"], "cut_deck", 0).status_code == 200
    response = act(second, game_id, created["tokens"]["P1"], "flip", 1)
    assert response.status_code == 200, response.text
    assert response.json()["version"] == 2


def test_a_token_issued_on_one_worker_opens_the_seat_on_the_other(workers):
    first, second, _ = workers
    created = create(first, claim=False)
    game_id = created["game_id"]
    view(second, game_id)  # the second worker has the game in memory already
    issued = join(first, game_id, "P2", invite=created["invites"]["P2"]).json()["token"]
    response = second.get(f"/api/games/{game_id}/view", headers=bearer(issued))
    assert response.status_code == 200
    assert response.json()["seat"] == "P2"


def test_an_invite_spent_on_one_worker_is_refused_by_the_other(workers):
    first, second, _ = workers
    created = create(first, claim=False)
    game_id, invite = created["game_id"], created["invites"]["P2"]
    view(second, game_id)
    assert join(first, game_id, "P2", invite=invite).status_code == 200
    response = join(second, game_id, "P2", invite=invite)
    assert response.status_code == 409
    assert response.json()["code"] == "seat_taken"


def test_a_seat_taken_on_one_worker_cannot_be_taken_on_the_other(workers):
    first, second, created = workers
    game_id = created["game_id"]
    assert join(first, game_id, "P2", created["tokens"]["P2"]).status_code == 200
    response = join(second, game_id, "P2")
    assert response.status_code == 409
    assert response.json()["code"] == "seat_taken"


def test_players_asking_for_a_rematch_on_two_workers_at_once_reach_the_same_one(workers):
    first, second, _ = workers
    created = create(first, CLASSIC)
    game_id, tokens = created["game_id"], created["tokens"]
    conceded = act(first, game_id, tokens["P2"], "concede", None)
    assert conceded.json().get("status") == "over", conceded.text
    view(second, game_id)

    def rematch(client, seat):
        return client.post(f"/api/games/{game_id}/rematch", headers=bearer(tokens[seat]))

    with ThreadPoolExecutor(2) as pool:
        asked = [pool.submit(rematch, c, s) for c, s in ((first, "P1"), (second, "P2"))]
        answers = [f.result() for f in asked]
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    new_id = answers[0].json()["game_id"]
    assert answers[1].json()["game_id"] == new_id
    for seat, answer in zip(("P1", "P2"), answers, strict=True):
        assert view(second, new_id, answer.json()["token"])["seat"] == seat

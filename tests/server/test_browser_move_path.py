"""A move sent as the browser sends it (over the game's WebSocket, with an action id) and
one sent over REST take the event loop's path: the engine plays it on the loop, with no
trip to a worker thread, and it is in the database before its answer leaves."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, select

from tavola.core import get_game
from tavola.store.group import running_loop
from tavola.store.models import ActionRow

from .api_helpers import ANNA, BRUNO, SIMPLIFIED, create, legal, running
from .test_api_websocket import reply_to, socket_act, url


@pytest.fixture
def applied_where(monkeypatch):
    """For each move the engine applies: whether it ran on the event loop's thread."""
    game_class = type(get_game("legends"))
    apply = game_class.apply
    where: list[bool] = []

    def noted(self, state, seat, action):
        where.append(running_loop() is not None)
        return apply(self, state, seat, action)

    monkeypatch.setattr(game_class, "apply", noted)
    return where


def _stored_ids(db_url: str, game_id: str) -> list[str | None]:
    engine = create_engine(db_url)  # another connection: what is committed
    try:
        with engine.connect() as connection:
            query = select(ActionRow.client_action_id).where(ActionRow.game_id == game_id)
            return list(connection.scalars(query.order_by(ActionRow.seq)))
    finally:
        engine.dispose()


def _awaited_seat(client, created) -> tuple[str, dict]:
    for seat, token in created["tokens"].items():
        actions = legal(client, created["game_id"], token)["actions"]
        if actions:
            return seat, actions[0]
    raise AssertionError("nobody is awaited")


def test_a_browser_move_is_played_on_the_loop_and_stored_before_its_answer(db_url, applied_where):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        game_id = created["game_id"]
        for version, move_id in enumerate(["b-1", "b-2", "b-3"]):
            seat, action = _awaited_seat(client, created)
            with client.websocket_connect(url(game_id, created["tokens"][seat])) as socket:
                socket_act(socket, action, version, move_id)
                reply = reply_to(socket, move_id)
                stored = _stored_ids(db_url, game_id)  # read as soon as the answer came
            assert (reply["type"], reply["version"]) == ("result", version + 1), reply
            assert stored[-1] == move_id
    assert applied_where == [True, True, True]


def test_a_rest_move_takes_the_same_path(db_url, applied_where):
    with running(db_url) as client:
        created = create(client, SIMPLIFIED, [ANNA, BRUNO])
        game_id = created["game_id"]
        seat, action = _awaited_seat(client, created)
        headers = {"Authorization": f"Bearer {created['tokens'][seat]}"}
        body = {"action": action, "version": 0, "client_action_id": "r-1"}
        answer = client.post(f"/api/games/{game_id}/actions", json=body, headers=headers)
        assert answer.status_code == 200, answer.text
        assert _stored_ids(db_url, game_id) == ["r-1"]
        again = client.post(f"/api/games/{game_id}/actions", json=body, headers=headers)
        assert (again.json()["duplicate"], again.json()["version"]) == (True, 1)
    assert applied_where == [True]

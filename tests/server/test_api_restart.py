"""A game outlives its server: a new app on the same database serves the same game, from
the log alone or from a snapshot plus the moves after it, and play goes on."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tavola.core import GameRecord, replay
from tavola.server import loading
from tavola.store.models import SnapshotRow

from .api_helpers import (
    ANNA,
    CLASSIC,
    ROBO,
    act,
    create,
    first_move,
    legal,
    record,
    running,
    view,
    ws_receive,
)

SIMPLIFIED_LONG = {"mode": "simplified", "simplified": {"max_clashes": 60}}
CLASSIC_LONG = {"mode": "classic", "max_rounds": 8}


def play(client, game_id, tokens, moves):
    """Plays `moves` first-legal moves, taking the awaited seats in turn."""
    for _ in range(moves):
        seen = view(client, game_id)
        assert seen["status"] == "active"
        seat = seen["to_act"][0]
        action = first_move(legal(client, game_id, tokens[seat])["actions"])
        response = act(client, game_id, tokens[seat], action, seen["version"])
        assert response.status_code == 200, response.text


def stored_snapshots(client, game_id):
    with client.app.state.service.db.session() as session:
        query = select(SnapshotRow.version).where(SnapshotRow.game_id == game_id)
        return sorted(session.scalars(query))


def views_of(client, game_id, tokens):
    """Everything each seat (and the public) can see: view, record, WebSocket state."""
    seen = {}
    for seat, token in {**tokens, None: None}.items():
        query = f"?token={token}" if token else ""
        with client.websocket_connect(f"/api/games/{game_id}/ws{query}") as socket:
            state = ws_receive(socket)
        seen[seat] = {
            "view": view(client, game_id, token),
            "record": record(client, game_id, token),
            "state": state,
        }
    return seen


@pytest.mark.parametrize(
    ("options", "moves"),
    [(SIMPLIFIED_LONG, 7), (SIMPLIFIED_LONG, 53), (CLASSIC_LONG, 7), (CLASSIC_LONG, 53)],
    ids=["simplified-log", "simplified-snapshot", "classic-log", "classic-snapshot"],
)
def test_a_restarted_server_shows_every_seat_the_same_game(db_url, options, moves):
    """Snapshots are taken every 50 moves: 53 moves reload from one, 7 from the log."""
    with running(db_url) as client:
        created = create(client, options)
        game_id, tokens = created["game_id"], created["tokens"]
        play(client, game_id, tokens, moves)
        before = views_of(client, game_id, tokens)
    with running(db_url) as client:
        after = views_of(client, game_id, tokens)
        snapshots = stored_snapshots(client, game_id)
    assert snapshots == ([50] if moves > 50 else [])
    assert after == before
    assert after[None]["view"]["version"] == moves


def test_a_restarted_server_plays_on_to_a_replayable_end(db_url):
    with running(db_url) as client:
        created = create(client, {"mode": "simplified", "simplified": {"max_clashes": 25}})
        game_id, tokens = created["game_id"], created["tokens"]
        play(client, game_id, tokens, 53)
    with running(db_url) as client:
        while view(client, game_id)["status"] == "active":
            play(client, game_id, tokens, 1)
        finished = record(client, game_id)
    assert finished["finished"] is True
    assert replay(GameRecord.from_json(finished)).hash == finished["state_hash"]


def test_a_finished_game_leaves_memory_once_unused_and_is_read_back_alike(db_url, monkeypatch):
    """A long-running server holds only the games being played: a finished one is dropped
    after a while unused, and the next request reads it back from the database."""
    monkeypatch.setattr(loading, "FINISHED_KEPT_SECONDS", 0.0)
    with running(db_url) as client:
        service = client.app.state.service
        created = create(client, CLASSIC, [ANNA, ROBO])
        game_id, token = created["game_id"], created["tokens"]["P1"]
        playing = create(client, CLASSIC, [ANNA, ROBO])["game_id"]
        assert act(client, game_id, token, {"type": "concede"}, None).status_code == 200
        before = {"view": view(client, game_id, token), "record": record(client, game_id, token)}
        service.tick()
        assert game_id not in service.live
        assert playing in service.live  # an unfinished game stays, however long unused
        after = {"view": view(client, game_id, token), "record": record(client, game_id, token)}
    assert after == before
    assert after["view"]["status"] == "over"

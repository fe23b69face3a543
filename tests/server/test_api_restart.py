"""A game outlives its server: a new app on the same database serves the same game, from
the log alone or from a snapshot plus the moves after it, and play goes on."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tavola.core import GameRecord, replay
from tavola.store.models import SnapshotRow

from .api_helpers import act, create, first_move, legal, record, running, view, ws_receive

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

"""The push of each change: built once per move in the thread that made it, sent in move
order; a push that fails never undoes a committed move."""

from __future__ import annotations

import itertools

from tavola.server import hub

from .api_helpers import ROBO, act, create, running, view, ws_receive


def url(game_id, token=None):
    return f"/api/games/{game_id}/ws" + (f"?token={token}" if token else "")


def test_a_move_stands_when_its_update_cannot_be_built(db_url, monkeypatch):
    with running(db_url) as client:
        created = create(client)
        game_id, tokens = created["game_id"], created["tokens"]
        with client.websocket_connect(url(game_id, tokens["P1"])) as socket:
            assert ws_receive(socket)["type"] == "state"

            def broken(*_args, **_kwargs):
                raise RuntimeError("a view that cannot be built")

            monkeypatch.setattr(hub, "since", broken)
            assert act(client, game_id, tokens["P2"], "cut_deck", 0).status_code == 200
            monkeypatch.undo()
        assert view(client, game_id, tokens["P1"])["version"] == 1


def test_a_spectator_gets_every_version_once_and_in_order_while_bots_play(db_url):
    bots = [ROBO, {"kind": "bot", "name": "Bip"}]
    with running(db_url) as client:
        game_id = create(client, {"mode": "simplified"}, bots, seed=2)["game_id"]
        with client.websocket_connect(url(game_id)) as socket:
            messages = [ws_receive(socket)]
            while len(messages) < 30 and messages[-1]["status"] == "active":
                messages.append(ws_receive(socket))
    versions = [m["version"] for m in messages]
    seqs = [e["seq"] for m in messages for e in m["events"]]
    assert len(versions) > 2
    assert all(a < b for a, b in itertools.pairwise(versions))  # never an older view
    assert all(a < b for a, b in itertools.pairwise(seqs))  # each event once

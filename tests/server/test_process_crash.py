"""A server killed with SIGKILL between moves loses no acknowledged move: after a restart on
the same database the log holds exactly the acknowledged moves, the stored state hash is the
one an in-process replay of those moves computes, and the game goes on."""

from __future__ import annotations

import random

import pytest

from tavola.server.acting import SNAPSHOT_EVERY

from .processes import (
    CreatedGame,
    Move,
    Server,
    act,
    create_game,
    next_move,
    play,
    play_over_sockets,
    public_events,
    public_view,
    record,
    replayed,
    servers,
    stored,
    view,
)

KILL_POINTS = (3, 7, 5)
"""Moves played (and acknowledged) before each SIGKILL."""


@pytest.fixture
def server(db_url, tmp_path):
    with servers() as started:
        started.append(Server(db_url, tmp_path / "server"))
        yield started[0].start()


def _play_then_crash(
    server: Server, game: CreatedGame, rng: random.Random, count: int, acknowledged: list[Move]
) -> None:
    with server.client() as client:
        play(client, game, rng, count, acknowledged)
    server.kill()
    server.restart()


def _assert_server_holds(server: Server, game: CreatedGame, acknowledged: list[Move]) -> None:
    """The restarted server's game is exactly the acknowledged moves: in the stored log, in
    the stored state hash (against an in-process replay), in the record and in the view."""
    moves = [(m.seat, m.action) for m in acknowledged]
    table = replayed(game, moves)
    in_db = stored(server.database_url, game.game_id)
    with server.client() as client:
        shown, seen = record(client, game), view(client, game)
    assert (in_db.version, shown["version"], seen["version"]) == (len(moves),) * 3
    assert in_db.log == moves
    assert in_db.state_hash == table.hash
    assert shown["events"] == public_events(table)
    assert seen["view"] == public_view(table)


def test_restart_after_sigkill_holds_exactly_the_acknowledged_moves(server: Server):
    rng = random.Random(11)
    acknowledged: list[Move] = []
    with server.client() as client:
        game = create_game(client)
    for count in KILL_POINTS:
        _play_then_crash(server, game, rng, count, acknowledged)
        _assert_server_holds(server, game, acknowledged)


def test_restart_after_sigkill_past_a_snapshot_holds_exactly_the_acknowledged_moves(
    server: Server,
):
    """Past SNAPSHOT_EVERY moves the server reloads from a snapshot plus the later moves."""
    rng = random.Random(11)  # a game that lasts well beyond the snapshot
    acknowledged: list[Move] = []
    with server.client() as client:
        game = create_game(client)
    _play_then_crash(server, game, rng, SNAPSHOT_EVERY + 3, acknowledged)
    assert stored(server.database_url, game.game_id).snapshots == [SNAPSHOT_EVERY]
    _assert_server_holds(server, game, acknowledged)


def test_restart_after_sigkill_holds_exactly_the_moves_acknowledged_over_websockets(
    server: Server,
):
    """Moves sent over a WebSocket are played on the server's event loop and committed
    with the others of their round: each one's result still means it is stored."""
    rng = random.Random(14)
    acknowledged: list[Move] = []
    with server.client() as client:
        game = create_game(client)
    for count in KILL_POINTS:
        play_over_sockets(server, game, rng, count, acknowledged)
        server.kill()
        server.restart()
        _assert_server_holds(server, game, acknowledged)


def test_game_goes_on_after_a_sigkill_restart(server: Server):
    rng = random.Random(12)
    acknowledged: list[Move] = []
    with server.client() as client:
        game = create_game(client)
    _play_then_crash(server, game, rng, 4, acknowledged)
    with server.client() as client:
        move = next_move(client, game, rng)
        response = act(client, game, move.seat, move.action, move.version, "after-crash")
    assert response.status_code == 200, response.text
    assert response.json()["version"] == len(acknowledged) + 1
    moves = [(m.seat, m.action) for m in [*acknowledged, move]]
    assert stored(server.database_url, game.game_id).state_hash == replayed(game, moves).hash


def test_move_retried_after_a_sigkill_restart_is_a_duplicate_not_a_second_move(server: Server):
    rng = random.Random(13)
    acknowledged: list[Move] = []
    with server.client() as client:
        game = create_game(client)
    _play_then_crash(server, game, rng, 4, acknowledged)
    last = acknowledged[-1]
    with server.client() as client:  # the client never saw the answer: it sends it again
        response = act(client, game, last.seat, last.action, last.version, f"m{len(acknowledged)}")
    assert response.status_code == 200, response.text
    assert (response.json()["duplicate"], response.json()["version"]) == (True, len(acknowledged))
    assert stored(server.database_url, game.game_id).version == len(acknowledged)

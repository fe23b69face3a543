"""Several server processes on one PostgreSQL database: a move made through one reaches the
WebSocket clients of the other (LISTEN/NOTIFY); two moves racing at the same version on two
processes end with exactly one accepted and one refused as stale; a retried move is answered,
not played twice; a process that missed a notification, or loads a game while another
process moves in it, still sees the game as the database holds it."""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from .processes import (
    CreatedGame,
    Server,
    act,
    auth,
    create_game,
    legal,
    next_move,
    replayed,
    servers,
    stored,
    view,
    wait_until,
)

pytestmark = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)


@pytest.fixture
def pair(db_url, tmp_path):
    """Two separate server processes (two ports) on the same fresh PostgreSQL database."""
    with servers() as started:
        started += [Server(db_url, tmp_path / "a"), Server(db_url, tmp_path / "b")]
        for server in started:
            server.start()
        yield started[0], started[1]


def _race(
    first: Server,
    second: Server,
    game: CreatedGame,
    seat: str,
    actions: list[dict[str, Any]],
    version: int,
    ids: tuple[str, str],
) -> list[httpx.Response]:
    """Sends one move to each process at the same moment; returns both responses."""
    gate = threading.Barrier(2)
    responses: list[httpx.Response | BaseException] = [None, None]  # type: ignore[list-item]

    def send(i: int, server: Server) -> None:
        try:
            with server.client() as client:
                client.get("/api/games")  # connected before the gate opens
                gate.wait(timeout=10)
                responses[i] = act(client, game, seat, actions[i], version, ids[i])
        except BaseException as exc:
            responses[i] = exc

    threads = [threading.Thread(target=send, args=(i, s)) for i, s in enumerate((first, second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    answered = [r for r in responses if isinstance(r, httpx.Response)]
    assert len(answered) == 2, responses
    return answered


def test_socket_on_one_process_receives_the_update_of_a_move_made_on_the_other(pair):
    a, b = pair
    with b.client() as client:
        game = create_game(client)
    socket_url = f"{a.ws_url}/api/games/{game.game_id}/ws?token={game.tokens['P2']}"
    with connect(socket_url, open_timeout=10) as socket:
        first = json.loads(socket.recv(timeout=10))
        assert (first["type"], first["version"]) == ("state", 0)
        with b.client() as client:
            move = next_move(client, game, random.Random(1))
            response = act(client, game, move.seat, move.action, move.version, "through-b")
        assert response.status_code == 200, response.text
        deadline = time.monotonic() + 10
        update = first
        while update["type"] != "update" and time.monotonic() < deadline:
            update = json.loads(socket.recv(timeout=max(0.01, deadline - time.monotonic())))
    assert (update["type"], update["version"]) == ("update", 1)
    assert update["events"], "the update carries the move's events"


def test_concurrent_moves_at_one_version_on_two_processes_one_accepted_one_stale(pair):
    a, b = pair
    rng = random.Random(3)
    with a.client() as client:
        game = create_game(client)
    with b.client() as client:
        view(client, game)  # loaded on b before any race (see the load test below)
    rounds = 6
    for version in range(rounds):
        with a.client() as client:
            seat = view(client, game)["to_act"][0]
            options = legal(client, game, seat)
        assert options["version"] == version
        playable = [x for x in options["actions"] if x["type"] != "concede"]
        actions = rng.sample(playable, 2) if len(playable) > 1 else playable * 2
        ids = (f"a-{version}", f"b-{version}")
        responses = _race(a, b, game, seat, actions, version, ids)
        codes = sorted(r.status_code for r in responses)
        assert codes == [200, 409], [r.text for r in responses]
        stale = next(r for r in responses if r.status_code == 409)
        assert stale.json()["code"] == "STALE"
        for server in (a, b):  # both processes know the winner before the next round
            with server.client() as client:
                wait_until(
                    lambda c=client, v=version + 1: view(c, game)["version"] == v,
                    timeout=10,
                    what=f"{server.url} at version {version + 1}",
                )
    assert stored(a.database_url, game.game_id).version == rounds
    assert len(stored(a.database_url, game.game_id).log) == rounds


def test_same_move_sent_to_two_processes_at_once_is_answered_twice_and_played_once(pair):
    """A client retrying on another worker before the first answer came back (same
    client_action_id): both requests are answered with the one move, one as a duplicate."""
    a, b = pair
    rng = random.Random(5)
    with a.client() as client:
        game = create_game(client)
    with b.client() as client:
        view(client, game)  # b holds the game already: only the retry is at stake
    rounds = 8
    for version in range(rounds):
        with a.client() as client:
            move = next_move(client, game, rng)
        assert move.version == version
        same = f"retry-{version}"
        responses = _race(a, b, game, move.seat, [move.action] * 2, version, (same, same))
        answers = sorted((r.status_code, r.json().get("duplicate")) for r in responses)
        assert answers == [(200, False), (200, True)], [r.text[:200] for r in responses]
        assert {r.json()["version"] for r in responses} == {version + 1}
        for server in (a, b):
            with server.client() as client:
                wait_until(
                    lambda c=client, v=version + 1: view(c, game)["version"] == v,
                    timeout=10,
                    what=f"{server.url} at version {version + 1}",
                )
    assert stored(a.database_url, game.game_id).version == rounds


def test_serve_with_two_workers_on_postgresql_plays_across_connections(db_url, tmp_path):
    """`tavola serve --workers 2`: every request on a new connection (any worker may take
    it); moves made through one worker are seen by the next request's worker."""
    with servers() as started:
        server = Server(db_url, tmp_path / "w2", workers=2)
        started.append(server)
        server.start()
        with server.client() as client:
            game = create_game(client)
        rng = random.Random(4)
        for version in range(6):
            seat_view = wait_until(
                lambda v=version: _fresh_view_at(server, game, v),
                timeout=10,
                what=f"a worker's view at version {version}",
            )
            seat = seat_view["to_act"][0]
            with httpx.Client(base_url=server.url, timeout=15) as client:
                options = client.get(
                    f"/api/games/{game.game_id}/legal", headers=auth(game.tokens[seat])
                ).json()
            playable = [x for x in options["actions"] if x["type"] != "concede"]
            with httpx.Client(base_url=server.url, timeout=15) as client:
                response = act(client, game, seat, rng.choice(playable), version, f"w{version}")
            assert response.status_code == 200, response.text
        assert stored(db_url, game.game_id).version == 6


def _fresh_view_at(server: Server, game: CreatedGame, version: int):
    with httpx.Client(base_url=server.url, timeout=15) as client:
        shown = view(client, game)
    return shown if shown["version"] == version else None


def _listeners(database_url: str) -> list[int]:
    """The backends of the servers' LISTEN connections on this database."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            return list(
                connection.scalars(
                    text(
                        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                        "AND query ILIKE 'LISTEN%'"
                    )
                )
            )
    finally:
        engine.dispose()


def _cut_listeners(database_url: str, expected: int) -> None:
    """Ends every server's LISTEN connection (as a database restart or a network cut would);
    returns once they are gone and before any server has connected again."""
    pids = wait_until(
        lambda: (found := _listeners(database_url)) and len(found) == expected and found,
        timeout=10,
        what=f"{expected} listening servers",
    )
    engine = create_engine(database_url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            for pid in pids:
                connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    finally:
        engine.dispose()
    wait_until(lambda: not _listeners(database_url), timeout=5, what="the listeners to end")


@pytest.fixture
def missed_move(db_url, tmp_path):
    """Process b has the game loaded; a move is made through a while no process listens.
    Yields (a, b, game, socket on b opened before the move, the state message it sent).
    The listeners wait 5 s before they listen again: the move is made well before, even on
    a loaded machine."""
    with servers() as started:
        slow = {"TAVOLA_LISTEN_RETRY": "5"}
        started += [Server(db_url, tmp_path / n, env=slow) for n in ("a", "b")]
        for server in started:
            server.start()
        yield from _missed_move(*started)


def _missed_move(a: Server, b: Server):
    with a.client() as client:
        game = create_game(client)
    socket_url = f"{b.ws_url}/api/games/{game.game_id}/ws?token={game.tokens['P2']}"
    with connect(socket_url, open_timeout=10) as socket:
        first = json.loads(socket.recv(timeout=10))
        _cut_listeners(a.database_url, expected=2)
        with a.client() as client:
            move = next_move(client, game, random.Random(1))
            response = act(client, game, move.seat, move.action, move.version, "unheard")
        assert response.status_code == 200, response.text
        assert not _listeners(a.database_url), "a listener came back before the move"
        wait_until(
            lambda: len(_listeners(a.database_url)) == 2,
            timeout=20,
            what="the listeners to reconnect",
        )
        yield a, b, game, socket, first


def test_socket_gets_a_move_made_while_its_process_was_not_listening(missed_move):
    _, _, _, socket, first = missed_move
    assert (first["type"], first["version"]) == ("state", 0)
    deadline = time.monotonic() + 3  # the listeners are back: the update is due at once
    update = first
    while update["type"] != "update" and time.monotonic() < deadline:
        with contextlib.suppress(TimeoutError):
            update = json.loads(socket.recv(timeout=max(0.01, deadline - time.monotonic())))
    assert (update["type"], update["version"]) == ("update", 1)


def test_move_at_the_current_version_is_accepted_by_a_process_that_missed_a_move(missed_move):
    _, b, game, _, _ = missed_move
    in_db = stored(b.database_url, game.game_id)
    assert in_db.version == 1
    table = replayed(game, in_db.log)  # the game as it truly is (b's own answers lag)
    seat = sorted(table.to_act)[0]
    action = next(a for a in table.game.legal_actions(table.state, seat) if a.type != "concede")
    with b.client() as client:
        response = act(client, game, seat, action.to_json(), 1, "at-the-true-version")
    assert response.status_code == 200, response.text[:300]
    assert response.json()["version"] == 2


def _waiting_for_a_lock(database_url: str, table: str) -> bool:
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            waiting = connection.scalar(
                text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND wait_event_type = 'Lock' AND query ILIKE :table"
                ),
                {"table": f"%{table}%"},
            )
    finally:
        engine.dispose()
    return bool(waiting)


def test_game_loaded_while_another_process_commits_a_move_loads_consistently(pair):
    """Process b loads the game (its first request for it) while a commits a move: b's load
    is held, by a lock on the snapshots table, after it has read the game's row, until a's
    move is committed."""
    a, b = pair
    with a.client() as client:
        game = create_game(client)
    answers: list[httpx.Response] = []
    engine = create_engine(a.database_url)
    try:
        with engine.connect() as locker:
            locker.execute(text("LOCK TABLE snapshots IN ACCESS EXCLUSIVE MODE"))
            with b.client() as client:
                path = f"/api/games/{game.game_id}/view"
                loading = threading.Thread(
                    target=lambda: answers.append(client.get(path)), daemon=True
                )
                loading.start()
                wait_until(
                    lambda: _waiting_for_a_lock(a.database_url, "snapshots"),
                    timeout=10,
                    what="b's load to wait for the snapshots",
                )
                with a.client() as other:
                    move = next_move(other, game, random.Random(1))
                    response = act(other, game, move.seat, move.action, move.version, "during")
                assert response.status_code == 200, response.text[:300]
                locker.rollback()  # b's load goes on
                loading.join(timeout=30)
    finally:
        engine.dispose()
    assert answers and answers[0].status_code == 200, answers and answers[0].text[:300]
    assert answers[0].json()["version"] in (0, 1)

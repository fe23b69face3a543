"""Issue 30, scale-out: the per-client limits hold across server processes and machines on
one PostgreSQL (kept there), and stay in each process's memory on SQLite, as before.

The unit behaviour on both stores, then real `tavola serve` processes on one PostgreSQL:
a client that spends its creations, its sign-in guesses or its connections on one process
is refused on the other. The second process's clock is two hours ahead (the test clock's
offset): another machine whose clock disagrees counts alike."""

from __future__ import annotations

import contextlib
import re
import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, text
from starlette.requests import HTTPConnection
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from tavola.server.accounts.pauses import ACCOUNT_FREE, LONGEST_PAUSE
from tavola.server.peers import PeerLimits, Peers
from tavola.server.ratelimit import CreationLimit, CreationThrottle, TooManyGames
from tavola.server.sharing import Sharing
from tavola.server.socket_limit import SocketCounts
from tavola.store import buckets
from tavola.store.models import Base
from tests.server.api_helpers import create, running, wait_for
from tests.server.processes import SEATS, Server, create_game, servers, wait_until

ON_POSTGRESQL = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
CLIENT = "198.51.100.7"
ONE_A_MINUTE = CreationLimit(burst=2, per_minute=1)


def _asking(address: str = CLIENT) -> HTTPConnection:
    """A request's connection from `address`, as a route's dependency sees it."""
    scope = {"type": "http", "client": (address, 40000), "headers": [], "path": "/"}
    return HTTPConnection(scope)


def _creations(throttle: CreationThrottle, times: int, address: str = CLIENT) -> list[int]:
    """Each attempt's wait: 0 taken, else the Retry-After it was refused with."""
    waits = []
    for _ in range(times):
        try:
            throttle.check(_asking(address))
            waits.append(0)
        except TooManyGames as refused:
            waits.append(refused.seconds)
    return waits


def test_the_shared_limits_tables_match_their_migration(database):
    with database.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    ours = [d for d in differences if {"limit_buckets", "held_counts"} & set(_names(d))]
    assert ours == []


def _names(difference: Any) -> list[str]:
    """Every table name an Alembic difference mentions."""
    return re.findall(r"\w+", repr(difference))


# -- the creation limit's buckets -----------------------------------------------------------------


def test_two_processes_on_a_database_server_share_a_clients_buckets_and_not_on_sqlite(database):
    one, two = (CreationThrottle(ONE_A_MINUTE, db=database) for _ in range(2))
    assert _creations(one, 2) == [0, 0]
    there = _creations(two, 1)
    assert _creations(two, 1, "198.51.100.8") == [0]  # another client: its own bucket
    if database.is_sqlite:
        assert there == [0]  # one process a database: each process counts its own
        assert not one.waits_for_database
    else:
        assert 1 <= there[0] <= 60  # the next token comes within a minute
        assert one.waits_for_database


@ON_POSTGRESQL
def test_a_stored_bucket_refills_at_its_rate_and_a_refusal_takes_nothing(database):
    engine = database.engine.execution_options(isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:

        def take() -> float:
            return buckets.take(connection, "games", CLIENT, 2, 0.1)  # a token each 10 s

        assert [take(), take()] == [0.0, 0.0]
        refusals = [take() for _ in range(5)]
        assert all(0 < wait <= 10 for wait in refusals)  # refused ones took nothing
        _passes(connection, max(refusals))
        assert take() == 0.0
        assert 0 < take() <= 10
        _passes(connection, 25)  # more than the burst's time: full, and no fuller
        assert [take(), take()] == [0.0, 0.0]
        assert take() > 0


@ON_POSTGRESQL
def test_stored_buckets_full_again_are_forgotten_and_the_others_kept(database):
    engine = database.engine.execution_options(isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        buckets.take(connection, "games", "full again", 2, 0.1)
        buckets.take(connection, "games", CLIENT, 2, 0.1)
        connection.execute(text("UPDATE limit_buckets SET full_at = now() - interval '1 second'"))
        buckets.take(connection, "games", CLIENT, 2, 0.1)
        assert buckets.forget_full(connection) == 1
        left = connection.execute(text("SELECT client FROM limit_buckets")).scalars().all()
    assert left == [CLIENT]


def _passes(connection: Any, seconds: float) -> None:
    """The database's time passes for the buckets: each is that much nearer full."""
    connection.execute(
        text("UPDATE limit_buckets SET full_at = full_at - :s * interval '1 second'"),
        {"s": seconds},
    )


# -- connections held ----------------------------------------------------------------------------


def _peers(most: int) -> Peers:
    return Peers(PeerLimits(connections=most, header_seconds=0))


@ON_POSTGRESQL
def test_a_peers_connections_held_by_two_processes_count_together(database):
    one, two = _peers(4), _peers(4)
    a, b = Sharing(database, {"connections": one}), Sharing(database, {"connections": two})
    held = [object() for _ in range(3)]
    assert all(one.take(t, CLIENT) for t in held)  # type: ignore[arg-type]
    for sharing in (a, b):
        sharing.learn(sharing.exchange(_mine(sharing)))
    assert two.others == {CLIENT: 3}
    assert two.take(object(), CLIENT)  # type: ignore[arg-type]
    assert not two.take(object(), CLIENT)  # type: ignore[arg-type]  # 3 there, 1 here
    assert two.take(object(), "198.51.100.8")  # type: ignore[arg-type]
    for transport in held:
        one.give_back(transport)  # type: ignore[arg-type]
    for sharing in (a, b):
        sharing.learn(sharing.exchange(_mine(sharing)))
    assert two.others == {}
    assert two.take(object(), CLIENT)  # type: ignore[arg-type]


@ON_POSTGRESQL
def test_a_dead_processs_counts_expire_with_their_lease(database):
    one, two = SocketCounts(2), SocketCounts(2)
    a, b = Sharing(database, {"sockets": one}), Sharing(database, {"sockets": two})
    assert one.take(CLIENT) and one.take(CLIENT)
    a.learn(a.exchange(_mine(a)))  # and then the process dies, its rows left behind
    b.learn(b.exchange(_mine(b)))
    assert not two.take(CLIENT)
    with database.engine.begin() as connection:  # the lease runs out
        connection.execute(text("UPDATE held_counts SET expires_at = now() - interval '1 second'"))
    b.learn(b.exchange(_mine(b)))
    assert two.take(CLIENT)
    with database.engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM held_counts")).scalar_one() == 0


def test_only_a_clients_fair_part_of_its_limit_is_published():
    counts = _peers(128)
    for _ in range(8):
        counts.take(object(), CLIENT)  # type: ignore[arg-type]
    counts.take(object(), "198.51.100.8")  # type: ignore[arg-type]
    assert counts.to_share() == {CLIENT: 8}  # one connection is not worth a row


@ON_POSTGRESQL
def test_a_serving_process_publishes_what_it_holds_and_takes_it_back_when_it_stops(db_url):
    def published() -> list[Any]:
        with engine.connect() as connection:
            query = "SELECT kind, held FROM held_counts"
            return list(connection.execute(text(query)).all())

    engine = create_engine(db_url)
    try:
        with running(db_url, socket_limit=4) as client:
            game = create(client)
            path = f"/api/games/{game['game_id']}/ws?token={game['tokens']['P1']}"
            with contextlib.ExitStack() as held:
                for _ in range(2):  # a fair part of 4
                    held.enter_context(client.websocket_connect(path)).receive_json()
                assert wait_for(published, "the sockets published") == [("sockets", 2)]
        assert published() == []  # stopped: taken back, not left to expire
    finally:
        engine.dispose()


def _mine(sharing: Sharing) -> dict[str, dict[str, int]]:
    return {kind: counts.to_share() for kind, counts in sharing.counts.items()}


# -- two `tavola serve` processes on one PostgreSQL ----------------------------------------------


@contextlib.contextmanager
def _two_machines(db_url: str, tmp_path: Any, **env: str) -> Iterator[tuple[Server, Server]]:
    """Two server processes on one database, the second's clock two hours ahead."""
    ahead = tmp_path / "clock-ahead"
    ahead.write_text("7200", encoding="utf-8")
    with servers() as started:
        started += [
            Server(db_url, tmp_path / "a", env=dict(env)),
            Server(db_url, tmp_path / "b", env={**env, "TAVOLA_CLOCK_OFFSET_FILE": str(ahead)}),
        ]
        for server in started:
            server.start()
        yield started[0], started[1]


def _table(seed: int) -> dict[str, Any]:
    return {
        "game": "legends",
        "options": {"mode": "classic"},
        "seats": SEATS,
        "seed": seed,
        "practice_seed_known": True,
    }


def _refused(response: httpx.Response, code: str) -> dict[str, Any]:
    assert response.status_code == 429, response.text
    body: dict[str, Any] = response.json()
    assert body["code"] == code
    assert body["message"].endswith(".") and body["message_it"].endswith(".")
    assert int(response.headers["Retry-After"]) == body["retry_after"] >= 1
    return body


@ON_POSTGRESQL
def test_a_client_that_spent_its_creations_on_one_process_is_refused_on_the_other(db_url, tmp_path):
    limit = {"TAVOLA_CREATE_BURST": "3", "TAVOLA_CREATE_PER_MINUTE": "1"}
    with (
        _two_machines(db_url, tmp_path, **limit) as (a, b),
        a.client() as here,
        b.client() as there,
    ):
        assert [here.post("/api/games", json=_table(s)).status_code for s in range(3)] == [201] * 3
        body = _refused(there.post("/api/games", json=_table(4)), "too_many_games")
        assert body["retry_after"] <= 60  # a token a minute
        _refused(here.post("/api/games", json=_table(5)), "too_many_games")


@ON_POSTGRESQL
def test_a_guesser_paused_on_one_process_is_paused_on_the_other(db_url, tmp_path):
    """Paused on the database's clock: the other machine's, two hours ahead, would have
    taken the count for an hour old and forgotten it."""
    with _two_machines(db_url, tmp_path) as (a, b), a.client() as here, b.client() as there:
        with a.client() as anna:  # her browser (marked: it would skip the account's pause)
            assert _account(anna, "signup", "correct horse battery").status_code == 201
        for _ in range(ACCOUNT_FREE):
            assert _account(here, "signin", "wrong").status_code == 401
        # Each failure past the free ones doubles the pause: fail until it is 8 s long, so
        # that the other process is asked well within it.

        def paused_long() -> int | None:
            answer = _account(here, "signin", "wrong")
            if answer.status_code == 401:
                return None
            seconds = int(_refused(answer, "too_many_attempts")["retry_after"])
            return seconds if seconds >= 8 else None

        pause = wait_until(paused_long, timeout=60, what="an 8 s pause", interval=0.25)
        body = _refused(_account(there, "signin", "correct horse battery"), "too_many_attempts")
        assert body["retry_after"] <= pause <= LONGEST_PAUSE.total_seconds()


def _account(client: httpx.Client, what: str, password: str) -> httpx.Response:
    client.get("/api/me")  # the page's first request gives it its CSRF token
    headers = {"X-CSRF-Token": client.cookies.get("tavola_csrf") or ""}
    body = {"name": "Anna", "password": password}
    return client.post(f"/api/account/{what}", json=body, headers=headers)


@ON_POSTGRESQL
def test_connections_held_on_one_process_count_on_the_other(db_url, tmp_path):
    limit = {"TAVOLA_CONNECTIONS_PER_CLIENT": "4", "TAVOLA_HEADER_SECONDS": "0"}
    with _two_machines(db_url, tmp_path, **limit) as (a, b):
        held = [socket.create_connection(("127.0.0.1", a.port), timeout=10) for _ in range(4)]
        try:
            wait_until(lambda: _status(b) == 429, timeout=30, what="the other process to refuse")
        finally:
            for connection in held:
                connection.close()
        wait_until(lambda: _status(b) == 200, timeout=30, what="the places given back")


def _status(server: Server) -> int:
    """A fresh connection's answer to `GET /api/games` (its 429 is checked whole)."""
    with httpx.Client(base_url=server.url, timeout=10) as client:
        answer = client.get("/api/games")
    if answer.status_code == 429:
        assert answer.json()["code"] == "too_many_connections"
        assert answer.json()["message_it"]
    return answer.status_code


@ON_POSTGRESQL
def test_websockets_open_on_one_process_count_on_the_other(db_url, tmp_path):
    limit = {"TAVOLA_SOCKETS_PER_CLIENT": "2"}
    with _two_machines(db_url, tmp_path, **limit) as (a, b), a.client() as client:
        game = create_game(client)
        path = f"/api/games/{game.game_id}/ws?token={game.tokens['P1']}"
        with contextlib.ExitStack() as held:
            for _ in range(2):
                opened = held.enter_context(ws_connect(a.ws_url + path))
                opened.recv(timeout=10)  # its first view: it is counted
            wait_until(
                lambda: _socket_refused(b.ws_url + path),
                timeout=30,
                what="the other process to refuse a third socket",
            )
        wait_until(lambda: not _socket_refused(b.ws_url + path), timeout=30, what="places back")


def _socket_refused(url: str) -> bool:
    """Whether a new socket is closed at once as its client's one too many."""
    with ws_connect(url) as opened:
        try:
            opened.recv(timeout=10)
        except ConnectionClosed as closed:
            assert closed.rcvd is not None, closed
            assert (closed.rcvd.code, closed.rcvd.reason) == (4429, "too_many_sockets")
            return True
    return False

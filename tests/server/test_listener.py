"""The PostgreSQL listener: another worker's moves are heard; a worker's own notifications
are not (its moves are in its memory already)."""

from __future__ import annotations

import psycopg
import pytest

from tavola.server.listener import Listener, plain_url

from .processes import wait_until


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_the_listener_hears_other_workers_moves_and_not_its_own(db_url):
    heard: list[tuple[str, int]] = []
    listening = []
    listener = Listener(
        db_url,
        lambda game, version: heard.append((game, version)),
        lambda: listening.append(1),
        own="mine",
    )
    listener.start()
    try:
        wait_until(lambda: listening, timeout=10, what="the listener to listen")
        with psycopg.connect(plain_url(db_url), autocommit=True) as connection:
            payloads = ("mine g1:3", "theirs g1:4,g4:2", "g2:7", "mine g3:1,g5:9", "other g2:8")
            for payload in payloads:
                connection.execute("SELECT pg_notify('tavola_games', %s)", (payload,))
        wait_until(lambda: len(heard) >= 4, timeout=10, what="the other workers' moves")
    finally:
        listener.stop()
        listener.thread.join(timeout=5)
    assert heard == [("g1", 4), ("g4", 2), ("g2", 7), ("g2", 8)]

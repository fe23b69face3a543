"""Clocks live in the database: a deadline that runs out while the server is stopped is
applied by the next server, as a `timeout` action in the log, and the game moves on."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from .processes import (
    CreatedGame,
    Server,
    create_game,
    record,
    servers,
    stored,
    view,
    wait_until,
)

TIMED = {
    "mode": "classic",
    "timers": {"turn_s": 2, "response_s": 2, "counter_s": 2, "setup_s": 2},
}


@dataclass
class Outage:
    server: Server
    game: CreatedGame
    pending: dict[str, str]
    """Seat → the decision whose deadline was pending when the server stopped."""
    back_at: float
    """`time.monotonic()` when the restarted server first answered."""


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@pytest.fixture
def outage(db_url, tmp_path):
    """A timed game whose deadlines ran out while its server was stopped; the server is back."""
    with servers() as started:
        server = Server(db_url, tmp_path / "server")
        started.append(server)
        for attempt in range(3):  # a loaded machine may take the clock's 2 s to get here
            if attempt:
                server.restart()  # the same database, a new process
            else:
                server.start()
            with server.client() as client:
                game = create_game(client, TIMED)
            server.stop()
            before = stored(db_url, game.game_id)
            if before.version == 0:
                break
        assert before.version == 0, "a deadline fired before the server stopped (too slow)"
        deadlines = [d for d in before.deadlines if d["due_at"] is not None]
        assert deadlines, "the new timed game has no running deadline"
        latest = max(_aware(d["due_at"]) for d in deadlines)
        wait_until(
            lambda: datetime.now(UTC) > latest,
            timeout=10,
            what="the deadlines to pass",
            interval=0.1,
        )
        server.restart()
        yield Outage(
            server, game, {d["seat"]: d["decision_id"] for d in deadlines}, time.monotonic()
        )


def _timeouts(server: Server, game: CreatedGame) -> dict[str, str]:
    """Seat → decision of every `timeout` action in the stored log."""
    log = stored(server.database_url, game.game_id).log
    return {seat: a["decision_id"] for seat, a in log if a["type"] == "timeout"}


def _all_fired(outage: Outage) -> bool:
    fired = _timeouts(outage.server, outage.game)
    return all(fired.get(seat) == d for seat, d in outage.pending.items())


def test_deadline_that_ran_out_while_stopped_is_a_timeout_after_restart(outage: Outage):
    wait_until(lambda: _all_fired(outage), timeout=10, what="the overdue timeouts")
    with outage.server.client() as client:
        shown, seen = record(client, outage.game), view(client, outage.game)
    timed_out = {e["data"]["seat"]: e["data"]["decision_id"] for e in shown["events"]
                 if e["type"] == "timeout"}  # fmt: skip
    assert timed_out.items() >= outage.pending.items()
    still_pending = {p["decision_id"] for p in seen["view"]["pending"]}
    assert still_pending.isdisjoint(outage.pending.values())


def test_overdue_timeout_fires_at_once_after_restart_not_a_full_clock_later(outage: Outage):
    wait_until(lambda: _all_fired(outage), timeout=10, what="the overdue timeouts")
    assert time.monotonic() - outage.back_at < 1.5  # a clock is 2 s: it was not started again

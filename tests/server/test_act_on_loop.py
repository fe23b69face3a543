"""Moves played on the event loop (`Moves.act_on_loop`, the WebSocket's way): each is
committed before its answer, moves of one loop round share a commit, and whatever the loop
must not wait for goes the threads' way instead of hanging the server."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time

import pytest
from sqlalchemy import select

from tavola.server.refusal import Refusal
from tavola.server.service import GameService
from tavola.store import Database
from tavola.store.models import ActionRow

from .api_helpers import run_in_own_loop

PLAYERS = [{"name": "Anna", "age": 9}, {"name": "Bruno", "age": 30}]


@contextlib.asynccontextmanager
async def _attached(*services: GameService):
    """As the server does: the loop commits the groups, awaiting a database server's
    answers."""
    loop = asyncio.get_running_loop()
    for service in services:
        awaited = None if service.db.is_sqlite else service.db.awaited()
        service.writes.attach(loop, awaited=awaited)
    try:
        yield
    finally:
        for service in services:
            service.writes.attach(None)
            await service.db.dispose_awaited()


def _open(service: GameService, seed: int):
    return service.tables.create(
        "legends", {"mode": "classic"}, PLAYERS, seed=seed, practice_seed_known=True
    )[0]


def _first_move(live):
    seat = sorted(live.table.to_act)[0]
    return seat, live.game.legal_actions(live.table.state, seat)[0]


def _stored_moves(database: Database, game_id: str) -> list[int]:
    with database.engine.connect() as connection:  # another connection: committed rows only
        return list(connection.scalars(select(ActionRow.seq).where(ActionRow.game_id == game_id)))


def test_moves_on_the_loop_share_a_commit_and_each_is_stored_before_its_answer(database):
    service = GameService(database, bot_delay=0)
    games = [_open(service, seed) for seed in range(8)]
    commits_before = service.writes.commits

    async def play(live):
        seat, action = _first_move(live)
        result = await service.moves.act_on_loop(live.game_id, seat, action, live.version)
        return result.version, _stored_moves(database, live.game_id)

    async def main():
        async with _attached(service):
            return await asyncio.gather(*(play(live) for live in games))

    assert run_in_own_loop(main()) == [(1, [1])] * len(games)
    assert service.writes.commits - commits_before == 1
    assert all(live.version == 1 for live in games)


def test_a_stale_move_on_the_loop_is_refused_and_changes_nothing(database):
    service = GameService(database, bot_delay=0)
    live = _open(service, 1)
    seat, action = _first_move(live)

    async def main():
        async with _attached(service):
            await service.moves.act_on_loop(live.game_id, seat, action, 0)
            with pytest.raises(Refusal) as refused:
                await service.moves.act_on_loop(live.game_id, seat, action, 0)
            return refused.value

    refusal = run_in_own_loop(main())
    assert (refusal.code, live.version) == ("STALE", 1)
    assert _stored_moves(database, live.game_id) == [1]


def test_a_move_another_worker_committed_first_is_refused_and_caught_up(database):
    """Two workers on one database: the second's move at the same version loses at the
    database's version check, and that worker catches up with the winner."""
    first, second = GameService(database, bot_delay=0), GameService(database, bot_delay=0)
    live = _open(first, 2)
    other = second.games.get(live.game_id)
    seat, action = _first_move(live)

    async def main():
        async with _attached(first, second):
            await first.moves.act_on_loop(live.game_id, seat, action, 0)
            with pytest.raises(Refusal) as refused:
                await second.moves.act_on_loop(live.game_id, seat, action, 0)
            return refused.value

    refusal = run_in_own_loop(main())
    assert refusal.code == "STALE"
    assert (other.version, other.table.hash) == (1, live.table.hash)
    assert _stored_moves(database, live.game_id) == [1]


def test_a_game_a_thread_holds_while_it_waits_for_the_loop_is_played_the_threads_way(database):
    """A thread holding the game's lock may be waiting for a commit only the loop makes:
    the loop must not wait for that lock, or neither would ever go on."""
    service = GameService(database, bot_delay=0)
    live = _open(service, 3)
    seat, action = _first_move(live)
    held = threading.Event()
    answers = []

    def holder():
        with live.lock:
            held.set()
            time.sleep(0.2)  # the loop's move arrives meanwhile
            service.writes.run(lambda session: None, live.game_id)

    async def main():
        async with _attached(service):
            thread = threading.Thread(target=holder)
            thread.start()
            await asyncio.to_thread(held.wait)
            answers.append(await service.moves.act_on_loop(live.game_id, seat, action, 0))
            await asyncio.to_thread(thread.join)

    runner = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    runner.start()
    runner.join(timeout=20)
    assert not runner.is_alive(), "the loop waited for a lock whose holder waited for it"
    assert [a.version for a in answers] == [1]
    assert _stored_moves(database, live.game_id) == [1]

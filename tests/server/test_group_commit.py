"""Group commit: concurrent writes share a commit, and each caller returns only once its own
write is committed (visible to any other connection)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from tavola.server.service import GameService
from tavola.store import Database
from tavola.store.group import Awaited, GroupCommit
from tavola.store.models import ActionRow

from .api_helpers import run_in_own_loop


@pytest.fixture
def db(tmp_path):
    database = Database(f"sqlite:///{tmp_path / 'group.db'}")
    with database.engine.begin() as connection:
        connection.execute(text("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"))
    yield database
    database.dispose()


def _stored(db: Database, note: int) -> bool:
    with db.engine.connect() as connection:  # another connection: committed rows only
        query = text("SELECT count(*) FROM notes WHERE id = :id")
        return bool(connection.execute(query, {"id": note}).scalar())


def _writer(db: Database, group: GroupCommit, started: threading.Barrier):
    def write(note: int) -> tuple[int, bool]:
        def work(session):
            session.execute(text("INSERT INTO notes VALUES (:id, 'x')"), {"id": note})
            time.sleep(0.002)  # a slow disk: the others queue up meanwhile
            return note

        started.wait()
        result = group.run(work, key=str(note))
        return result, _stored(db, note)

    return write


def _all_at_once(db, group, callers):
    """Notes 0 … callers-1 written by as many threads at once: each one's answer."""
    write = _writer(db, group, threading.Barrier(callers))
    with ThreadPoolExecutor(callers) as pool:
        return list(pool.map(write, range(callers)))


def test_concurrent_writes_share_commits_and_each_returns_committed(db):
    group = GroupCommit(db.session)
    answers = _all_at_once(db, group, 16)
    assert answers == [(note, True) for note in range(16)]
    assert group.commits < 16


def test_a_lone_write_commits_at_once(db):
    group = GroupCommit(db.session)
    write = _writer(db, group, threading.Barrier(1))
    assert write(7) == (7, True)
    assert group.commits == 1


def test_a_failing_write_fails_alone_and_the_rest_of_its_group_commits(db):
    group = GroupCommit(db.session)
    with db.engine.begin() as connection:
        connection.execute(text("INSERT INTO notes VALUES (3, 'taken')"))
    callers = 8
    write = _writer(db, group, threading.Barrier(callers))
    with ThreadPoolExecutor(callers) as pool:
        futures = [pool.submit(write, note) for note in range(callers)]
    for note, future in enumerate(futures):
        if note == 3:
            with pytest.raises(IntegrityError):
                future.result()
        else:
            assert future.result() == (note, True)


def test_a_write_left_out_of_a_full_group_is_committed_by_the_next(db, monkeypatch):
    monkeypatch.setattr("tavola.store.group.MAX_GROUP", 2)
    group = GroupCommit(db.session)
    answers = _all_at_once(db, group, 9)
    assert answers == [(note, True) for note in range(9)]


# -- attached to an event loop: the loop makes the commits ---------------------------------------


def _note(note: int):
    def work(session):
        session.execute(text("INSERT INTO notes VALUES (:id, 'x')"), {"id": note})
        return note

    return work


def test_writes_submitted_in_one_loop_round_share_one_commit_and_return_committed(db):
    group = GroupCommit(db.session)

    async def main():
        group.attach(asyncio.get_running_loop())

        async def write(note):
            return await group.submit(_note(note), str(note)), _stored(db, note)

        return await asyncio.gather(*(write(note) for note in range(10)))

    assert run_in_own_loop(main()) == [(note, True) for note in range(10)]
    assert group.commits == 1


def test_a_failing_submitted_write_fails_alone(db):
    with db.engine.begin() as connection:
        connection.execute(text("INSERT INTO notes VALUES (3, 'taken')"))
    group = GroupCommit(db.session)

    async def main():
        group.attach(asyncio.get_running_loop())
        writes = (group.submit(_note(note), str(note)) for note in range(6))
        return await asyncio.gather(*writes, return_exceptions=True)

    answers = run_in_own_loop(main())
    assert isinstance(answers[3], IntegrityError)
    assert [a for n, a in enumerate(answers) if n != 3] == [0, 1, 2, 4, 5]
    assert all(_stored(db, note) for note in (0, 1, 2, 4, 5))


def test_a_thread_write_is_committed_by_the_attached_loop(db):
    group = GroupCommit(db.session)

    async def main():
        group.attach(asyncio.get_running_loop())
        committed_on = []

        def work(session):
            committed_on.append(threading.current_thread())
            return _note(5)(session)

        answer = await asyncio.to_thread(group.run, work, "5")
        return answer, committed_on, threading.current_thread()

    answer, committed_on, loop_thread = run_in_own_loop(main())
    assert (answer, _stored(db, 5)) == (5, True)
    assert committed_on == [loop_thread]  # the loop's thread, not the caller's


def test_awaited_writes_arriving_during_a_commit_form_the_next_group_on_the_loop(db):
    """For a database server: the loop awaits each group's commit and goes on meanwhile;
    what is submitted then is committed next, in one group. Writes that are only a row
    go in one statement (the batch); the others in a session, after it. No thread
    takes part."""
    batches, threads = [], set()

    async def batch(rows):
        threads.add(threading.current_thread())
        batches.append(sorted(rows))
        await asyncio.sleep(0.05)  # a slow server: the loop submits more meanwhile
        return [row != "refused" for row in rows]

    @contextlib.asynccontextmanager
    async def session():  # the database server's session, as the loop sees one
        threads.add(threading.current_thread())
        with db.session() as plain:
            yield _AwaitedSession(plain)

    async def main():
        group = GroupCommit(db.session)
        group.attach(asyncio.get_running_loop(), awaited=Awaited(session, batch))

        async def write(row, after, work=None):
            await asyncio.sleep(after)
            return await group.submit(work, row, first=None if work else row)

        answers = await asyncio.gather(
            write("a", 0),
            write("b", 0.01),
            write("refused", 0.01),
            write("c", 0.01, _note(7)),
        )
        group.attach(None)
        return answers, group.commits, threading.current_thread()

    answers, commits, loop_thread = run_in_own_loop(main())
    assert answers == [True, True, None, 7]
    assert batches == [["a"], ["b", "refused"]]
    assert commits == 3
    assert _stored(db, 7)
    assert threads == {loop_thread}


def test_a_failing_awaited_row_fails_alone(db):
    async def batch(rows):
        if "bad" in rows:
            raise ValueError("a bad row")
        return [True] * len(rows)

    async def main():
        group = GroupCommit(db.session)
        group.attach(asyncio.get_running_loop(), awaited=Awaited(db.session, batch))
        writes = (group.submit(None, row, first=row) for row in ("a", "bad", "c"))
        answers = await asyncio.gather(*writes, return_exceptions=True)
        group.attach(None)
        return answers

    first, bad, last = run_in_own_loop(main())
    assert (first, last) == (True, True)
    assert isinstance(bad, ValueError)


class _AwaitedSession:
    """A plain session behind the awaited interface (`run_sync`, `commit`)."""

    def __init__(self, session):
        self._session = session

    async def run_sync(self, work, *args):
        return work(self._session, *args)

    async def commit(self):
        self._session.commit()


def test_running_a_write_on_the_attached_loop_is_refused_instead_of_hanging(db):
    group = GroupCommit(db.session)

    async def main():
        group.attach(asyncio.get_running_loop())
        group.run(_note(1))

    with pytest.raises(RuntimeError, match="submitted"):
        run_in_own_loop(main())


# -- moves: the service acknowledges a move only once it is in the database ---------------------


def test_concurrent_moves_of_many_games_are_each_committed_before_their_answer(db_url):
    database = Database(db_url)
    database.migrate()
    service = GameService(database, bot_delay=0)
    players = [{"name": "Anna", "age": 9}, {"name": "Bruno", "age": 30}]
    games = [
        service.tables.create(
            "legends", {"mode": "classic"}, players, seed=s, practice_seed_known=True
        )[0]
        for s in range(12)
    ]
    started = threading.Barrier(len(games))

    def first_move(live):
        seat = sorted(live.table.to_act)[0]
        action = live.game.legal_actions(live.table.state, seat)[0]
        started.wait()
        result = service.moves.act(live.game_id, seat, action, live.version)
        with database.engine.connect() as connection:  # what any other reader sees now
            query = select(ActionRow.seq).where(ActionRow.game_id == live.game_id)
            stored = list(connection.scalars(query))
        return result.version, stored

    try:
        with ThreadPoolExecutor(len(games)) as pool:
            answers = list(pool.map(first_move, games))
        assert answers == [(1, [1])] * len(games)
    finally:
        database.dispose()

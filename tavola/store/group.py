"""Group commit: writes from many threads share one transaction and one commit (one disk
sync), and each caller returns only once its own write is committed.

The first caller to find no commit running leads: it takes every write queued so far,
runs them in one session and commits. Callers that arrive meanwhile wait and form the next
group; when a group is done, the first write left in the queue is woken to lead it. A lone
caller commits at once, as it would alone. Each waiting caller sleeps on its own lock, so a
commit wakes only the callers it answers and the next leader, never every waiting thread.

Attached to an event loop, the loop gathers every write instead: its coroutines `submit`
writes, threads' `run` hands theirs to it, and the writes that arrive in one round of the
loop (or while a group is being committed) form the next group. The loop commits it itself:
at once (SQLite: a local file), or awaiting a database server's answers while it goes on.
No thread takes part, so no answer waits for a thread to get the interpreter back.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, overload

from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

T = TypeVar("T")
Work = Callable[[Session], T]

MAX_GROUP = 64
"""Writes per commit at most: a bounded transaction keeps each group's wait short."""


class _Write(Generic[T]):
    __slots__ = ("done", "error", "first", "key", "result", "wake", "work")

    def __init__(self, work: Work[T] | None, key: str, first: Any = None) -> None:
        self.work = work
        self.key = key
        self.first = first
        self.done = False
        self.result: T | None = None
        self.error: BaseException | None = None
        self.wake = threading.Lock()
        """Held until the write is done, or is to lead the next group."""
        self.wake.acquire()


Batch = Callable[[Session, list[Any]], list[bool]]
"""Runs the `first` rows of a group's writes as one statement: which of them took."""


@dataclass(frozen=True)
class Awaited:
    """A database server, for a loop that awaits its answers."""

    sessions: Callable[[], AsyncSession]
    batch: Callable[[list[Any]], Awaitable[list[bool]]]
    """`Batch`, committed on its own: for writes that are only a first row, one round
    trip in all."""


Transact = Callable[[list[_Write[Any]]], Awaitable[list[Any]]]
"""Commits a group's writes, awaited: their answers."""


class GroupCommit:
    def __init__(self, sessions: Callable[[], Session], batch: Batch | None = None) -> None:
        """`batch`: writes may bring a `first` row, which all of a group's writes run
        together, in one statement, before their `work` (a database server's round trip
        each, saved); a write whose row did not take is not run and answers None."""
        self._sessions = sessions
        self._batch = batch
        self._mutex = threading.Lock()
        self._queue: list[_Write[Any]] = []
        self._leading = False
        """A leader is at work, or has been woken to lead the queue's first write."""
        self.commits = 0
        """Commits made (for tests and figures)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._due: list[tuple[_Write[Any], asyncio.Future[Any]]] = []
        """Writes submitted on the loop, for its next commit."""
        self._awaited: Awaited | None = None
        self._committing: asyncio.Task[None] | None = None
        """The group being committed while the loop goes on (held here: a task nobody
        holds may be collected mid-flight)."""

    def attach(
        self,
        loop: asyncio.AbstractEventLoop | None,
        *,
        awaited: Awaited | None = None,
    ) -> None:
        """From now on `loop` gathers the writes into groups (None: threads lead them
        again). `awaited`: the loop commits each group there, going on while the database
        server answers (one group at a time); else it commits in a plain session, at once
        (SQLite: a local file, no waiting on anyone)."""
        self._loop = loop
        self._awaited = awaited if loop is not None else None

    @property
    def attached(self) -> bool:
        return self._loop is not None

    async def submit(self, work: Work[T] | None, key: str = "", first: Any = None) -> T | None:
        """`run`, for a coroutine on the attached loop: `work` is committed with the
        others submitted in the same round, after that round's callbacks (or, while a
        group is being committed, with those submitted until it is done)."""
        assert self._loop is not None, "submit needs an attached loop"
        future: asyncio.Future[T] = self._loop.create_future()
        if not self._due and self._committing is None:
            self._loop.call_soon(self._commit_due)
        self._due.append((_Write(work, key, first), future))
        return await future

    def _commit_due(self) -> None:
        due, self._due = self._due, []
        if not due:
            return
        writes = [w for w, _ in due]
        if self._awaited is None:
            for group in _groups(writes):
                self._commit(group)
            self._settle(due)
            return
        assert self._loop is not None
        self._committing = self._loop.create_task(self._commit_awaited(writes))
        self._committing.add_done_callback(lambda _: self._settle(due))

    async def _commit_awaited(self, writes: list[_Write[Any]]) -> None:
        rows_only = [w for w in writes if w.work is None]
        for group in _groups(rows_only):
            await self._commit_async(group, self._rows_only)
        for group in _groups([w for w in writes if w.work is not None]):
            await self._commit_async(group, self._in_session)

    async def _commit_async(self, group: list[_Write[Any]], transact: Transact) -> None:
        """`_commit`, awaiting the database server instead of waiting for it."""
        try:
            results = await transact(group)
        except Exception as exc:
            for alone in self._failed(group, exc):
                await self._commit_async(alone, transact)
            return
        self._committed(group, results)

    async def _rows_only(self, group: list[_Write[Any]]) -> list[Any]:
        """Writes that are only a first row: one statement, committed on its own."""
        assert self._awaited is not None
        took = await self._awaited.batch([w.first for w in group])
        return [True if row_took else None for row_took in took]

    async def _in_session(self, group: list[_Write[Any]]) -> list[Any]:
        assert self._awaited is not None
        async with self._awaited.sessions() as session:
            results = await session.run_sync(self._run_writes, group)
            await session.commit()
        return results

    def _settle(self, due: list[tuple[_Write[Any], asyncio.Future[Any]]]) -> None:
        for write, future in due:
            if future.cancelled():
                continue
            if write.error is not None:
                future.set_exception(write.error)
            else:
                future.set_result(write.result)
        if self._committing is not None:
            self._committing = None
            if self._due:
                self._commit_due()

    @overload
    def run(self, work: Work[T], key: str = "") -> T: ...

    @overload
    def run(self, work: Work[T] | None, key: str, first: Any) -> T | None: ...

    def run(self, work: Work[T] | None, key: str = "", first: Any = None) -> T | None:
        """Runs `work` in a transaction and returns its result once that transaction is
        committed; its exception (the transaction then rolled back) propagates. A write
        that is only its `first` row (no work) answers True once that row took.

        `work` must only write through its session: it may run again, alone, when another
        write of its group fails. Groups run their writes ordered by `key` (a game id), so
        that concurrent groups of other processes lock rows in the same order."""
        loop = self._loop
        if loop is not None:  # the loop commits: this thread waits for it
            if running_loop() is loop:
                raise RuntimeError("on the loop, writes are submitted, not run")
            return asyncio.run_coroutine_threadsafe(self.submit(work, key, first), loop).result()
        write: _Write[T] = _Write(work, key, first)
        with self._mutex:
            self._queue.append(write)
            leads = not self._leading
            self._leading = True
        if not leads:
            write.wake.acquire()  # done, or first in the queue: to lead
        if not write.done:
            self._lead()
        if write.error is not None:
            raise write.error
        return write.result

    def _lead(self) -> None:
        """Commits the queue's first group (the leader's own write is its first), then
        hands the lead to the first write left, if any."""
        with self._mutex:
            group, self._queue = self._queue[:MAX_GROUP], self._queue[MAX_GROUP:]
        try:
            self._commit(_by_key(group))
        finally:
            with self._mutex:
                if self._queue:
                    self._queue[0].wake.release()
                else:
                    self._leading = False

    def _commit(self, group: list[_Write[Any]]) -> None:
        try:
            with self._sessions() as session:
                results = self._run_writes(session, group)
                session.commit()
        except Exception as exc:
            for alone in self._failed(group, exc):
                self._commit(alone)
            return
        self._committed(group, results)

    def _committed(self, group: list[_Write[Any]], results: list[Any]) -> None:
        self.commits += 1
        for write, result in zip(group, results, strict=True):
            self._finish(write, result, None)

    def _failed(self, group: list[_Write[Any]], error: Exception) -> list[list[_Write[Any]]]:
        """A group's commit failed: a lone write fails with `error`; a group's writes are
        each to be tried again alone, so that a bad write fails only itself."""
        if len(group) == 1:
            self._finish(group[0], None, error)
            return []
        return [[write] for write in group]

    def _run_writes(self, session: Session, group: list[_Write[Any]]) -> list[Any]:
        batched = [w for w in group if w.first is not None]
        took: set[int] = set()
        if batched:
            assert self._batch is not None, "writes with a first row need a batch"
            rows = self._batch(session, [w.first for w in batched])
            took = {id(w) for w, row_took in zip(batched, rows, strict=True) if row_took}
        return [_done(w, session) if w.first is None or id(w) in took else None for w in group]

    @staticmethod
    def _finish(write: _Write[Any], result: Any, error: BaseException | None) -> None:
        write.result, write.error, write.done = result, error, True
        write.wake.release()


def _done(write: _Write[Any], session: Session) -> Any:
    return True if write.work is None else write.work(session)


def _by_key(writes: list[_Write[Any]]) -> list[_Write[Any]]:
    return sorted(writes, key=lambda w: w.key)


def _groups(writes: list[_Write[Any]]) -> list[list[_Write[Any]]]:
    """The writes in groups of MAX_GROUP at most, each in key order."""
    return [_by_key(writes[i : i + MAX_GROUP]) for i in range(0, len(writes), MAX_GROUP)]


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The loop running in this thread, if any."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None

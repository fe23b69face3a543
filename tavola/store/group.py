"""Group commit: writes from many threads share one transaction and one commit (one disk
sync), and each caller returns only once its own write is committed.

The first caller to find no commit running leads: it takes every write queued so far,
runs them in one session and commits. Callers that arrive meanwhile wait and form the next
group, led by one of them. A lone caller commits at once, as it would alone.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from sqlalchemy.orm import Session

T = TypeVar("T")

MAX_GROUP = 64
"""Writes per commit at most: a bounded transaction keeps each group's wait short."""


class _Write(Generic[T]):
    __slots__ = ("done", "error", "key", "result", "work")

    def __init__(self, work: Callable[[Session], T], key: str) -> None:
        self.work = work
        self.key = key
        self.done = False
        self.result: T | None = None
        self.error: BaseException | None = None


class GroupCommit:
    def __init__(self, sessions: Callable[[], Session]) -> None:
        self._sessions = sessions
        self._turn = threading.Condition()
        self._queue: list[_Write[Any]] = []
        self._leading = False
        self.commits = 0
        """Commits made (for tests and figures)."""

    def run(self, work: Callable[[Session], T], key: str = "") -> T:
        """Runs `work` in a transaction and returns its result once that transaction is
        committed; its exception (the transaction then rolled back) propagates.

        `work` must only write through its session: it may run again, alone, when another
        write of its group fails. Groups run their writes ordered by `key` (a game id), so
        that concurrent groups of other processes lock rows in the same order."""
        write: _Write[T] = _Write(work, key)
        with self._turn:
            self._queue.append(write)
        while not write.done:  # a full group may leave this write to the next one
            with self._turn:
                while self._leading and not write.done:
                    self._turn.wait()
                if write.done:
                    break
                self._leading = True
                group, self._queue = self._queue[:MAX_GROUP], self._queue[MAX_GROUP:]
            try:
                self._commit(sorted(group, key=lambda w: w.key))
            finally:
                with self._turn:
                    self._leading = False
                    self._turn.notify_all()
        if write.error is not None:
            raise write.error
        return write.result  # type: ignore[return-value]

    def _commit(self, group: list[_Write[Any]]) -> None:
        try:
            with self._sessions() as session:
                results = [w.work(session) for w in group]
                session.commit()
            self.commits += 1
        except Exception as exc:
            if len(group) == 1:
                self._finish(group[0], None, exc)
                return
            for write in group:  # alone: a bad write fails only itself
                self._commit([write])
            return
        for write, result in zip(group, results, strict=True):
            self._finish(write, result, None)

    def _finish(self, write: _Write[Any], result: Any, error: BaseException | None) -> None:
        with self._turn:
            write.result, write.error, write.done = result, error, True

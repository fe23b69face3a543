"""The database: SQLite in a data folder by default, PostgreSQL when `DATABASE_URL` says
so; migrations run at start-up."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.orm import Session, sessionmaker

from . import repo
from .group import Awaited

MIGRATIONS = Path(__file__).parent / "migrations"
SQLITE_SYNC = os.environ.get("TAVOLA_SQLITE_SYNC", "FULL")
"""FULL: every commit reaches the disk before the move is acknowledged (survives power loss
as well as a killed process); NORMAL (in WAL mode) survives a killed process only."""


def migrations(connection: Any) -> Config:
    """Alembic's settings for `connection`: the store's revisions and each registered
    feature's."""
    from tavola.features import features  # the features' tables join the metadata

    folders = [MIGRATIONS / "versions", *(f.migrations for f in features() if f.migrations)]
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    config.set_main_option("version_locations", os.pathsep.join(map(str, folders)))
    config.attributes["connection"] = connection
    return config


def default_url() -> str:
    """`DATABASE_URL`, else SQLite in `TAVOLA_DATA` (default: ./data)."""
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    folder = Path(os.environ.get("TAVOLA_DATA", "data"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder.resolve() / 'tavola.db'}"


def _json_text(value: Any) -> str:
    return orjson.dumps(value).decode()


def _sqlite_pragmas(connection: Any, _: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute(f"PRAGMA synchronous={SQLITE_SYNC}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _on_disk(url: str) -> bool:
    """A SQLite file (an in-memory database has a pool of its own kind)."""
    return ":memory:" not in url and url.rstrip("/") not in ("sqlite:", "sqlite+pysqlite:")


def _no_checkpoint_at_commit(connection: Any, _: Any) -> None:
    connection.execute("PRAGMA wal_autocheckpoint=0")


class Database:
    def __init__(self, url: str | None = None, *, checkpoints_apart: bool = False) -> None:
        """`checkpoints_apart` (SQLite): commits never copy the write-ahead log back into
        the database file themselves; the owner calls `checkpoint` now and then, from a
        thread of its own, so no commit of a move waits for that copy and its disk sync."""
        self.url = url or default_url()
        self.is_sqlite = self.url.startswith("sqlite")
        options: dict[str, Any] = {"future": True, "json_serializer": _json_text}
        if self.is_sqlite:
            options["connect_args"] = {"check_same_thread": False, "timeout": 30}
            if _on_disk(self.url):
                # As many as the worker threads that may each hold one: a connection made
                # past the pool (and its pragmas) cost more than the statements of a move.
                options.update(pool_size=48, max_overflow=16)
        else:
            # A steady pool: connections made and dropped per request (overflow) cost more
            # than waiting a moment for one of these.
            options.update(pool_size=20, max_overflow=0, pool_timeout=30)
        self.engine: Engine = create_engine(self.url, **options)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
            if checkpoints_apart:
                event.listen(self.engine, "connect", _no_checkpoint_at_commit)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._async_engine: AsyncEngine | None = None

    def awaited(self) -> Awaited:
        """The database server for an event loop, which awaits its answers instead of
        waiting for them (the engine is made here: call it in the loop that will use it)."""
        assert not self.is_sqlite, "SQLite answers at once: nothing to await"
        if self._async_engine is None:
            self._async_engine = create_async_engine(
                self.url, json_serializer=_json_text, pool_size=2, max_overflow=0
            )
        each_committed = self._async_engine.execution_options(isolation_level="AUTOCOMMIT")

        async def append(moves: list[Any]) -> list[bool]:
            async with each_committed.connect() as connection:
                return await repo.append_actions_awaited(connection, moves)

        sessions = async_sessionmaker(self._async_engine, expire_on_commit=False)
        return Awaited(sessions, append)

    async def dispose_awaited(self) -> None:
        if self._async_engine is not None:
            await self._async_engine.dispose()
            self._async_engine = None

    def migrate(self, revision: str = "heads") -> None:
        """Applies every Alembic migration not yet applied (up to `revision`): the store's
        and each registered feature's (a feature owns its tables and their revisions)."""
        with self.engine.begin() as connection:
            command.upgrade(migrations(connection), revision)

    def session(self) -> Session:
        return self.sessions()

    def checkpoint(self) -> None:
        """SQLite: copies the write-ahead log back into the database file, as far as no
        reader still needs it (never waiting for readers or writers). Else nothing."""
        if self.is_sqlite:
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def dispose(self) -> None:
        self.engine.dispose()

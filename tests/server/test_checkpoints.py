"""SQLite's write-ahead log: with `checkpoints_apart` (the server's database) no commit
copies the log back into the database file itself; the server's `checkpoint`, run apart
every second, does, and keeps the log from growing."""

from __future__ import annotations

import time
from pathlib import Path

from sqlalchemy import text

from tavola.server.app import CHECKPOINT_SECONDS
from tavola.store import Database

from .api_helpers import running

ROW = "x" * 50_000
"""About a dozen pages: 100 commits of one make about 1,200 pages of log, past the 1,000
at which SQLite checkpoints at commit by default."""


def _wal_bytes(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


def _commit_rows(db: Database, count: int) -> None:
    for _ in range(count):
        with db.engine.begin() as connection:
            connection.execute(text("INSERT INTO notes (body) VALUES (:body)"), {"body": ROW})


def _database(path: Path, **options) -> Database:
    db = Database(f"sqlite:///{path}", **options)
    with db.engine.begin() as connection:
        connection.execute(text("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"))
    return db


def test_by_default_commits_checkpoint_and_the_log_stays_small(tmp_path):
    path = tmp_path / "default.db"
    db = _database(path)
    _commit_rows(db, 100)
    assert 0 < _wal_bytes(path) < 4_500_000
    db.dispose()


def test_with_checkpoints_apart_only_checkpoint_copies_the_log_back(tmp_path):
    path = tmp_path / "apart.db"
    db = _database(path, checkpoints_apart=True)
    _commit_rows(db, 100)
    grown = _wal_bytes(path)
    assert grown > 4_800_000  # no commit checkpointed
    db.checkpoint()
    _commit_rows(db, 100)  # the log starts over from its beginning
    assert _wal_bytes(path) <= grown + 100_000
    with db.engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM notes")).scalar() == 200
    db.dispose()


def test_the_server_checkpoints_every_second(tmp_path, monkeypatch):
    """Again and again, but once a second at most (never at each of the 100 ticks a
    second): counted against the time that passed, which a loaded machine only makes
    longer, so the test waits for checkpoints instead of counting them in a fixed sleep."""
    calls = []
    checkpoint = Database.checkpoint
    monkeypatch.setattr(Database, "checkpoint", lambda db: calls.append(checkpoint(db)))
    started = time.monotonic()
    with running(f"sqlite:///{tmp_path / 'served.db'}") as client:
        client.get("/api/games")
        deadline = started + 30
        while len(calls) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(calls) >= 3, "the server stopped checkpointing"
        assert len(calls) <= 1 + (time.monotonic() - started) / CHECKPOINT_SECONDS

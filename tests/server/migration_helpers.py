"""A database as an older release left it, then upgraded: for the migration tests."""

from __future__ import annotations

from collections.abc import Iterable

from alembic import command
from sqlalchemy import text

from tavola.store import Database
from tavola.store.db import migrations


def migrated_from(db_url: str, revision: str, rows: Iterable[str]) -> Database:
    """The schema at `revision`, filled by `rows` (SQL the old code would have written),
    then brought up to date by the server's own `migrate`."""
    database = Database(db_url)  # the server's own connection settings (SQLite: foreign keys on)
    with database.engine.begin() as connection:
        command.upgrade(migrations(connection), revision)
        for statement in rows:
            connection.execute(text(statement))
    database.migrate()
    return database

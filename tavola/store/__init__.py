"""Persistence: games, seats, the append-only action log, snapshots and clocks
(SQLAlchemy 2; Alembic migrations applied at start-up)."""

from .db import Database, default_url

__all__ = ["Database", "default_url"]

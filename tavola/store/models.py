"""The tables. An action row is written once and never changed: the log is the game."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    setup: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """`active` or `over`."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Accepted actions so far; the optimistic lock of every move."""
    opening: Mapped[list[Any]] = mapped_column(JSON)
    """The events of the setup, stored like an action's."""
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    state_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    kind: Mapped[str] = mapped_column(String(8))
    """`human` or `bot`."""
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    joined: Mapped[bool] = mapped_column(Boolean, default=False)


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "client_action_id"),)

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The game's version once this action is applied (1, 2, …)."""
    seat: Mapped[str] = mapped_column(String(16))
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    client_action_id: Mapped[str | None] = mapped_column(String(80), nullable=True)
    events: Mapped[list[Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    state_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DeadlineRow(Base):
    """A decision clock. `due_at` is null while a clock is paused (its decision is not
    awaited for now); `remaining` then holds the seconds left."""

    __tablename__ = "deadlines"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    decision_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    seat: Mapped[str] = mapped_column(String(16), primary_key=True)
    """Simultaneous decisions (both flips of a round) share an id: each seat has its clock."""
    kind: Mapped[str] = mapped_column(String(16))
    due_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    remaining: Mapped[float] = mapped_column(Float)

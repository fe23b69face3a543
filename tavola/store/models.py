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
    ForeignKeyConstraint,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

SEAT_ID = 80
"""A seat id's length: whatever the game makes it, e.g. a role and a user id (migration 0012)."""


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
    seed_known: Mapped[bool] = mapped_column(Boolean, default=False)
    """The client chose the seed (a practice table, or bots alone): every seat is told."""
    invite_only: Mapped[bool] = mapped_column(Boolean, default=False)
    """Only a seat's link opens it: the table is not offered in the lobby."""
    rematch_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The same table again, once someone asked for it (its id is random)."""
    salt: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The seed's commitment salt (64 hex characters), revealed with the seed at the end;
    none for a game dealt before commitments."""


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(SEAT_ID), primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    kind: Mapped[str] = mapped_column(String(8))
    """`human` or `bot`."""
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The occupant's token, issued when they took the seat (none: nobody has)."""
    joined: Mapped[bool] = mapped_column(Boolean, default=False)
    """Taken, or kept for its previous occupant (a rematch's seat, before they ask)."""
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The one-time invite of the seat's link; spent (none) once the seat is taken."""


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "client_action_id"),)

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The game's version once this action is applied (1, 2, …)."""
    seat: Mapped[str] = mapped_column(String(SEAT_ID))
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
    seat: Mapped[str] = mapped_column(String(SEAT_ID), primary_key=True)
    """Simultaneous decisions (both flips of a round) share an id: each seat has its clock."""
    kind: Mapped[str] = mapped_column(String(16))
    due_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    remaining: Mapped[float] = mapped_column(Float)


# -- accounts (optional, beside anonymous seat links) ----------------------------------------
# What hangs on an account is a table of its own with an `account_id` key, as its seats do
# here; saved lineups, ratings and roles are to join them the same way.


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    """As the player wrote it (shown)."""
    name_key: Mapped[str] = mapped_column(String(64), unique=True)
    """A hash of the name casefolded: two names that differ only in case are one name."""
    password_hash: Mapped[str] = mapped_column(String(255))
    device_key: Mapped[str] = mapped_column(String(64))
    """Signs the cookie of the browsers that signed in (they skip the account's pause
    after failed attempts); a new one voids them all (sign out everywhere)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountSessionRow(Base):
    """A signed-in browser. Only the hash of its id is kept: the id is the cookie."""

    __tablename__ = "account_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountSeatRow(Base):
    """A seat its account took: at a table it created, by joining, or in a rematch. A
    seat hangs on one account at most (the last that took it)."""

    __tablename__ = "account_seats"
    __table_args__ = (ForeignKeyConstraint(["game_id", "seat"], ["seats.game_id", "seats.seat"]),)

    game_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    seat: Mapped[str] = mapped_column(String(SEAT_ID), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    linked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SignInPauseRow(Base):
    """Failed sign-ins counted under one key (`account:<name>` or `client:<address>`),
    and until when the next attempt must wait."""

    __tablename__ = "sign_in_pauses"

    key: Mapped[str] = mapped_column(String(160), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)
    last_failure_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    blocked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class LimitBucketRow(Base):
    """One client's bucket under one limit, shared by the server processes of a database
    server (migration 0015): when it is full again, on the database's clock. A row whose
    moment has passed is a full bucket, as a missing one is."""

    __tablename__ = "limit_buckets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    """Which limit (`games`)."""
    client: Mapped[str] = mapped_column(String(160), primary_key=True)
    full_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    last_refused: Mapped[bool] = mapped_column(Boolean)
    """Whether the last attempt found the bucket empty (and took nothing)."""


class HeldCountRow(Base):
    """What one server process holds of one client's connections (`kind`: `connections`,
    `sockets`), published for the others while the process lives: each renews its rows'
    lease, and a dead process's rows expire (migration 0015)."""

    __tablename__ = "held_counts"

    worker: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    client: Mapped[str] = mapped_column(String(160), primary_key=True)
    held: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)

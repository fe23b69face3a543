"""The tournaments' tables: a tournament, its person entrants' keys, and its games."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from tavola.features.series_rows import SeriesColumns
from tavola.store.models import Base


class TournamentRow(SeriesColumns, Base):
    """A tournament: its format's data (`format.Tournament`, plain JSON) and the game's
    options it was created with. `status` follows its phase: `registration`,
    `playing`, `over`. Its id, game, status, version and times are a series'
    (`SeriesColumns`)."""

    __tablename__ = "tournaments"

    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    """As the organiser gave them (the format's and the game's)."""
    tournament: Mapped[dict[str, Any]] = mapped_column(JSON)
    organiser_hash: Mapped[str] = mapped_column(String(64))
    """The organiser's token (adds bots, starts the tournament), as its hash."""
    no_show_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """How long a person has to start a game before losing it by forfeit; None:
    no limit."""


class TournamentEntrantRow(Base):
    """A person entrant's key: its token (the same for every game of the tournament) and
    the account it registered from, if signed in. Bots have none."""

    __tablename__ = "tournament_entrants"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    entrant: Mapped[int] = mapped_column(Integer, primary_key=True)
    """Its number in the tournament (registration order, from 0)."""
    token_hash: Mapped[str] = mapped_column(String(64))
    account_id: Mapped[str | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)


class TournamentGameRow(Base):
    """One game of the tournament's schedule on its way to a table: `waiting` for its
    people to start it, `playing` as `game_id`, or `recorded`."""

    __tablename__ = "tournament_games"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    slot: Mapped[str] = mapped_column(String(24), primary_key=True)
    """The schedule's game id, `r<round>.m<match>.g<game>`."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id"), nullable=True, unique=True)
    seated: Mapped[list[Any]] = mapped_column(JSON)
    """The slot's entrants (their positions in the game) present at the table, in seat
    order."""
    ready: Mapped[list[Any]] = mapped_column(JSON)
    """The people (positions) who started the game so far."""
    due_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When those who have not started it lose it by forfeit (None: no limit)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

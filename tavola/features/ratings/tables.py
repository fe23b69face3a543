"""The ratings' tables: each account's skill per game, and the games counted."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from tavola.store.models import Base


class RatingRow(Base):
    """An account's skill at one game, as openskill models it: `mu` the estimate, `sigma`
    its uncertainty, `ordinal` (mu - 3 sigma) what the leaderboard ranks by."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_game_ordinal", "game", "ordinal"),)

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    """Rated games finished."""
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatedGameRow(Base):
    """A finished game whose ratings were updated: written in the same commit, so that a
    game counts once however often its end is met again."""

    __tablename__ = "rated_games"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    changes: Mapped[dict[str, Any]] = mapped_column(JSON)
    """Account id → its rating before and after (`mu`, `sigma`, `ordinal`), side and place."""
    rated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

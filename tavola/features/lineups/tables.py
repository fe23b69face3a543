"""The saved lineups' table: an account's named lineups per game."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from tavola.store.models import Base


class SavedLineupRow(Base):
    """A lineup an account saved for a game, under a name of its choosing: the game's own
    JSON, as the game's check spelled it out (a valid lineup only)."""

    __tablename__ = "saved_lineups"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    """As the player wrote it (composed characters, single spaces)."""
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

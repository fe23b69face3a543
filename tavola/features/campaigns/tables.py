"""The campaigns' tables: a campaign, the games it opened, and its party's seats."""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    ForeignKey,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from tavola.features.series_rows import SeriesColumns
from tavola.store.models import SEAT_ID, Base


class CampaignRow(SeriesColumns, Base):
    """A campaign: the game's own campaign data (`Campaigns` capability) and the table
    being played. `status` is the server's reading of it: `choice` (a person's choice
    awaited), `due` (its next table is to be opened), `playing` (open as `game_id`),
    `over`. Its id, game, status, version and times are a series' (`SeriesColumns`)."""

    __tablename__ = "campaigns"

    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    campaign: Mapped[dict[str, Any]] = mapped_column(JSON)
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id"), nullable=True, index=True)
    """The table being played (none between games)."""
    tables: Mapped[list[Any]] = mapped_column(JSON)
    """Every table opened, in order: `{game_id, number, attempt}`."""


class CampaignTableRow(Base):
    """A game that is one of a campaign's tables: the way back from it to the campaign,
    kept after the game ends (the campaign's `game_id` is cleared then)."""

    __tablename__ = "campaign_tables"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id"), index=True)


class CampaignSeatRow(Base):
    """A party member's seat: a person's holds a token (the same in every game) once
    taken with its one-time invite; a bot's neither."""

    __tablename__ = "campaign_seats"

    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(SEAT_ID), primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    kind: Mapped[str] = mapped_column(String(8))
    """`human` or `bot`."""
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)

"""Reading and writing campaigns: every change is checked against the version it was
made from, so two workers (or two requests) never both change the same campaign."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from tavola.features import series_rows
from tavola.features.campaigns.tables import CampaignRow, CampaignSeatRow, CampaignTableRow
from tavola.store.models import SeatRow
from tavola.store.repo import now


def create(session: Session, row: CampaignRow, seats: Iterable[CampaignSeatRow]) -> None:
    session.add(row)
    session.flush()
    session.add_all(list(seats))


def get(session: Session, campaign_id: str) -> CampaignRow | None:
    return session.get(CampaignRow, campaign_id)


def seats(session: Session, campaign_id: str) -> list[CampaignSeatRow]:
    query = select(CampaignSeatRow).where(CampaignSeatRow.campaign_id == campaign_id)
    return list(session.scalars(query))


def playing(session: Session, game_id: str) -> CampaignRow | None:
    """The campaign whose game `game_id` is being played, if any."""
    query = select(CampaignRow).where(
        CampaignRow.game_id == game_id, CampaignRow.status == "playing"
    )
    return session.scalars(query).first()


def link_table(session: Session, campaign_id: str, game_id: str) -> None:
    """Links the campaign's table (written in this commit) to its campaign."""
    session.add(CampaignTableRow(game_id=game_id, campaign_id=campaign_id))


def campaign_of(session: Session, game_id: str) -> str | None:
    """The campaign `game_id` is a table of, played or over (None: an ordinary game)."""
    row = session.get(CampaignTableRow, game_id)
    return row.campaign_id if row is not None else None


def to_open(session: Session) -> list[str]:
    """Campaigns whose next game no table plays yet."""
    query = select(CampaignRow.id).where(CampaignRow.status == "due")
    return list(session.scalars(query))


def change(session: Session, campaign_id: str, version: int, **values: Any) -> bool:
    """Writes `values`, the next version and the time, if the campaign is still at
    `version`."""
    return series_rows.change(
        session, CampaignRow, campaign_id, version, updated_at=now(), **values
    )


def claim_seat(
    session: Session, campaign_id: str, seat: str, invite_hash: str, token_hash: str, name: str
) -> bool:
    """Gives a person's seat nobody took its occupant's token, spending its invite; False
    when the invite is not the seat's (spent, another's, a guess)."""
    query = update(CampaignSeatRow).where(
        CampaignSeatRow.campaign_id == campaign_id,
        CampaignSeatRow.seat == seat,
        CampaignSeatRow.token_hash.is_(None),
        CampaignSeatRow.invite_hash == invite_hash,
    )
    values = dict(token_hash=token_hash, invite_hash=None, name=name)
    return bool(session.execute(query.values(**values)).rowcount)  # type: ignore[attr-defined]


def hold_table_seat(session: Session, game_id: str, seat: str, token_hash: str) -> None:
    """The campaign table's seat opens with its campaign seat's token (taken after it opened)."""
    query = update(SeatRow).where(
        SeatRow.game_id == game_id, SeatRow.seat == seat, SeatRow.token_hash.is_(None)
    )
    session.execute(query.values(token_hash=token_hash, joined=True))

"""The accounts' rows: accounts, sessions, the seats they took, and what their games are."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from tavola.store.models import AccountRow, AccountSeatRow, AccountSessionRow, GameRow, SeatRow

SESSIONS_KEPT = 50
"""Signed-in browsers per account at most: a new one ends the oldest beyond."""
GAMES_LISTED = 200
"""The most recent games `my games` lists."""


def by_name(session: Session, name_key: str) -> AccountRow | None:
    return session.scalars(select(AccountRow).where(AccountRow.name_key == name_key)).first()


def add_session(
    session: Session, account_id: str, id_hash: str, now: datetime, expires_at: datetime
) -> None:
    """A new signed-in browser; ended ones go, and the oldest beyond `SESSIONS_KEPT`."""
    session.execute(
        delete(AccountSessionRow).where(
            AccountSessionRow.account_id == account_id, AccountSessionRow.expires_at <= now
        )
    )
    session.add(
        AccountSessionRow(
            id_hash=id_hash, account_id=account_id, created_at=now, expires_at=expires_at
        )
    )
    session.flush()
    kept = (
        select(AccountSessionRow.id_hash)
        .where(AccountSessionRow.account_id == account_id)
        .order_by(AccountSessionRow.created_at.desc(), AccountSessionRow.id_hash)
        .limit(SESSIONS_KEPT)
    )
    session.execute(
        delete(AccountSessionRow).where(
            AccountSessionRow.account_id == account_id, AccountSessionRow.id_hash.not_in(kept)
        )
    )


def session_account(session: Session, id_hash: str, now: datetime) -> AccountRow | None:
    """The account of a session still running."""
    query = (
        select(AccountRow)
        .join(AccountSessionRow, AccountSessionRow.account_id == AccountRow.id)
        .where(AccountSessionRow.id_hash == id_hash, AccountSessionRow.expires_at > now)
    )
    return session.scalars(query).first()


def end_session(session: Session, id_hash: str) -> None:
    session.execute(delete(AccountSessionRow).where(AccountSessionRow.id_hash == id_hash))


def end_every_session(session: Session, account_id: str, device_key: str) -> int:
    """Ends every session of the account and voids its browsers' marks; how many ended."""
    ended = session.execute(
        delete(AccountSessionRow).where(AccountSessionRow.account_id == account_id)
    )
    session.execute(
        update(AccountRow).where(AccountRow.id == account_id).values(device_key=device_key)
    )
    return int(ended.rowcount)  # type: ignore[attr-defined]


def link_seats(
    session: Session, account_id: str | None, game_id: str, seats: list[str], now: datetime
) -> None:
    """The seats now hang on the account (None: on no account: someone took them without
    one), whichever they hung on before."""
    session.execute(
        delete(AccountSeatRow).where(
            AccountSeatRow.game_id == game_id, AccountSeatRow.seat.in_(seats)
        )
    )
    if account_id is not None:
        session.add_all(
            AccountSeatRow(game_id=game_id, seat=seat, account_id=account_id, linked_at=now)
            for seat in seats
        )


def holds_seat(session: Session, account_id: str, game_id: str, seat: str) -> bool:
    query = select(AccountSeatRow.seat).where(
        AccountSeatRow.account_id == account_id,
        AccountSeatRow.game_id == game_id,
        AccountSeatRow.seat == seat,
    )
    return session.scalars(query).first() is not None


@dataclass(frozen=True, slots=True)
class HeldSeat:
    """A seat of the account's, in a game as it stands."""

    game: GameRow
    seat: str
    seat_name: str


def held_seats(session: Session, account_id: str) -> list[HeldSeat]:
    """The account's seats, the most recently moved games first."""
    query = (
        select(GameRow, AccountSeatRow.seat, SeatRow.name)
        .join(AccountSeatRow, AccountSeatRow.game_id == GameRow.id)
        .join(
            SeatRow,
            (SeatRow.game_id == AccountSeatRow.game_id) & (SeatRow.seat == AccountSeatRow.seat),
        )
        .where(AccountSeatRow.account_id == account_id)
        .order_by(GameRow.updated_at.desc(), GameRow.id, AccountSeatRow.seat)
        .limit(GAMES_LISTED)
    )
    return [HeldSeat(game, seat, name) for game, seat, name in session.execute(query)]


def retake_seat(session: Session, game_id: str, seat: str, token_hash: str) -> None:
    """The seat's token is now `token_hash` (the one before is void)."""
    session.execute(
        update(SeatRow)
        .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        .values(token_hash=token_hash, joined=True)
    )


def outcome_of(outcome: dict[str, Any] | None, seat: str) -> dict[str, Any] | None:
    """How a finished game ended for one seat."""
    if not outcome:
        return None
    return {
        "won": seat in outcome.get("winners", ()) and not outcome.get("draw", False),
        "draw": bool(outcome.get("draw", False)),
        "place": outcome.get("placements", {}).get(seat),
    }

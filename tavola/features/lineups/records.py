"""The saved lineups' rows: an account's lineups at a game, newest first; one saved (new
or replaced) with the account's count kept within its limit; one deleted."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, delete, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from tavola.store.models import AccountRow

from .tables import SavedLineupRow

SAVED = cast(Table, SavedLineupRow.__table__)


def of_account(session: Session, account_id: str, game: str) -> list[SavedLineupRow]:
    query = (
        select(SavedLineupRow)
        .where(SavedLineupRow.account_id == account_id, SavedLineupRow.game == game)
        .order_by(SavedLineupRow.updated_at.desc(), SavedLineupRow.name)
    )
    return list(session.scalars(query))


def save(
    session: Session,
    account_id: str,
    game: str,
    name: str,
    body: dict[str, Any],
    at: datetime,
) -> int:
    """Writes the lineup (replacing one of that name) and answers how many the account
    now has at `game`; the caller rolls back past its limit. The account's row is locked
    first (PostgreSQL), so two saves of one account are counted one after the other."""
    session.execute(select(AccountRow.id).where(AccountRow.id == account_id).with_for_update())
    row = dict(account_id=account_id, game=game, name=name, body=body, updated_at=at)
    statement = _insert(session).values(row)
    session.execute(
        statement.on_conflict_do_update(
            index_elements=["account_id", "game", "name"],
            set_={"body": statement.excluded.body, "updated_at": statement.excluded.updated_at},
        )
    )
    count = select(func.count()).where(
        SavedLineupRow.account_id == account_id, SavedLineupRow.game == game
    )
    return session.scalar(count) or 0


def remove(session: Session, account_id: str, game: str, name: str) -> bool:
    """Deletes the lineup; False when the account has none of that name."""
    statement = delete(SavedLineupRow).where(
        SavedLineupRow.account_id == account_id,
        SavedLineupRow.game == game,
        SavedLineupRow.name == name,
    )
    return bool(session.execute(statement).rowcount)  # type: ignore[attr-defined]


def _insert(session: Session) -> Any:
    """An INSERT that may replace a row already there, in the database's own words."""
    dialect = session.get_bind().dialect.name
    return postgresql.insert(SAVED) if dialect == "postgresql" else sqlite.insert(SAVED)

"""The columns every series of tables keeps (a tournament's row, a campaign's) and the
optimistic lock of their every change: a change names the version it was made from and
writes nothing if another came first."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, DateTime, Integer, String, update
from sqlalchemy.orm import Mapped, Session, mapped_column


class SeriesColumns:
    """Mixed into a series' row class (with the store's `Base`)."""

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), index=True)
    seed_known: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Changes so far; the optimistic lock of every change."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def change(
    session: Session, table: type[SeriesColumns], row_id: str, version: int, **values: Any
) -> bool:
    """Writes `values` and the next version to the row `row_id` of `table`, if it is still
    at `version`; False when another change came first."""
    query = update(table).where(table.id == row_id, table.version == version)
    done = session.execute(query.values(version=version + 1, **values))
    return bool(done.rowcount)  # type: ignore[attr-defined]

"""The house book's rows: counted in the commit that records a table's opening or its
end (an upsert, so two games ending at once on PostgreSQL both count), and read."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from .tables import HOUSE_BOOK


def count(session: Session, game: str, *, opened: int = 0, finished: int = 0) -> None:
    dialect = session.get_bind().dialect.name
    insert: Any = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(HOUSE_BOOK).values(game=game, opened=opened, finished=finished)
    statement = statement.on_conflict_do_update(
        index_elements=[HOUSE_BOOK.c.game],
        set_={
            "opened": HOUSE_BOOK.c.opened + opened,
            "finished": HOUSE_BOOK.c.finished + finished,
        },
    )
    session.execute(statement)


def read(session: Session, game: str) -> dict[str, Any]:
    """The game's counts (zero for a game never opened here)."""
    row = session.execute(
        select(HOUSE_BOOK.c.opened, HOUSE_BOOK.c.finished).where(HOUSE_BOOK.c.game == game)
    ).first()
    opened, finished = row if row is not None else (0, 0)
    return {"game": game, "opened": opened, "finished": finished}

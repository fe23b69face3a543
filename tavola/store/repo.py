"""Reading and writing games; the version check that serialises every move."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, delete, func, insert, select, update
from sqlalchemy.orm import Session

from .models import ActionRow, DeadlineRow, GameRow, SeatRow, SnapshotRow

GAMES = cast(Table, GameRow.__table__)
ACTIONS = cast(Table, ActionRow.__table__)


def now() -> datetime:
    return datetime.now(UTC)


def create_game(session: Session, row: GameRow, seats: Iterable[SeatRow]) -> None:
    session.add(row)
    session.flush()
    session.add_all(list(seats))


def game(session: Session, game_id: str) -> GameRow | None:
    return session.get(GameRow, game_id)


def seats(session: Session, game_id: str) -> list[SeatRow]:
    query = select(SeatRow).where(SeatRow.game_id == game_id)
    return list(session.scalars(query))


def take_seat(
    session: Session, game_id: str, seat: str, token_hash: str, name: str, *, only_if_free: bool
) -> bool:
    """Marks a seat joined with the token `token_hash`; `only_if_free`: unless someone took
    it first (then False comes back and nothing changes)."""
    query = update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
    if only_if_free:
        query = query.where(SeatRow.joined.is_(False))
    moved = session.execute(query.values(joined=True, name=name, token_hash=token_hash))
    return bool(moved.rowcount)  # type: ignore[attr-defined]


def actions_after(session: Session, game_id: str, version: int) -> list[ActionRow]:
    query = (
        select(ActionRow)
        .where(ActionRow.game_id == game_id, ActionRow.seq > version)
        .order_by(ActionRow.seq)
    )
    return list(session.scalars(query))


def action_by_client_id(session: Session, game_id: str, client_action_id: str) -> ActionRow | None:
    query = select(ActionRow).where(
        ActionRow.game_id == game_id, ActionRow.client_action_id == client_action_id
    )
    return session.scalars(query).first()


# Built once: the statements of every move, on the tables themselves (no ORM bookkeeping).
_NEXT_VERSION = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("game_id"), GAMES.c.version == bindparam("expected"))
    .values(
        version=bindparam("version"),
        status=bindparam("status"),
        outcome=bindparam("outcome"),
        state_hash=bindparam("state_hash"),
        updated_at=bindparam("updated_at"),
    )
)
_APPEND = insert(ACTIONS)


def _move_in_one_statement() -> Any:
    """PostgreSQL: the version check, the log row and the notification of the other
    workers in one statement, one round trip; it answers one row if the move was made."""
    moved = _NEXT_VERSION.returning(GAMES.c.id).cte("moved")
    columns = [c.key for c in ACTIONS.columns]
    values = select(
        *(
            moved.c.id if c == "game_id" else bindparam(f"row_{c}", type_=ACTIONS.c[c].type)
            for c in columns
        )
    )
    added = insert(ACTIONS).from_select(columns, values).returning(ACTIONS.c.seq).cte("added")
    return select(func.pg_notify("tavola_games", bindparam("payload"))).select_from(added)


_MOVE_PG = _move_in_one_statement()


def append_action(
    session: Session,
    game_id: str,
    expected_version: int,
    row: dict[str, Any],
    *,
    status: str,
    outcome: dict[str, Any] | None,
    state_hash: str,
) -> bool:
    """The action (its row's columns) becomes version `expected_version + 1`, unless
    another move got there first (then nothing is written and False comes back). With
    PostgreSQL the other workers are told too (`tavola_games`, at commit)."""
    connection = session.connection()
    version = {
        "game_id": game_id,
        "expected": expected_version,
        "version": expected_version + 1,
        "status": status,
        "outcome": outcome,
        "state_hash": state_hash,
        "updated_at": now(),
    }
    if connection.dialect.name == "postgresql":
        payload = f"{game_id}:{expected_version + 1}"
        params = {**version, **{f"row_{k}": v for k, v in row.items()}, "payload": payload}
        return connection.execute(_MOVE_PG, params).first() is not None
    if connection.execute(_NEXT_VERSION, version).rowcount != 1:
        return False
    connection.execute(_APPEND, row)
    return True


def latest_snapshot(session: Session, game_id: str, at_most: int) -> SnapshotRow | None:
    query = (
        select(SnapshotRow)
        .where(SnapshotRow.game_id == game_id, SnapshotRow.version <= at_most)
        .order_by(SnapshotRow.version.desc())
        .limit(1)
    )
    return session.scalars(query).first()


def lobby(session: Session, limit: int = 100) -> list[tuple[GameRow, list[SeatRow]]]:
    """Active games with a human seat nobody has joined yet, newest first."""
    open_games = (
        select(SeatRow.game_id).where(SeatRow.kind == "human", SeatRow.joined.is_(False)).distinct()
    )
    query = (
        select(GameRow)
        .where(GameRow.status == "active", GameRow.id.in_(open_games))
        .order_by(GameRow.created_at.desc())
        .limit(limit)
    )
    games = list(session.scalars(query))
    return [(g, seats(session, g.id)) for g in games]


def active_game_ids(session: Session) -> list[str]:
    return list(session.scalars(select(GameRow.id).where(GameRow.status == "active")))


def game_count(session: Session) -> int:
    return int(session.scalar(select(func.count()).select_from(GameRow)) or 0)


# -- clocks ----------------------------------------------------------------------------------


def deadlines(session: Session, game_id: str) -> list[DeadlineRow]:
    return list(session.scalars(select(DeadlineRow).where(DeadlineRow.game_id == game_id)))


def due_deadlines(session: Session, at: datetime) -> list[DeadlineRow]:
    query = select(DeadlineRow).where(DeadlineRow.due_at.is_not(None), DeadlineRow.due_at <= at)
    return list(session.scalars(query))


def drop_deadlines(session: Session, game_id: str, seat: str, decision_ids: Sequence[str]) -> None:
    if decision_ids:
        session.execute(
            delete(DeadlineRow).where(
                DeadlineRow.game_id == game_id,
                DeadlineRow.seat == seat,
                DeadlineRow.decision_id.in_(decision_ids),
            )
        )

"""Reading and writing games; the version check that serialises every move."""

from __future__ import annotations

import functools
import os
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import orjson
from sqlalchemy import Connection, Dialect, Table, delete, select, text, update
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.orm import Session

from .models import ActionRow, DeadlineRow, GameRow, SeatRow, SnapshotRow

GAMES = cast(Table, GameRow.__table__)
ACTIONS = cast(Table, ActionRow.__table__)


CLOCK_OFFSET_FILE = "TAVOLA_CLOCK_OFFSET_FILE"
"""For browser tests only: a file holding how many seconds the server's clock runs ahead
(a Lotto draw can be entered only once its evening has come, so a test moves time on)."""


def now() -> datetime:
    real = datetime.now(UTC)
    path = os.environ.get(CLOCK_OFFSET_FILE)
    if not path:
        return real
    try:
        with open(path, encoding="utf-8") as fh:
            ahead = float(fh.read().strip() or 0)
    except (OSError, ValueError):
        ahead = 0.0
    return real + timedelta(seconds=ahead)


def create_game(session: Session, row: GameRow, seats: Iterable[SeatRow]) -> None:
    session.add(row)
    session.flush()
    session.add_all(list(seats))


def game(session: Session, game_id: str) -> GameRow | None:
    return session.get(GameRow, game_id)


def seats(session: Session, game_id: str) -> list[SeatRow]:
    query = select(SeatRow).where(SeatRow.game_id == game_id)
    return list(session.scalars(query))


def claim_seat(
    session: Session,
    game_id: str,
    seat: str,
    token_hash: str,
    name: str,
    *,
    invite_hash: str | None,
) -> bool:
    """Gives a free seat (nobody's token, not kept for anyone) its occupant's token,
    spending its invite; `invite_hash`: only if the seat's invite is this one. False (and
    nothing changes) when someone took it first or the invite does not match."""
    query = update(SeatRow).where(
        SeatRow.game_id == game_id,
        SeatRow.seat == seat,
        SeatRow.joined.is_(False),
        SeatRow.token_hash.is_(None),
    )
    if invite_hash is not None:
        query = query.where(SeatRow.invite_hash == invite_hash)
    values = dict(joined=True, name=name, token_hash=token_hash, invite_hash=None)
    return bool(session.execute(query.values(**values)).rowcount)  # type: ignore[attr-defined]


def claim_kept_seat(session: Session, game_id: str, seat: str, token_hash: str) -> bool:
    """Gives a seat kept for its previous occupant (a rematch's) their token, once: False
    when it was given already."""
    query = update(SeatRow).where(
        SeatRow.game_id == game_id,
        SeatRow.seat == seat,
        SeatRow.joined.is_(True),
        SeatRow.token_hash.is_(None),
    )
    return bool(session.execute(query.values(token_hash=token_hash)).rowcount)  # type: ignore[attr-defined]


def rename_seat(session: Session, game_id: str, seat: str, name: str) -> None:
    query = update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
    session.execute(query.values(name=name))


def link_rematch(session: Session, game_id: str, rematch_id: str) -> bool:
    """Records `rematch_id` as the game's rematch, unless it has one already (False)."""
    query = update(GameRow).where(GameRow.id == game_id, GameRow.rematch_id.is_(None))
    return bool(session.execute(query.values(rematch_id=rematch_id)).rowcount)  # type: ignore[attr-defined]


def rematch_of(session: Session, game_id: str) -> str | None:
    return session.scalar(select(GameRow.rematch_id).where(GameRow.id == game_id))


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


# SQLite: a move's statements go to the driver's own cursor, their values made by the
# columns' own SQLAlchemy types (so every read finds them as SQLAlchemy writes them): the
# statement machinery around them cost more than SQLite itself, on the loop, at every move.
_NEXT_VERSION = (
    "UPDATE games SET version = ?, status = ?, outcome = ?,"
    " state_hash = coalesce(?, state_hash), updated_at = ?"
    " WHERE id = ? AND version = ?"
)
_USED_ID = "SELECT 1 FROM actions WHERE game_id = ? AND client_action_id = ?"
_APPEND = (
    "INSERT INTO actions (game_id, seq, seat, action, client_action_id, events, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
_KEEP = (
    "INSERT INTO snapshots (game_id, version, state, state_hash, created_at) VALUES (?, ?, ?, ?, ?)"
)


@functools.lru_cache(maxsize=4)
def _sqlite_values(dialect: Dialect) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """How the dialect stores a JSON value and a moment (the log's column types)."""

    def processor(column: Any) -> Callable[[Any], Any]:
        made = column.type.dialect_impl(dialect).bind_processor(dialect)
        return made if made is not None else (lambda value: value)

    return processor(ACTIONS.c.events), processor(ACTIONS.c.created_at)


@dataclass(frozen=True, slots=True)
class Append:
    """A move for the log: its row's columns, to become version `expected_version + 1`."""

    game_id: str
    expected_version: int
    row: dict[str, Any]
    status: str
    outcome: dict[str, Any] | None
    state_hash: str | None
    """The new state's, where it is kept (with a snapshot, at the end); None: the game's
    stays the one kept last."""
    snapshot: dict[str, Any] | None = None
    """The game's dumped state at the new version, kept as a snapshot when given."""


_MOVES_SQL = """
    WITH wanted AS (
        SELECT * FROM json_to_recordset(CAST(:moves AS json)) AS w(
            game_id text, expected int, status text, outcome json, state_hash text,
            seat text, action json, client_action_id text, events json,
            created_at timestamptz, snapshot json)
    ), moved AS (
        UPDATE games SET version = w.expected + 1, status = w.status, outcome = w.outcome,
            state_hash = coalesce(w.state_hash, games.state_hash),
            updated_at = CAST(:updated_at AS timestamptz)
        FROM wanted AS w WHERE games.id = w.game_id AND games.version = w.expected
            AND NOT EXISTS (SELECT 1 FROM actions AS a
                WHERE a.game_id = w.game_id AND a.client_action_id = w.client_action_id)
        RETURNING games.id, games.version
    ), added AS (
        INSERT INTO actions (game_id, seq, seat, action, client_action_id, events, created_at)
        SELECT w.game_id, moved.version, w.seat, w.action, w.client_action_id, w.events,
            w.created_at
        FROM wanted AS w JOIN moved ON moved.id = w.game_id
        RETURNING game_id, seq
    ){kept}, told AS (
        SELECT pg_notify('tavola_games', CAST(:origin AS text) || ' '
            || string_agg(game_id || ':' || seq, ',')) AS told
        FROM added HAVING count(*) > 0
    )
    SELECT game_id FROM added CROSS JOIN told
"""
_KEPT_SQL = """, kept AS (
        INSERT INTO snapshots (game_id, version, state, state_hash, created_at)
        SELECT w.game_id, moved.version, w.snapshot, w.state_hash, w.created_at
        FROM wanted AS w JOIN moved ON moved.id = w.game_id WHERE w.snapshot IS NOT NULL
    )"""
_MOVES_PG = text(_MOVES_SQL.format(kept=""))
_MOVES_KEEPING_PG = text(_MOVES_SQL.format(kept=_KEPT_SQL))
"""PostgreSQL: every move of a group, each one's version check, log row, snapshot (in the
second text, for the groups that have one) and notification of the other workers, in one
statement (two texts, whatever the count: each prepared once) and one round trip; it
answers the games moved. The moves travel as one JSON document, which the server unpacks
(quicker than arrays built in Python). Two moves of one game never share a group: a game
has one move in flight at a time."""


def append_actions(session: Session, moves: Sequence[Append]) -> list[bool]:
    """Each move becomes its game's next version, unless another move got there first
    or its action id is an earlier move's (then nothing of it is written and False comes
    back for it: its sender finds out which, `action_by_client_id`). With PostgreSQL the
    other workers are told too (`tavola_games`, at commit), and all the moves take one
    round trip."""
    connection = session.connection()
    if connection.dialect.name != "postgresql":
        return _append_sqlite(connection, moves)
    moved = {row.game_id for row in connection.execute(_moves_pg(moves), _pg_moves(moves))}
    return [m.game_id in moved for m in moves]


async def append_actions_awaited(
    connection: AsyncConnection, moves: Sequence[Append]
) -> list[bool]:
    """`append_actions` (PostgreSQL), awaited on an event loop: on a connection that
    commits each statement, the moves are written in one round trip."""
    answer = await connection.execute(_moves_pg(moves), _pg_moves(moves))
    moved = {row.game_id for row in answer}
    return [m.game_id in moved for m in moves]


def _moves_pg(moves: Sequence[Append]) -> Any:
    return _MOVES_KEEPING_PG if any(m.snapshot is not None for m in moves) else _MOVES_PG


def _pg_moves(moves: Sequence[Append]) -> dict[str, Any]:
    wanted = [
        {
            "game_id": m.game_id,
            "expected": m.expected_version,
            "status": m.status,
            "outcome": m.outcome,
            "state_hash": m.state_hash,
            "snapshot": m.snapshot,
            **m.row,
        }
        for m in moves
    ]
    return {"moves": orjson.dumps(wanted).decode(), "updated_at": now(), "origin": origin()}


_origin: tuple[int, str] | None = None


def origin() -> str:
    """This process's mark on the notifications of its moves (`mark game:version,…`), by
    which its listener knows them for its own: they are in its memory already."""
    global _origin
    if _origin is None or _origin[0] != os.getpid():  # a forked worker gets its own
        _origin = (os.getpid(), secrets.token_hex(8))
    return _origin[1]


def _append_sqlite(connection: Connection, moves: Sequence[Append]) -> list[bool]:
    json, moment = _sqlite_values(connection.dialect)
    updated_at = moment(now())
    cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
    took = []
    try:
        for m in moves:
            version = m.expected_version + 1
            reused = (
                m.row["client_action_id"] is not None
                and cursor.execute(_USED_ID, (m.game_id, m.row["client_action_id"])).fetchone()
            )
            if reused:  # an older move's id: that move is the answer, not this one
                took.append(False)
                continue
            outcome = json(m.outcome)
            moved = (version, m.status, outcome, m.state_hash, updated_at, m.game_id, version - 1)
            cursor.execute(_NEXT_VERSION, moved)
            if cursor.rowcount != 1:
                took.append(False)
                continue
            row, stamp = m.row, moment(m.row["created_at"])
            action, events = json(row["action"]), json(row["events"])
            logged = (
                m.game_id,
                version,
                row["seat"],
                action,
                row["client_action_id"],
                events,
                stamp,
            )
            cursor.execute(_APPEND, logged)
            if m.snapshot is not None:
                cursor.execute(_KEEP, (m.game_id, version, json(m.snapshot), m.state_hash, stamp))
            took.append(True)
    finally:
        cursor.close()
    return took


def latest_snapshot(session: Session, game_id: str, at_most: int) -> SnapshotRow | None:
    query = (
        select(SnapshotRow)
        .where(SnapshotRow.game_id == game_id, SnapshotRow.version <= at_most)
        .order_by(SnapshotRow.version.desc())
        .limit(1)
    )
    return session.scalars(query).first()


def lobby(session: Session, limit: int = 100) -> list[tuple[GameRow, list[SeatRow]]]:
    """Active games with a human seat nobody has joined yet, newest first (not those whose
    seats only their links open)."""
    open_games = (
        select(SeatRow.game_id)
        .where(SeatRow.kind == "human", SeatRow.joined.is_(False), SeatRow.token_hash.is_(None))
        .distinct()
    )
    query = (
        select(GameRow)
        .where(
            GameRow.status == "active",
            GameRow.invite_only.is_(False),
            GameRow.id.in_(open_games),
        )
        .order_by(GameRow.created_at.desc())
        .limit(limit)
    )
    games = list(session.scalars(query))
    return [(g, seats(session, g.id)) for g in games]


def in_play(session: Session, limit: int = 50) -> list[tuple[GameRow, list[SeatRow]]]:
    """Active games with no human seat left to take (being played), newest first: the
    lobby offers them to watch."""
    open_games = select(SeatRow.game_id).where(
        SeatRow.kind == "human", SeatRow.joined.is_(False), SeatRow.token_hash.is_(None)
    )
    query = (
        select(GameRow)
        .where(GameRow.status == "active", GameRow.id.not_in(open_games))
        .order_by(GameRow.created_at.desc())
        .limit(limit)
    )
    games = list(session.scalars(query))
    return [(g, seats(session, g.id)) for g in games]


def active_game_ids(session: Session) -> list[str]:
    return list(session.scalars(select(GameRow.id).where(GameRow.status == "active")))


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

"""Reading and writing tournaments: every change is checked against the version it was
made from (PostgreSQL also locks the row while a game's end is recorded), so two workers
never both change the same tournament; each game of its schedule is linked to its table."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from tavola.features import series_rows
from tavola.features.tournaments.format import Tournament
from tavola.features.tournaments.tables import (
    TournamentEntrantRow,
    TournamentGameRow,
    TournamentRow,
)
from tavola.store.repo import now


def create(session: Session, row: TournamentRow) -> None:
    session.add(row)


def get(session: Session, tournament_id: str, *, locked: bool = False) -> TournamentRow | None:
    """The tournament as stored now (`locked`: its row held until the commit, where the
    database can)."""
    query = select(TournamentRow).where(TournamentRow.id == tournament_id)
    if locked:
        query = query.with_for_update()
    found = session.execute(query.execution_options(populate_existing=True))
    return found.scalars().first()


def save(session: Session, tournament_id: str, version: int, t: Tournament) -> bool:
    """Writes the format's tournament `t` (and its phase as the status), the next version
    and the time, if the tournament is still at `version`."""
    values = {"tournament": t.model_dump(mode="json"), "status": t.phase, "updated_at": now()}
    return series_rows.change(session, TournamentRow, tournament_id, version, **values)


def playing(session: Session) -> list[str]:
    """Tournaments under way, oldest first."""
    query = (
        select(TournamentRow.id)
        .where(TournamentRow.status == "playing")
        .order_by(TournamentRow.created_at)
    )
    return list(session.scalars(query))


def listed(session: Session, game: str | None, limit: int) -> list[TournamentRow]:
    """The newest tournaments (of `game`)."""
    query = select(TournamentRow).order_by(TournamentRow.created_at.desc()).limit(limit)
    if game is not None:
        query = query.where(TournamentRow.game == game)
    return list(session.scalars(query))


# -- person entrants -------------------------------------------------------------------------


def add_entrant(session: Session, row: TournamentEntrantRow) -> None:
    session.add(row)


def entrants(session: Session, tournament_id: str) -> list[TournamentEntrantRow]:
    query = select(TournamentEntrantRow).where(TournamentEntrantRow.tournament_id == tournament_id)
    return list(session.scalars(query))


# -- the schedule's games and their tables ---------------------------------------------------


def games(session: Session, tournament_id: str) -> list[TournamentGameRow]:
    query = select(TournamentGameRow).where(TournamentGameRow.tournament_id == tournament_id)
    return list(session.scalars(query))


def add_games(session: Session, rows: Iterable[TournamentGameRow]) -> None:
    session.add_all(list(rows))
    session.flush()


def game_row(
    session: Session, tournament_id: str, slot: str, *, locked: bool = False
) -> TournamentGameRow | None:
    query = select(TournamentGameRow).where(
        TournamentGameRow.tournament_id == tournament_id, TournamentGameRow.slot == slot
    )
    if locked:
        query = query.with_for_update()
    return session.scalars(query.execution_options(populate_existing=True)).first()


def game_of_table(session: Session, game_id: str) -> TournamentGameRow | None:
    """The schedule's game a table plays, if any."""
    query = select(TournamentGameRow).where(TournamentGameRow.game_id == game_id)
    return session.scalars(query.execution_options(populate_existing=True)).first()


def change_game(session: Session, tournament_id: str, slot: str, was: str, **values: Any) -> bool:
    """Writes `values` to a game still at the status `was`; False when it had moved on."""
    query = update(TournamentGameRow).where(
        TournamentGameRow.tournament_id == tournament_id,
        TournamentGameRow.slot == slot,
        TournamentGameRow.status == was,
    )
    return bool(session.execute(query.values(**values)).rowcount)  # type: ignore[attr-defined]

"""The ratings' rows: read, locked and written in the commit that records a game's end,
and read for the leaderboard, an account's page and seeding."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from tavola.store.models import AccountRow, AccountSeatRow

from .skill import NEWCOMER, Skill
from .tables import RatedGameRow, RatingRow

RATINGS = cast(Table, RatingRow.__table__)
RATED = cast(Table, RatedGameRow.__table__)


def accounts_at(session: Session, game_id: str, seats: Collection[str]) -> dict[str, str]:
    """Seat → the account it hangs on, for those of `seats` that hang on one."""
    query = select(AccountSeatRow.seat, AccountSeatRow.account_id).where(
        AccountSeatRow.game_id == game_id, AccountSeatRow.seat.in_(list(seats))
    )
    return {seat: account for seat, account in session.execute(query)}


def already_rated(session: Session, game_id: str) -> bool:
    query = select(RatedGameRow.game_id).where(RatedGameRow.game_id == game_id)
    return session.execute(query).first() is not None


def locked(
    session: Session, game: str, account_ids: Collection[str], at: datetime
) -> dict[str, Skill]:
    """The accounts' ratings at `game`, each row locked until the commit (PostgreSQL: a
    game of theirs ending on another worker waits, then reads what this one wrote; the
    rows are locked in account order, so two single games never deadlock, and a group
    that does is retried write by write). A newcomer's row is made first."""
    ordered = sorted(account_ids)
    newcomers = [_row(a, game, NEWCOMER, at) for a in ordered]
    session.execute(_insert(session, RATINGS).values(newcomers).on_conflict_do_nothing())
    query = (
        select(RatingRow.account_id, RatingRow.mu, RatingRow.sigma, RatingRow.games)
        .where(RatingRow.game == game, RatingRow.account_id.in_(ordered))
        .order_by(RatingRow.account_id)
        .with_for_update()
    )
    return {a: Skill(mu, sigma, games) for a, mu, sigma, games in session.execute(query)}


def mark_rated(session: Session, game_id: str, changes: dict[str, Any], at: datetime) -> bool:
    """Records that the game counted (False: it had already, and nothing is written)."""
    statement = (
        _insert(session, RATED)
        .values(game_id=game_id, changes=changes, rated_at=at)
        .on_conflict_do_nothing()
    )
    return bool(session.execute(statement).rowcount)  # type: ignore[attr-defined]


def store(session: Session, game: str, after: Mapping[str, Skill], at: datetime) -> None:
    for account_id, skill in sorted(after.items()):
        session.execute(
            update(RatingRow)
            .where(RatingRow.account_id == account_id, RatingRow.game == game)
            .values(
                mu=skill.mu,
                sigma=skill.sigma,
                ordinal=skill.ordinal,
                games=skill.games,
                updated_at=at,
            )
        )


def _row(account_id: str, game: str, skill: Skill, at: datetime) -> dict[str, Any]:
    return dict(
        account_id=account_id,
        game=game,
        mu=skill.mu,
        sigma=skill.sigma,
        ordinal=skill.ordinal,
        games=skill.games,
        updated_at=at,
    )


def _insert(session: Session, table: Table) -> Any:
    """An INSERT that may skip rows already there, in the database's own words."""
    dialect = session.get_bind().dialect.name
    return postgresql.insert(table) if dialect == "postgresql" else sqlite.insert(table)


# -- reading -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    """An account's place on a game's leaderboard (equal ratings share a rank)."""

    rank: int
    name: str
    skill: Skill


def _ranked(game: str) -> Any:
    """The game's rated accounts, each with its rank (rated games only: a newcomer's row
    made by a game that then did not count is nobody's standing)."""
    rank = func.rank().over(order_by=RatingRow.ordinal.desc()).label("rank")
    return (
        select(
            rank,
            RatingRow.account_id,
            AccountRow.name,
            RatingRow.mu,
            RatingRow.sigma,
            RatingRow.ordinal,
            RatingRow.games,
        )
        .join(AccountRow, AccountRow.id == RatingRow.account_id)
        .where(RatingRow.game == game, RatingRow.games > 0)
        .subquery()
    )


def leaderboard(session: Session, game: str, limit: int, offset: int) -> tuple[int, list[Standing]]:
    """How many accounts have a rating at `game`, and those from `offset`, best first."""
    ranked = _ranked(game)
    total = session.scalar(select(func.count()).select_from(ranked)) or 0
    query = (
        select(ranked)
        .order_by(ranked.c.rank, ranked.c.games.desc(), ranked.c.name, ranked.c.account_id)
        .limit(limit)
        .offset(offset)
    )
    standings = [
        Standing(row.rank, row.name, Skill(row.mu, row.sigma, row.games))
        for row in session.execute(query)
    ]
    return total, standings


def of_account(session: Session, account_id: str) -> list[tuple[str, Standing]]:
    """The account's standing at each game it has played rated games of, by game name."""
    games = select(RatingRow.game).where(RatingRow.account_id == account_id, RatingRow.games > 0)
    found = []
    for game in sorted(session.scalars(games)):
        ranked = _ranked(game)
        row = session.execute(select(ranked).where(ranked.c.account_id == account_id)).one()
        found.append((game, Standing(row.rank, row.name, Skill(row.mu, row.sigma, row.games))))
    return found


def skills(session: Session, game: str, account_ids: Collection[str]) -> dict[str, Skill]:
    """Each account's rating at `game`; a newcomer's for an account never rated at it."""
    query = select(RatingRow.account_id, RatingRow.mu, RatingRow.sigma, RatingRow.games).where(
        RatingRow.game == game, RatingRow.account_id.in_(list(account_ids))
    )
    found = {a: Skill(mu, sigma, games) for a, mu, sigma, games in session.execute(query)}
    return {a: found.get(a, NEWCOMER) for a in account_ids}

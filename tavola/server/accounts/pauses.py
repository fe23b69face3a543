"""Guessing passwords slowed down: failed sign-ins are counted per account and per client,
and past a few free ones each attempt must wait twice as long as the one before, up to a
ceiling. Nothing is ever locked for longer than the ceiling, and a count is forgotten an
hour after its last failure.

Every attempt is counted as it starts (check and count in one transaction, so that
attempts sent at the same time cannot all pass); a success then clears the account's
count and gives the client its attempt back.

The counts are rows of the database, so every process on it shares them; on a database
server the moments are read from its clock (`database_now`), so that processes on
machines whose clocks disagree neither forget a count early nor pause past the ceiling."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from tavola.store.models import SignInPauseRow

from ..refusal import TryLater

ACCOUNT_FREE = 5
"""Failed sign-ins to one account before it must wait (from a browser not marked)."""
CLIENT_FREE = 20
"""Failed sign-ins (and sign-ups) from one client before it must wait."""
FIRST_PAUSE = timedelta(seconds=1)
LONGEST_PAUSE = timedelta(minutes=15)
FORGET_AFTER = timedelta(hours=1)


class Paused(TryLater):
    def __init__(self, seconds: int) -> None:
        super().__init__("too_many_attempts", "Too many attempts", "Troppi tentativi", seconds)


@dataclass(frozen=True, slots=True)
class Counted:
    """A count to check and add to: `free` failures before it pauses; `checked`: False
    counts the attempt without making it wait (a browser the account knows)."""

    key: str
    free: int
    checked: bool = True


def pause(failures: int, free: int) -> timedelta:
    """How long the next attempt waits after `failures` failures in a row."""
    if failures < free:
        return timedelta(0)
    doublings = min(failures - free, 30)  # 2^30 s is far past the ceiling already
    wait: timedelta = FIRST_PAUSE * (1 << doublings)
    return min(wait, LONGEST_PAUSE)


def account_key(name_key: str) -> str:
    return f"account:{name_key}"


def client_key(client: str | None) -> str:
    """A client's count, by who the server takes it for (`ratelimit.client_key`)."""
    return f"client:{client[:120]}" if client else "client:unknown"


def attempt(session: Session, counts: list[Counted], now: datetime) -> int:
    """Counts an attempt under every key and answers 0; or, when one of the checked keys
    must still wait, counts nothing and answers the seconds left. Keys are locked in the
    order given."""
    rows = [_locked(session, c.key, now) for c in counts]
    waits = [
        _aware(row.blocked_until) - now
        for row, c in zip(rows, counts, strict=True)
        if c.checked and row.blocked_until is not None and _aware(row.blocked_until) > now
    ]
    if waits:
        return max(1, math.ceil(max(waits).total_seconds()))
    for row, c in zip(rows, counts, strict=True):
        if now - _aware(row.last_failure_at) > FORGET_AFTER:
            row.failures = 0
        row.failures += 1
        row.last_failure_at = now
        wait = pause(row.failures, c.free)
        row.blocked_until = now + wait if wait else None
    return 0


def succeeded(session: Session, account: str, client: str) -> None:
    """A right password: the account's count is cleared, the client's attempt given back."""
    session.execute(delete(SignInPauseRow).where(SignInPauseRow.key == account))
    row = session.get(SignInPauseRow, client, with_for_update=True)
    if row is not None and row.failures > 0:
        row.failures -= 1
        row.blocked_until = None


def forget_old(session: Session, now: datetime) -> None:
    """Counts whose last failure is older than `FORGET_AFTER` (their pause long over)."""
    session.execute(
        delete(SignInPauseRow).where(SignInPauseRow.last_failure_at < now - FORGET_AFTER)
    )


def database_now(session: Session) -> datetime:
    """The database server's clock (of its own: no process's clock moves it)."""
    moment: datetime = session.execute(select(func.clock_timestamp())).scalar_one()
    return moment


def _locked(session: Session, key: str, now: datetime) -> SignInPauseRow:
    """The key's row, locked until commit (made first when missing: two attempts that
    make it at once both find it made)."""
    new = {"key": key, "failures": 0, "last_failure_at": now, "blocked_until": None}
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    session.execute(insert(SignInPauseRow).values(new).on_conflict_do_nothing())
    query = select(SignInPauseRow).where(SignInPauseRow.key == key).with_for_update()
    return session.scalars(query.execution_options(populate_existing=True)).one()


def _aware(moment: datetime) -> datetime:
    """SQLite gives back the UTC moments it was given without their zone."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)

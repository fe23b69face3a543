"""The buckets of a limit per client on a database server, shared by every process on it.

A bucket is kept as the moment it is full again (a generic cell rate: each take moves it
on by one token's time, and a take that would move it past `burst` tokens' time ahead of
now is refused, moving nothing). Taken in one statement, on the database's clock, so
processes on machines whose clocks disagree count alike; a row whose moment has passed is
a full bucket, as a missing row is, and may be deleted at any time."""

from __future__ import annotations

from sqlalchemy import Connection, delete, func, text

from .models import LimitBucketRow

_TAKE = text(
    """
    INSERT INTO limit_buckets AS b (name, client, full_at, last_refused)
    VALUES (:name, :client, statement_timestamp() + :each * interval '1 second', false)
    ON CONFLICT (name, client) DO UPDATE SET
        last_refused = greatest(b.full_at, statement_timestamp()) + :each * interval '1 second'
            > statement_timestamp() + :window * interval '1 second',
        full_at = CASE
            WHEN greatest(b.full_at, statement_timestamp()) + :each * interval '1 second'
                > statement_timestamp() + :window * interval '1 second'
            THEN b.full_at
            ELSE greatest(b.full_at, statement_timestamp()) + :each * interval '1 second'
        END
    RETURNING last_refused, extract(epoch FROM full_at - statement_timestamp())::float8
    """
)


def take(connection: Connection, name: str, client: str, burst: int, per_second: float) -> float:
    """Takes a token of `client`'s bucket under `name` (`burst` tokens, refilled at
    `per_second`): 0.0, or the seconds until one is there (none taken)."""
    each = 1.0 / per_second
    found = connection.execute(
        _TAKE,
        {"name": name, "client": client[:160], "each": each, "window": burst * each},
    ).one()
    refused, ahead = bool(found[0]), float(found[1])
    return max(ahead - (burst - 1) * each, 1e-6) if refused else 0.0


def forget_full(connection: Connection) -> int:
    """Deletes the buckets full again (as good as none); how many."""
    gone = connection.execute(
        delete(LimitBucketRow).where(LimitBucketRow.full_at < func.statement_timestamp())
    )
    return int(gone.rowcount)

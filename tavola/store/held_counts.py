"""What each server process on a database server holds of each client's connections,
published for the others: a process replaces its rows now and then, each with a lease on
the database's clock, and reads what the others hold. The rows of a process that died
without taking them back expire with their lease."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import Connection, delete, func, insert, or_, select

from .models import HeldCountRow

Held = Mapping[str, Mapping[str, int]]
"""By kind (`connections`, `sockets`), by client: how many are held."""


def exchange(
    connection: Connection, worker: str, mine: Held, lease: float
) -> dict[str, dict[str, int]]:
    """Publishes `worker`'s counts (replacing what it published before, each row living
    `lease` seconds) and answers the other live workers' totals, by kind and client. Run in
    a transaction of its own."""
    connection.execute(
        delete(HeldCountRow).where(
            or_(HeldCountRow.worker == worker, HeldCountRow.expires_at < func.now())
        )
    )
    rows = [
        {"worker": worker, "kind": kind, "client": client[:160], "held": held}
        for kind, counts in mine.items()
        for client, held in counts.items()
    ]
    if rows:
        until = func.now() + func.make_interval(0, 0, 0, 0, 0, 0, lease)
        connection.execute(insert(HeldCountRow).values(expires_at=until), rows)
    totals = connection.execute(
        select(HeldCountRow.kind, HeldCountRow.client, func.sum(HeldCountRow.held))
        .where(HeldCountRow.worker != worker, HeldCountRow.expires_at >= func.now())
        .group_by(HeldCountRow.kind, HeldCountRow.client)
    )
    others: dict[str, dict[str, int]] = {}
    for kind, client, held in totals:
        others.setdefault(kind, {})[client] = int(held)
    return others


def withdraw(connection: Connection, worker: str) -> None:
    """`worker` stops: its counts are no longer held."""
    connection.execute(delete(HeldCountRow).where(HeldCountRow.worker == worker))

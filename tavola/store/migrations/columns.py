"""The columns several migrations create alike, each from one place: a table's id and the
references to it, the moments, a seat, a game's name, a status, a digest, an off flag.

Migrations are history: what a helper here builds is part of the schema that revisions
already applied produced, so none of them may ever change. A column of a new shape is a new
helper (or a plain `sa.Column` in its migration), never an edit of one below.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

WHEN = sa.DateTime(timezone=True)
"""Every stored moment: with its time zone."""

ID_LENGTHS = {"games": 40, "campaigns": 40, "tournaments": 40, "accounts": 32}
"""How long each table's `id` is, as its own column and in every reference to it."""


def id_column(table: str) -> sa.Column[Any]:
    """`table`'s own key, `id`."""
    return sa.Column("id", sa.String(ID_LENGTHS[table]), primary_key=True)


def ref(name: str, table: str, **options: Any) -> sa.Column[Any]:
    """Column `name`, pointing at `table`'s id."""
    return sa.Column(name, sa.String(ID_LENGTHS[table]), sa.ForeignKey(f"{table}.id"), **options)


def moment(name: str, *, nullable: bool = False, **options: Any) -> sa.Column[Any]:
    return sa.Column(name, WHEN, nullable=nullable, **options)


def stamps() -> tuple[sa.Column[Any], sa.Column[Any]]:
    """A record's `created_at` and `updated_at`."""
    return moment("created_at"), moment("updated_at")


def seat(**options: Any) -> sa.Column[Any]:
    """A seat's id (16 characters until 0012 widened every one of them)."""
    return sa.Column("seat", sa.String(16), **options)


def game_name(**options: Any) -> sa.Column[Any]:
    """Which game (its registered name), `game`."""
    return sa.Column("game", sa.String(32), **options)


def status() -> sa.Column[Any]:
    """A record's `status`, indexed: lists ask for the open ones."""
    return sa.Column("status", sa.String(16), nullable=False, index=True)


def digest(name: str, *, nullable: bool) -> sa.Column[Any]:
    """A SHA-256 in hex (a token's, an invite's, a state's)."""
    return sa.Column(name, sa.String(64), nullable=nullable)


def flag_off(name: str) -> sa.Column[Any]:
    """A flag that rows stored before it are without: false."""
    return sa.Column(name, sa.Boolean, nullable=False, server_default=sa.false())

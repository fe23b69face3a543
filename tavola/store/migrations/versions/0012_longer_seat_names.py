"""Seat ids up to 80 characters: a live Gioco del Trono season's referee seats
(`referee:arbitro01`, 17 characters) did not fit the 16 of before, so PostgreSQL refused
to store such a table at all (SQLite never checked the length).

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

TABLES = ("seats", "actions", "deadlines", "account_seats")
"""Every table with a game's seat id (its column `seat`)."""


def upgrade() -> None:
    # SQLite keeps text of any length whatever the declared one, and its ALTER would be a
    # batch copy of tables other tables point at (as 0009 says): nothing to do there.
    if op.get_bind().dialect.name == "sqlite":
        return
    for table in TABLES:
        op.alter_column(table, "seat", type_=sa.String(80), existing_type=sa.String(16))


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    for table in TABLES:
        op.alter_column(table, "seat", type_=sa.String(16), existing_type=sa.String(80))

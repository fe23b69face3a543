"""Seat ids of up to 40 characters on PostgreSQL: a Gioco del Trono season's referee
seats (`referee:arbitro01`, 17) did not fit the 16 the seat columns had, so a live season
could not be created there. SQLite never held a column to its length: nothing to do.

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

COLUMNS = (("seats", "seat"), ("actions", "seat"), ("deadlines", "seat"), ("account_seats", "seat"))


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table, column in COLUMNS:
        op.alter_column(table, column, type_=sa.String(40), existing_type=sa.String(16))


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table, column in COLUMNS:
        op.alter_column(table, column, type_=sa.String(16), existing_type=sa.String(40))

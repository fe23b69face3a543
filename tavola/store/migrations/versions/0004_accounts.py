"""Accounts beside anonymous seat links: accounts, their signed-in sessions, the seats they
took, and the counts of failed sign-ins that slow guessing down.
"""

import sqlalchemy as sa
from alembic import op

from tavola.store.migrations import columns as col

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "accounts",
        col.id_column("accounts"),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("device_key", sa.String(64), nullable=False),
        col.moment("created_at"),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        col.ref("account_id", "accounts", nullable=False, index=True),
        col.moment("created_at"),
        col.moment("expires_at"),
    )
    op.create_table(
        "account_seats",
        sa.Column("game_id", sa.String(40), primary_key=True),
        col.seat(primary_key=True),
        col.ref("account_id", "accounts", nullable=False, index=True),
        col.moment("linked_at"),
        sa.ForeignKeyConstraint(["game_id", "seat"], ["seats.game_id", "seats.seat"]),
    )
    op.create_table(
        "sign_in_pauses",
        sa.Column("key", sa.String(160), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        col.moment("last_failure_at", index=True),
        col.moment("blocked_until", nullable=True),
    )


def downgrade() -> None:
    for table in ("sign_in_pauses", "account_seats", "account_sessions", "accounts"):
        op.drop_table(table)

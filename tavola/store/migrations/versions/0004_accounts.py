"""Accounts beside anonymous seat links: accounts, their signed-in sessions, the seats they
took, and the counts of failed sign-ins that slow guessing down.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("device_key", sa.String(64), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False, index=True
        ),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("expires_at", WHEN, nullable=False),
    )
    op.create_table(
        "account_seats",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("seat", sa.String(16), primary_key=True),
        sa.Column(
            "account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False, index=True
        ),
        sa.Column("linked_at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["game_id", "seat"], ["seats.game_id", "seats.seat"]),
    )
    op.create_table(
        "sign_in_pauses",
        sa.Column("key", sa.String(160), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("last_failure_at", WHEN, nullable=False, index=True),
        sa.Column("blocked_until", WHEN, nullable=True),
    )


def downgrade() -> None:
    for table in ("sign_in_pauses", "account_seats", "account_sessions", "accounts"):
        op.drop_table(table)

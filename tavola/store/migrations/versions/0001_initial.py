"""Games, seats, the action log, snapshots and decision clocks.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("setup", sa.JSON, nullable=True),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("opening", sa.JSON, nullable=False),
        sa.Column("outcome", sa.JSON, nullable=True),
        sa.Column("state_hash", sa.String(64), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("age", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("joined", sa.Boolean, nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.String(16), nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("client_action_id", sa.String(80), nullable=True),
        sa.Column("events", sa.JSON, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.UniqueConstraint("game_id", "client_action_id"),
    )
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("state_hash", sa.String(64), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_table(
        "deadlines",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("decision_id", sa.String(80), primary_key=True),
        sa.Column("seat", sa.String(16), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("due_at", WHEN, nullable=True, index=True),
        sa.Column("remaining", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in ("deadlines", "snapshots", "actions", "seats", "games"):
        op.drop_table(table)

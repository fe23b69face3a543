"""Games, seats, the action log, snapshots and decision clocks."""

import sqlalchemy as sa
from alembic import op

from tavola.store.migrations import columns as col

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "games",
        col.id_column("games"),
        col.game_name(nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("setup", sa.JSON, nullable=True),
        col.status(),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("opening", sa.JSON, nullable=False),
        sa.Column("outcome", sa.JSON, nullable=True),
        col.digest("state_hash", nullable=False),
        *col.stamps(),
    )
    op.create_table(
        "seats",
        col.ref("game_id", "games", primary_key=True),
        col.seat(primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("age", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        col.digest("token_hash", nullable=True),
        sa.Column("joined", sa.Boolean, nullable=False),
    )
    op.create_table(
        "actions",
        col.ref("game_id", "games", primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        col.seat(nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("client_action_id", sa.String(80), nullable=True),
        sa.Column("events", sa.JSON, nullable=False),
        col.moment("created_at"),
        sa.UniqueConstraint("game_id", "client_action_id"),
    )
    op.create_table(
        "snapshots",
        col.ref("game_id", "games", primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("state", sa.JSON, nullable=False),
        col.digest("state_hash", nullable=False),
        col.moment("created_at"),
    )
    op.create_table(
        "deadlines",
        col.ref("game_id", "games", primary_key=True),
        sa.Column("decision_id", sa.String(80), primary_key=True),
        col.seat(primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        col.moment("due_at", nullable=True, index=True),
        sa.Column("remaining", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in ("deadlines", "snapshots", "actions", "seats", "games"):
        op.drop_table(table)

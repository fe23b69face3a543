"""Tournaments: the format's data as JSON, its person entrants' tokens, and each game of
its schedule linked to the table that plays it.
"""

import sqlalchemy as sa
from alembic import op

from tavola.store.migrations import columns as col

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "tournaments",
        col.id_column("tournaments"),
        col.game_name(nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("tournament", sa.JSON, nullable=False),
        col.status(),
        col.digest("organiser_hash", nullable=False),
        sa.Column("no_show_seconds", sa.Integer, nullable=True),
        sa.Column("seed_known", sa.Boolean, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        *col.stamps(),
    )
    op.create_table(
        "tournament_entrants",
        col.ref("tournament_id", "tournaments", primary_key=True),
        sa.Column("entrant", sa.Integer, primary_key=True),
        col.digest("token_hash", nullable=False),
        col.ref("account_id", "accounts", nullable=True),
    )
    op.create_table(
        "tournament_games",
        col.ref("tournament_id", "tournaments", primary_key=True),
        sa.Column("slot", sa.String(24), primary_key=True),
        col.status(),
        col.ref("game_id", "games", nullable=True, unique=True),
        sa.Column("seated", sa.JSON, nullable=False),
        sa.Column("ready", sa.JSON, nullable=False),
        col.moment("due_at", nullable=True),
        col.moment("created_at"),
    )


def downgrade() -> None:
    op.drop_table("tournament_games")
    op.drop_table("tournament_entrants")
    op.drop_table("tournaments")

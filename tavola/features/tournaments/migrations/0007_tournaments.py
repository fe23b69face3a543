"""Tournaments: the format's data as JSON, its person entrants' tokens, and each game of
its schedule linked to the table that plays it.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("tournament", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("organiser_hash", sa.String(64), nullable=False),
        sa.Column("no_show_seconds", sa.Integer, nullable=True),
        sa.Column("seed_known", sa.Boolean, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
    )
    op.create_table(
        "tournament_entrants",
        sa.Column(
            "tournament_id", sa.String(40), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("entrant", sa.Integer, primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=True),
    )
    op.create_table(
        "tournament_games",
        sa.Column(
            "tournament_id", sa.String(40), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("slot", sa.String(24), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), nullable=True, unique=True),
        sa.Column("seated", sa.JSON, nullable=False),
        sa.Column("ready", sa.JSON, nullable=False),
        sa.Column("due_at", WHEN, nullable=True),
        sa.Column("created_at", WHEN, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tournament_games")
    op.drop_table("tournament_entrants")
    op.drop_table("tournaments")

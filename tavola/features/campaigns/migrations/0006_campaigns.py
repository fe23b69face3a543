"""Campaigns: a party's sequence of games, the game's campaign data between them, and the
party's seats (one token per person, the same in every battle).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "campaigns",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("campaign", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), nullable=True, index=True),
        sa.Column("battles", sa.JSON, nullable=False),
        sa.Column("seed_known", sa.Boolean, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
    )
    op.create_table(
        "campaign_seats",
        sa.Column("campaign_id", sa.String(40), sa.ForeignKey("campaigns.id"), primary_key=True),
        sa.Column("seat", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("campaign_seats")
    op.drop_table("campaigns")

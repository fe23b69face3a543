"""Campaigns: a party's sequence of games, the game's campaign data between them, and the
party's seats (one token per person, the same in every battle).
"""

import sqlalchemy as sa
from alembic import op

from tavola.store.migrations import columns as col

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "campaigns",
        col.id_column("campaigns"),
        col.game_name(nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("campaign", sa.JSON, nullable=False),
        col.status(),
        col.ref("game_id", "games", nullable=True, index=True),
        sa.Column("battles", sa.JSON, nullable=False),
        sa.Column("seed_known", sa.Boolean, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        *col.stamps(),
    )
    op.create_table(
        "campaign_seats",
        col.ref("campaign_id", "campaigns", primary_key=True),
        col.seat(primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        col.digest("token_hash", nullable=True),
        col.digest("invite_hash", nullable=True),
    )


def downgrade() -> None:
    op.drop_table("campaign_seats")
    op.drop_table("campaigns")

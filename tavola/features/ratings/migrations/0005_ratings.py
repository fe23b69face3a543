"""Ratings: each account's openskill rating per game, and the finished games already
counted in them.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
    )
    # The leaderboard: one game's ratings, best first.
    op.create_index("ix_ratings_game_ordinal", "ratings", ["game", "ordinal"])
    op.create_table(
        "rated_games",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("changes", sa.JSON, nullable=False),
        sa.Column("rated_at", WHEN, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rated_games")
    op.drop_index("ix_ratings_game_ordinal", table_name="ratings")
    op.drop_table("ratings")

"""Ratings: each account's openskill rating per game, and the finished games already
counted in them.
"""

import sqlalchemy as sa
from alembic import op

from tavola.store.migrations import columns as col

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.create_table(
        "ratings",
        col.ref("account_id", "accounts", primary_key=True),
        col.game_name(primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        col.moment("updated_at"),
    )
    # The leaderboard: one game's ratings, best first.
    op.create_index("ix_ratings_game_ordinal", "ratings", ["game", "ordinal"])
    op.create_table(
        "rated_games",
        col.ref("game_id", "games", primary_key=True),
        sa.Column("changes", sa.JSON, nullable=False),
        col.moment("rated_at"),
    )


def downgrade() -> None:
    op.drop_table("rated_games")
    op.drop_index("ix_ratings_game_ordinal", table_name="ratings")
    op.drop_table("ratings")

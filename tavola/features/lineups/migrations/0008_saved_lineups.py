"""Saved lineups: each account's named lineups per game (a team, a deck...), the game's own
JSON, one per account, game and name.
"""

import sqlalchemy as sa
from alembic import op

from tavola.store.migrations import columns as col

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "saved_lineups",
        col.ref("account_id", "accounts", primary_key=True),
        col.game_name(primary_key=True),
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("body", sa.JSON, nullable=False),
        col.moment("updated_at"),
    )


def downgrade() -> None:
    op.drop_table("saved_lineups")

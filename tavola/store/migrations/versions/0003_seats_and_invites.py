"""Seats are taken with one-time invites, a table says whether its seed is known, and a
finished game remembers its rematch.

A seat the old code gave a token at creation holds that token's owner: it is marked
joined, so nobody takes it from the lobby or over a played game.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN, never a batch: SQLite's batch copies the table anew, and dropping
    # the old `games` fails while its seats and actions point at it.
    op.add_column(
        "games", sa.Column("seed_known", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("games", sa.Column("rematch_id", sa.String(40), nullable=True))
    op.add_column("seats", sa.Column("invite_hash", sa.String(64), nullable=True))
    seats = sa.table("seats", sa.column("token_hash", sa.String), sa.column("joined", sa.Boolean))
    op.execute(seats.update().where(seats.c.token_hash.is_not(None)).values(joined=True))


def downgrade() -> None:
    op.drop_column("seats", "invite_hash")
    op.drop_column("games", "rematch_id")
    op.drop_column("games", "seed_known")

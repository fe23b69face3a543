"""Seats are taken with one-time invites, a table says whether its seed is known, and a
finished game remembers its rematch.

A seat the old code gave a token at creation holds that token's owner: it is marked
joined, so nobody takes it from the lobby or over a played game.
"""

import sqlalchemy as sa
from alembic import op

from tavola.store.migrations import columns as col

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    # Plain ADD COLUMN, never a batch: SQLite's batch copies the table anew, and dropping
    # the old `games` fails while its seats and actions point at it.
    op.add_column("games", col.flag_off("seed_known"))
    op.add_column("games", sa.Column("rematch_id", sa.String(40), nullable=True))
    op.add_column("seats", col.digest("invite_hash", nullable=True))
    seats = sa.table("seats", sa.column("token_hash", sa.String), sa.column("joined", sa.Boolean))
    op.execute(seats.update().where(seats.c.token_hash.is_not(None)).values(joined=True))


def downgrade() -> None:
    op.drop_column("seats", "invite_hash")
    op.drop_column("games", "rematch_id")
    op.drop_column("games", "seed_known")

"""Tables whose seats only their links open: not offered in the lobby, and no seat taken
without its invite (a forum season's referees and players are named people).

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN, never a batch: SQLite's batch copies `games` anew, which fails while
    # its seats and actions point at it (as in 0003).
    op.add_column(
        "games", sa.Column("invite_only", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("games", "invite_only")

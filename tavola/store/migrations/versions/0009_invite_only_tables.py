"""Tables whose seats only their links open: not offered in the lobby, and no seat taken
without its invite (a forum season's referees and players are named people).
"""

from alembic import op

from tavola.store.migrations import columns as col

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    # Plain ADD COLUMN, never a batch: SQLite's batch copies `games` anew, which fails while
    # its seats and actions point at it (as in 0003).
    op.add_column("games", col.flag_off("invite_only"))


def downgrade() -> None:
    op.drop_column("games", "invite_only")

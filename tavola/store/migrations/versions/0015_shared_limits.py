"""The per-client limits shared by every server process on a database server: the buckets
of the creation limit (when each is full again, on the database's clock) and what each
process holds of a client's connections, under a lease. SQLite's single process keeps them
in memory: there the tables stay empty.
"""

import sqlalchemy as sa
from alembic import op

from tavola.store.migrations import columns as col

revision = "0015"
down_revision = "0014"


def upgrade() -> None:
    op.create_table(
        "limit_buckets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("client", sa.String(160), primary_key=True),
        col.moment("full_at", index=True),
        sa.Column("last_refused", sa.Boolean, nullable=False),
    )
    op.create_table(
        "held_counts",
        sa.Column("worker", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("client", sa.String(160), primary_key=True),
        sa.Column("held", sa.Integer, nullable=False),
        col.moment("expires_at", index=True),
    )


def downgrade() -> None:
    for table in ("held_counts", "limit_buckets"):
        op.drop_table(table)

"""Seats keep no game's own fields: a person's age was one game's seat field, and it now
travels in that game's config like every other.
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("age")


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("age", sa.Integer, nullable=True))

"""The house book: per game, the tables opened and finished. A branch of its own
(`down_revision = None`): the store's revisions know nothing of it, and `migrate`
("heads") brings every branch up.

Revision ID: hb01
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "hb01"
down_revision = None
branch_labels = ("housebook",)
depends_on = None  # it reads no table of the store's (a game's name is all it keeps)


def upgrade() -> None:
    op.create_table(
        "house_book",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("opened", sa.Integer, nullable=False),
        sa.Column("finished", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("house_book")

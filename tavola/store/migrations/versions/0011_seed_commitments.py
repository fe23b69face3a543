"""Each game's seed committed to: the salt drawn with the seed, whose SHA-256 with the seed
every seat is shown from the start and which is revealed with the seed at the end. Games
stored before have none (null): their shuffle cannot be checked.
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    # Plain ADD COLUMN, never a batch (as in 0009): `games` is pointed at by other tables.
    op.add_column("games", sa.Column("salt", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "salt")

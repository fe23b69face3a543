"""Seat ids as long as a game makes them: a game may name its seats by role and user id
(`referee:<id>`, `player:<id>`, ids of up to 64 characters; `referee:arbitro01` is already
17), which PostgreSQL refused in VARCHAR(16). Every seat column is
widened to 80; rows stored before are kept. SQLite never checked the length: there only the
declared type changes, as its tables say it (both are TEXT to SQLite: no row is touched).
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"

SEAT_COLUMNS = ("seats", "actions", "deadlines", "account_seats", "campaign_seats")


def upgrade() -> None:
    _widen(16, 80)


def downgrade() -> None:
    _widen(80, 16)


def _widen(old: int, new: int) -> None:
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        for table in SEAT_COLUMNS:
            op.alter_column(table, "seat", type_=sa.String(new), existing_type=sa.String(old))
        return
    # No batch copy (`seats` is pointed at by account_seats): the declared type is rewritten
    # in the schema, as SQLite's manual allows for a change that leaves the rows as they are.
    version = bind.exec_driver_sql("PRAGMA schema_version").scalar_one()
    bind.exec_driver_sql("PRAGMA writable_schema=ON")
    for table in SEAT_COLUMNS:
        bind.exec_driver_sql(
            "UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE type = 'table' AND name = ?",
            (f"seat VARCHAR({old})", f"seat VARCHAR({new})", table),
        )
    bind.exec_driver_sql(f"PRAGMA schema_version={int(version) + 1}")
    bind.exec_driver_sql("PRAGMA writable_schema=OFF")

"""Campaigns speak no game's words: a campaign is a series of tables of one game. The
table linking each campaign's game to it is renamed `campaign_tables` (its index too), the
campaigns' list of opened tables `tables`, and the status of a campaign whose next table
is to be opened `due`. Every row is kept; the game's own campaign data is not touched.
"""

from alembic import op

revision = "0014"
down_revision = "0013"

# The names as revision 0010 created them: a migration names what it renames, once.
OLD_TABLE, OLD_COLUMN, OLD_STATUS = "campaign_battles", "battles", "battle"


def upgrade() -> None:
    _rename(OLD_TABLE, "campaign_tables", OLD_COLUMN, "tables", OLD_STATUS, "due")


def downgrade() -> None:
    _rename("campaign_tables", OLD_TABLE, "tables", OLD_COLUMN, "due", OLD_STATUS)


def _rename(
    table: str, new_table: str, column: str, new_column: str, status: str, new_status: str
) -> None:
    # ALTER TABLE … RENAME (COLUMN) keeps the rows on both SQLite (3.25+) and PostgreSQL;
    # nothing points at the link table, and the index follows under its new name.
    op.drop_index(f"ix_{table}_campaign_id", table_name=table)
    op.rename_table(table, new_table)
    op.create_index(f"ix_{new_table}_campaign_id", new_table, ["campaign_id"])
    op.execute(f"ALTER TABLE campaigns RENAME COLUMN {column} TO {new_column}")
    op.execute(f"UPDATE campaigns SET status = '{new_status}' WHERE status = '{status}'")

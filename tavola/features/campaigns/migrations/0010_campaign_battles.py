"""Each campaign battle's game linked to its campaign, so that the battle's table can lead
back to it once the battle is over. Filled from the battles the campaigns list so far.
"""

import sqlalchemy as sa
from alembic import op

from tavola.store.migrations import columns as col

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    battles = op.create_table(
        "campaign_battles",
        col.ref("game_id", "games", primary_key=True),
        col.ref("campaign_id", "campaigns", nullable=False, index=True),
    )
    campaigns = sa.table("campaigns", sa.column("id", sa.String), sa.column("battles", sa.JSON))
    rows = op.get_bind().execute(sa.select(campaigns.c.id, campaigns.c.battles)).all()
    links = {
        str(battle["game_id"]): campaign_id
        for campaign_id, opened in rows
        for battle in opened or []
        if isinstance(battle, dict) and battle.get("game_id")
    }
    if links:
        op.bulk_insert(
            battles, [{"game_id": g, "campaign_id": c} for g, c in sorted(links.items())]
        )


def downgrade() -> None:
    op.drop_table("campaign_battles")

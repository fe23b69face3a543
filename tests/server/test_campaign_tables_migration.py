"""Migration 0014: campaigns speak no game's words. A database a release before it filled
(revision 0012: `campaign_battles`, `campaigns.battles`, status `battle`) is upgraded to
`campaign_tables`, `campaigns.tables` and status `due`, every row kept; a campaign the
server stored reads on after the upgrade, and its due table opens at start-up."""

from __future__ import annotations

import json
from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from tavola.features.campaigns.tables import CampaignRow
from tavola.store import Database
from tavola.store.db import migrations
from tavola.store.models import Base

from .api_helpers import running, wait_for
from .campaign_helpers import ADA, PRACTICE, ROBO, SHORT, bearer, campaign
from .migration_helpers import migrated_from

WHEN = "'2024-01-01 00:00:00+00:00'"
OLD_GAMES = (
    "INSERT INTO games (id, game, config, seed, status, version, opening, state_hash,"
    " created_at, updated_at, seed_known, invite_only) VALUES"
    f" ('g1', 'legends', '{{}}', 1, 'over', 1, '[]', 'h', {WHEN}, {WHEN}, false, false),"
    f" ('g2', 'legends', '{{}}', 1, 'active', 1, '[]', 'h', {WHEN}, {WHEN}, false, false)"
)
OLD_CAMPAIGNS = (
    "INSERT INTO campaigns (id, game, config, campaign, status, game_id, battles,"
    " seed_known, version, created_at, updated_at) VALUES"
    """ ('c1', 'legends', '{}', '{}', 'battle', NULL,"""
    """ '[{"game_id": "g1", "number": 1, "attempt": 1}]', false, 3, """
    f"{WHEN}, {WHEN}),"
    """ ('c2', 'legends', '{}', '{}', 'playing', 'g2',"""
    """ '[{"game_id": "g2", "number": 1, "attempt": 1}]', false, 1, """
    f"{WHEN}, {WHEN})"
)
OLD_LINKS = "INSERT INTO campaign_battles (game_id, campaign_id) VALUES ('g1', 'c1'), ('g2', 'c2')"
CAMPAIGN_TABLES = {"campaigns", "campaign_seats", "campaign_tables"}


def test_0014_renames_the_campaign_link_list_and_status_keeping_every_row(db_url):
    database = migrated_from(db_url, "0012", (OLD_GAMES, OLD_CAMPAIGNS, OLD_LINKS))
    with database.engine.connect() as connection:
        campaigns = connection.execute(
            text("SELECT id, status, game_id, tables FROM campaigns ORDER BY id")
        ).all()
        links = connection.execute(
            text("SELECT game_id, campaign_id FROM campaign_tables ORDER BY game_id")
        ).all()
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    database.dispose()
    assert [(c.id, c.status, c.game_id, _listed(c.tables)) for c in campaigns] == [
        ("c1", "due", None, ["g1"]),
        ("c2", "playing", "g2", ["g2"]),
    ]
    assert [tuple(link) for link in links] == [("g1", "c1"), ("g2", "c2")]
    assert [d for d in differences if _table_of(d) in CAMPAIGN_TABLES] == []  # indexes too


def test_a_campaign_stored_before_0014_plays_on_and_its_due_table_opens(tmp_path):
    """A campaign the server stored, taken back to 0012 and left there waiting for its
    next table (as a crash before 0014 would): upgraded at start-up, it opens that table,
    leads back from both, and lets its person in."""
    sqlite_url = f"sqlite:///{tmp_path / 'tavola.db'}"
    body = {"game": "legends", "options": SHORT, "party": [ADA, ROBO], "creator_seat": 0}
    with running(sqlite_url) as client:
        made = client.post("/api/campaigns", json={**body, **PRACTICE})
        assert made.status_code == 201, made.text
        campaign_id = made.json()["campaign_id"]
        token = made.json()["seats"][0]["token"]
        first = campaign(client, campaign_id, token)["table"]["game_id"]
    _downgrade(sqlite_url, "0012")
    _execute(
        sqlite_url,
        f"UPDATE campaigns SET status = 'battle', game_id = NULL WHERE id = '{campaign_id}'",
    )
    with running(sqlite_url) as client:

        def reopened() -> CampaignRow | None:
            with client.app.state.service.db.session() as session:
                row = session.get(CampaignRow, campaign_id)
                return row if row is not None and row.status == "playing" else None

        row = wait_for(reopened, "the due table opened by the server at start-up")
        seen = campaign(client, campaign_id, token)
        assert [t["game_id"] for t in seen["tables"]] == [first, row.game_id]
        assert seen["table"]["game_id"] == row.game_id != first
        for game_id in (first, row.game_id):
            view = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
            assert view["home"]["href"] == f"/campaigns/{campaign_id}" and view["seat"] == "P1"


def _listed(stored: Any) -> list[str]:
    opened = json.loads(stored) if isinstance(stored, str) else stored
    return [str(entry["game_id"]) for entry in opened]


def _downgrade(url: str, revision: str) -> None:
    database = Database(url)
    with database.engine.begin() as connection:
        command.downgrade(migrations(connection), revision)
    database.dispose()


def _execute(url: str, statement: str) -> None:
    database = Database(url)
    with database.engine.begin() as connection:
        connection.execute(text(statement))
    database.dispose()


def _table_of(difference: Any) -> str | None:
    item = difference[0] if isinstance(difference, list) else difference
    kind, subject = item[0], item[1]
    if kind in ("add_table", "remove_table"):
        return str(subject.name)
    if kind.endswith("_column") or kind.startswith("modify_"):
        return str(item[2])
    table = getattr(subject, "table", None)
    return str(table.name) if table is not None else None

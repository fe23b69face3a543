"""Migration 0010 on a database the old code filled: every game a campaign lists is linked
to it, so a table opened before the upgrade still leads back to its campaign (the link
table is `campaign_tables` since 0014)."""

from __future__ import annotations

from sqlalchemy import text

from .migration_helpers import migrated_from

WHEN = "'2024-01-01 00:00:00+00:00'"
OLD_GAMES = (
    "INSERT INTO games (id, game, config, seed, status, version, opening, state_hash,"
    " created_at, updated_at, seed_known, invite_only) VALUES"
    f" ('g1', 'legends', '{{}}', 1, 'over', 1, '[]', 'h', {WHEN}, {WHEN}, false, false),"
    f" ('g2', 'legends', '{{}}', 1, 'active', 1, '[]', 'h', {WHEN}, {WHEN}, false, false),"
    f" ('g3', 'legends', '{{}}', 1, 'active', 1, '[]', 'h', {WHEN}, {WHEN}, false, false)"
)
OLD_CAMPAIGN = (
    "INSERT INTO campaigns (id, game, config, campaign, status, game_id, battles,"
    " seed_known, version, created_at, updated_at) VALUES ('c1', 'legends', '{}', '{}',"
    """ 'playing', 'g2', '[{"game_id": "g1", "number": 1, "attempt": 1},"""
    """ {"game_id": "g2", "number": 1, "attempt": 2}]', false, 3, """
    f"{WHEN}, {WHEN})"
)


def test_every_battle_a_campaign_lists_is_linked_to_it(db_url):
    database = migrated_from(db_url, "0009", (OLD_GAMES, OLD_CAMPAIGN))
    with database.engine.connect() as connection:
        links = connection.execute(
            text("SELECT game_id, campaign_id FROM campaign_tables ORDER BY game_id")
        ).all()
    database.dispose()
    assert [tuple(link) for link in links] == [("g1", "c1"), ("g2", "c1")]  # g3: an ordinary game

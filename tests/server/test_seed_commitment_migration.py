"""Migration 0011 on a database the old code filled: its games keep their rows and have no
salt (their shuffle cannot be checked); a game dealt after the upgrade stores its salt."""

from __future__ import annotations

from sqlalchemy import text

from tavola.core import commitment
from tavola.server.service import GameService

from .api_helpers import ANNA, BRUNO
from .migration_helpers import migrated_from

WHEN = "'2024-01-01 00:00:00+00:00'"
OLD_GAME = (
    "INSERT INTO games (id, game, config, seed, status, version, opening, state_hash,"
    " created_at, updated_at, seed_known, invite_only) VALUES"
    f" ('g1', 'legends', '{{}}', 7, 'over', 1, '[]', 'h', {WHEN}, {WHEN}, false, false)"
)


def test_games_stored_before_have_no_salt_and_new_games_store_theirs(db_url):
    database = migrated_from(db_url, "0010", (OLD_GAME,))
    with database.engine.connect() as connection:
        old = connection.execute(text("SELECT id, seed, salt FROM games")).one()
    service = GameService(database, bot_delay=60)
    live, _ = service.tables.create("legends", {"mode": "classic"}, [ANNA, BRUNO])
    with database.engine.connect() as connection:
        stored = connection.execute(
            text("SELECT salt FROM games WHERE id = :id"), {"id": live.game_id}
        ).scalar_one()
    database.dispose()
    assert tuple(old) == ("g1", 7, None)
    assert commitment.is_salt(stored) and stored == live.table.salt

"""Migration 0012 on a database the old code filled: its seats keep their rows, and a seat
id longer than 16 characters (a live season's `referee:arbitro01`) is stored, on
PostgreSQL too, where before the whole table was refused."""

from __future__ import annotations

from sqlalchemy import text

from .migration_helpers import migrated_from

WHEN = "'2024-01-01 00:00:00+00:00'"
OLD_GAME = (
    "INSERT INTO games (id, game, config, seed, status, version, opening, state_hash,"
    " created_at, updated_at, seed_known, invite_only, salt) VALUES"
    f" ('g1', 'trono', '{{}}', 7, 'active', 1, '[]', 'h', {WHEN}, {WHEN}, false, true, null)"
)
OLD_SEAT = (
    "INSERT INTO seats (game_id, seat, name, kind, joined) VALUES"
    " ('g1', 'player:p01', 'Giocatore 1', 'human', false)"
)
LONG = "referee:arbitro01"


def test_seat_ids_longer_than_sixteen_characters_are_stored_after_the_upgrade(db_url):
    database = migrated_from(db_url, "0011", (OLD_GAME, OLD_SEAT))
    with database.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO seats (game_id, seat, name, kind, joined)"
                " VALUES ('g1', :seat, 'Arbitra Uno', 'human', false)"
            ),
            {"seat": LONG},
        )
        connection.execute(
            text(
                "INSERT INTO actions (game_id, seq, seat, action, events, created_at)"
                f" VALUES ('g1', 1, :seat, '{{}}', '[]', {WHEN})"
            ),
            {"seat": LONG},
        )
        seats = connection.execute(text("SELECT seat FROM seats ORDER BY seat")).scalars().all()
    database.dispose()
    assert seats == ["player:p01", LONG]

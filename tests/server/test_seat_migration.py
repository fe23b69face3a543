"""Migration 0003 on a database the old code filled: games with seats, moves and tokens
handed out at creation keep their rows, and a seat holding a creation token is its
holder's (joined), so nobody takes it over."""

from __future__ import annotations

from sqlalchemy import text

from .migration_helpers import migrated_from

OLD_GAME = (
    "INSERT INTO games (id, game, config, seed, status, version, opening, state_hash,"
    " created_at, updated_at) VALUES ('g1', 'legends', '{}', 1, 'active', 1, '[]', 'h',"
    " '2024-01-01 00:00:00+00:00', '2024-01-01 00:00:00+00:00')"
)
OLD_SEATS = (
    "INSERT INTO seats (game_id, seat, name, kind, bot, token_hash, joined) VALUES"
    " ('g1', 'P1', 'Anna', 'human', NULL, 'hash-of-a-creation-token', false),"
    " ('g1', 'P2', 'Bruno', 'human', NULL, NULL, false),"
    " ('g1', 'P3', 'Robo', 'bot', 'reference', NULL, false)"
)
OLD_MOVE = (
    "INSERT INTO actions (game_id, seq, seat, action, events, created_at) VALUES"
    " ('g1', 1, 'P1', '{}', '[]', '2024-01-01 00:00:00+00:00')"
)


def test_games_stored_before_keep_their_rows_and_their_seat_holders(db_url):
    database = migrated_from(db_url, "0002", (OLD_GAME, OLD_SEATS, OLD_MOVE))
    with database.engine.connect() as connection:
        seats = connection.execute(
            text("SELECT seat, joined, invite_hash FROM seats ORDER BY seat")
        ).all()
        game = connection.execute(text("SELECT seed_known, rematch_id FROM games")).one()
        moves = connection.execute(text("SELECT count(*) FROM actions")).scalar()
    database.dispose()
    assert [(s, bool(j), i) for s, j, i in seats] == [
        ("P1", True, None),
        ("P2", False, None),
        ("P3", False, None),
    ]
    assert (bool(game[0]), game[1]) == (False, None)
    assert moves == 1

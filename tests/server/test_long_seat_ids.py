"""A seat's id is as long as its game makes it: a Gioco del Trono season with two referees
has the seats `referee:arbitro01` and `referee:arbitro02` (17 characters), and a referee or
player id may be up to 64 (TronoConfig's UserId). PostgreSQL refused them (a 500 at the
table's creation: seats were VARCHAR(16)); SQLite never looked. Migration 0012 widens every
seat column, keeping the rows stored before."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from tavola.store.models import Base

from .api_helpers import bearer, running
from .migration_helpers import migrated_from

REFEREES = [{"name": "Arbitra", "role": "referee"}, {"name": "Umpire", "role": "referee"}]
LONGEST = "referee:" + "r" * 64
"""The longest seat id a Trono table can have: a referee's id of 64 characters."""


def test_a_trono_season_with_two_referees_is_created_and_refereed(db_url):
    seats: list[dict[str, Any]] = [{"name": f"Giocatore {n}"} for n in range(1, 13)]
    body = {"game": "trono", "options": {"mode": "live"}, "seats": seats + REFEREES}
    with running(db_url) as client:
        made = client.post("/api/games", json={**body, "creator_seat": 13})
        assert made.status_code == 201, made.text
        game_id = made.json()["game_id"]
        mine = next(s for s in made.json()["seats"] if s["token"])
        assert mine["seat"] == "referee:arbitro02"
        view = client.get(f"/api/games/{game_id}/view", headers=bearer(mine["token"]))
        assert view.status_code == 200, view.text
        assert "calendar" in view.json()["view"]  # the referees' view
        other = next(s for s in made.json()["seats"] if s["seat"] == "referee:arbitro01")
        joined = client.post(
            f"/api/games/{game_id}/seats/referee:arbitro01/join", json={"invite": other["invite"]}
        )
        assert joined.status_code == 200, joined.text
        registered = client.post(
            f"/api/games/{game_id}/actions",
            json={"action": {"type": "close_registration"}},
            headers=bearer(joined.json()["token"]),
        )
        assert registered.status_code in (200, 409, 422), registered.text  # never a 500


OLD_GAME = (
    "INSERT INTO games (id, game, config, seed, status, version, opening, state_hash,"
    " created_at, updated_at, seed_known, invite_only) VALUES ('g1', 'trono', '{}', 7,"
    " 'active', 1, '[]', 'h', '2024-01-01 00:00:00+00:00', '2024-01-01 00:00:00+00:00',"
    " false, false)"
)
OLD_SEAT = (
    "INSERT INTO seats (game_id, seat, name, kind, joined) VALUES"
    " ('g1', 'referee:arbitro', 'Arbitra', 'human', true)"
)
OLD_MOVE = (
    "INSERT INTO actions (game_id, seq, seat, action, events, created_at) VALUES"
    " ('g1', 1, 'referee:arbitro', '{}', '[]', '2024-01-01 00:00:00+00:00')"
)


def test_seat_columns_take_the_longest_seat_id_and_keep_the_rows_stored_before(db_url):
    database = migrated_from(db_url, "0011", (OLD_GAME, OLD_SEAT, OLD_MOVE))
    with database.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO seats (game_id, seat, name, kind, joined)"
                " VALUES ('g1', :seat, 'R', 'human', false)"
            ),
            {"seat": LONGEST},
        )
        connection.execute(
            text(
                "INSERT INTO actions (game_id, seq, seat, action, events, created_at)"
                " VALUES ('g1', 2, :seat, '{}', '[]', '2024-01-02 00:00:00+00:00')"
            ),
            {"seat": LONGEST},
        )
        connection.execute(
            text(
                "INSERT INTO deadlines (game_id, decision_id, seat, kind, remaining)"
                " VALUES ('g1', 'd', :seat, 'turn', 1.0)"
            ),
            {"seat": LONGEST},
        )
    with database.engine.connect() as connection:
        seats = connection.execute(text("SELECT seat FROM seats ORDER BY seat")).scalars().all()
        moves = connection.execute(text("SELECT seat FROM actions ORDER BY seq")).scalars().all()
        # the tables as the models declare them, on SQLite too (its declared types)
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    database.dispose()
    assert differences == []
    assert seats == ["referee:arbitro", LONGEST]
    assert moves == ["referee:arbitro", LONGEST]

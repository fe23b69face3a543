"""The house book in a server: registered in-process (`tavola.features.register`), its
migration runs with the store's (a branch of its own), its part hears a Kuhn hand open
and end in the commits that record them, and its route answers the counts, on SQLite
and PostgreSQL."""

from __future__ import annotations

from sqlalchemy import inspect, text

from tavola.store import Database
from tests.fixture_game.test_server import create
from tests.server.api_helpers import act, running


def counts(client, game="kuhn"):
    answer = client.get(f"/api/housebook/{game}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_hand_moves_the_counts_when_it_opens_and_when_it_ends(db_url):
    with running(db_url) as client:
        assert counts(client) == {"game": "kuhn", "opened": 0, "finished": 0}
        created = create(client, [{"name": "Ada"}, {"name": "Bea"}])
        game_id, tokens = created["game_id"], created["tokens"]
        assert counts(client) == {"game": "kuhn", "opened": 1, "finished": 0}
        assert act(client, game_id, tokens["P1"], "bet", None).status_code == 200
        assert counts(client)["finished"] == 0  # a move that ends nothing counts nothing
        assert act(client, game_id, tokens["P2"], "fold", None).status_code == 200
        assert counts(client) == {"game": "kuhn", "opened": 1, "finished": 1}
        assert counts(client, "legends") == {"game": "legends", "opened": 0, "finished": 0}


def test_the_route_refuses_a_bad_game_name_with_a_code(db_url):
    with running(db_url) as client:
        unknown = client.get("/api/housebook/nosuchgame")
        assert unknown.status_code == 404
        assert unknown.json()["code"] == "unknown_game" and unknown.json()["message"]
        for bad in ("Kuhn", "k" * 33, "ku-hn", "1kuhn"):
            refused = client.get(f"/api/housebook/{bad}")
            assert refused.status_code == 422, (bad, refused.text)
            assert refused.json()["code"] and refused.json()["message"]


def test_its_migration_is_a_branch_of_its_own_brought_up_with_the_stores(db_url):
    db = Database(db_url)
    try:
        db.migrate()
        assert "house_book" in inspect(db.engine).get_table_names()
        with db.engine.connect() as connection:
            heads = {
                row[0]
                for row in connection.execute(text("SELECT version_num FROM alembic_version"))
            }
        assert "hb01" in heads and len(heads) == 2  # the store's head, and the feature's
        db.migrate()  # again: nothing left to do
    finally:
        db.dispose()

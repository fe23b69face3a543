"""A feature whose part raises while a game opens or ends: the platform keeps the move
(and the opening), the other features still hear it, and the game goes on
(tavola/server/DECISIONS.md, "A feature that fails"), on SQLite and PostgreSQL."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from sqlalchemy.orm import Session

from tavola import features
from tavola.features import Feature, GameEnded, GameStarted, Part, Platform
from tests.fixture_game.test_server import create
from tests.server.api_helpers import act, running, view

from .housebook.tables import FAILING_ROWS, metadata

FAILS_AT: set[str] = set()
"""When the broken part raises ("start", "end"); else it writes and returns."""


class Broken(Part):
    """Writes a row, then raises: the row must not survive it (its savepoint undone)."""

    def __init__(self, _: Platform) -> None:
        pass

    def game_started(self, session: Session, started: GameStarted) -> None:
        session.execute(FAILING_ROWS.insert().values(game_id=started.game_id))
        if "start" in FAILS_AT:
            raise RuntimeError("the broken feature fails at the start")

    def game_ended(self, session: Session, ended: GameEnded) -> None:
        session.execute(FAILING_ROWS.insert().values(game_id=ended.game_id + ":end"))
        if "end" in FAILS_AT:
            raise RuntimeError("the broken feature fails at the end")


# Named to come before the house book: the parts are told in the features' order, so the
# house book is told after the failure, in the same commit.
broken = Feature("broken", part=Broken)


@pytest.fixture(params=[("start", "end"), ("end",)], ids=["start-and-end", "end-only"])
def broken_registered(request) -> Iterator[set[str]]:
    FAILS_AT.clear()
    FAILS_AT.update(request.param)
    features.register(broken)
    yield FAILS_AT
    features.unregister(broken.name)
    FAILS_AT.clear()


def test_a_failing_part_loses_neither_the_opening_nor_the_final_move(
    db_url, broken_registered, caplog
):
    with running(db_url) as client:
        with client.app.state.service.db.engine.begin() as connection:
            metadata.create_all(connection, tables=[FAILING_ROWS])
        with caplog.at_level(logging.ERROR, logger="tavola.server.notices"):
            created = create(client, [{"name": "Ada"}, {"name": "Bea"}])
            game_id, tokens = created["game_id"], created["tokens"]
            assert act(client, game_id, tokens["P1"], "bet", None).status_code == 200
            final = act(client, game_id, tokens["P2"], "fold", None)
            assert final.status_code == 200, final.text
        assert view(client, game_id)["status"] == "over"
        assert client.get("/api/housebook/kuhn").json() == {
            "game": "kuhn",
            "opened": 1,
            "finished": 1,
        }
        with client.app.state.service.db.engine.connect() as connection:
            kept = [row.game_id for row in connection.execute(FAILING_ROWS.select())]
        # What it wrote before raising is undone; what it wrote when it did not, kept.
        assert kept == ([] if "start" in broken_registered else [game_id])
        failed = [r.getMessage() for r in caplog.records if r.name == "tavola.server.notices"]
        assert failed == [
            f"feature broken failed at the {moment} of {game_id}; it misses that notice"
            for moment in ("start", "end")
            if moment in broken_registered
        ]

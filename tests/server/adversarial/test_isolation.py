"""Issue 16, item 1 and the start-up half of item 2: one game's failure stays in that game.

A game whose bot move or clock raises (as the overflow of a deadline past the end of time
did) is set aside, said so in the log with its id, and refused to its players; every other
game's bots and clocks go on. A game that no longer loads (its stored config, its log) is
set aside at start-up and the server starts and serves the others. On SQLite and
PostgreSQL."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import update
from starlette.websockets import WebSocketDisconnect

from tavola.core import Action, Clock, registry
from tavola.store import Database
from tavola.store.models import ActionRow, GameRow
from tests.fixture_game.kuhn import KuhnGame, KuhnState
from tests.server.api_helpers import (
    ANNA,
    BRUNO,
    ROBO,
    SIMPLIFIED,
    act,
    awaited_decision,
    bearer,
    create,
    first_move,
    legal,
    running,
    view,
    wait_for,
    wait_view,
)

BREAKING_ANTE = 7
"""The fragile game's tables with this ante break: every move and every timeout raises."""

BIP = {"kind": "random", "name": "Bip"}


class FragileGame(KuhnGame):
    """Kuhn poker whose tables with ante BREAKING_ANTE fail inside the engine, as a
    deadline overflowing did: not a refusal (`IllegalAction`) but an error. Its decisions
    have a short clock, so that its timeouts are due too."""

    name = "fragile"
    info = dataclasses.replace(KuhnGame.info, name="fragile")

    def apply(self, state: KuhnState, seat: str, action: Action) -> list[Any]:
        if state.ante == BREAKING_ANTE:
            raise OverflowError("date value out of range")
        return super().apply(state, seat, action)

    def timeout_action(self, state: KuhnState, seat: str) -> Action:
        if state.ante == BREAKING_ANTE:
            raise OverflowError("date value out of range")
        return super().timeout_action(state, seat)

    def clocks(self, state: KuhnState) -> dict[str, Clock]:
        return {
            seat: Clock(f"{seat}-{len(state.history)}", 0.1, "turn") for seat in self.to_act(state)
        }


@pytest.fixture(autouse=True)
def fragile_registered() -> Iterator[None]:
    registry.game_names()  # the entry points first, as every process loads them
    registry.register(FragileGame())
    yield
    registry.unregister("fragile")


def breaking_table(client: Any, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": "fragile", "options": {"ante": BREAKING_ANTE}, "seats": seats, **extra}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def refused(client: Any, game_id: str) -> bool:
    return bool(client.get(f"/api/games/{game_id}/view").status_code == 409)


def over(seen: dict[str, Any]) -> bool:
    return seen["status"] == "over"


def set_aside_for(caplog: pytest.LogCaptureFixture, game_id: str) -> list[logging.LogRecord]:
    return [
        r
        for r in caplog.records
        if r.levelno == logging.WARNING and game_id in r.getMessage() and r.exc_info
    ]


# -- at play -----------------------------------------------------------------------------------


def test_a_game_whose_bot_move_raises_stops_no_other_games_bots(db_url, caplog):
    with running(db_url) as client:
        broken = breaking_table(client, [BIP, {"name": "Anna"}])  # the bot moves first
        healthy = create(client, SIMPLIFIED, [ROBO, BIP], seed=9)["game_id"]
        final = wait_view(client, healthy, None, over, "the other game's bots to finish")
        answer = client.get(f"/api/games/{broken['game_id']}/view")
    assert final["version"] > 0
    assert answer.status_code == 409
    assert answer.json()["code"] == "game_quarantined"
    [record] = set_aside_for(caplog, broken["game_id"])
    assert "a bot's move" in record.getMessage()
    assert record.exc_info is not None and record.exc_info[0] is OverflowError


def test_a_game_whose_timeout_raises_stops_no_other_games_clocks(db_url, caplog):
    timed = {"mode": "classic", "max_rounds": 2, "timers": {"setup_s": 0.3}}
    with running(db_url) as client:
        broken = breaking_table(client, [{"name": "Anna"}, {"name": "Bruno"}])
        created = create(client, timed, [ANNA, ROBO])
        game_id, token = created["game_id"], created["tokens"]["P1"]
        first = awaited_decision(client, game_id, token, "P1")
        wait_view(
            client,
            game_id,
            token,
            lambda v: first["decision_id"] not in [p["decision_id"] for p in v["view"]["pending"]],
            "the other game's clock to run out",
        )
        refused = client.get(f"/api/games/{broken['game_id']}/view")
    assert refused.status_code == 409
    [record] = set_aside_for(caplog, broken["game_id"])
    assert "timeout" in record.getMessage()


def test_a_set_aside_games_players_are_refused_with_a_sentence_in_both_languages(db_url):
    with running(db_url) as client:
        seated = breaking_table(client, [BIP, {"name": "Anna"}], creator_seat=1)
        listed = breaking_table(client, [BIP, {"name": "Bruno"}])  # its seat open to all
        sound = {"game": "fragile", "options": {"ante": 1}, "seats": [BIP, {"name": "Carla"}]}
        alike = client.post("/api/games", json=sound).json()["game_id"]
        game_id = seated["game_id"]
        token = next(s["token"] for s in seated["seats"] if s["token"])
        wait_for(
            lambda: refused(client, game_id) and refused(client, listed["game_id"]),
            "the games to be set aside",
        )
        acting = act(client, game_id, token, {"type": "check"}, None)
        lobby = [g["game_id"] for g in client.get("/api/games").json()]
    assert acting.status_code == 409
    body = acting.json()
    assert body["code"] == "game_quarantined"
    assert body["message"].endswith(".") and game_id in body["message"]
    assert body["message_it"].endswith(".") and "partita" in body["message_it"]
    assert alike in lobby  # a table like it, sound, is listed
    assert listed["game_id"] not in lobby


def test_a_set_aside_games_open_sockets_are_closed_with_why(db_url):
    """Its players learn it at once, not at their next move; a page that connects again is
    told the same, not that the game does not exist. (The game is set aside the way a
    failing bot move or clock sets it aside, once its socket is open.)"""
    with running(db_url) as client:
        sound = {"game": "fragile", "options": {"ante": 1}, "seats": [BIP, {"name": "Anna"}]}
        table = client.post("/api/games", json={**sound, "creator_seat": 1}).json()
        token = next(s["token"] for s in table["seats"] if s["token"])
        path = f"/api/games/{table['game_id']}/ws?token={token}"
        with client.websocket_connect(path) as socket:
            assert socket.receive_json()["type"] == "state"
            games = client.app.state.service.games
            assert games.failed(table["game_id"], "a test's move", OverflowError("out of range"))
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect(path) as again,
        ):
            again.receive_json()
    assert (closed.value.code, closed.value.reason) == (4409, "game_quarantined")
    assert (refused.value.code, refused.value.reason) == (4409, "game_quarantined")


class BrittleGame(KuhnGame):
    """Kuhn poker whose engine fails on a bet, untimed: only a person's move meets it."""

    name = "brittle"
    info = dataclasses.replace(KuhnGame.info, name="brittle")

    def apply(self, state: KuhnState, seat: str, action: Action) -> list[Any]:
        if action.type == "bet":
            raise OverflowError("date value out of range")
        return super().apply(state, seat, action)


def test_a_persons_move_the_engine_fails_on_is_refused_and_changes_nothing(db_url, caplog):
    """Not a 500: the engine played on a copy, so the person is refused with a sentence,
    the game stays as it was and playable, and the log names the game."""
    registry.register(BrittleGame())
    try:
        with running(db_url) as client:
            seats = [{"name": "Anna"}, {"name": "Bruno"}]
            body = {"game": "brittle", "options": {}, "seats": seats, "creator_seat": 0}
            created = client.post("/api/games", json=body).json()
            game_id = created["game_id"]
            token = next(s["token"] for s in created["seats"] if s["token"])
            before = view(client, game_id, token)
            with caplog.at_level(logging.ERROR, logger="tavola.server.acting"):
                acting = act(client, game_id, token, {"type": "bet"}, before["version"])
            after = view(client, game_id, token)
            check = act(client, game_id, token, {"type": "check"}, before["version"])
    finally:
        registry.unregister("brittle")
    assert acting.status_code == 422 and acting.json()["code"] == "unplayable_action"
    assert acting.json()["message_it"].endswith(".")
    assert after["version"] == before["version"] and after["view"] == before["view"]
    assert check.status_code == 200
    assert game_id in caplog.text and "OverflowError" in caplog.text


# -- at start-up ----------------------------------------------------------------------------------


def _break_config(database: Database, game_id: str) -> None:
    with database.session() as session:
        session.execute(
            update(GameRow).where(GameRow.id == game_id).values(config={"mode": "no such mode"})
        )
        session.commit()


def _break_log(database: Database, game_id: str) -> None:
    with database.session() as session:
        session.execute(
            update(ActionRow)
            .where(ActionRow.game_id == game_id, ActionRow.seq == 1)
            .values(action={"type": "no_such_action"})
        )
        session.commit()


@pytest.mark.parametrize("breaking", [_break_config, _break_log], ids=["config", "log"])
def test_a_game_that_no_longer_loads_is_set_aside_and_the_server_starts(db_url, caplog, breaking):
    with running(db_url) as client:
        bad = create(client, SIMPLIFIED, [ANNA, BRUNO])
        good = create(client, SIMPLIFIED, [ANNA, BRUNO])
        for created in (bad, good):  # a move each: a log to replay
            game_id = created["game_id"]
            seen = view(client, game_id)
            seat = seen["to_act"][0]
            token = created["tokens"][seat]
            move = first_move(legal(client, game_id, token)["actions"])
            assert act(client, game_id, token, move, seen["version"]).status_code == 200
        good_before = view(client, good["game_id"], good["tokens"]["P1"])
    database = Database(db_url)
    breaking(database, bad["game_id"])
    database.dispose()
    caplog.clear()
    with running(db_url) as client:  # the old server failed to start here
        good_after = view(client, good["game_id"], good["tokens"]["P1"])
        refused = client.get(
            f"/api/games/{bad['game_id']}/view", headers=bearer(bad["tokens"]["P1"])
        )
        lobby = [g["game_id"] for g in client.get("/api/games").json()]
    assert good_after == good_before
    assert refused.status_code == 409
    assert refused.json()["code"] == "game_quarantined"
    assert set_aside_for(caplog, bad["game_id"])
    assert bad["game_id"] not in lobby

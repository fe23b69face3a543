"""Issue 28, verifiable shuffles: every table commits to the SHA-256 of its seed and a secret
salt when it is created and shows it to every seat; seed and salt stay secret until the end,
then the record reveals them, and `tavola verify` (and the server's verify endpoint) checks
that they open the commitment and that replaying the record from the seed gives every card
as dealt. A tampered record (seed, salt or an action changed) fails.

On SQLite and PostgreSQL; the four games are played to the end by their bots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tavola.cli import app as cli
from tavola.core import Action, Table, commitment
from tavola.server.service import GameService
from tavola.store import Database
from tests.server import tournament_helpers as tournament
from tests.server.api_helpers import (
    ANNA,
    BRUNO,
    SIMPLIFIED,
    act,
    bearer,
    create,
    legal,
    record,
    running,
    view,
    wait_view,
    ws_receive,
)

BOTS_ALONE = {
    "legends": {
        "game": "legends",
        "options": SIMPLIFIED,
        "seats": [{"kind": "bot", "name": "Robo"}, {"kind": "bot", "name": "Zeta"}],
        "seed": 5,
    },
    "league": {
        "game": "league",
        "options": {"mode": "quick", "max_turns": 2},
        "seats": [{"kind": "bot", "bot": "reference"}, {"kind": "bot", "bot": "reference"}],
        "seed": 3,
    },
    "seasons": {
        "game": "seasons",
        "options": {"mode": "practice"},
        "seats": [{"kind": "bot", "bot": "reference"}],
        "seed": 3,
    },
    "trono": {
        "game": "trono",
        "options": {"max_turns": 2},
        "seats": [{"kind": "reference"}, {"kind": "random"}, {"kind": "greedy"}],
        "seed": 4,
    },
}
FINISH = 120.0
"""Seconds the bots have to finish a game before the test fails."""


def over(payload: dict[str, Any]) -> bool:
    return payload["status"] == "over"


def secrets_of(client: TestClient, game_id: str) -> tuple[int, str]:
    """The seed and salt the server holds (read from its own table, never from an answer)."""
    table = client.app.state.service.live[game_id].table  # type: ignore[attr-defined]
    return table.seed, table.salt


def keys_in(payload: Any) -> set[str]:
    """Every key of every object in a JSON payload."""
    if isinstance(payload, dict):
        return set(payload).union(*(keys_in(v) for v in payload.values()))
    if isinstance(payload, list):
        return set().union(*(keys_in(v) for v in payload))
    return set()


def assert_kept_secret(payload: Any, salt: str, where: str) -> None:
    text = json.dumps(payload)
    assert salt not in text, f"{where} shows the salt"
    assert not keys_in(payload) & {"seed", "salt"}, f"{where} shows the seed or the salt"
    if isinstance(payload, dict) and "revealed" in payload:
        assert payload["revealed"] is None, f"{where} reveals the seed"


def finished_game(client: TestClient, name: str) -> tuple[str, str]:
    """A game of `name` its bots played to the end; its id and the commitment its public
    view showed when it was created."""
    response = client.post("/api/games", json=BOTS_ALONE[name])
    assert response.status_code == 201, response.text
    game_id = response.json()["game_id"]
    shown = view(client, game_id)["commitment"]
    wait_view(client, game_id, None, over, f"the {name} game to finish", FINISH)
    return game_id, shown


def verify_file(path: Path, *args: str) -> Any:
    return CliRunner().invoke(cli, ["verify", str(path), *args])


# -- the commitment from the start, nothing else before the end ---------------------------


def test_every_seat_and_the_public_see_the_commitment_from_creation(db_url):
    with running(db_url, bot_delay=60) as client:
        created = create(client)
        game_id, tokens = created["game_id"], created["tokens"]
        seed, salt = secrets_of(client, game_id)
        expected = commitment.seed_commitment(seed, salt)
        shown = {seat: view(client, game_id, token)["commitment"] for seat, token in tokens.items()}
        shown["public"] = view(client, game_id)["commitment"]
        with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
            shown["socket"] = ws_receive(socket)["commitment"]
        shown["record"] = record(client, game_id)["commitment"]
    assert commitment.is_salt(salt)
    assert shown == dict.fromkeys(["P1", "P2", "public", "socket", "record"], expected)


def test_an_unfinished_games_answers_never_hold_its_seed_or_salt(db_url):
    with running(db_url, bot_delay=60) as client:
        created = create(client)
        game_id, tokens = created["game_id"], created["tokens"]
        _, salt = secrets_of(client, game_id)
        seat = view(client, game_id)["to_act"][0]
        moves = legal(client, game_id, tokens[seat])["actions"]
        move = next(a for a in moves if a["type"] != "concede")
        answer = act(client, game_id, tokens[seat], move, 0)
        assert answer.status_code == 200, answer.text
        assert_kept_secret(answer.json(), salt, "the answer to a move")
        for seat, token in {**tokens, None: None}.items():
            for endpoint in ("view", "legal", "record"):
                got = client.get(f"/api/games/{game_id}/{endpoint}", headers=bearer(token))
                assert got.status_code == 200, got.text
                assert_kept_secret(got.json(), salt, f"/{endpoint} for {seat}")
            query = f"?token={token}" if token else ""
            with client.websocket_connect(f"/api/games/{game_id}/ws{query}") as socket:
                assert_kept_secret(ws_receive(socket), salt, f"the WebSocket for {seat}")
        early = client.get(f"/api/games/{game_id}/verify")
    assert early.status_code == 409
    assert early.json()["code"] == "not_finished" and early.json()["message_it"]
    assert salt not in early.text


def test_the_end_reveals_seed_and_salt_that_open_the_commitment(db_url):
    with running(db_url) as client:
        created = create(client, {"mode": "classic"})  # a battle one may concede
        game_id, tokens = created["game_id"], created["tokens"]
        shown = view(client, game_id, tokens["P2"])["commitment"]
        answer = act(client, game_id, tokens["P1"], {"type": "concede"}, 0)
        assert answer.status_code == 200, answer.text
        end, finished = answer.json(), record(client, game_id)
        seed, salt = secrets_of(client, game_id)
    assert end["status"] == "over"
    assert end["revealed"] == {"seed": str(seed), "salt": salt}
    assert (finished["seed"], finished["salt"], finished["commitment"]) == (seed, salt, shown)
    assert commitment.seed_opens(shown, seed, salt)


def test_a_rematch_commits_to_a_seed_of_its_own(db_url):
    database = Database(db_url)
    database.migrate()
    service = GameService(database, bot_delay=60)
    live, passes = service.tables.create("legends", {"mode": "classic"}, [ANNA, BRUNO])
    service.tables.join(live.game_id, "P1", None, None, passes["P1"].invite)
    service.moves.act(live.game_id, "P1", Action.from_json({"type": "concede"}), None)
    new_id, _, _ = service.tables.rematch(service.games.get(live.game_id), "P1")
    del service.games.live[new_id]  # read back from the store, as after a restart
    again = service.games.get(new_id).table
    database.dispose()
    assert again.salt is not None and again.salt != live.table.salt
    assert again.commitment == commitment.seed_commitment(again.seed, again.salt)


# -- tavola verify on a finished game of each game ----------------------------------------


@pytest.fixture(scope="module")
def finished_records(tmp_path_factory) -> dict[str, tuple[dict[str, Any], str, dict[str, Any]]]:
    """Each game played to the end by its bots on one server: its record as downloaded,
    the commitment shown at creation and the server's own verdict."""
    folder = tmp_path_factory.mktemp("verify")
    out = {}
    with running(f"sqlite:///{folder / 'tavola.db'}") as client:
        for name in BOTS_ALONE:
            game_id, shown = finished_game(client, name)
            verdict = client.get(f"/api/games/{game_id}/verify")
            assert verdict.status_code == 200, verdict.text
            out[name] = (record(client, game_id), shown, verdict.json())
    return out


@pytest.mark.parametrize("name", list(BOTS_ALONE))
def test_verify_passes_on_a_finished_game(finished_records, name, tmp_path):
    downloaded, shown, _ = finished_records[name]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(downloaded))
    result = verify_file(path, "--lang", "en", "--commitment", shown)
    assert result.exit_code == 0, result.output
    assert "Verified" in result.output
    italian = verify_file(path)
    assert italian.exit_code == 0 and "Verificato" in italian.output


@pytest.mark.parametrize("name", list(BOTS_ALONE))
def test_the_servers_own_check_passes_on_a_finished_game(finished_records, name):
    _, shown, verdict = finished_records[name]
    assert verdict["verified"] is True
    assert verdict["commitment"] == shown
    assert {c["code"] for c in verdict["checks"]} == {
        "commitment",
        "replay",
        "events",
        "state_hash",
    }
    assert verdict["summary_it"].startswith("Verificato")


def changed_action(data: dict[str, Any]) -> dict[str, Any]:
    """The record with one logged action replaced by another the game allowed there."""
    log = data["log"]
    table = Table(data["game"], data["config"], data["seed"], data.get("setup"))
    for step, entry in enumerate(log):
        recorded = Action.from_json(entry["action"])
        others = [a for a in table.game.legal_actions(table.state, entry["seat"]) if a != recorded]
        if others and step >= len(log) // 3:
            changed = [dict(e) for e in log]
            changed[step] = {"seat": entry["seat"], "action": others[0].to_json()}
            return {**data, "log": changed}
        table.act(entry["seat"], recorded)
    raise AssertionError("no step of this game allowed another action")


def flipped(hex_text: str) -> str:
    return ("1" if hex_text[0] != "1" else "2") + hex_text[1:]


TAMPERING = {
    "seed": lambda data: {**data, "seed": data["seed"] + 1},
    "salt": lambda data: {**data, "salt": flipped(data["salt"])},
    "action": changed_action,
}


@pytest.mark.parametrize("tamper", list(TAMPERING))
@pytest.mark.parametrize("name", list(BOTS_ALONE))
def test_verify_fails_on_a_tampered_record(finished_records, name, tamper, tmp_path):
    downloaded, _, _ = finished_records[name]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(TAMPERING[tamper](downloaded)))
    result = verify_file(path, "--lang", "en")
    assert result.exit_code == 1, result.output
    assert "NOT verified" in result.output


def test_verify_fails_when_the_record_is_not_the_commitment_noted_at_the_table(
    finished_records, tmp_path
):
    downloaded, shown, _ = finished_records["legends"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(downloaded))
    result = verify_file(path, "--lang", "it", "--commitment", flipped(shown))
    assert result.exit_code == 1, result.output
    assert "NON verificato" in result.output


def test_verify_fails_on_an_unfinished_games_record(db_url, tmp_path):
    with running(db_url, bot_delay=60) as client:
        created = create(client)
        unfinished = record(client, created["game_id"], created["tokens"]["P1"])
    path = tmp_path / "record.json"
    path.write_text(json.dumps(unfinished))
    result = verify_file(path, "--lang", "en")
    assert result.exit_code == 1
    assert "not over" in result.output


def test_every_table_of_a_tournament_commits_and_verifies(tmp_path):
    with running(f"sqlite:///{tmp_path / 'tavola.db'}") as client:
        tournament_id, organiser = tournament.create(client)
        tournament.add_bots(client, tournament_id, organiser)
        assert tournament.start(client, tournament_id, organiser).status_code == 200
        seen = tournament.wait_tournament(
            client, tournament_id, "the champion", lambda v: v["status"] == "over"
        )
        verdicts = [
            client.get(f"/api/games/{table['game_id']}/verify").json() for table in seen["tables"]
        ]
    assert len(verdicts) == 3
    assert all(v["verified"] and commitment.is_commitment(v["commitment"]) for v in verdicts)

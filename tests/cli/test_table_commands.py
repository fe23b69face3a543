"""`tavola new / legal / act / view` on a record file, for legends and trono."""

import json
import re

import pytest
from typer.testing import CliRunner

from tavola.cli import app

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def first_legal(path, seat):
    result = invoke("legal", path, "--seat", seat)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines, f"{seat} has no legal action"
    return lines[0]


@pytest.mark.parametrize("game", ["legends", "trono"])
def test_new_legal_act_view_round_trip(tmp_path, game):
    path = tmp_path / "game.json"
    created = invoke("new", game, path, "--seed", "4")
    assert created.exit_code == 0, created.output
    info = json.loads(created.output)
    assert info["game"] == game and info["seed"] == 4
    record = json.loads(path.read_text())
    assert record["game"] == game and record["log"] == [] and record["state_hash"]
    seat = info["to_act"][0]
    action = first_legal(path, seat)
    acted = invoke("act", path, "--seat", seat, "--action", action)
    assert acted.exit_code == 0, acted.output
    answer = json.loads(acted.output)
    assert answer["accepted"] is True
    record = json.loads(path.read_text())
    assert len(record["log"]) == 1 and record["log"][0]["seat"] == seat
    assert record["state_hash"] == answer["state_hash"]
    for flag in (["--public"], ["--referee"], ["--seat", seat]):
        shown = invoke("view", path, *flag)
        assert shown.exit_code == 0, shown.output
        assert isinstance(json.loads(shown.output), dict)


@pytest.mark.parametrize("game", ["legends", "trono"])
def test_refused_action_changes_nothing(tmp_path, game):
    path = tmp_path / "game.json"
    info = json.loads(invoke("new", game, path, "--seed", "1").output)
    before = path.read_bytes()
    seat = info["to_act"][0]
    refused = invoke("act", path, "--seat", seat, "--action", '{"type": "no_such_action"}')
    assert refused.exit_code == 1
    assert re.match(r"^[A-Za-z_]+: \S", refused.output)  # CODE: sentence
    assert path.read_bytes() == before


def test_trono_views_keep_team_secrets(tmp_path):
    path = tmp_path / "game.json"
    invoke("new", "trono", path, "--seed", "2")  # the 4-bot practice table
    public = json.loads(invoke("view", path, "--public").output)
    referee = json.loads(invoke("view", path, "--referee").output)
    assert public["phase"] == referee["phase"] == "house_ranking"
    assert "secret" not in public["formation"] and referee["formation"]["secret"]
    seat = "player:bot01"
    mine = json.loads(invoke("view", path, "--seat", seat).output)
    assert mine["me"]["user_id"] == "bot01"
    assert all("soldiers" not in team for key, team in mine["teams"].items())


def test_record_problems_are_reported(tmp_path):
    missing = invoke("legal", tmp_path / "nope.json", "--seat", "p1")
    assert missing.exit_code == 2 and "E_NO_RECORD" in missing.output
    path = tmp_path / "game.json"
    invoke("new", "legends", path, "--seed", "3")
    again = invoke("new", "legends", path)
    assert again.exit_code == 2 and "E_FILE_EXISTS" in again.output
    record = json.loads(path.read_text())
    record["seed"] = 99  # another game than the one hashed
    path.write_text(json.dumps(record))
    tampered = invoke("view", path, "--public")
    assert tampered.exit_code == 2 and "E_HASH_MISMATCH" in tampered.output
    assert invoke("view", path).exit_code == 2  # no viewer given
    bad = invoke("act", path, "--seat", "p1", "--action", "{not json")
    assert bad.exit_code == 2 and "E_BAD_ACTION" in bad.output


def test_new_with_a_toml_config(tmp_path):
    config = tmp_path / "t.toml"
    config.write_text(
        'mode = "practice"\ndraw_source = "simulated"\nschedule = "manual"\n'
        'target_team_size = 1\nmin_teams = 2\nplayers = ["a", "b"]\n'
    )
    path = tmp_path / "game.json"
    created = invoke("new", "trono", path, "--config", config, "--seed", "9")
    assert created.exit_code == 0, created.output
    assert json.loads(path.read_text())["config"]["players"] == ["a", "b"]

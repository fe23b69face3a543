"""`tavola verify` on games played at the terminal: `tavola play --save` commits to its seed
(the commitment printed at the start) and its record reveals seed and salt; `tavola new`'s
record file too. A tampered record exits 1."""

import json
import re

import pytest
from typer.testing import CliRunner

from tavola.cli import app

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, list(args))


def played(tmp_path, *, lang="en"):
    path = tmp_path / "game.json"
    result = invoke(
        "play", "legends", "--seats", "bot,bot", "--max-clashes", "30", "--lang", lang,
        "--save", str(path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return path, result.output


def test_a_game_played_at_the_terminal_shows_its_commitment_and_verifies(tmp_path):
    path, output = played(tmp_path)
    shown = re.search(r"Shuffle commitment \(SHA-256 of seed and salt\): ([0-9a-f]{64})", output)
    assert shown, output
    data = json.loads(path.read_text())
    assert f"Seed {data['seed']}, salt {data['salt']}." in output
    result = invoke("verify", str(path), "--lang", "en", "--commitment", shown.group(1))
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith(
        "Verified: the shuffle is the one promised at the start and the game went as the"
        " record says."
    )


@pytest.mark.parametrize("field", ["seed", "salt", "log", "state_hash"])
def test_a_tampered_terminal_record_does_not_verify(tmp_path, field):
    path, _ = played(tmp_path)
    data = json.loads(path.read_text())
    if field == "seed":
        data["seed"] += 1
    elif field == "salt":
        data["salt"] = "0" * 64
    elif field == "log":
        data["log"] = data["log"][:-1]
    else:
        data["state_hash"] = "0" * 64
    path.write_text(json.dumps(data))
    result = invoke("verify", str(path))
    assert result.exit_code == 1, result.output
    assert "NON verificato" in result.output


def test_a_record_file_from_tavola_new_verifies(tmp_path):
    path = tmp_path / "new.json"
    made = invoke("new", "league", str(path), "--seed", "4")
    assert made.exit_code == 0, made.output
    assert json.loads(made.output)["commitment"] == json.loads(path.read_text())["commitment"]
    result = invoke("verify", str(path), "--lang", "it")
    assert result.exit_code == 0, result.output
    assert "Verificato" in result.output


def test_a_record_of_before_commitments_cannot_be_verified(tmp_path):
    path, _ = played(tmp_path)
    data = json.loads(path.read_text())
    for key in ("salt", "commitment", "events_hash"):
        del data[key]
    path.write_text(json.dumps(data))
    result = invoke("verify", str(path), "--lang", "en")
    assert result.exit_code == 1
    assert "carries no commitment" in result.output


def test_a_file_that_is_no_record_is_a_mistake_named_in_one_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("[1, 2")
    result = invoke("verify", str(path), "--lang", "it")
    assert result.exit_code == 2
    assert "tavola verify:" in result.output and "not JSON" in result.output
    path.write_text("[1, 2]")
    result = invoke("verify", str(path), "--lang", "it")
    assert result.exit_code == 2
    assert "not a game record" in result.output

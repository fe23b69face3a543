"""Kuhn poker through the contract alone: conformance, the generic record commands and the
simulator, none of which knows the game."""

from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from tavola.cli import app
from tavola.core.conformance import check_declaration, play_random_game

from .kuhn import game

runner = CliRunner()


def invoke(*args: object) -> str:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_fixture_game_declares_what_it_implements():
    check_declaration(game)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("config", game.sample_configs())
def test_the_fixture_game_conforms(config, seed):
    table = play_random_game(game, config, seed)
    assert game.outcome(table.state) is not None


def test_games_lists_the_fixture_game():
    declared = {entry["name"]: entry for entry in json.loads(invoke("games", "--json"))}
    assert declared["kuhn"]["max_seats"] == 2


def test_new_legal_act_view_play_a_hand_to_the_end(tmp_path):
    path = tmp_path / "hand.json"
    created = json.loads(invoke("new", "kuhn", path, "--seed", "3"))
    assert created["to_act"] == ["P1"]
    legal = [json.loads(line) for line in invoke("legal", path, "--seat", "P1").splitlines()]
    assert legal == [{"type": "check"}, {"type": "bet"}]
    invoke("act", path, "--seat", "P1", "--action", '{"type": "bet"}')
    answer = json.loads(invoke("act", path, "--seat", "P2", "--action", '{"type": "fold"}'))
    assert answer["accepted"] is True
    public = json.loads(invoke("view", path, "--public"))
    assert public["history"] == ["bet", "fold"] and public["cards"] == {"P1": None, "P2": None}
    referee = json.loads(invoke("view", path, "--referee"))
    assert set(referee["cards"].values()) <= {"jack", "queen", "king"}


def test_a_refused_action_leaves_the_record_unchanged(tmp_path):
    path = tmp_path / "hand.json"
    invoke("new", "kuhn", path, "--seed", "1")
    before = path.read_bytes()
    refused = runner.invoke(app, ["act", str(path), "--seat", "P2", "--action", '"check"'])
    assert refused.exit_code == 1 and "not_your_turn" in refused.output
    assert path.read_bytes() == before


def test_simulate_plays_the_fixture_game(tmp_path):
    out = tmp_path / "run"
    invoke("simulate", "kuhn", "--seats", "random,reference", "--games", "40", "--out", out)
    with (out / "games.csv").open() as rows:
        games = list(csv.DictReader(rows))
    assert len(games) == 40
    assert {g["winners"] for g in games} == {"P1", "P2"}


def test_the_fixture_game_is_played_at_the_plain_terminal_table_seeing_only_its_card():
    """Kuhn poker writes no terminal table: `tavola play` seats it at the shell's plain one,
    which shows the person's seat only what the game's view gives it."""
    played = runner.invoke(
        app,
        ["play", "kuhn", "--seats", "human,random", "--seed", "2", "--lang", "en"],
        input="1\n" * 3,
    )
    assert played.exit_code == 0, played.output
    assert '"cards": {"P1": "jack", "P2": null}' in played.output
    assert "P1 checks." in played.output and "Game over: P2 won." in played.output

"""The command line's own commands through Typer's test runner: records and replay,
scenarios, benchmarks of every game, the list of games, and the command groups games add."""

import json
from importlib.metadata import EntryPoint

import pytest
import typer
from typer.testing import CliRunner

from tavola.cli import add_command_groups, app, command_groups
from tavola.core import GameRecord, get_game

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_saved_game_replays_to_the_same_hash(tmp_path):
    record = tmp_path / "game.json"
    played = invoke(
        "play",
        "legends",
        "--seats",
        "bot,bot",
        "--seed",
        "11",
        "--max-clashes",
        "50",
        "--save",
        str(record),
    )
    assert played.exit_code == 0
    result = invoke("replay", str(record))
    assert result.exit_code == 0, result.output
    assert f"state_hash: {GameRecord.load(record).state_hash}" in result.output


def test_replay_of_a_tampered_record_reports_the_mismatch(tmp_path):
    record = tmp_path / "game.json"
    invoke(
        "play",
        "legends",
        "--seats",
        "bot,bot",
        "--seed",
        "11",
        "--max-clashes",
        "50",
        "--save",
        str(record),
    )
    data = json.loads(record.read_text())
    data["log"] = data["log"][:-1]
    record.write_text(json.dumps(data))
    result = invoke("replay", str(record))
    assert result.exit_code == 1
    assert "MISMATCH" in result.output


def test_scenario_run_passes_the_simplified_scenarios():
    result = invoke("scenario", "run", "scenarios/legends/simplified")
    assert result.exit_code == 0, result.output
    assert result.output.count("PASS ") >= 8


def test_scenario_run_exits_1_on_a_failure(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'title = "wrong"\ngame = "legends"\n[config]\nmode = "simplified"\n'
        'deck_source = "starter"\nplayers = [{age = 10}, {age = 20}]\n'
        '[expect]\nphase = "game_over"\n'
    )
    result = invoke("scenario", "run", str(bad))
    assert result.exit_code == 1
    assert "FAIL" in result.output and "phase: expected 'game_over'" in result.output


@pytest.mark.parametrize(("game", "extra"), [("legends", ["--mode", "simplified"]), ("trono", [])])
def test_bench_measures_random_playouts_of_every_game(game, extra):
    result = invoke("bench", "--game", game, *extra, "--seconds", "0.1", "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert {"games_per_s", "steps_per_s", "openspiel_ttt_steps_per_s", "ratio"} <= set(figures)
    assert figures["game"] == game and figures["steps_per_s"] > 0
    get_game(game).new(figures["config"], 0)  # the table measured is one the game accepts


def test_bench_json_says_what_machine_python_commit_and_options_measured_it():
    result = invoke("bench", "--game", "trono", "--seconds", "0.05", "--json")
    run = json.loads(result.output)["run"]
    assert run["cpu_count"] >= 1 and run["machine"] and run["python"].count(".") == 2
    assert run["commit"] is None or len(run["commit"].rstrip("+")) == 40
    assert run["options"]["suite"] == "playout" and run["options"]["game"] == "trono"
    assert run["options"]["seconds"] == 0.05


def test_bench_growth_measures_a_game_at_2_4_and_8_seats():
    result = invoke("bench", "--suite", "growth", "--game", "trono", "--seconds", "0.05", "--json")
    assert result.exit_code == 0, result.output
    measured = json.loads(result.output)
    assert [row["seats"] for row in measured["rows"]] == [2, 4, 8]
    assert all(row["steps_per_s"] > 0 and row["legal_actions_mean"] > 0 for row in measured["rows"])
    assert measured["run"]["options"]["suite"] == "growth"
    table = invoke("bench", "--suite", "growth", "--game", "trono", "--seconds", "0.05").output
    assert table.startswith("| seats | steps/s |") and len(table.splitlines()) == 5


def test_bench_seats_the_players_asked_for():
    result = invoke("bench", "--game", "trono", "--players", "5", "--seconds", "0.1", "--json")
    assert len(json.loads(result.output)["config"]["players"]) == 5


def test_bench_playout_needs_a_game():
    result = invoke("bench", "--seconds", "0.1")
    assert result.exit_code == 2
    assert "legends" in result.output and "trono" in result.output


def test_bench_refuses_a_table_the_game_refuses():
    result = invoke("bench", "--game", "trono", "--mode", "live", "--seconds", "0.1")
    assert result.exit_code == 2
    assert "invalid_config" in result.output


def test_games_prints_each_name_and_title():
    lines = invoke("games").output.splitlines()
    assert lines[0].split(maxsplit=1) == ["league", "Legend.a.League"]
    assert lines[1].split(maxsplit=1) == ["legends", "Legends of AZ"]
    assert lines[2].split(maxsplit=1) == ["seasons", "Seasons in solitario contro Dummbot"]
    assert lines[3].split(maxsplit=1) == ["trono", "Gioco del Trono"]


def test_games_json_prints_each_declaration_and_its_command_groups():
    declared = {entry["name"]: entry for entry in json.loads(invoke("games", "--json").output)}
    for name in ("legends", "trono"):
        info = get_game(name).info.to_json()
        assert {k: declared[name][k] for k in info} == info
    assert declared["legends"]["commands"] == ["cards"]
    assert declared["trono"]["commands"] == ["trono"]
    assert "terminal_table" in declared["trono"]["capabilities"]


def test_games_contribute_their_command_groups_through_entry_points():
    groups = {entry.name: entry.module for entry in command_groups()}
    assert groups["cards"].startswith("tavola.games.legends.")
    assert groups["trono"].startswith("tavola.games.trono.")
    shown = invoke("--help").output
    assert "cards" in shown and "trono" in shown


def test_a_command_group_that_fails_to_load_is_left_out_with_a_warning(capsys):
    target = typer.Typer()
    broken = EntryPoint("broken", "tavola.games.nowhere:app", "tavola.commands")
    add_command_groups(target, [broken, *command_groups()])
    assert "command group 'broken' not loaded" in capsys.readouterr().err
    names = [group.name for group in target.registered_groups]
    assert names == [entry.name for entry in command_groups()]


def test_play_without_a_game_lists_the_games():
    result = invoke("play", "--seats", "bot,bot")
    assert result.exit_code == 2
    assert "GAME" in result.output and "legends" in result.output


def test_play_an_unknown_game_is_refused_with_the_known_ones():
    result = invoke("play", "chess")
    assert result.exit_code == 2
    assert "chess" in result.output and "trono" in result.output

"""`tavola play trono --mode practice`: the practice bots play a whole game at the terminal,
told as the forum reads it."""

from typer.testing import CliRunner

from tavola.cli import app
from tavola.core import GameRecord

runner = CliRunner()
PRACTICE = ["play", "trono", "--mode", "practice"]


def play(*args):
    return runner.invoke(app, [*PRACTICE, *[str(a) for a in args]])


def test_practice_game_at_the_terminal_repeats_with_the_seed():
    first = play("--teams", "6", "--seed", "3")
    second = play("--teams", "6", "--seed", "3")
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert "Casate assegnate:" in first.output and "Turno 1 di 36" in first.output
    assert "La partita è finita." in first.output and "Re: " in first.output
    other = play("--teams", "4", "--seed", "3", "--lang", "en")
    assert "King: " in other.output and other.output != first.output


def test_only_the_practice_mode_plays_at_the_terminal():
    result = runner.invoke(app, ["play", "trono", "--mode", "live", "--lang", "en"])
    assert result.exit_code == 2
    assert "only --mode practice plays at the terminal" in result.output


def test_a_practice_table_seats_no_person():
    result = play("--seats", "human,reference", "--lang", "en")
    assert result.exit_code == 2
    assert "seats bots only" in result.output


def test_teams_is_a_number_of_teams():
    result = play("--teams", "A,B", "--lang", "en")
    assert result.exit_code == 2
    assert "--teams is a number of one-bot teams" in result.output


def test_max_turns_ends_the_game_early(tmp_path):
    record = tmp_path / "practice.json"
    result = play(
        "--teams", "3", "--max-turns", "2", "--seed", "8", "--lang", "en", "--save", record
    )
    assert result.exit_code == 0, result.output
    assert "Turn 2 of 2" in result.output and "Game record saved to" in result.output
    saved = GameRecord.load(record)
    assert saved.config["max_turns"] == 2 and len(saved.config["players"]) == 3


def test_seats_name_the_bot_of_each_team(tmp_path):
    record = tmp_path / "bots.json"
    result = play("--seats", "greedy,random", "--max-turns", "2", "--seed", "2", "--save", record)
    assert result.exit_code == 0, result.output
    assert len(GameRecord.load(record).config["players"]) == 2

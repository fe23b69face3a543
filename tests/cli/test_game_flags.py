"""A game's own flags on the command line: read against the game's model, refused by name
when unknown, listed by --help; `tavola simulate` reads them too."""

from typing import Annotated

import pytest
from pydantic import BaseModel, Field
from typer.testing import CliRunner

from tavola.cli import app
from tavola.cli.game_flags import UsageProblem, describe, parse

runner = CliRunner()


class Flags(BaseModel):
    round_limit: Annotated[int, Field(ge=1)] | None = Field(None, description="The round limit.")
    timed: bool = Field(False, description="A clock on every decision.")
    ages: list[int] = Field(default_factory=list, description="One per seat.")


def test_a_value_flag_a_switch_and_a_list_are_read():
    flags = parse(Flags, ["--round-limit", "3", "--timed", "--ages", "9,42"], "game")
    assert flags == Flags(round_limit=3, timed=True, ages=[9, 42])


def test_equals_and_negated_switches_are_read():
    flags = parse(Flags, ["--round-limit=7", "--no-timed"], "game")
    assert flags.round_limit == 7 and flags.timed is False


def test_an_unknown_flag_is_refused_naming_it_and_listing_the_games_own():
    with pytest.raises(UsageProblem) as refused:
        parse(Flags, ["--round-limt", "3"], "game")
    message = refused.value.format_message()
    assert "no such option for game: --round-limt" in message
    assert "--round-limit" in message and "--timed" in message and "--ages" in message


def test_a_value_the_model_refuses_names_the_flag():
    with pytest.raises(UsageProblem) as refused:
        parse(Flags, ["--round-limit", "0"], "game")
    assert refused.value.format_message().startswith("--round-limit: ")


def test_a_flag_without_its_value_is_refused():
    with pytest.raises(UsageProblem) as refused:
        parse(Flags, ["--round-limit", "--timed"], "game")
    assert "--round-limit needs a value" in refused.value.format_message()


def test_a_stray_word_is_refused():
    with pytest.raises(UsageProblem):
        parse(Flags, ["3"], "game")


def test_describe_lists_each_flag_with_its_help():
    assert describe(Flags) == [
        ("--round-limit VALUE", "The round limit."),
        ("--timed / --no-timed", "A clock on every decision."),
        ("--ages A,B,…", "One per seat."),
    ]


def test_simulate_help_lists_the_games_own_flags():
    result = runner.invoke(app, ["simulate", "legends", "--help"])
    assert result.exit_code == 0, result.output
    assert "Options of legends" in result.output and "--max-clashes" in result.output


def test_simulate_refuses_an_unknown_flag(tmp_path):
    result = runner.invoke(app, ["simulate", "legends", "--out", str(tmp_path), "--clashes", "3"])
    assert result.exit_code == 2
    assert "--clashes" in result.output and "--max-clashes" in result.output


def test_simulate_refuses_a_flag_that_needs_a_terminal_seat(tmp_path):
    result = runner.invoke(app, ["simulate", "legends", "--out", str(tmp_path), "--ages", "9,42"])
    assert result.exit_code == 2
    assert "ages" in result.output
    assert not (tmp_path / "games.csv").exists()


def test_simulate_passes_the_games_flags_to_its_table(tmp_path):
    out = tmp_path / "run"
    args = ["--seats", "reference,random", "--games", "2", "--max-turns", "2", "--quiet"]
    result = runner.invoke(app, ["simulate", "trono", *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert '"max_turns": 2' in (out / "run.json").read_text()


def test_simulate_needs_an_out_folder():
    result = runner.invoke(app, ["simulate", "legends"])
    assert result.exit_code == 2
    assert "--out" in result.output

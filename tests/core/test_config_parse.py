"""Options validated into a game's config model, and a terminal request's flags read as the
game's own: one helper each, shared by the games (issue 29, point 6)."""

from typing import Annotated

import pytest
from pydantic import BaseModel, ConfigDict, Field

from tavola.core import ConfigError
from tavola.core.capabilities.terminal import game_flags
from tavola.core.config_parse import field_name, validated_options


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid")
    age: Annotated[int, Field(ge=1, le=99)]


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: list[Player]
    rounds: int = 3


def test_a_problem_is_named_as_the_options_write_the_field():
    assert field_name(("players", 0, "age")) == "players[0].age"
    assert field_name((2, "x")) == "[2].x"
    with pytest.raises(ConfigError) as caught:
        validated_options(Options, {"players": [{"age": 0}]})
    assert caught.value.reason == "invalid_option"
    assert caught.value.field == "players[0].age"
    assert caught.value.message.startswith("players[0].age: Input should be greater")


def test_counted_says_how_many_more_problems_there_are():
    bad = {"players": [{"age": 0}, {"age": 100}], "rounds": "x"}
    with pytest.raises(ConfigError) as plain:
        validated_options(Options, bad)
    with pytest.raises(ConfigError) as counted:
        validated_options(Options, bad, counted=True)
    assert "more)" not in plain.value.message
    assert counted.value.message == plain.value.message + " (and 2 more)"


def test_a_model_passes_as_it_is_and_another_model_by_its_fields():
    options = Options(players=[Player(age=30)])
    assert validated_options(Options, options) is options

    class Copy(BaseModel):
        players: list[dict[str, int]]

    assert validated_options(Options, Copy(players=[{"age": 30}])) == options


class Flags(BaseModel):
    round_limit: int | None = None
    fast: bool = False


class Other(BaseModel):
    round_limit: int | None = None
    fast: bool = False


def test_flags_are_the_games_own_model_keeping_only_what_was_set():
    mine = Flags(fast=True)
    assert game_flags(Flags, mine) is mine
    read = game_flags(Flags, Other(round_limit=5))
    assert read == Flags(round_limit=5)
    assert read.model_fields_set == {"round_limit"}

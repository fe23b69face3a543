"""Gioco del Trono as a `TableBuilder`: a practice table of 2 to 10 one-bot houses."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tavola.core import Table
from tavola.games.trono.config import TronoConfig
from tavola.games.trono.game import game
from tavola.games.trono.table_options import TronoSeatOptions, TronoTableOptions


def practice(houses, **options):
    seats = [{"kind": "reference"} for _ in range(houses)]
    return Table(game, game.table_config(options, seats), seed=3)


@pytest.mark.parametrize("houses", [2, 3, 4, 7, 10])
def test_a_practice_table_has_one_house_per_seat(houses):
    table = practice(houses)
    assert len(game.teams(table.state)) == houses
    assert all(len(members) == 1 for members in game.teams(table.state).values())


def test_a_practice_tables_bot_accounts_follow_the_seat_order_whatever_the_names():
    seats = [{"kind": "reference", "name": "Volpe: la prima"}, {"kind": "random"}]
    config = game.table_config({}, seats)
    assert config["players"] == ["bot01", "bot02"]


def test_every_table_option_is_a_config_option_with_its_default():
    # but the mode: a table is a practice one unless it asks to be live
    options = TronoTableOptions().model_dump(exclude={"mode"})
    defaults = TronoConfig().model_dump(include=set(options))
    assert options == defaults


def test_table_options_are_bounded():
    with pytest.raises(ValidationError):
        TronoTableOptions.model_validate({"max_turns": 201})
    with pytest.raises(ValidationError):
        TronoTableOptions.model_validate({"mode": "tournament"})


def test_a_practice_seat_has_no_fields_of_its_own():
    with pytest.raises(ValidationError):
        TronoSeatOptions.model_validate({"age": 9})


@pytest.mark.parametrize("preset", game.presets(), ids=lambda p: p.id)
def test_every_preset_builds_a_table(preset):
    shown = preset.to_json()  # each seat with its own fields, as the lobby sends it
    seats = [{"kind": k, **f} for k, f in zip(shown["seats"], shown["seat_fields"], strict=True)]
    table = Table(game, game.table_config(preset.options, seats), seed=1)
    if preset.options.get("rehearsal"):  # the bots register, then the teams form (DECISIONS 28)
        bots = [s for s in preset.seats if s != "human"]
        assert len(table.state.config.players) == len(bots) and table.state.teams == []
        return
    if preset.options.get("mode") == "live":  # people register first (DECISIONS 34)
        referees = [f for f in shown["seat_fields"] if f.get("role") == "referee"]
        assert len(table.state.config.referees) == len(referees) == 2
        assert len(table.state.config.players) == len(seats) - 2 and table.state.teams == []
        return
    assert len(game.teams(table.state)) == len(preset.seats)

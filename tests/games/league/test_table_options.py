"""League tables for the lobby and the server (`TableBuilder`): the presets, the modes, a
seat's own lineup, and bad tables refused naming the field."""

import pytest

from tavola.core import ConfigError, Table
from tavola.games.league.content import starter
from tavola.games.league.game import game

PRESET_A = starter().presets["preset_a"].lineup.to_json()


def test_quick_battle_against_basic_comes_first_and_plays_the_presets():
    first = game.presets()[0]
    assert first.seats == ("human", "reference")
    assert set(first.title) == {"ja", "en", "it"}
    config = game.table_config(first.options, [{"kind": k} for k in first.seats])
    assert config["lineups"] == ["preset_a", "preset_b"]
    assert config["seats"] == ["human", "bot:basic"]
    Table(game, config, 1)


def test_custom_mode_leaves_the_lineups_to_the_game():
    config = game.table_config({"mode": "custom"}, [{"kind": "human"}, {"kind": "random"}])
    assert config["lineups"] == [None, None] and config["seats"] == ["human", "bot:random"]


def test_a_seats_own_lineup_wins_over_the_modes():
    own = game.SeatOptions.model_validate({"lineup": {**PRESET_A, "gimmick": "none"}})
    config = game.table_config({}, [{"kind": "human", "lineup": own.lineup}, {"kind": "human"}])
    assert config["lineups"][0]["gimmick"] == "none" and config["lineups"][1] == "preset_b"


def test_r3_an_illegal_lineup_is_refused_when_the_table_is_asked_for():
    with pytest.raises(ConfigError) as refused:
        moonwall = {**starter().presets["preset_b"].lineup.to_json(), "gimmick": "none"}
        game.table_config({}, [{"kind": "human", "lineup": moonwall}, {"kind": "human"}])
    assert refused.value.field == "seats.0.lineup"
    assert "TEAM_COST_EXCEEDED" not in refused.value.message
    assert "The team costs 27, more than 23" in refused.value.message


def test_a_battle_has_two_players():
    with pytest.raises(ConfigError) as refused:
        game.table_config({}, [{"kind": "human"}] * 3)
    assert refused.value.field == "seats"


def test_table_options_are_bounded():
    with pytest.raises(ValueError):
        game.TableOptions.model_validate({"max_turns": 5000})
    with pytest.raises(ValueError):
        game.TableOptions.model_validate({"open_teams": "yes"})

"""Legends as a `TableBuilder` and an `Autopilot`: the options a table host may choose,
the seat fields, the presets the lobby offers, and the seats R116 hands to the bot."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tavola.core import Action, Table
from tavola.games.legends.config import LegendsConfig
from tavola.games.legends.game import game
from tavola.games.legends.table_options import LegendsSeatOptions, LegendsTableOptions

from .battle_tables import END_TURN, POTION, battle


def test_every_table_option_is_a_config_option_but_the_boss_level():
    options = set(LegendsTableOptions.model_fields) - {"boss_level"}
    assert options <= set(LegendsConfig.model_fields)
    assert not options & {"players", "boss"}
    # the catalogue only by name (issue 32): never a path nor inline cards from a request
    assert LegendsTableOptions.model_fields["catalog"].annotation is str


def test_the_table_options_defaults_are_the_configs():
    defaults = LegendsTableOptions().model_dump(exclude={"boss_level", "timers", "simplified"})
    config = LegendsConfig(players=[{"age": 9}, {"age": 30}])
    assert defaults == config.model_dump(include=set(defaults))
    assert LegendsTableOptions().simplified.model_dump() == config.simplified.model_dump()


@pytest.mark.parametrize(
    "options",
    [
        {"timers": {"turn_s": float("inf")}},
        {"timers": {"turn_s": float("nan")}},
        {"timers": {"turn_s": 86_401}},
        {"max_rounds": 201},
        {"simplified": {"max_clashes": 10_001}},
    ],
    ids=["infinite", "not_a_number", "over_a_day", "rounds", "clashes"],
)
def test_table_options_are_bounded(options):
    with pytest.raises(ValidationError):
        LegendsTableOptions.model_validate(options)


@pytest.mark.parametrize("seat", [{"age": 0}, {"age": 100}, {"team": ""}, {"team": "x" * 17}])
def test_seat_fields_are_bounded(seat):
    with pytest.raises(ValidationError):
        LegendsSeatOptions.model_validate(seat)


@pytest.mark.parametrize("preset", game.presets(), ids=lambda p: p.id)
def test_every_preset_builds_a_table(preset):
    seats = [{"kind": kind} for kind in preset.seats]
    table = Table(game, game.table_config(preset.options, seats), seed=1)
    assert len(game.seats(table.state)) == len(preset.seats)
    assert set(preset.title) == set(game.info.languages)


def test_r116_no_seat_is_on_autopilot_until_its_timeouts_hand_it_over():
    table = battle(
        {"P1": {}, "P2": {}}, deck=[POTION] * 6, timers={"turn_s": 60, "autopilot_after": 1}
    )
    assert game.on_autopilot(table.state) == frozenset()
    table.act("P1", game.timeout_action(table.state, "P1"))
    assert game.on_autopilot(table.state) == {"P1"}


def test_r116_a_seat_leaves_the_autopilot_when_its_player_acts():
    table = battle(
        {"P1": {}, "P2": {}}, deck=[POTION] * 6, timers={"turn_s": 60, "autopilot_after": 1}
    )
    table.act("P1", game.timeout_action(table.state, "P1"))
    table.act("P2", END_TURN)
    table.act("P1", Action("autopilot", action={"type": "end_turn"}))
    assert game.on_autopilot(table.state) == {"P1"}  # the bot's move keeps it on
    table.act("P2", END_TURN)
    table.act("P1", END_TURN)
    assert game.on_autopilot(table.state) == frozenset()


def test_an_unnamed_bot_is_bot_n_in_the_log_not_its_seat_id():
    # Issue 20: unnamed bots showed as "P2" in the log; the table and the log now agree.
    config = game.table_config({"mode": "classic"}, [{"name": "Giulia"}, {"kind": "reference"}])
    assert [p["name"] for p in config["players"]] == ["Giulia", "Bot 2"]
    table = Table(game, config, seed=3)
    lines = game.narrate(table.state, list(table.events), "it")
    assert any("Bot 2" in line for line in lines)
    assert not any("P2" in line for line in lines)

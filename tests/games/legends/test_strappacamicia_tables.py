"""Issue 31: a Strappacamicia table a person wants to play. The lobby opens on a short game
beside the spec's 1,000 clashes, its cap explained (R130); a cap out of range is refused
in a sentence; the options that mean nothing at a Strappacamicia (or a boss-less) table
say so, for the lobby to hide them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from tavola.core import Table
from tavola.games.legends.game import game
from tavola.games.legends.table_options import (
    SHORT_GAME_CLASHES,
    LegendsSeatOptions,
    LegendsTableOptions,
)

WEB_I18N = game.info.web / "i18n" if game.info.web else None


def words(lang: str) -> dict[str, str]:
    assert WEB_I18N is not None
    catalogue: dict[str, str] = json.loads((WEB_I18N / f"{lang}.json").read_text("utf-8"))
    return catalogue


def schema_props() -> dict[str, Any]:
    props: dict[str, Any] = LegendsTableOptions.model_json_schema()["properties"]
    return props


def test_the_lobby_opens_on_a_short_strappacamicia_beside_the_specs_1000_clashes():
    first, second = game.presets()[:2]
    assert first.id == "strappacamicia_short"
    assert first.options == {"mode": "simplified", "simplified": {"max_clashes": 50}}
    assert first.title == {
        "it": "Strappacamicia breve contro un bot (50 scontri)",
        "en": "Short Strappacamicia against a bot (50 clashes)",
    }
    assert second.id == "strappacamicia"
    assert second.options == {"mode": "simplified"}  # the spec's default cap, 1,000
    assert "1.000 scontri" in second.title["it"] and "1,000 clashes" in second.title["en"]


def test_r130_the_short_game_ends_at_its_cap_at_the_latest():
    preset = game.presets()[0]
    config = game.table_config(preset.options, [{"kind": kind} for kind in preset.seats])
    assert config["simplified"] == {"max_clashes": SHORT_GAME_CLASHES}
    table = Table(game, config, seed=3)
    while game.outcome(table.state) is None:
        seat = sorted(game.to_act(table.state))[0]
        table.act(seat, game.legal_actions(table.state, seat)[0])
    outcome = game.outcome(table.state)
    assert outcome is not None and outcome.reason in {"clash_cap", "last_pile"}
    assert table.state.strappa is not None
    assert table.state.strappa.clash_no <= SHORT_GAME_CLASHES


@pytest.mark.parametrize("cap", [0, -1, 10_001, 2**63])
def test_r130_a_clash_cap_out_of_range_is_refused_with_a_code_and_a_sentence(cap):
    with pytest.raises(ValidationError) as refused:
        LegendsTableOptions.model_validate({"simplified": {"max_clashes": cap}})
    error = refused.value.errors()[0]
    assert error["type"] == "clash_cap_out_of_range"
    assert error["loc"] == ("simplified", "max_clashes")
    assert error["msg"] == (f"a Strappacamicia game lasts 1 to 10,000 clashes (R130), not {cap}")


@pytest.mark.parametrize("cap", [1, SHORT_GAME_CLASHES, 1000, 10_000])
def test_a_clash_cap_in_range_is_taken(cap):
    options = LegendsTableOptions.model_validate({"simplified": {"max_clashes": cap}})
    assert options.simplified.max_clashes == cap


def test_the_lobby_field_of_the_cap_keeps_its_bounds():
    defs = LegendsTableOptions.model_json_schema()["$defs"]
    cap = defs["TableSimplified"]["properties"]["max_clashes"]
    assert (cap["minimum"], cap["maximum"], cap["default"]) == (1, 10_000, 1000)


def test_the_sides_and_the_boss_level_say_where_they_apply():
    props = schema_props()
    assert props["sides"]["x-applies"] == {
        "options": {"mode": ["classic", "epic"]},
        "seats_without": ["boss"],
    }
    assert props["boss_level"]["x-applies"] == {"seats_with": ["boss"]}
    assert props["simplified"]["x-applies"] == {"options": {"mode": ["simplified"]}}
    assert props["max_rounds"]["x-applies"] == {"options": {"mode": ["classic", "epic"]}}
    # what Strappacamicia does use stays shown at every table
    for shared in ("mode", "deck_source", "agility_tie_break", "timers", "catalog"):
        assert "x-applies" not in props[shared], shared


def test_a_seats_team_applies_only_to_sides_with_teams():
    team = LegendsSeatOptions.model_json_schema()["properties"]["team"]
    assert team["x-applies"] == {"options": {"sides": ["teams", "good_vs_evil"]}}
    assert "x-applies" not in LegendsSeatOptions.model_json_schema()["properties"]["age"]


def test_every_applies_names_a_real_option_value_and_seat_kind():
    props = schema_props()
    for name, prop in props.items():
        applies = prop.get("x-applies")
        if applies is None:
            continue
        for other, values in applies.get("options", {}).items():
            assert set(values) <= set(props[other]["enum"]), (name, other)
        for kinds in (applies.get("seats_with", []), applies.get("seats_without", [])):
            assert set(kinds) <= set(game.info.seat_kinds), name


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_cap_the_flips_and_the_clash_count_have_words(lang):
    catalogue = words(lang)
    for key in (
        "form.simplified.max_clashes.help",
        "form.simplified.max_clashes.refused",
        "play.clash_of",
        "autoflip.toggle",
        "autoflip.hint",
        "autoflip.fast_forward",
        "autoflip.hurrying",
    ):
        assert catalogue.get(key), key
    assert "{n}" in catalogue["play.clash_of"] and "{max}" in catalogue["play.clash_of"]


def test_the_italian_words_are_the_games_own():
    catalogue = words("it")
    assert catalogue["play.clash_of"] == "Scontro {n} di {max}"
    assert catalogue["autoflip.toggle"] == "Gira per me"
    assert "mazzetto" in catalogue["form.simplified.max_clashes.help"]

"""The parts League and Seasons share (tavola/core/game_parts.py, configs.py, views.py):
each does what both games' own copies did, so their tables, refusals and narration are
unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tavola.core import ConfigError, get_game
from tavola.core.capabilities import TerminalRequest
from tavola.core.configs import as_config, config_refusal
from tavola.core.game_parts import chosen_mode, own_flags
from tavola.core.views import shown_instances


class Flags(BaseModel):
    model_config = ConfigDict(extra="forbid")
    level: int | None = None
    show: bool = False


def request(mode: str | None) -> TerminalRequest:
    return TerminalRequest(mode=mode, seats=(), names=(), teams=(), lang="en", flags=Flags())


def test_a_mode_not_given_is_the_first() -> None:
    assert chosen_mode(request(None), ("quick", "custom")) == "quick"
    assert chosen_mode(request("custom"), ("quick", "custom")) == "custom"


@pytest.mark.parametrize(
    ("modes", "en", "it"),
    [
        (
            ("quick", "custom"),
            "--mode is quick or custom, not epic",
            "--mode è quick o custom, non epic",
        ),
        (("a", "b", "c"), "--mode is a, b or c, not epic", "--mode è a, b o c, non epic"),
    ],
)
def test_an_unknown_mode_is_refused_naming_the_game_s(
    modes: tuple[str, ...], en: str, it: str
) -> None:
    with pytest.raises(ConfigError) as refused:
        chosen_mode(request("epic"), modes)
    assert (refused.value.field, refused.value.message, refused.value.message_it) == (
        "mode",
        en,
        it,
    )


def test_flags_are_read_as_the_game_s_own_keeping_only_what_was_set() -> None:
    mine = Flags(level=3)
    assert own_flags(Flags, mine) is mine

    class Shell(BaseModel):
        level: int | None = None
        show: bool = False

    assert own_flags(Flags, Shell(level=2)).model_dump(exclude_unset=True) == {"level": 2}


class Config(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rounds: int = Field(10, ge=1)


def test_a_config_is_its_model_as_it_is_or_validated() -> None:
    made = Config(rounds=3)
    assert as_config(Config, made) is made
    assert as_config(Config, {"rounds": 4}).rounds == 4
    assert as_config(Config, made.model_copy()).rounds == 3
    with pytest.raises(ValidationError):
        as_config(Config, {"rounds": 0})


def test_a_config_refusal_is_the_game_s_code_field_and_reason() -> None:
    refused = config_refusal("BAD_CONFIG", "max_turns", "too many")
    assert (refused.reason, refused.field) == ("BAD_CONFIG", "max_turns")
    assert refused.message == refused.message_it == "BAD_CONFIG: max_turns: too many"


def test_a_view_s_instances_are_found_wherever_they_are() -> None:
    view: dict[str, Any] = {
        "hand": [{"iid": "i1", "card": "c7"}, {"iid": "i2"}],
        "table": ({"row": [{"iid": "i3", "card": "c9", "card_id": "x"}]},),
        "iid": 4,
    }
    assert shown_instances(view, "card") == {"i1": "c7", "i3": "c9"}
    assert shown_instances(view, "card_id") == {"i3": "x"}


@pytest.mark.parametrize("name", ["league", "seasons"])
def test_the_games_hand_their_state_on(name: str) -> None:
    game = get_game(name)
    config = game.sample_configs()[0]  # type: ignore[attr-defined]
    state = game.new(config, 7)
    assert game.load(game.dump(state)).dump() == state.dump()
    assert game.clone(state).dump() == state.dump()
    assert game.opening_events(state) == list(state.opening)
    assert game.teams(state) == {} and game.clocks(state) == {}

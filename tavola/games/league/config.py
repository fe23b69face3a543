"""The game's options (§3.1, §10.2): a pydantic model; a bad option is refused naming its
field (`BAD_CONFIG`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tavola.core import ConfigError
from tavola.core.configs import as_config, config_refusal

Strict = Field(strict=True)


def _int(low: int, high: int) -> Any:
    return Field(ge=low, le=high, strict=True)


class LeagueConfig(BaseModel):
    """Every field of §3.1; each rule option of §10.2 is the other reading of a decision."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    life_start: Annotated[int, _int(1, 99999)] = 10000
    life_cap: Annotated[int, Field(ge=1, le=999999, strict=True)] | None = 10000
    initial_hand: Annotated[int, _int(0, 10)] = 4
    team_size: Literal[7] = 7
    team_cost_cap: Annotated[int, _int(1, 99)] = 23
    ability_slots: Annotated[int, _int(1, 5)] = 3
    deck_max: Annotated[int, _int(1, 200)] = 40
    deck_min: Annotated[int, _int(1, 200)] = 20
    copies_max: Annotated[int, _int(1, 40)] = 3
    override_uses: Annotated[int, _int(0, 10)] = 3
    die_faces: Annotated[int, _int(2, 20)] = 6
    galaxy_bonus: Annotated[int, _int(0, 5)] = 2
    brackish_reduction: Annotated[int, _int(0, 5)] = 1
    purgatory_extra: Annotated[int, _int(0, 5)] = 1
    tactic_zone_max: Annotated[int, _int(0, 10)] = 3
    max_tie_rerolls: Annotated[int, _int(1, 1000)] = 20
    max_turns: Annotated[int, _int(1, 999)] = 60
    allow_voluntary_no_entry: Annotated[bool, Strict] = False
    galaxy_applies_to_override: Annotated[bool, Strict] = False
    card_costs_use_pool: Annotated[bool, Strict] = True
    deck_out_rule: Literal["reaches_zero", "cannot_draw"] = "reaches_zero"
    purgatory_optional: Annotated[bool, Strict] = False
    open_teams: Annotated[bool, Strict] = False
    shuffle_decks: Annotated[bool, Strict] = True
    dice_source: Literal["rng", "external"] = "rng"
    seats: Annotated[
        list[Literal["human", "bot:basic", "bot:random"]], Field(min_length=2, max_length=2)
    ] = ["human", "human"]
    lineups: Annotated[list[str | dict[str, Any] | None], Field(min_length=2, max_length=2)] = [
        None,
        None,
    ]
    """Per seat: None (submitted in game), a preset id, or a lineup `{team, gimmick, deck}`."""

    @model_validator(mode="after")
    def _bounds(self) -> LeagueConfig:
        if self.life_cap is not None and self.life_cap < self.life_start:
            raise ValueError("life_cap: must be null or at least life_start")
        if self.deck_min < self.initial_hand + self.purgatory_extra + 1:
            raise ValueError("deck_min: must be at least initial_hand + purgatory_extra + 1")
        if self.deck_min > self.deck_max:
            raise ValueError("deck_min: must not exceed deck_max")
        return self


def bad_config(field: str, reason: str) -> ConfigError:
    return config_refusal("BAD_CONFIG", field, reason)


def parse_config(data: Mapping[str, Any] | BaseModel) -> LeagueConfig:
    """§4 step 1: the config, or `BAD_CONFIG` naming the first bad field."""
    try:
        return as_config(LeagueConfig, data)
    except ValidationError as exc:
        first = exc.errors()[0]
        message = str(first["msg"]).removeprefix("Value error, ")
        field, _, reason = message.partition(": ")
        if first["loc"]:
            field, reason = ".".join(map(str, first["loc"])), message
        raise bad_config(field or "config", reason or message) from None

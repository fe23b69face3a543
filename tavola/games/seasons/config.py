"""The game's options (§3.5): a pydantic model; a bad option names its key (`CONFIG_INVALID`).

The per-difficulty keys (`transmute_crystals`, `season_pick`, `year_draws`) default to None,
meaning the difficulty's own value; `effective` resolves them (§10's table)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tavola.core import ConfigError, TavolaError
from tavola.core.configs import as_config, config_refusal

from .catalogue import base_catalogue

Difficulty = Literal["apprentice", "wizard", "archmage"]

# §10: Apprentice / Wizard / Archmage.
TRANSMUTE_CRYSTALS = {"apprentice": 4, "wizard": 6, "archmage": 8}
SEASON_PICK = {"apprentice": 1, "wizard": 4, "archmage": 4}
YEAR_DRAWS = {"apprentice": 1, "wizard": 2, "archmage": 4}


class SeasonsConfig(BaseModel):
    """Every key of §3.5, plus the companion's undo depth and the catalogue additions the
    terminal or the page brings from `cards_user.json`."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    mode: Literal["companion", "practice"] = "companion"
    difficulty: Difficulty = "wizard"
    dice_source: Literal["companion_rolls", "table_rolls"] = "companion_rolls"
    dice_selection: Literal["random_pair", "rotating_lines"] = "random_pair"
    hand_tracking: Literal["named_on_draw", "blind_until_revealed"] = "named_on_draw"
    card_pool: Literal["base_1_30", "base_1_50", "catalogue_all"] = "base_1_50"
    transmute_crystals: Annotated[int, Field(ge=0, le=99, strict=True)] | None = None
    season_pick: Annotated[int, Field(ge=1, le=10, strict=True)] | None = None
    archmage_discard_lowest: Annotated[bool, Field(strict=True)] = True
    season_refill_draws: Annotated[int, Field(ge=0, le=4, strict=True)] = 1
    refill_on_empty_hand: Annotated[bool, Field(strict=True)] = True
    year_draws: Annotated[int, Field(ge=0, le=10, strict=True)] | None = None
    summon_negative_from_multi: Annotated[bool, Field(strict=True)] = True
    backward_change_summons: Annotated[bool, Field(strict=True)] = True
    transmute_rate_season: Literal["token_now", "dice_season"] = "token_now"
    forced_choice_policy: Literal["random", "lowest_prestige", "user_named"] = "random"
    show_dummbot_hand: Annotated[bool, Field(strict=True)] = False
    copy_check: Annotated[bool, Field(strict=True)] = True
    max_rounds: Annotated[int, Field(ge=12, le=1000, strict=True)] = 100
    undo_steps: Annotated[int, Field(ge=0, le=20, strict=True)] = 10
    """How many accepted actions `undo` can take back, one at a time (0: no undo)."""
    user_cards: Annotated[list[dict[str, Any]], Field(max_length=500)] = []
    """Catalogue additions made before this game (`cards_user.json` entries, §3.3)."""


@dataclass(frozen=True, slots=True)
class Effective:
    """The per-difficulty values in force (§3.5, §10)."""

    transmute_crystals: int
    season_pick: int
    year_draws: int


def effective(cfg: SeasonsConfig) -> Effective:
    level = cfg.difficulty
    return Effective(
        transmute_crystals=_or(cfg.transmute_crystals, TRANSMUTE_CRYSTALS[level]),
        season_pick=_or(cfg.season_pick, SEASON_PICK[level]),
        year_draws=_or(cfg.year_draws, YEAR_DRAWS[level]),
    )


def _or(value: int | None, default: int) -> int:
    return default if value is None else value


def config_invalid(key: str, reason: str) -> ConfigError:
    """§4 step 1: `CONFIG_INVALID: <key>`, with the reason after it."""
    return config_refusal("CONFIG_INVALID", key, reason)


def parse_config(data: Mapping[str, Any] | BaseModel) -> SeasonsConfig:
    """Structural checks, then the settings that exist in one mode only (DECISIONS: a
    companion-only setting in practice is refused rather than ignored) and the user cards."""
    try:
        cfg = as_config(SeasonsConfig, data)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else "config"
        raise config_invalid(key, str(first["msg"])) from None
    if cfg.mode == "practice":
        if cfg.dice_source != "companion_rolls":
            raise config_invalid("dice_source", "table_rolls exists only in companion mode")
        if cfg.hand_tracking != "named_on_draw":
            raise config_invalid("hand_tracking", "blind_until_revealed is companion-only")
    try:
        base_catalogue().with_cards(cfg.user_cards)
    except TavolaError as exc:
        raise config_invalid("user_cards", exc.message) from None
    return cfg

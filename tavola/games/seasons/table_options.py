"""A Seasons table for the lobby and the server: one seat (R1, the person beside the
physical game, or a bot for a practice run), Dummbot run by the rules, and the options a
person chooses at the table (§3.5, §10): the mode, the level, where the dice are rolled,
how Dummbot's hand is tracked, the practice deck. The rest of `SeasonsConfig` (rule
switches for testing, `max_rounds`) keeps its defaults here; the terminal and the simulator
may pass any of them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from tavola.core.capabilities import Preset
from tavola.core.jsontypes import JsonBool

from .config import parse_config


class _Options(BaseModel):
    """A boolean is `true` or `false`, as JSON Schema has it (`tavola.core.jsontypes`)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class SeasonsTableOptions(_Options):
    """The table's options, each bounded; those left out keep `SeasonsConfig`'s defaults
    (§3.5). `dice_source` and `hand_tracking` are the companion's: a practice table with
    another value than the default is refused by the config (`CONFIG_INVALID`)."""

    mode: Literal["companion", "practice"] = "companion"
    difficulty: Literal["apprentice", "wizard", "archmage"] = "wizard"
    dice_source: Literal["companion_rolls", "table_rolls"] = "companion_rolls"
    dice_selection: Literal["random_pair", "rotating_lines"] = "random_pair"
    hand_tracking: Literal["named_on_draw", "blind_until_revealed"] = "named_on_draw"
    card_pool: Literal["base_1_30", "base_1_50", "catalogue_all"] = "base_1_50"
    show_dummbot_hand: JsonBool = False


class SeasonsSeatOptions(_Options):
    """The one seat has nothing of its own beyond its name."""


def table_config(options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The game's config for a table: the options as given (the seat is always `human`,
    whoever plays it), checked at once so that a bad combination is refused when the
    table is asked for, naming its key."""
    config = dict(options)
    parse_config(config)
    return config


def presets() -> list[Preset]:
    """The companion at each level (Wizard, the standard one, first), then a practice game
    at the Wizard level (§10). Short titles: the lobby's list fits a phone."""

    def companion(level: str, it: str, en: str) -> Preset:
        options = {"mode": "companion", "difficulty": level}
        return Preset(f"companion_{level}", {"it": it, "en": en}, options, ("human",))

    return [
        companion("wizard", "Al tavolo · Mago", "At the table · Wizard"),
        companion("apprentice", "Al tavolo · Apprendista", "At the table · Apprentice"),
        companion("archmage", "Al tavolo · Arcimago", "At the table · Archmage"),
        Preset(
            "practice_wizard",
            {"it": "Allenamento · Mago", "en": "Practice · Wizard"},
            {"mode": "practice", "difficulty": "wizard"},
            ("human",),
        ),
    ]

"""A practice table of Gioco del Trono (the lobby's form, the server's create request):
2 to 10 houses, each a team of one bot, simulated draws, the turn closed as soon as every
house has posted. The host chooses the length and the rule switches of `TronoConfig`;
the rest (mode, draws, schedule, referee) is what a practice table is."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from tavola.core.capabilities import Preset
from tavola.core.jsontypes import JsonBool, JsonNumber


class _Options(BaseModel):
    """A number is a number, a boolean true or false, as JSON Schema has them
    (`tavola.core.jsontypes`): `true` or `"3"` is not 1 or 3."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class TronoTableOptions(_Options):
    """A practice table's options: those left out keep `TronoConfig`'s defaults."""

    max_turns: Annotated[int, Field(ge=1, le=200), JsonNumber] = 36
    victory_banners: Annotated[int, Field(ge=10, le=200), JsonNumber] = 50
    soldiers_per_team: Annotated[int, Field(ge=1, le=20), JsonNumber] = 5
    house_assignment: Literal["rank_rounds", "serial"] = "rank_rounds"
    throne_tie_break: Literal["earliest_post", "lotto"] = "earliest_post"
    character_attacks_count_toward_limit: JsonBool = False
    victory_tie_mode: Literal["tiebreak", "shared"] = "tiebreak"
    reveal_attackers: JsonBool = False
    reveal_all_at_end: JsonBool = False
    house_display_set: Literal["document", "original"] = "document"


class TronoSeatOptions(_Options):
    """A practice seat has nothing of its own beyond its name (the bot's account)."""


def practice_config(seats: int) -> dict[str, object]:
    """What makes a table of `seats` one-bot houses a practice game: as few as two houses
    are enough (R8's minimum of four is for live games)."""
    return {
        "mode": "practice",
        "draw_source": "simulated",
        "schedule": "manual",
        "target_team_size": 1,
        "min_teams": max(2, min(4, seats)),
        "referees": ["arbitro"],
    }


def presets() -> list[Preset]:
    return [
        Preset(
            "quick_practice",
            {
                "it": "Allenamento veloce: 4 casate, 12 turni",
                "en": "Quick practice: 4 houses, 12 turns",
            },
            {"max_turns": 12},
            ("reference",) * 4,
        ),
        Preset(
            "seven_houses",
            {"it": "Sette casate, con la Torre", "en": "Seven houses, with the Tower"},
            {},
            ("reference",) * 7,
        ),
        Preset(
            "ten_houses",
            {"it": "Tutte e dieci le casate", "en": "All ten houses"},
            {"reveal_all_at_end": True},
            ("reference",) * 10,
        ),
    ]

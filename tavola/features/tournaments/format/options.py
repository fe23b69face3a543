"""A tournament's options: the format's own, validated here, and the rest left to the
game's `TournamentRules.tournament_options`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tavola.core.errors import ConfigError

Format = Literal["single_elimination", "championship", "round_robin", "swiss"]

MAX_ENTRANTS = 256
"""2–256 entrants."""
MAX_TABLE = 8


class TournamentOptions(BaseModel):
    """The format's options, each bounded."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Format
    seeding: Literal["lottery", "rating"] = "lottery"
    best_of: Literal[1, 3, 5] = 1
    max_replays: Annotated[int, Field(ge=0, le=20)] = 2
    third_place_match: bool = False
    double: bool = False
    rounds: Annotated[int, Field(ge=1, le=MAX_ENTRANTS)] | None = None
    table_size: Annotated[int, Field(ge=2, le=MAX_TABLE)] = 2


FORMAT_KEYS = frozenset(TournamentOptions.model_fields)


def _problem(exc: ValidationError, prefix: str) -> ConfigError:
    first = exc.errors()[0]
    field = ".".join(str(part) for part in (prefix, *first["loc"]))
    return ConfigError("invalid_option", f"{field}: {first['msg']}", field=field)


def parse_options(data: Mapping[str, Any]) -> TournamentOptions:
    """The format's options of a tournament's options (other keys are the game's)."""
    try:
        options = TournamentOptions.model_validate(
            {k: v for k, v in data.items() if k in FORMAT_KEYS}
        )
    except ValidationError as exc:
        raise _problem(exc, "tournament") from None
    if options.table_size > 2 and options.format == "single_elimination":
        raise ConfigError(
            "invalid_option",
            "tournament.table_size: a single-elimination bracket seats two per match",
            field="tournament.table_size",
        )
    return options


def check_table_size(options: TournamentOptions, seats: tuple[int, int]) -> None:
    """The game seats from `seats[0]` to `seats[1]` entrants at one table."""
    low, high = seats
    if not low <= options.table_size <= high:
        raise ConfigError(
            "invalid_option",
            f"tournament.table_size: this game seats {low} to {high} at a table",
            field="tournament.table_size",
            message_it=f"tournament.table_size: questo gioco fa sedere da {low} a {high}"
            " giocatori a un tavolo",
        )


def game_part(data: Mapping[str, Any]) -> dict[str, Any]:
    """The options the game validates: every key that is not the format's."""
    return {k: v for k, v in data.items() if k not in FORMAT_KEYS}


def parse_game_options(model: type[BaseModel], data: Mapping[str, Any]) -> BaseModel:
    """The game's part of the options, validated by its model; a bad key names itself."""
    try:
        return model.model_validate(game_part(data))
    except ValidationError as exc:
        raise _problem(exc, "tournament") from None

"""The game's options (§3.2): a pydantic model; a bad option names its field."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, time
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tavola.core import ConfigError
from tavola.core.config_parse import validated_options
from tavola.core.text import Text, UnicodeOnly, encodable

from .clock import WEEKDAYS, BadInstant, parse_instant

Weekday = Literal["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
UserId = Annotated[Text, Field(max_length=64)]

# The rule switches a table's options choose too (`table_options`), named once.
HouseAssignment = Literal["rank_rounds", "serial"]
ThroneTieBreak = Literal["earliest_post", "lotto"]
VictoryTieMode = Literal["tiebreak", "shared"]
HouseDisplaySet = Literal["document", "original"]

EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)
"""The table's clock starts between these: a game of 200 turns ends years before any
date stops being one."""


class TronoConfig(BaseModel):
    """Every option bounded: finite numbers, integers far below 2^63, a start date a
    clock can run from, text that UTF-8 can carry (configs come from files and scenarios
    as well as from tables)."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    referees: Annotated[list[UserId], Field(min_length=1, max_length=20)] = ["arbitro"]
    referee_names: Annotated[dict[UserId, Text], Field(max_length=20)] = {}
    """The referees' names as their seats show them (an edit refused as stale names who
    changed the thing first, edits.py)."""
    players: Annotated[list[UserId], Field(max_length=1000)] = []
    """Accounts at the table; in practice mode they are registered at once, in this order."""
    mode: Literal["live", "practice"] = "live"
    draw_source: Literal["manual", "import", "simulated"] = "manual"
    schedule: Literal["calendar", "manual"] = "calendar"
    target_team_size: Annotated[int, Field(ge=1, le=100)] = 3
    min_teams: Annotated[int, Field(ge=2, le=4)] = 4
    soldiers_per_team: Annotated[int, Field(ge=1, le=20)] = 5
    starting_chests: Literal[5] = 5
    max_attacks_per_target: Literal[2] = 2
    no_attack_grace: Literal[3] = 3
    seat_banner_gain: Literal[2] = 2
    tower_min_teams: Literal[7] = 7
    two_winner_min_teams: Literal[7] = 7
    victory_banners: Annotated[int, Field(ge=10, le=200)] = 50
    max_turns: Annotated[int, Field(ge=1, le=200)] = 36
    turn_weekdays: Annotated[list[Weekday], Field(min_length=1)] = ["tue", "sat"]
    deadline_local: time = time(19, 50)
    timezone: Annotated[Text, Field(max_length=64)] = "Europe/Rome"
    min_submission_window_hours: Annotated[int, Field(ge=0, le=96)] = 12
    house_ranking_hours: Annotated[int, Field(ge=1, le=168)] = 48
    missing_posts_reminder_hours: Annotated[int, Field(ge=0, le=96)] = 2
    """How long before a turn's deadline the referees get the teams that have not posted
    (0: never; issue 27, point 4; reminders.py)."""
    house_assignment: HouseAssignment = "rank_rounds"
    late_join_policy: Literal["fewest", "weighted"] = "fewest"
    eliminated_players_may_rejoin: bool = False
    throne_tie_break: ThroneTieBreak = "earliest_post"
    character_attacks_count_toward_limit: bool = False
    victory_tie_mode: VictoryTieMode = "tiebreak"
    reveal_attackers: bool = False
    reveal_all_at_end: bool = False
    review_before_publish: bool = False
    rehearsal: bool = False
    """A referees' rehearsal (DECISIONS 28): the players are bots, who register as soon as
    registration opens and post through the same actions as a team's page."""
    max_formation_attempts: Annotated[int, Field(ge=1, le=20)] = 5
    formation_secret: Annotated[Text, Field(max_length=200)] | None = None
    characters: Annotated[list[dict[str, Any]], Field(max_length=1000), UnicodeOnly] | None = None
    """None: the starter set (§3.6); otherwise a whole catalogue (schema §3.5)."""
    house_display_set: HouseDisplaySet = "document"
    start_at: str = "2025-03-01T09:00:00.000Z"
    """The table's clock when the game is created (UTC), from 2000 to 2100."""

    @field_validator("start_at")
    @classmethod
    def _instant(cls, value: str) -> str:
        if not encodable(value) or len(value) > 40:
            raise ValueError("an ISO 8601 instant such as 2025-03-01T09:00:00.000Z")
        try:
            moment = datetime.fromtimestamp(parse_instant(value) / 1000, tz=UTC)
        except (BadInstant, OverflowError, OSError, ValueError) as exc:
            raise ValueError(str(exc)) from None
        if not EARLIEST <= moment < LATEST:
            raise ValueError(f"the clock starts from {EARLIEST.year} to {LATEST.year - 1}")
        return value

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown IANA time zone {value!r}") from None
        return value

    @field_validator("turn_weekdays")
    @classmethod
    def _weekdays(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            raise ValueError("weekdays must be distinct")
        return sorted(value, key=WEEKDAYS.__getitem__)


def parse_config(data: Mapping[str, Any] | BaseModel) -> TronoConfig:
    """Structural and semantic checks; a bad option raises `ConfigError` naming the field."""
    config = validated_options(TronoConfig, data)
    _check_mode(config)
    return config


def _fail(field: str, message: str) -> ConfigError:
    return ConfigError("invalid_option", f"{field}: {message}", field=field)


def _check_mode(config: TronoConfig) -> None:
    if config.mode == "live":
        if config.target_team_size < 3:
            raise _fail("target_team_size", "must be at least 3 in live mode")
        if config.min_teams != 4:
            raise _fail("min_teams", "must be 4 in live mode (2–4 only in practice)")
        if config.draw_source == "simulated":
            raise _fail("draw_source", "simulated draws are for practice mode only")
    else:
        if config.draw_source != "simulated":
            raise _fail("draw_source", "practice mode uses simulated draws")
        if config.schedule != "manual":
            raise _fail("schedule", "practice mode uses the manual schedule")
    overlap = set(config.referees) & set(config.players)
    if overlap:
        raise _fail("players", f"referees may not play: {sorted(overlap)}")
    if len(set(config.players)) != len(config.players):
        raise _fail("players", "user ids must be distinct")
    for name, ids in (("referees", config.referees), ("players", config.players)):
        for uid in ids:
            if not uid or ":" in uid:
                raise _fail(name, f"bad user id {uid!r} (non-empty, no ':')")

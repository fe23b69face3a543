"""What a table host chooses for a Legends game (the lobby's form, the server's create
request): the game options of `LegendsConfig` that make sense at a shared table, each
bounded so that no value can stall or break a server (a day at most per decision), plus
`boss_level` for a table with the automatic boss; and a seat's own fields (age, team).
The decks are not a host's to choose: `tables` deals them. The catalogue is chosen by
name only (`catalog`): one of the server's content folders (the package's, the
operator's `TAVOLA_LEGENDS_CONTENT` and catalogue folder under `TAVOLA_HOME`), never a
path: a request must not make the server read a file of its choosing."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tavola.core.capabilities import HUMAN, Preset
from tavola.core.jsontypes import JsonBool, JsonNumber
from tavola.core.text import Text

from .catalog import DEFAULT_CATALOG, catalog_files
from .config import DecisionSeconds, Mode, Sides

CATALOG_ID = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$"
"""A catalogue's name as a host gives it: letters, digits, `_` and `-`; no path."""


class _Options(BaseModel):
    """A number is a number, a boolean true or false, as JSON Schema has them
    (`tavola.core.jsontypes`): `true` or `"3"` is not 1 or 3."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class TableTimers(_Options, DecisionSeconds):
    """Seconds per decision (R110–R116); `autopilot_after` timeouts in a row hand a seat
    to the reference bot."""

    autopilot_after: Annotated[int, Field(ge=1, le=20), JsonNumber] | None = None


class TableSimplified(_Options):
    """Strappacamicia switches (R117–R131)."""

    special_card_value: Literal["zero", "reflip"] = "zero"
    switch_applies: Literal["current", "next"] = "current"
    war_participants: Literal["all", "tied_only"] = "all"
    max_clashes: Annotated[int, Field(ge=1, le=10_000), JsonNumber] = 1000
    shuffle_winnings: JsonBool = False


class LegendsTableOptions(_Options):
    """A table's options: those left out keep `LegendsConfig`'s defaults."""

    mode: Mode = "classic"
    sides: Sides = "free_for_all"
    boss_level: Annotated[int, Field(ge=1, le=5), JsonNumber] = 1
    """The automatic boss's level (§5.14), for a table with a `boss` seat."""
    main_selection: Literal["choose", "random"] = "choose"
    deck_source: Literal["contributions", "starter", "both"] = "contributions"
    initial_deal_size: Annotated[int, Field(ge=0, le=10), JsonNumber] = 5
    replace_initial_discards: JsonBool = False
    reshuffle_discard: JsonBool = True
    agility_tie_break: Literal["lottery", "seat_order"] = "lottery"
    boss_agility: Annotated[int, Field(ge=0, le=99), JsonNumber] = 0
    attack_stat_rule: Literal["choice", "max"] = "choice"
    defence_stat_rule: Literal["max", "choice"] = "max"
    classic_damage: Literal["flat", "ceil"] = "flat"
    classic_hit_value: Annotated[int, Field(ge=1, le=1000), JsonNumber] = 100
    max_joint_attackers: Annotated[int, Field(ge=1, le=8), JsonNumber] | None = None
    extra_draw_mode: Literal["per_character", "per_player", "off"] = "per_character"
    max_forgo_draws_per_turn: Annotated[int, Field(ge=0, le=20), JsonNumber] | None = None
    counter_attack_mode: Literal["immediate", "next_turn"] = "immediate"
    response_scope: Literal["participants_and_allies", "all"] = "participants_and_allies"
    team_protection: JsonBool = False
    team_shared_hands: JsonBool = False
    boss_hand_public: JsonBool = True
    max_characters_on_table: Annotated[int, Field(ge=1, le=50), JsonNumber] | None = None
    max_rounds: Annotated[int, Field(ge=1, le=200), JsonNumber] = 40
    max_actions_per_turn: Annotated[int, Field(ge=10, le=1000), JsonNumber] = 200
    max_plays_per_window: Annotated[int, Field(ge=1, le=100), JsonNumber] = 30
    timers: TableTimers | None = None
    simplified: TableSimplified = TableSimplified()
    catalog: Annotated[str, Field(pattern=CATALOG_ID)] = DEFAULT_CATALOG
    """A catalogue of the server's content folders, by id (its decks must fit it)."""

    @field_validator("catalog")
    @classmethod
    def _known(cls, value: str) -> str:
        known = catalog_files()
        if value not in known:
            raise ValueError(f"unknown catalogue '{value}'; known: {', '.join(sorted(known))}")
        return value


class LegendsSeatOptions(_Options):
    """A player's own fields: the age gives agility (100 − age, the youngest plays
    first; 35, 40, … when left out), the team is for the `teams` and `good_vs_evil`
    sides (A/B or good/evil alternating when left out)."""

    age: Annotated[int, Field(ge=1, le=99), JsonNumber] | None = None
    team: Annotated[Text, Field(min_length=1, max_length=16)] | None = None


def presets() -> list[Preset]:
    """The tables the lobby offers first: one per way of playing."""
    return [
        Preset(
            "strappacamicia",
            {"it": "Strappacamicia contro un bot", "en": "Strappacamicia against a bot"},
            {"mode": "simplified"},
            (HUMAN, "reference"),
        ),
        Preset(
            "classic_duel",
            {"it": "Duello classico contro un bot", "en": "Classic duel against a bot"},
            {"mode": "classic"},
            (HUMAN, "reference"),
        ),
        Preset(
            "boss",
            {"it": "Da soli contro il boss", "en": "Alone against the boss"},
            {"mode": "classic", "boss_level": 1},
            (HUMAN, "boss"),
        ),
        Preset(
            "teams",
            {"it": "Due contro due, a squadre", "en": "Two against two, in teams"},
            {"mode": "classic", "sides": "teams"},
            (HUMAN, HUMAN, "reference", "reference"),
        ),
        Preset(
            "epic",
            {
                "it": "Epica per quattro, tutti contro tutti",
                "en": "Epic for four, every player for themselves",
            },
            {"mode": "epic"},
            (HUMAN, "reference", "reference", "reference"),
        ),
    ]

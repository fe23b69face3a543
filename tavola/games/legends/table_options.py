"""What a table host chooses for a Legends game (the lobby's form, the server's create
request): the game options of `LegendsConfig` that make sense at a shared table, each
bounded so that no value can stall or break a server (a day at most per decision), plus
`boss_level` for a table with the automatic boss; and a seat's own fields (age, team).
The decks are not a host's to choose: `tables` deals them. The catalogue is chosen by
name only (`catalog`): one of the server's content folders (the package's, the
operator's `TAVOLA_LEGENDS_CONTENT` and catalogue folder under `TAVOLA_HOME`), never a
path: a request must not make the server read a file of its choosing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.config import JsonDict
from pydantic_core import PydanticCustomError

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


MIN_CLASHES, MAX_CLASHES = 1, 10_000
"""A table's clash cap (R130): a game of 10,000 clashes ends within a server's patience."""
CLASH_BOUNDS: JsonDict = {"minimum": MIN_CLASHES, "maximum": MAX_CLASHES}
SHORT_GAME_CLASHES = 50
"""The short Strappacamicia preset's cap: some twenty choices for a person (DECISIONS.md)."""

BATTLE_MODES: JsonDict = {"options": {"mode": ["classic", "epic"]}}
APPLIES: dict[str, JsonDict] = {
    # When an option means something, for the lobby to hide it when it does not (the
    # schema's `x-applies`: the options' values it needs, the seat kinds that must or must
    # not sit at the table). Strappacamicia has no sides, mains, hands nor rounds (R117–R131).
    "sides": {**BATTLE_MODES, "seats_without": ["boss"]},  # a boss makes them good vs evil
    "boss_level": {"seats_with": ["boss"]},
    "boss_agility": {"seats_with": ["boss"]},
    "boss_hand_public": {"seats_with": ["boss"]},
    "classic_damage": {"options": {"mode": ["classic"]}},
    "classic_hit_value": {"options": {"mode": ["classic"]}},
    "simplified": {"options": {"mode": ["simplified"]}},
    **{
        name: BATTLE_MODES
        for name in (
            "main_selection",
            "initial_deal_size",
            "replace_initial_discards",
            "reshuffle_discard",
            "attack_stat_rule",
            "defence_stat_rule",
            "max_joint_attackers",
            "extra_draw_mode",
            "max_forgo_draws_per_turn",
            "counter_attack_mode",
            "response_scope",
            "team_protection",
            "team_shared_hands",
            "max_characters_on_table",
            "max_rounds",
            "max_actions_per_turn",
            "max_plays_per_window",
        )
    },
}


SEAT_APPLIES: dict[str, JsonDict] = {
    # A seat's team: for sides that have teams (hidden with the sides themselves).
    "team": {"options": {"sides": ["teams", "good_vs_evil"]}},
}


def _marking(applies: dict[str, JsonDict]) -> Callable[[JsonDict], None]:
    def mark(schema: JsonDict) -> None:
        properties = schema.get("properties")
        assert isinstance(properties, dict)
        for name, when in applies.items():
            prop = properties[name]
            assert isinstance(prop, dict)
            prop["x-applies"] = when

    return mark


class TableSimplified(_Options):
    """Strappacamicia switches (R117–R131)."""

    special_card_value: Literal["zero", "reflip"] = "zero"
    switch_applies: Literal["current", "next"] = "current"
    war_participants: Literal["all", "tied_only"] = "all"
    max_clashes: Annotated[int, Field(json_schema_extra=CLASH_BOUNDS), JsonNumber] = 1000
    """R130: after this many clashes the largest pile wins."""
    shuffle_winnings: JsonBool = False

    @field_validator("max_clashes")
    @classmethod
    def _clash_cap(cls, value: int) -> int:
        # The bounds are the schema's (the lobby's field has them); out of them, a
        # sentence that says what the number means, not pydantic's "greater than".
        if not MIN_CLASHES <= value <= MAX_CLASHES:
            raise PydanticCustomError(
                "clash_cap_out_of_range",
                "a Strappacamicia game lasts {low} to {high} clashes (R130), not {value}",
                {"low": MIN_CLASHES, "high": f"{MAX_CLASHES:,}", "value": value},
            )
        return value


class LegendsTableOptions(_Options):
    """A table's options: those left out keep `LegendsConfig`'s defaults."""

    model_config = ConfigDict(json_schema_extra=_marking(APPLIES))

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

    model_config = ConfigDict(json_schema_extra=_marking(SEAT_APPLIES))

    age: Annotated[int, Field(ge=1, le=99), JsonNumber] | None = None
    team: Annotated[Text, Field(min_length=1, max_length=16)] | None = None


def presets() -> list[Preset]:
    """The tables the lobby offers first: one per way of playing."""
    # The short game comes first (the lobby opens on it): the spec's 1,000 clashes are
    # some 430 choices for a person, a short game's 50 some twenty (DECISIONS.md).
    short = f"{SHORT_GAME_CLASHES}"
    return [
        Preset(
            "strappacamicia_short",
            {
                "it": f"Strappacamicia breve contro un bot ({short} scontri)",
                "en": f"Short Strappacamicia against a bot ({short} clashes)",
            },
            {"mode": "simplified", "simplified": {"max_clashes": SHORT_GAME_CLASHES}},
            (HUMAN, "reference"),
        ),
        Preset(
            "strappacamicia",
            {
                "it": "Strappacamicia contro un bot (1.000 scontri)",
                "en": "Strappacamicia against a bot (1,000 clashes)",
            },
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

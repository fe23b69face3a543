"""Game options (§3.8), validated: a structural check by pydantic, then the spec's own
`invalid_config` reasons (S1, S2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tavola.core import ConfigError, ContentError
from tavola.core.config_parse import validated_options
from tavola.core.jsontypes import JsonNumber
from tavola.core.text import Text, UnicodeOnly

from .cards import CharacterCard, EquipmentCard
from .catalog import DEFAULT_CATALOG, Catalog, resolve_catalog

Mode = Literal["classic", "epic", "simplified"]
Sides = Literal["good_vs_evil", "free_for_all", "teams"]

DAY = 86_400.0
"""The longest any decision may be timed, in seconds: a clock's deadline stays a date."""

Seconds = Annotated[float, Field(gt=0, le=DAY), JsonNumber]
CardId = Annotated[Text, Field(min_length=1, max_length=100)]
Cards = Annotated[list[CardId], Field(max_length=1000)]


class _Options(BaseModel):
    """Every option bounded: finite numbers, integers far below 2^63, text that UTF-8
    can carry (configs come from files and scenarios as well as from tables)."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class PlayerSpec(_Options):
    """One player seat. `age` gives agility (100 − age): the youngest plays first."""

    name: Annotated[Text, Field(max_length=60)] = ""
    kind: Literal["human", "bot"] = "human"
    age: Annotated[int, Field(ge=-(2**31), le=2**31)]
    """Checked as the rules say by `check_config` (reason `invalid_age`); bounded here."""
    team: Annotated[Text, Field(max_length=32)] | None = None
    main_card_id: CardId | None = None
    contribution: Cards = []


class BossSpec(_Options):
    main_card_id: CardId
    level: Annotated[int, Field(ge=1, le=5)] = 1
    contribution: Cards = []


class CarriedCard(_Options):
    """A card a party seat brings from its previous campaign battle (R136): it starts in the
    seat's hand; a character keeps its `equipment` (attached when it is placed) and, with
    the campaign's `carry_damage`, its `damage`."""

    card_id: CardId
    equipment: CardId | None = None
    damage: Annotated[int, Field(ge=0, le=100_000)] = 0


class SeatCarry(_Options):
    """What one party seat brings into a campaign battle (R136, R137)."""

    cards: Annotated[list[CarriedCard], Field(max_length=10)] = []
    main_equipment: CardId | None = None
    """Equipment the main kept from the previous battle: attached from the start."""


class CarryIn(_Options):
    """A campaign battle's carried cards by seat (`P1`…), set by the campaign (R135–R137)."""

    seats: Annotated[
        dict[Annotated[str, Field(pattern=r"^P[1-8]$")], SeatCarry], Field(max_length=8)
    ]
    equipment_counts: bool = False
    """The campaign's `equipment_counts_toward_carry`: carried equipment reduces the deal."""


class DecisionSeconds(BaseModel):
    """Seconds per decision (R110–R116), a day at most: the game's timers and a table's
    (`table_options.TableTimers`), with the same defaults."""

    turn_s: Seconds = 90
    response_s: Seconds = 15
    counter_s: Seconds = 45
    setup_s: Seconds = 60
    flip_s: Seconds = 10
    choice_s: Seconds = 10


class Timers(_Options, DecisionSeconds):
    """Seconds per decision (R110–R116), a day at most; `autopilot_after` consecutive
    timeouts hand a seat to the reference bot."""

    autopilot_after: Annotated[int, Field(ge=1, le=1000)] | None = None


class SimplifiedOptions(_Options):
    """Strappacamicia switches (R117–R131)."""

    special_card_value: Literal["zero", "reflip"] = "zero"
    switch_applies: Literal["current", "next"] = "current"
    war_participants: Literal["all", "tied_only"] = "all"
    max_clashes: Annotated[int, Field(ge=1, le=100_000)] = 1000
    shuffle_winnings: bool = False


class LegendsConfig(_Options):
    mode: Mode = "classic"
    sides: Sides = "free_for_all"
    players: list[PlayerSpec]
    boss: BossSpec | None = None
    catalog: Annotated[str | list[str | dict[str, Any]], UnicodeOnly] = DEFAULT_CATALOG
    main_selection: Literal["choose", "random"] = "choose"
    deck_source: Literal["contributions", "starter", "both"] = "contributions"
    initial_deal_size: Annotated[int, Field(ge=0, le=10)] = 5
    replace_initial_discards: bool = False
    reshuffle_discard: bool = True
    agility_tie_break: Literal["lottery", "seat_order"] = "lottery"
    turn_order: Annotated[list[Annotated[str, Field(max_length=8)]], Field(max_length=8)] | None = (
        None
    )
    """Player seats in playing order, in place of R2's: a tournament's alternating first
    player (R150). The boss keeps its place by agility (R3)."""
    boss_agility: Annotated[int, Field(ge=0, le=99)] = 0
    attack_stat_rule: Literal["choice", "max"] = "choice"
    defence_stat_rule: Literal["max", "choice"] = "max"
    classic_damage: Literal["flat", "ceil"] = "flat"
    classic_hit_value: Annotated[int, Field(ge=1, le=1000)] = 100
    max_joint_attackers: Annotated[int, Field(ge=1, le=64)] | None = None
    extra_draw_mode: Literal["per_character", "per_player", "off"] = "per_character"
    max_forgo_draws_per_turn: Annotated[int, Field(ge=0, le=1000)] | None = None
    counter_attack_mode: Literal["immediate", "next_turn"] = "immediate"
    response_scope: Literal["participants_and_allies", "all"] = "participants_and_allies"
    team_protection: bool = False
    team_shared_hands: bool = False
    boss_hand_public: bool = True
    max_characters_on_table: Annotated[int, Field(ge=1, le=1000)] | None = None
    max_rounds: Annotated[int, Field(ge=1, le=10_000)] = 40
    max_actions_per_turn: Annotated[int, Field(ge=10, le=100_000)] = 200
    max_plays_per_window: Annotated[int, Field(ge=1, le=10_000)] = 30
    timers: Timers | None = None
    simplified: SimplifiedOptions = SimplifiedOptions()
    carry_in: CarryIn | None = None
    """Set by a campaign for its battles (R136, R137); null in a single game."""

    @field_validator("catalog")
    @classmethod
    def _catalog_size(cls, value: str | list[str | dict[str, Any]]) -> Any:
        if isinstance(value, str) and len(value) > 200:
            raise ValueError("a catalogue's id is at most 200 characters")
        if isinstance(value, list) and len(value) > 10_000:
            raise ValueError("a catalogue lists at most 10,000 entries")
        return value


def parse_config(data: Mapping[str, Any] | LegendsConfig) -> LegendsConfig:
    """Structural validation; a bad option raises `ConfigError` naming the field."""
    return validated_options(LegendsConfig, data, counted=True)


def _fail(reason: str, message: str, field: str = "") -> ConfigError:
    return ConfigError(reason, message, field=field)


def check_config(config: LegendsConfig, *, deck_given: bool = False) -> Catalog:
    """The spec's semantic checks (§3.8 reasons); returns the resolved catalogue.
    `deck_given`: a scripted setup supplies the cards, so contributions may be empty."""
    try:
        catalog = resolve_catalog(config.catalog)
    except ContentError as exc:
        raise _fail("unknown_card", "; ".join(exc.problems), "catalog") from None
    players = config.players
    if config.mode == "simplified":
        if len(players) < 2 or len(players) > 8 or config.boss is not None:
            raise _fail(
                "player_count", "the simplified mode needs 2 to 8 players and no boss", "players"
            )
    elif not 1 <= len(players) <= 8 or (len(players) == 1 and config.boss is None):
        raise _fail("player_count", "a game needs 1 to 8 players, and a boss when alone", "players")
    for i, player in enumerate(players):
        if not 1 <= player.age <= 99:
            raise _fail("invalid_age", f"age {player.age} is outside 1–99", f"players[{i}].age")
        for card_id in player.contribution:
            if card_id not in catalog:
                raise _fail(
                    "unknown_card", f"unknown card '{card_id}'", f"players[{i}].contribution"
                )
        if player.main_card_id is not None:
            _check_main(catalog, player.main_card_id, f"players[{i}].main_card_id")
    if config.boss is not None:
        _check_main(catalog, config.boss.main_card_id, "boss.main_card_id")
        for card_id in config.boss.contribution:
            if card_id not in catalog:
                raise _fail("unknown_card", f"unknown card '{card_id}'", "boss.contribution")
    if config.mode != "simplified":
        _check_sides(config, catalog)
    seat_ids = [f"P{i}" for i in range(1, len(players) + 1)]
    if config.turn_order is not None and sorted(config.turn_order) != sorted(seat_ids):
        raise _fail("turn_order", "the turn order lists every player seat once", "turn_order")
    if config.carry_in is not None:
        _check_carry_in(config, catalog)
    if not deck_given and config.mode == "simplified" and deck_size(config, catalog) < len(players):
        raise _fail(
            "deck_too_small",
            f"{deck_size(config, catalog)} cards cannot be split among {len(players)} players",
            "players",
        )
    return catalog


def _check_sides(config: LegendsConfig, catalog: Catalog) -> None:
    """S2: teams of 2–4 non-empty teams; good vs evil with both sides present, the boss
    alone on evil; mains on the side their team allows."""
    if config.boss is not None and config.sides != "good_vs_evil":
        raise _fail("boss_requires_good_vs_evil", "a boss plays only good vs evil", "sides")
    teams = [p.team for p in config.players]
    if config.sides == "teams":
        if None in teams:
            i = teams.index(None)
            raise _fail("team_layout", "every player needs a team", f"players[{i}].team")
        if not 2 <= len(set(teams)) <= 4:
            raise _fail("team_layout", "teams mode needs 2 to 4 teams", "players")
    if config.sides != "good_vs_evil":
        return
    for i, team in enumerate(teams):
        if team not in ("good", "evil"):
            raise _fail("team_layout", "a team is 'good' or 'evil'", f"players[{i}].team")
        if config.boss is not None and team != "good":
            raise _fail("team_layout", "against a boss every player is good", f"players[{i}].team")
    sides = set(teams) | ({"evil"} if config.boss is not None else set())
    if sides != {"good", "evil"}:
        raise _fail("team_layout", "good vs evil needs both sides", "players")
    allowed = {"good": ("good", "neutral"), "evil": ("evil", "neutral")}
    for i, player in enumerate(config.players):
        main, team = player.main_card_id, player.team
        if main is not None and team is not None and catalog[main].side not in allowed[team]:
            raise _fail(
                "main_side_mismatch",
                f"a {team} player's main must be {' or '.join(allowed[team])}",
                f"players[{i}].main_card_id",
            )
    if config.boss is not None and catalog[config.boss.main_card_id].side == "good":
        raise _fail("main_side_mismatch", "the boss's main is evil or neutral", "boss.main_card_id")


def _check_carry_in(config: LegendsConfig, catalog: Catalog) -> None:
    """R136: carried cards belong to player seats of a battle; equipment is equipment, and
    only characters carry it."""
    assert config.carry_in is not None
    if config.mode == "simplified":
        raise _fail("carry_in_mode", "carried cards exist only in classic and epic", "carry_in")
    for seat, carry in config.carry_in.seats.items():
        where = f"carry_in.seats.{seat}"
        if int(seat[1:]) > len(config.players):
            raise _fail("unknown_seat", f"there is no player seat {seat}", where)
        for i, carried in enumerate(carry.cards):
            _check_card(catalog, carried.card_id, f"{where}.cards[{i}].card_id")
            if carried.equipment is None:
                continue
            if not isinstance(catalog[carried.card_id], CharacterCard):
                raise _fail(
                    "wrong_card_type", "only a character carries equipment", f"{where}.cards[{i}]"
                )
            _check_equipment(catalog, carried.equipment, f"{where}.cards[{i}].equipment")
        if carry.main_equipment is not None:
            _check_equipment(catalog, carry.main_equipment, f"{where}.main_equipment")


def _check_card(catalog: Catalog, card_id: str, field: str) -> None:
    if card_id not in catalog:
        raise _fail("unknown_card", f"unknown card '{card_id}'", field)


def _check_equipment(catalog: Catalog, card_id: str, field: str) -> None:
    _check_card(catalog, card_id, field)
    if not isinstance(catalog[card_id], EquipmentCard):
        raise _fail("wrong_card_type", f"'{card_id}' is not equipment", field)


def _check_main(catalog: Catalog, card_id: str, field: str) -> None:
    if card_id not in catalog:
        raise _fail("unknown_card", f"unknown card '{card_id}'", field)
    if not isinstance(catalog[card_id], CharacterCard):
        raise _fail("wrong_card_type", f"main '{card_id}' is not a character", field)


def deck_size(config: LegendsConfig, catalog: Catalog) -> int:
    size = sum(len(p.contribution) for p in config.players)
    if config.boss is not None:
        size += len(config.boss.contribution)
    if config.deck_source in ("starter", "both"):
        size += len(catalog)
    return size

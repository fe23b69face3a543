"""A campaign's options (§3.8 `campaign`, R132) and the game config of each of its battles
(R132, R136, R141)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tavola.core import ConfigError

from ..catalog import DEFAULT_CATALOG, Catalog, resolve_catalog
from ..config import BossSpec, CardId, Cards, PlayerSpec, check_config, parse_config

RESERVED = frozenset({"mode", "sides", "players", "boss", "carry_in"})
"""Game options a campaign sets itself for every battle."""

Options = Annotated[dict[str, Any], Field(max_length=60)]


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class CampaignBoss(_Options):
    """The automatic boss of a battle; without `level`, battle i's boss has level
    min(i, 5) (R141)."""

    main_card_id: CardId
    level: Annotated[int, Field(ge=1, le=5)] | None = None
    contribution: Cards = []


class BattleSpec(_Options):
    """One battle (R132): its mode, and an automatic boss or evil player seats. `options`
    are game options for this battle alone."""

    mode: Literal["classic", "epic"] = "classic"
    boss: CampaignBoss | None = None
    evil: Annotated[list[PlayerSpec], Field(max_length=7)] = []
    options: Options = {}


class CampaignConfig(_Options):
    party: Annotated[list[PlayerSpec], Field(min_length=1, max_length=8)]
    battles: Annotated[list[BattleSpec], Field(min_length=1, max_length=20)]
    sequence: Literal["fixed", "party_choice"] = "fixed"
    retries: Annotated[int, Field(ge=0, le=100)] = 0
    carry_limit: Annotated[int, Field(ge=0, le=5)] = 5
    equipment_counts_toward_carry: bool = False
    carry_damage: bool = False
    options: Options = {}
    """Game options every battle shares (catalogue, deck source, round limit...)."""


def _field(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _fail(reason: str, message: str, field: str) -> ConfigError:
    return ConfigError(reason, message, field=field)


def parse_campaign(data: Mapping[str, Any] | CampaignConfig) -> CampaignConfig:
    """The options checked: their shape, then each battle's whole game config."""
    if isinstance(data, CampaignConfig):
        return data
    try:
        config = CampaignConfig.model_validate(dict(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        field = _field(tuple(first["loc"]))
        raise _fail("invalid_option", f"{field}: {first['msg']}", field) from None
    _check(config)
    return config


def _check(config: CampaignConfig) -> None:
    for i, member in enumerate(config.party):
        where = f"party[{i}]"
        if member.main_card_id is None:
            raise _fail("no_main", "every party member has a fixed main", f"{where}.main_card_id")
        if member.team not in (None, "good"):
            raise _fail("team_layout", "the party plays on the good side", f"{where}.team")
    if len(config.party) + max(len(b.evil) for b in config.battles) > 8:
        raise _fail("player_count", "a battle seats at most 8 players", "battles")
    for key in sorted(RESERVED & set(config.options)):
        raise _fail("reserved_option", f"the campaign sets '{key}' itself", f"options.{key}")
    for n, battle in enumerate(config.battles, start=1):
        where = f"battles[{n - 1}]"
        if (battle.boss is None) == (not battle.evil):
            raise _fail("battle_opponent", "a battle has a boss or evil players", where)
        for key in sorted((RESERVED | {"catalog"}) & set(battle.options)):
            raise _fail("reserved_option", f"the campaign sets '{key}' itself", f"{where}.{key}")
        try:
            check_config(parse_config(battle_config(config, n, None)))
        except ConfigError as exc:
            raise ConfigError(
                exc.reason, exc.message, field=f"{where}.{exc.field}", message_it=exc.message_it
            ) from None


def boss_level(config: CampaignConfig, number: int) -> int | None:
    """R141: the configured level, else min(i, 5) for battle i (its place in the list)."""
    boss = config.battles[number - 1].boss
    if boss is None:
        return None
    return boss.level if boss.level is not None else min(number, 5)


def battle_config(
    config: CampaignConfig, number: int, carry_in: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Battle `number`'s game config (R132): good vs evil, the party first (seats P1…, on
    `good`), then the evil players; the carried cards as `carry_in` (R136)."""
    battle = config.battles[number - 1]
    party = [{**m.model_dump(mode="json"), "team": "good"} for m in config.party]
    evil = [{**e.model_dump(mode="json"), "team": "evil"} for e in battle.evil]
    game: dict[str, Any] = {
        **config.options,
        **battle.options,
        "mode": battle.mode,
        "sides": "good_vs_evil",
        "players": party + evil,
    }
    if battle.boss is not None:
        boss = BossSpec(
            main_card_id=battle.boss.main_card_id,
            level=boss_level(config, number) or 1,
            contribution=battle.boss.contribution,
        )
        game["boss"] = boss.model_dump(mode="json")
    if carry_in is not None:
        game["carry_in"] = dict(carry_in)
    return game


def campaign_catalog(config: CampaignConfig) -> Catalog:
    """The catalogue every battle plays (a battle may not change it: carried cards must
    mean the same cards)."""
    return resolve_catalog(config.options.get("catalog", DEFAULT_CATALOG))


def party_seats(config: CampaignConfig) -> list[str]:
    return [f"P{i}" for i in range(1, len(config.party) + 1)]


def leader(config: CampaignConfig) -> str:
    """R133: the party seat with the highest agility (100 − age: the youngest); on a tie,
    the first in party order."""
    ages = [m.age for m in config.party]
    return f"P{ages.index(min(ages)) + 1}"

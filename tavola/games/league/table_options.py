"""A League table for the lobby, the server, the terminal and the simulator (`TableBuilder`):
two players, each with a lineup (a preset, or their own `{team, gimmick, deck}`), the mode
(quick: the presets; custom: lineups submitted in the game), and the rule options of §10.2
a table may choose. The rest of `LeagueConfig` keeps its defaults here; the terminal and
the simulator may pass any of its fields."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from tavola.core import ConfigError, IllegalAction
from tavola.core.capabilities import HUMAN, Preset
from tavola.core.jsontypes import JsonBool, JsonNumber

from .config import parse_config
from .content import starter
from .lineup import validate_lineup

QUICK = ("preset_a", "preset_b")
"""§10.1 `quick`: seat 0 fields Starstrike, seat 1 Moonwall."""

Ident = Annotated[str, StringConstraints(min_length=1, max_length=24)]


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class TeamEntryModel(_Options):
    legend_id: Ident
    abilities: Annotated[list[Ident], Field(max_length=5)] = []


class LineupModel(_Options):
    """A lineup as the app stores it (§3.2), bounded; R1–R5 are checked by the game."""

    team: Annotated[list[Ident | TeamEntryModel], Field(max_length=12)]
    gimmick: Ident = "none"
    deck: Annotated[list[Ident], Field(max_length=60)]


class LeagueTableOptions(_Options):
    """The options a table may set, each bounded; those left out keep `LeagueConfig`'s."""

    mode: Literal["quick", "custom"] = "quick"
    allow_voluntary_no_entry: JsonBool = False
    galaxy_applies_to_override: JsonBool = False
    card_costs_use_pool: JsonBool = True
    deck_out_rule: Literal["reaches_zero", "cannot_draw"] = "reaches_zero"
    purgatory_optional: JsonBool = False
    open_teams: JsonBool = False
    tactic_zone_max: Annotated[int, Field(ge=0, le=10), JsonNumber] = 3
    max_turns: Annotated[int, Field(ge=1, le=999), JsonNumber] = 60
    dice_source: Literal["rng", "external"] = "rng"


class LeagueSeatOptions(_Options):
    """A player's lineup: a preset id, a lineup of their own, or none (the mode's)."""

    lineup: Ident | LineupModel | None = None


def _refuse(field: str, en: str, it: str, ja: str | None = None) -> ConfigError:
    return ConfigError(
        "invalid_option",
        f"{field}: {en}",
        field=field,
        message_it=f"{field}: {it}",
        messages={"ja": f"{field}: {ja}"} if ja else None,
    )


def _seat_record(kind: str) -> str:
    """The config's `seats` (§3.1) records who plays: the spec names three kinds, and every
    bot other than the random one is recorded as `bot:basic` (the platform seats it)."""
    if kind == HUMAN:
        return "human"
    return "bot:random" if kind == "random" else "bot:basic"


def table_config(options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The full config: two players (a third seat, the linked die's referee, only with
    `dice_source = external`), each seat's lineup, else the options' `lineups`, else the
    mode's (quick: the presets; custom: submitted in the game). Checked at once, so that a
    bad table is refused when it is asked for."""
    external = options.get("dice_source") == "external"
    if len(seats) not in ((2, 3) if external else (2,)):
        raise _refuse(
            "seats",
            f"a battle has two players (and a referee for the linked die), not {len(seats)}",
            f"una battaglia ha due giocatori (e un arbitro per il dado collegato),"
            f" non {len(seats)}",
        )
    config = {k: v for k, v in options.items() if k != "mode"}
    mode = options.get("mode", "quick")
    default: list[Any] = list(QUICK) if mode == "quick" else [None, None]
    lineups = list(options.get("lineups") or default)
    for i, seat in enumerate(seats[:2]):
        own = seat.get("lineup")
        if own is not None:
            lineups[i] = own.model_dump() if isinstance(own, BaseModel) else own
    config["lineups"] = lineups
    config["seats"] = [_seat_record(str(seat.get("kind", HUMAN))) for seat in seats[:2]]
    rules = parse_config(config)
    for i, raw in enumerate(lineups):
        if raw is not None:
            try:
                validate_lineup(raw, starter(), rules)
            except IllegalAction as exc:
                field = f"seats.{i}.lineup"
                raise _refuse(field, exc.message, exc.message_it, exc.messages.get("ja")) from None
    return config


def presets() -> list[Preset]:
    """Quick battles with the preset lineups first (against `basic`, then two people at one
    table), then a battle where each player brings a lineup of their own."""
    return [
        Preset(
            "quick_basic",
            {
                "ja": "クイックバトル・basic と対戦",
                "en": "Quick battle against basic",
                "it": "Battaglia rapida contro basic",
            },
            {"mode": "quick"},
            (HUMAN, "reference"),
        ),
        Preset(
            "quick_two",
            {
                "ja": "クイックバトル・2人対戦",
                "en": "Quick battle for two",
                "it": "Battaglia rapida in due",
            },
            {"mode": "quick"},
            (HUMAN, HUMAN),
        ),
        Preset(
            "custom_basic",
            {
                "ja": "自分の編成で basic と対戦",
                "en": "Your own lineup against basic",
                "it": "La tua formazione contro basic",
            },
            {"mode": "custom"},
            (HUMAN, "reference"),
        ),
    ]

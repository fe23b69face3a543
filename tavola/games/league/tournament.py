"""Legend.a.League in tournaments: heads-up battles (two seats a table), each entrant
bringing one lineup (a ready-made one or its own, checked by R1–R6 at registration and
played in every game of the tournament), a few rule options the tournament sets for all
its battles, and the reading of a finished battle. The dice decide who attacks each turn,
so no entrant opens a game: a match's games follow the game's own rule. The format itself
is `tavola.features.tournaments.format`'."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tavola.core import Outcome
from tavola.core.jsontypes import JsonBool, JsonNumber
from tavola.features.tournaments.format import Entrant
from tavola.features.tournaments.protocol import TableResult

from .config import LeagueConfig
from .content import starter
from .lineup import validate_lineup
from .messages import refuse
from .state import SEATS
from .table_options import Ident, LineupModel, table_config


class LeagueTournamentOptions(BaseModel):
    """The rule options every battle of the tournament plays by (those of a table, §10.2,
    but the die: a tournament rolls its own, never a linked one)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_turns: Annotated[int, Field(ge=1, le=999), JsonNumber] = 60
    open_teams: JsonBool = False
    deck_out_rule: Literal["reaches_zero", "cannot_draw"] = "reaches_zero"
    allow_voluntary_no_entry: JsonBool = False
    purgatory_optional: JsonBool = False


class LeagueRegistration(BaseModel):
    """What an entrant brings: its lineup, a ready-made one's id or `{team, gimmick,
    deck}` (as the roster app and saved lineups keep it)."""

    model_config = ConfigDict(extra="forbid")

    lineup: Ident | LineupModel | None = None


def _options(options: BaseModel) -> LeagueTournamentOptions:
    if isinstance(options, LeagueTournamentOptions):
        return options
    return LeagueTournamentOptions.model_validate(options.model_dump())


def registration_choices(lang: str) -> dict[str, Any]:
    """The ready-made lineups by name, each with its team's legend ids (the page names
    them, and adds the account's saved lineups)."""
    return {
        "presets": [
            {
                "id": p.preset_id,
                "name": p.names.get(lang),
                "team": [e.legend_id for e in p.lineup.team],
            }
            for p in starter().presets.values()
        ]
    }


def ready_registration(number: int) -> dict[str, Any]:
    """A bot's lineup when the organiser gives it none: the ready-made ones in turn."""
    presets = list(starter().presets)
    return {"lineup": presets[number % len(presets)]}


def check_entrant(entrant: Entrant, options: BaseModel) -> Entrant:
    """R1–R6 on the entrant's lineup (`LINEUP_REQUIRED` without one, else the first
    problem's code); kept spelled out, a ready-made one too, so that every battle plays
    the lineup registered."""
    raw = LeagueRegistration.model_validate(entrant.registration).lineup
    if raw is None:
        raise refuse("LINEUP_REQUIRED")
    body = raw.model_dump() if isinstance(raw, BaseModel) else raw
    lineup = validate_lineup(body, starter(), LeagueConfig())
    return entrant.model_copy(update={"registration": {"lineup": lineup.to_json()}})


def tournament_table(
    entrants: Sequence[Entrant], options: BaseModel, order: Sequence[int] | None
) -> dict[str, Any]:
    """A battle between two entrants, seat 0 the first: each with its registered lineup."""
    seats = [
        {"kind": e.kind, "lineup": LeagueRegistration.model_validate(e.registration).lineup}
        for e in entrants
    ]
    return table_config({"mode": "custom", **_options(options).model_dump()}, seats)


def table_result(outcome: Outcome | None) -> TableResult:
    """The places of a finished battle (a draw shares the first), seat 0 first; with no
    opener, seat 0 is listed first in the playing order."""
    if outcome is None:
        raise ValueError("the battle is not over")
    return TableResult(places=tuple(outcome.placements[s] for s in SEATS), order=(0, 1))

"""The season's people and characters from the command line, as the console has them
(issue 27, point 7): `add-player` adds a late player, `character` creates, changes or
removes one of the season's characters, each named, never by id."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from tavola.core import Action, Event, Table, Viewer

from ..audit_words import audit_words
from ..forum_parser import normalise_target
from ..houses import display_name
from ..state import TronoState, catalogue_of
from .options import AtOpt, FileArg, LangOpt, RefereeOpt
from .session import readable, referee_seat, run, with_at
from .texts import cli_error, say

ReasonOpt = Annotated[str, typer.Option(help="Why (optional, kept in the audit trail).")]
SeenOpt = Annotated[
    int | None,
    typer.Option(help="The referees' edits you had read: refused if another changed it since."),
]


def add_player(
    file: FileArg,
    name: Annotated[str, typer.Argument(help="The player's name, as on the forum.")],
    avoid: Annotated[
        str | None, typer.Option(help="Up to 2 houses to avoid, comma-separated (R63).")
    ] = None,
    reason: ReasonOpt = "",
    referee: RefereeOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """Add a late player to the season (R63–R65): a new seat, placed by R64."""

    def build(table: Table) -> tuple[str, Action]:
        args: dict[str, Any] = {"display_name": name}
        if avoid:
            args["avoid_houses"] = [normalise_target(h) for h in avoid.split(",") if h.strip()]
        if reason:
            args["reason"] = reason
        return referee_seat(table.state, referee), Action("add_player", **with_at(args, at))

    def placed(table: Table, events: list[Event]) -> list[str]:
        state: TronoState = table.state
        added = next(e for e in events if e.type == "player_added")
        player = state.players[added.data["user"]]
        if player.team_no is not None:
            team = state.team_by_no(player.team_no)
            label = (
                display_name(team.house_id, state.config.house_display_set)
                if team.house_id
                else f"#{team.team_no}"
            )
            where = say(lang, "player_team", team=label)
        elif player.status == "registered" and not player.joined_late:
            where = say(lang, "player_registered")
        else:
            where = say(lang, "player_queued")
        return [say(lang, "player_added", name=player.display_name, where=where)]

    run(file, lang, build, after=placed)


def _power(text: str) -> dict[str, Any]:
    kind, *pairs = text.split()
    power: dict[str, Any] = {"kind": kind}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise cli_error("E_POWER", text=text)
        try:
            power[key] = json.loads(raw)
        except ValueError:
            power[key] = raw
    return power


def _character_id(state: TronoState, name: str) -> str:
    wanted = name.strip().casefold()
    for cid, character in catalogue_of(state).items():
        if character.name.casefold() == wanted:
            return cid
    raise cli_error("E_NO_CHARACTER", name=name)


def character(
    file: FileArg,
    op: Annotated[str, typer.Argument(help="create, edit or remove.")],
    name: Annotated[str, typer.Argument(help="The character's name (edit, remove: its current).")],
    new_name: Annotated[str | None, typer.Option(help="edit: its new name.")] = None,
    house: Annotated[
        str | None, typer.Option(help="Its house (a house character), or 'neutral'.")
    ] = None,
    cost: Annotated[int | None, typer.Option(help="Its cost in chests (1–20).")] = None,
    charges: Annotated[str | None, typer.Option(help="Its charges (1–10), or 'permanent'.")] = None,
    keep_on_failure: Annotated[
        bool | None,
        typer.Option(help="A failed power gives its charge back (default: it is spent)."),
    ] = None,
    power: Annotated[
        list[str] | None,
        typer.Option(help="A power, 1 or 2 (§3.5): 'gain resource=chests amount=2'."),
    ] = None,
    summary: Annotated[str | None, typer.Option(help="What it does, in Italian.")] = None,
    summary_en: Annotated[str | None, typer.Option(help="What it does, in English.")] = None,
    reason: ReasonOpt = "",
    seen: SeenOpt = None,
    referee: RefereeOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """Create, change or remove one of the season's characters, e.g.
    `character FILE create "Bianca Ventura" --cost 2 --charges 2
    --power "gain resource=chests amount=2"`."""

    def build(table: Table) -> tuple[str, Action]:
        args: dict[str, Any] = {"op": op}
        if op == "create":
            args["name"] = name
        else:
            args["character"] = _character_id(table.state, name)
            if new_name is not None:
                args["name"] = new_name
        if house is not None:
            neutral = house.strip().lower() in ("neutral", "neutrale", "none", "")
            args["house"] = None if neutral else normalise_target(house)
        if cost is not None:
            args["cost"] = cost
        if charges is not None:
            permanent = charges.strip().lower() in ("permanent", "permanente")
            args["charges"] = None if permanent else _number(charges)
        if keep_on_failure is not None:
            args["consume_on_failure"] = not keep_on_failure
        if power:
            args["effects"] = [_power(p) for p in power]
        for key, value in (("summary", summary), ("summary_en", summary_en)):
            if value is not None:
                args[key] = value
        if reason:
            args["reason"] = reason
        if seen is not None:
            args["seen"] = seen
        return referee_seat(table.state, referee), Action("edit_character", **with_at(args, at))

    def audited(table: Table, events: list[Event]) -> list[str]:
        view = readable(table, Viewer.referee())
        entry = table.state.audit[-1].model_dump()
        words = audit_words(view, entry, {}, lang)
        line = f"{words['kind']} — {words['about']}: {words['before']} → {words['after']}"
        return [line]

    run(file, lang, build, after=audited)


def _number(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        return text

"""The turns: a team's sealed post, the lock, the publication of a reviewed turn, and the
table's clock."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from tavola.core import Action, Event, Table, Viewer

from ..clock import format_instant, parse_instant
from ..forum_parser import parse_actions, parse_deploy
from ..forum_render import action_text, house_name
from ..state import TronoState, catalogue_of
from .options import AsOpt, AtOpt, BBCodeOpt, FileArg, LangOpt, RefereeOpt, TeamOpt
from .session import find_team, instant, member_seat, referee_seat, run, with_at
from .texts import cli_error, say


def post(
    file: FileArg,
    actions: Annotated[str, typer.Argument(help='Three actions: "attack(Lannister) defend tax".')],
    team: TeamOpt,
    deploy: Annotated[
        list[str] | None, typer.Option(help="CHAR[:TARGET[:SLOT]], repeatable.")
    ] = None,
    abandon: Annotated[
        int | None, typer.Option(help="Seated teams: step down below this many soldiers.")
    ] = None,
    as_user: AsOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """A team's sealed post for the open turn (A6). Once accepted it can never change."""

    def build(table: Table) -> tuple[str, Action]:
        state: TronoState = table.state
        found = find_team(state, team)
        names = {c.name: c.id for c in catalogue_of(state.config).values()}
        args: dict[str, Any] = {
            "team": found.key,
            "turn": state.turn,
            "actions": parse_actions(actions, names),
            "deploy": [parse_deploy(d, names) for d in deploy or []],
        }
        if abandon is not None:
            args["abandon_threshold"] = abandon
        return member_seat(found, as_user), Action("submit_post", **with_at(args, at))

    def sealed(table: Table, events: list[Event]) -> list[str]:
        lines = []
        for event in events:
            if event.type != "post_accepted":
                continue
            data = event.data["post"]
            view = table.view(Viewer.public())
            shown = [action_text(lang, view, a) for a in data["actions"]]
            lines.append(
                say(
                    lang,
                    "post_sealed",
                    house=house_name(view, event.data["team"]),
                    turn=data["turn"],
                    at=format_instant(data["at"]),
                    author=data["author"],
                    actions=", ".join(shown),
                )
            )
            if data["deploy"]:
                listed = ", ".join(
                    ":".join(str(d[k]) for k in ("character", "target", "slot") if k in d)
                    for d in data["deploy"]
                )
                lines.append(say(lang, "deploy", list=listed))
            if data.get("abandon_threshold") is not None:
                lines.append(say(lang, "abandon", n=data["abandon_threshold"]))
        return lines

    run(file, lang, build, after=sealed)


def resolve(
    file: FileArg,
    referee: RefereeOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
    bbcode: BBCodeOpt = False,
) -> None:
    """Lock the open turn (close_turn, or at the deadline under the calendar); missing posts
    become empty. With simulated draws the turn resolves at once; otherwise enter the draw."""

    def build(table: Table) -> tuple[str, Action]:
        state: TronoState = table.state
        seat = referee_seat(state, referee)
        if state.phase == "turn_locked":
            raise cli_error("E_AWAITING_DRAW", turn=state.turn)
        if state.phase == "turn_open" and state.config.schedule == "calendar":
            assert state.deadline is not None
            stamp = instant(at) or format_instant(max(state.deadline, state.now))
            if parse_instant(stamp) < state.deadline:
                raise cli_error("E_BEFORE_DEADLINE", deadline=format_instant(state.deadline))
            return seat, Action("tick", at=stamp)
        return seat, Action("close_turn", **with_at({}, at))

    run(file, lang, build, bbcode=bbcode)


def publish(
    file: FileArg,
    referee: RefereeOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
    bbcode: BBCodeOpt = False,
) -> None:
    """Publish a reviewed turn's results (R45) and open the next turn."""
    run(
        file,
        lang,
        lambda table: (
            referee_seat(table.state, referee),
            Action("publish_results", **with_at({}, at)),
        ),
        bbcode=bbcode,
    )


def tick(
    file: FileArg,
    at: Annotated[str, typer.Option("--at", help="ISO instant or now.")],
    referee: RefereeOpt = None,
    lang: LangOpt = "it",
    bbcode: BBCodeOpt = False,
) -> None:
    """Advance the table's clock: runs the scheduled closes and locks due by then (R2)."""
    run(
        file,
        lang,
        lambda table: (referee_seat(table.state, referee), Action("tick", at=instant(at))),
        bbcode=bbcode,
    )

"""The turns: a team's sealed post, the lock, the publication of a reviewed turn, and the
table's clock."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from tavola.core import Action, Event, IllegalAction, Table, Viewer

from ..clock import format_instant, parse_instant
from ..forum_deploy import parse_forum_deploy
from ..forum_orders import action_text, void_lines
from ..forum_parser import parse_actions, parse_deploy
from ..forum_words import character_name, house_name, local_time, person_name, t
from ..game import TronoGame
from ..messages import text
from ..state import TronoState, catalogue_of
from ..void_words import PostProblem
from .options import AsOpt, AtOpt, BBCodeOpt, FileArg, LangOpt, RefereeOpt, TeamOpt
from .session import (
    by_referee,
    find_team,
    instant,
    member_seat,
    plain,
    readable,
    referee_seat,
    referee_step,
    run,
    with_at,
)
from .texts import cli_error, say


def post(
    file: FileArg,
    actions: Annotated[
        str | None,
        typer.Argument(help='Three actions: "attack(Lannister) defend tax" (or --forum).'),
    ] = None,
    *,
    team: TeamOpt,
    forum: Annotated[
        str | None,
        typer.Option(
            "--forum",
            help="The team's whole forum post as written (actions, deployments, condition, "
            "BBCode and quotes too) from this file; - reads it from the input.",
        ),
    ] = None,
    deploy: Annotated[
        list[str] | None, typer.Option(help="CHAR[:TARGET[:SLOT]], repeatable.")
    ] = None,
    deployments: Annotated[
        str | None,
        typer.Option(
            help='The deployments as the forum post writes them: "Ardengo (Baratheon), '
            'Alvise (azione 1)".'
        ),
    ] = None,
    abandon: Annotated[
        int | None, typer.Option(help="Seated teams: step down below this many soldiers.")
    ] = None,
    as_written: Annotated[
        bool,
        typer.Option(
            "--as-written",
            help="Seal the forum post as written even with invalid parts: they are void, "
            "with their reasons in the team's report, and the rest stands.",
        ),
    ] = False,
    check: Annotated[
        bool,
        typer.Option("--check", help="Only list what sealing it would void; seal nothing."),
    ] = False,
    as_user: AsOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """A team's post copied from the forum, sealed for the open turn at the forum's time
    (A6): its actions, or the whole post as the team wrote it (`--forum`). Once sealed it
    can never change. A post with parts sealing would void is refused with every one of
    them named, unless `--as-written` records it as the team wrote it."""
    pasted = _forum_text(forum) if forum is not None else None
    post = _Post(team, as_user, pasted, actions, deploy, deployments, abandon, at)
    try:
        run(
            file,
            lang,
            lambda table: _post_action(table.state, post, check=check, as_written=as_written),
            after=lambda table, events: _sealed_lines(table, events, lang),
        )
    except _Checked as checked:
        for problem in checked.problems:
            typer.echo(problem.localized(lang))
        if not checked.problems:
            typer.echo(say(lang, "post_ok"))
        raise typer.Exit(1 if checked.problems else 0) from None


@dataclass(frozen=True, slots=True)
class _Post:
    """What `post` was given to record."""

    team: str
    as_user: str | None
    pasted: str | None
    actions: str | None
    deploy: list[str] | None
    deployments: str | None
    abandon: int | None
    at: str | None


def _post_action(
    state: TronoState, post: _Post, *, check: bool, as_written: bool
) -> tuple[str, Action]:
    """The `record_post` a referee's seat sends for the team, once the console's check
    finds nothing that refuses it (or, with `--check`, what it found)."""
    found = find_team(state, post.team)
    author = member_seat(state, found, post.as_user).partition(":")[2]
    args: dict[str, Any] = {"team": found.key, "turn": state.turn, "author": author}
    if post.pasted is not None:
        args["post_text"] = post.pasted  # read by the engine, as the console's paste box
    elif post.actions is None:
        raise cli_error("E_POST_NOTHING")
    else:
        args |= _typed(state, found.key, post.actions, post.deploy, post.deployments)
    if post.abandon is not None:
        args["abandon_threshold"] = post.abandon
    action = Action("record_post", **with_at(args, post.at))
    seat = referee_seat(state, None)
    problems = TronoGame().check(state, seat, action)  # the console's check too
    refusals = [p for p in problems if not isinstance(p, PostProblem)]
    if refusals:  # the whole post cannot be recorded: late, a second one…
        raise refusals[0]
    named = [p for p in problems if isinstance(p, PostProblem)]
    if check:
        raise _Checked(named)
    if named and not as_written:
        raise problems_refusal(named)
    return seat, action


def _sealed_lines(table: Table, events: list[Event], lang: str) -> list[str]:
    """What the sealed post holds, in `lang`, as the referee reads it back."""
    lines = []
    for event in events:
        if event.type != "post_accepted":
            continue
        data = event.data["post"]
        view = readable(table, Viewer.public())
        shown = [action_text(lang, view, a) for a in data["actions"]]
        lines.append(
            say(
                lang,
                "post_sealed",
                house=house_name(view, event.data["team"]),
                turn=data["turn"],
                at=local_time(format_instant(data["at"]), lang=lang),
                author=person_name(view, str(data["author"])),
                actions=", ".join(shown),
            )
        )
        if data["deploy"]:
            listed = ", ".join(deploy_text(lang, view, d) for d in data["deploy"])
            lines.append(say(lang, "deploy", list=listed))
        if data.get("abandon_threshold") is not None:
            soldiers = text(lang, "count.soldiers", n=data["abandon_threshold"])
            lines.append(say(lang, "abandon", soldiers=soldiers))
        lines += void_lines(view, data.get("void", []), lang, slots=True)
    return lines


def _typed(
    state: TronoState,
    house: str,
    actions: str,
    deploy: list[str] | None,
    deployments: str | None,
) -> dict[str, Any]:
    """The actions and deployments typed on the command line, into the post's."""
    catalogue = catalogue_of(state.config)
    names = {c.name: c.id for c in catalogue.values()}
    args: dict[str, Any] = {
        "actions": parse_actions(actions, names),
        "deploy": [parse_deploy(d, names) for d in deploy or []],
    }
    if deployments:  # as the forum writes them (DECISIONS 33)
        owned = state.opening.get("teams", {}).get(house, {}).get("characters", [])
        args["deploy"] += parse_forum_deploy(deployments, catalogue, list(owned))
    return args


def _forum_text(path: str) -> str:
    """The forum post to read: a file's text, or the input's with `-`."""
    try:
        if path == "-":
            return sys.stdin.read()
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise typer.Exit(_say_refusal(cli_error("E_FORUM_FILE", path=path, detail=exc))) from None


def _say_refusal(refusal: IllegalAction) -> int:
    typer.echo(f"{refusal.code}: {refusal.localized('it')}")
    return 2


class _Checked(Exception):
    """`--check`: the problems found, to print instead of sealing."""

    def __init__(self, problems: list[PostProblem]) -> None:
        super().__init__("checked")
        self.problems = problems


def problems_refusal(problems: list[PostProblem]) -> IllegalAction:
    """Every problem of a post, each part named, the first one's code leading, and how to
    seal it anyway."""

    def listed(lang: str) -> str:
        lines = [p.localized(lang) for p in problems]
        return "\n".join([*lines, say(lang, "E_POST_PROBLEMS")])

    return IllegalAction(problems[0].code, listed("en"), message_it=listed("it"))


def deploy_text(lang: str, view: dict[str, Any], deployment: dict[str, Any]) -> str:
    """A deployment as the team wrote it: the character, its target, its slot."""
    shown = character_name(view, deployment["character"])
    if deployment.get("target"):
        target = deployment["target"]
        if target in ("all", "trono"):
            house = t(lang, f"order.target.{target}")
        else:
            house = house_name(view, target)
        shown += t(lang, "report.deploy_target", house=house)
    if deployment.get("slot"):
        shown += t(lang, "report.deploy_slot", slot=deployment["slot"])
    return shown


def _lock(state: TronoState, at: str | None) -> Action:
    """`close_turn`, or under the calendar the tick at the deadline (not before it)."""
    if state.phase == "turn_locked":
        raise cli_error("E_AWAITING_DRAW", turn=state.turn)
    if state.phase == "turn_open" and state.config.schedule == "calendar":
        assert state.deadline is not None
        stamp = instant(at) or format_instant(max(state.deadline, state.now))
        if parse_instant(stamp) < state.deadline:
            raise cli_error("E_BEFORE_DEADLINE", deadline=format_instant(state.deadline))
        return Action("tick", at=stamp)
    return Action("close_turn", **with_at({}, at))


resolve = referee_step(
    "resolve",
    """Lock the open turn (close_turn, or at the deadline under the calendar); missing posts
    become empty. With simulated draws the turn resolves at once; otherwise enter the draw.""",
    _lock,
)
publish = referee_step(
    "publish",
    "Publish a reviewed turn's results (R45) and open the next turn.",
    plain("publish_results"),
)


def tick(
    file: FileArg,
    at: Annotated[str, typer.Option("--at", help="ISO instant or now.")],
    referee: RefereeOpt = None,
    lang: LangOpt = "it",
    bbcode: BBCodeOpt = False,
) -> None:
    """Advance the table's clock: runs the scheduled closes and locks due by then (R2)."""
    run(file, lang, by_referee(referee, "tick", {}, at), bbcode=bbcode)

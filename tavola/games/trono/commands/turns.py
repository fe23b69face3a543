"""The turns: a team's sealed post, the lock, the publication of a reviewed turn, and the
table's clock."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from tavola.core import Action, Event, IllegalAction, Table, Viewer

from ..clock import BadInstant, format_instant, parse_instant
from ..forum_deploy import parse_forum_deploy
from ..forum_parser import parse_actions, parse_deploy
from ..forum_render import action_text, character_name, house_name, local_time, t, void_lines
from ..messages import refuse, text
from ..posts import Problem, post_problems
from ..state import TronoState, catalogue_of
from .options import AsOpt, AtOpt, BBCodeOpt, FileArg, LangOpt, RefereeOpt, TeamOpt
from .session import find_team, instant, member_seat, readable, referee_seat, run, with_at
from .texts import cli_error, say


def post(
    file: FileArg,
    actions: Annotated[str, typer.Argument(help='Three actions: "attack(Lannister) defend tax".')],
    team: TeamOpt,
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
        bool, typer.Option("--check", help="Only say what is wrong with it; seal nothing.")
    ] = False,
    as_user: AsOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """A team's post copied from the forum, sealed for the open turn at the forum's time
    (A6). Once sealed it can never change. A post with invalid parts is refused with every
    problem listed, unless `--as-written` records it as the team wrote it."""

    def build(table: Table) -> tuple[str, Action]:
        state: TronoState = table.state
        found = find_team(state, team)
        author = member_seat(state, found, as_user).partition(":")[2]
        names = {c.name: c.id for c in catalogue_of(state).values()}
        args: dict[str, Any] = {
            "team": found.key,
            "turn": state.turn,
            "actions": parse_actions(actions, names),
            "deploy": [parse_deploy(d, names) for d in deploy or []],
            "author": author,
        }
        if deployments:  # as the forum writes them (DECISIONS 33)
            owned = state.opening.get("teams", {}).get(found.key, {}).get("characters", [])
            catalogue = catalogue_of(state)
            args["deploy"] += parse_forum_deploy(deployments, catalogue, list(owned))
        if abandon is not None:
            args["abandon_threshold"] = abandon
        args = with_at(args, at)
        if state.phase != "turn_open":  # the engine says why no post is possible now
            return referee_seat(state, None), Action("record_post", **args)
        try:
            when = parse_instant(args["at"]) if "at" in args else state.now
        except BadInstant:
            raise refuse("E_BAD_INSTANT", at=str(args["at"])) from None
        problems = post_problems(state, author, args, when)
        whole = [p for p in problems if p.part == "post"]
        if whole:
            raise whole[0].refusal()
        if check:
            raise _Checked(problems)
        if problems and not as_written:
            raise problems_refusal(problems)
        return referee_seat(state, None), Action("record_post", **args)

    def sealed(table: Table, events: list[Event]) -> list[str]:
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
                    author=data["author"],
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

    try:
        run(file, lang, build, after=sealed)
    except _Checked as checked:
        for problem in checked.problems:
            typer.echo(f"{problem.code}: {problem.message(lang)}")
        if not checked.problems:
            typer.echo(say(lang, "post_ok"))
        raise typer.Exit(1 if checked.problems else 0) from None


class _Checked(Exception):
    """`--check`: the problems found, to print instead of sealing."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("checked")
        self.problems = problems


def problems_refusal(problems: list[Problem]) -> IllegalAction:
    """Every problem of a post, the first one's code leading, and how to seal it anyway."""

    def listed(lang: str) -> str:
        rest = [f"{p.code}: {p.message(lang)}" for p in problems[1:]]
        return "\n".join([problems[0].message(lang), *rest, say(lang, "E_POST_PROBLEMS")])

    return IllegalAction(problems[0].code, listed("en"), message_it=listed("it"))


def deploy_text(lang: str, view: dict[str, Any], deployment: dict[str, Any]) -> str:
    """A deployment as the team wrote it: the character, its target, its slot."""
    shown = character_name(view, deployment["character"])
    if deployment.get("target"):
        target = deployment["target"]
        if target in ("all", "trono"):
            house = t(lang, f"target.{target}")
        else:
            house = house_name(view, target)
        shown += t(lang, "report.deploy_target", house=house)
    if deployment.get("slot"):
        shown += t(lang, "report.deploy_slot", slot=deployment["slot"])
    return shown


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

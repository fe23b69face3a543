"""Reading the game: forum reports and the referees' board (nothing is sent)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tavola.core import IllegalAction, TavolaError, Viewer
from tavola.core.record_file import RecordProblem, load_table

from ..exports import PUBLIC, all_team_messages, exports_for
from ..forum_announce import bulletin_lines, winner_lines
from ..forum_boards import public_lines, referee_lines
from ..forum_report import team_report_lines
from ..forum_words import with_names
from ..review_board import review_lines
from ..state import TronoState, catalogue_of
from ..views import view_for
from .options import BBCodeOpt, FileArg, LangOpt
from .session import awaiting, fail, find_team, hint, readable, team_label
from .texts import cli_error, echo_lines, say


def report(
    file: FileArg,
    team: Annotated[str | None, typer.Option("--team", help="A team's private report.")] = None,
    public: Annotated[bool, typer.Option("--public", help="The public announcement.")] = False,
    referee: Annotated[bool, typer.Option("--referee", help="The referees' board.")] = False,
    teams_all: Annotated[
        bool,
        typer.Option(
            "--teams-all",
            help="Every team's private message with its recipients, one after another.",
        ),
    ] = False,
    turn: Annotated[
        int | None, typer.Option(help="Team/public: this turn (default: last).")
    ] = None,
    lang: LangOpt = "it",
    bbcode: BBCodeOpt = False,
) -> None:
    """Forum text: a team's private report (only what that team may see), the public
    announcement, or the referees' board."""
    if sum((team is not None, public, referee, teams_all)) != 1:
        detail = "--team, --public, --referee or --teams-all (one)"
        raise fail(cli_error("E_OPTIONS", detail=detail), lang, 2)
    try:
        table = load_table(file)
        state: TronoState = table.state
        if team is not None:
            found = find_team(state, team)
            viewer = Viewer.team(found.key, [f"player:{m}" for m in found.members])
            if not found.members:
                raise cli_error("E_NO_MEMBERS", team=team_label(state, found))
            # the referee reads what the team is (or, under review, will be) sent (R45)
            referees = frozenset(f"referee:{r}" for r in state.config.referees)
            seen = with_names(view_for(state, viewer, referees, preview=True), catalogue_of(state))
            lines = team_report_lines(seen, lang, turn=turn, bbcode=bbcode)
        elif teams_all:  # the file the referees' page downloads (issue 27, point 8)
            lines = all_team_messages(state, lang).rstrip("\n").split("\n")
        elif public:
            view = readable(table, Viewer.public())
            if turn is not None:
                lines = bulletin_lines(view, turn, lang, bbcode=bbcode)
                if turn == state.turn and state.phase == "over":
                    lines += winner_lines(view, lang, bbcode=bbcode)
            else:
                lines = public_lines(view, lang, bbcode=bbcode)
        else:
            view = readable(table, Viewer.referee())
            lines = referee_lines(view, awaiting(table), lang, bbcode=bbcode)
            if state.phase == "review":  # the turn in one look, as the console shows it
                lines += review_lines(view, lang)
    except IllegalAction as exc:
        raise fail(exc, lang, 1) from None
    except TavolaError as exc:
        raise fail(exc, lang, 2) from None
    echo_lines(lines)


def export(
    file: FileArg,
    text: Annotated[
        str | None,
        typer.Option(
            "--text", help="Only this text: public, or a team (its house) for its message."
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Write each text to this folder under the page's file name."),
    ] = None,
    lang: LangOpt = "it",
) -> None:
    """The forum's texts as the referees' page offers them to copy and download (its
    "Testi per il forum"): the public post and each team's private message, in BBCode."""
    try:
        table = load_table(file)
        state: TronoState = table.state
        texts = exports_for(state, Viewer.referee(), lang)
        if text is not None:
            wanted = PUBLIC if text.strip().lower() == PUBLIC else ""
            if not wanted:
                wanted = f"pm-{find_team(state, text).key}"
            texts = [x for x in texts if x.name == wanted]
            if not texts:
                raise cli_error("E_NO_EXPORT", text=text)
    except IllegalAction as exc:
        raise fail(exc, lang, 1) from None
    except TavolaError as exc:
        raise fail(exc, lang, 2) from None
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
            for found in texts:
                (out / f"{found.filename}.txt").write_text(found.text, encoding="utf-8")
        except OSError as exc:
            refusal = cli_error("E_OUT_FOLDER", path=str(out), detail=exc.strerror or str(exc))
            raise fail(refusal, lang, 2) from None
        for found in texts:
            typer.echo(str(out / f"{found.filename}.txt"))
        return
    for i, found in enumerate(texts):
        if i:
            typer.echo("")
        typer.echo(f"===== {found.title} =====")
        typer.echo(found.text, nl=False)


def status(file: FileArg, lang: LangOpt = "it") -> None:
    """The referees' board and the next step (the file's hash is checked on the way)."""
    try:
        table = load_table(file)
    except (RecordProblem, TavolaError) as exc:
        raise fail(exc, lang, 2) from None
    view = readable(table, Viewer.referee())
    echo_lines(referee_lines(view, awaiting(table), lang))
    if table.state.phase != "over":
        typer.echo(say(lang, "next", hint=hint(table.state, lang)))

"""The missing posts (issue 27, point 4): the console's list and forum reminder, and its
setting of how long before the deadline the referees get them."""

from __future__ import annotations

from typing import Annotated

import typer

from tavola.core import TavolaError
from tavola.core.record_file import RecordProblem, load_table

from ..messages import moment, text
from ..reminders import MOST_HOURS, missing_posts_view, reminder_text
from ..state import TronoState
from .options import AtOpt, BBCodeOpt, FileArg, LangOpt, RefereeOpt
from .session import by_referee, fail, run
from .texts import cli_error, echo_lines, say


def missing_posts(file: FileArg, lang: LangOpt = "it", bbcode: BBCodeOpt = False) -> None:
    """The teams that have not posted in the open turn, by house and members, and the
    reminder to copy to the forum (as the console shows it from the reminder's time)."""
    try:
        table = load_table(file)
        state: TronoState = table.state
        view = missing_posts_view(state)
        if view is None or state.deadline is None:
            raise cli_error("E_NO_OPEN_TURN")
    except (RecordProblem, TavolaError) as exc:
        raise fail(exc, lang, 1) from None
    deadline = moment(state.deadline, state.config.timezone)
    when = text(lang, deadline.key, **deadline.params)
    typer.echo(say(lang, "missing_title", turn=state.turn, when=when))
    if not view["teams"]:
        typer.echo(say(lang, "all_posted"))
        return
    echo_lines([f"- {t['house']} ({', '.join(t['members'])})" for t in view["teams"]])
    typer.echo("")
    echo_lines(reminder_text(state, lang, bbcode=bbcode).split("\n"))


def reminder(
    file: FileArg,
    hours: Annotated[
        int, typer.Argument(help=f"Hours before each deadline, 0 (none) to {MOST_HOURS}.")
    ],
    referee: RefereeOpt = None,
    at: AtOpt = None,
    lang: LangOpt = "it",
) -> None:
    """How long before each deadline the referees get the missing posts (the console's
    season settings); 0 turns the reminder off."""
    run(file, lang, by_referee(referee, "set_reminder", {"hours": hours}, at))

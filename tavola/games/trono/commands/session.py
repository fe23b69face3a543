"""What every referee command does: load the record, build one action from the replayed
table, send it as a referee or a team member, save only if accepted, and print the outcome
and the next step."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import typer

from tavola.core import Action, Event, IllegalAction, Table, TavolaError, Viewer
from tavola.core.record_file import load_table, save_table

from ..clock import format_instant
from ..forum_announce import announce
from ..forum_parser import formation_draw_date, normalise_target
from ..forum_words import local_time, with_names
from ..houses import display_name
from ..messages import MESSAGES, day_of, text
from ..state import Team, TronoState, catalogue_of
from .options import AtOpt, BBCodeOpt, FileArg, LangOpt, RefereeOpt, Sent
from .texts import cli_error, echo_lines, say

Build = Callable[[Table], tuple[str, Action]]
"""From the replayed table, the seat acting and its action."""
After = Callable[[Table, list[Event]], list[str]]
"""Private lines to print once the action is accepted."""
Step = Callable[[TronoState, str | None], Action]
"""From the replayed state and `--at`, the action a referee's step sends."""


def fail(exc: TavolaError, lang: str, status: int = 1) -> typer.Exit:
    """Prints `CODE: sentence` on standard error; the exit to raise."""
    typer.echo(f"{exc.code}: {exc.localized(lang)}", err=True)
    return typer.Exit(status)


def instant(at: str | None) -> str | None:
    """`--at` as the table takes it: `now` is this second."""
    if at is None:
        return None
    if at.strip().lower() == "now":
        return format_instant(int(datetime.now(tz=UTC).timestamp()) * 1000)
    return at


def with_at(args: dict[str, Any], at: str | None) -> dict[str, Any]:
    stamp = instant(at)
    if stamp is not None:
        args["at"] = stamp
    return args


def referee_seat(state: TronoState, referee: str | None) -> str:
    return f"referee:{referee or state.config.referees[0]}"


def by_referee(referee: str | None, kind: str, args: dict[str, Any], at: str | None) -> Build:
    """A referee's action that takes nothing from the table but the referee's seat."""
    return lambda table: (referee_seat(table.state, referee), Action(kind, **with_at(args, at)))


def from_referee(
    state: TronoState, sent: Sent, kind: str, args: dict[str, Any]
) -> tuple[str, Action]:
    """The seat of `sent`'s referee and its action `kind`, at `sent`'s instant."""
    return referee_seat(state, sent.referee), Action(kind, **with_at(args, sent.at))


def by_player(user: str, kind: str, args: dict[str, Any], at: str | None) -> Build:
    """A player's own action, sent from their seat."""
    return lambda table: (f"player:{user}", Action(kind, **with_at(args, at)))


def comma_list(text: str) -> list[str]:
    """`a, b,c` as the names it lists (blanks dropped)."""
    return [part.strip() for part in text.split(",") if part.strip()]


def plain(kind: str) -> Step:
    """The referee's `kind`, with nothing but `--at`."""
    return lambda state, at: Action(kind, **with_at({}, at))


def referee_step(name: str, doc: str, step: Step) -> Callable[..., None]:
    """The command `name` (help: `doc`) that sends one referee's `step`: such commands
    differ only in their action, so they take the same options, declared here once."""

    def command(
        file: FileArg,
        referee: RefereeOpt = None,
        at: AtOpt = None,
        lang: LangOpt = "it",
        bbcode: BBCodeOpt = False,
    ) -> None:
        def build(table: Table) -> tuple[str, Action]:
            state: TronoState = table.state
            return referee_seat(state, referee), step(state, at)

        run(file, lang, build, bbcode=bbcode)

    command.__name__ = command.__qualname__ = name
    command.__doc__ = doc
    return command


def find_team(state: TronoState, name: str) -> Team:
    """A team by house (id or display name), by number (`2`, `#2`) or by key (`team2`)."""
    key = name.strip().lower().lstrip("#")
    if key.startswith("team") and key[4:].isdigit():
        key = key[4:]
    if key.isdigit() and 1 <= int(key) <= len(state.teams):
        return state.team_by_no(int(key))
    house = normalise_target(name)
    found = state.team(house)
    if found is None:
        raise cli_error("E_UNKNOWN_TEAM", team=name)
    return found


def team_label(state: TronoState, team: Team) -> str:
    """A team as players read it: its house's display name, or its number before houses."""
    if team.house_id:
        return display_name(team.house_id, state.config.house_display_set)
    return f"#{team.team_no}"


def member_seat(state: TronoState, team: Team, user: str | None) -> str:
    """The seat of the member acting for `team` (`--as`, by default the first member); a
    user who is not on that team is refused, never sent for their own team instead."""
    if user is not None:
        if user not in team.members:
            raise cli_error("E_AS_NOT_MEMBER", user=user, team=team_label(state, team))
        return f"player:{user}"
    if not team.members:
        raise cli_error("E_NO_MEMBERS", team=team_label(state, team))
    return f"player:{team.members[0]}"


def run(
    file: Path,
    lang: str,
    build: Build,
    *,
    bbcode: bool = False,
    after: After | None = None,
    check: bool = False,
) -> None:
    """Load, build (seat, action) from the replayed table, apply and save; print the outcome
    and, with `after`, the private lines it adds. With `check`, nothing is saved: only
    whether the action would be accepted (the console's "Controlla")."""
    try:
        table = load_table(file)
        seat, action = build(table)
        events = table.act(seat, action)
        if check:
            typer.echo(say(lang, "check_ok", what=action_name(lang, action.type)))
            return
        save_table(table, file)
    except IllegalAction as exc:
        raise fail(exc, lang, 1) from None
    except TavolaError as exc:
        raise fail(exc, lang, 2) from None
    typer.echo(say(lang, "accepted", what=action_name(lang, action.type)))
    if after is not None:
        echo_lines(after(table, events))
    public = readable(table, Viewer.public())
    lines = announce(events, public, lang, bbcode=bbcode)
    if lines:
        typer.echo("")
        echo_lines(lines)
    if any(e.type == "turn_report" for e in events):
        typer.echo("")
        typer.echo(say(lang, "reports"))
    if table.state.phase != "over":
        typer.echo("")
        typer.echo(say(lang, "next", hint=hint(table.state, lang)))


def send(file: Path, sent: Sent, build: Build, *, after: After | None = None) -> None:
    """`run` with the options a referee's command was sent with."""
    run(file, sent.lang, build, bbcode=sent.bbcode, after=after, check=sent.check)


def readable(table: Table, viewer: Viewer) -> dict[str, Any]:
    """What `viewer` sees, with the catalogue's character names for the texts."""
    return with_names(table.view(viewer), catalogue_of(table.state))


def action_name(lang: str, kind: str) -> str:
    """An action as players read it ("post", "estrazione"), never its id."""
    return text(lang, f"action.{kind}") if MESSAGES.has(f"action.{kind}") else kind


def awaiting(table: Table) -> list[str]:
    """Who the table waits for: referee seats as they are, players by their team."""
    state: TronoState = table.state
    out: set[str] = set()
    for seat in table.to_act:
        kind, _, user = seat.partition(":")
        found = state.team_of(user) if kind == "player" else None
        out.add(found.key if found is not None else seat)
    return sorted(out)


def hint(state: TronoState, lang: str) -> str:
    """The next step of the game, as a command to type."""
    phase = state.phase
    day: str | None = None
    if phase == "formation_wait" and state.closed_at is not None:
        day = formation_draw_date(state.closed_at, state.draw_shifts)
    elif phase == "turn_locked":
        day = state.draw_date  # none under the manual schedule: the hint says so
    date = ""
    if day is not None:
        of = day_of(datetime.fromisoformat(day).date())
        date = text(lang, of.key, **of.params)
    key = "hint.turn_locked_undated" if phase == "turn_locked" and day is None else f"hint.{phase}"
    when = "—"
    if state.ranking_deadline:
        when = local_time(format_instant(state.ranking_deadline), lang=lang)
    return say(lang, key, date=date, when=when)

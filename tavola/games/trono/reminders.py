"""A live season's turn on the server's clock (issue 27, point 4; DECISIONS 46).

Some hours before the deadline (`missing_posts_reminder_hours`, 0: never) the referees
are told which teams have not posted; at the deadline the turn closes (R26). Both are
the platform's timeouts: one `Clock` at a time, on a calendar instant, on the first
referee's seat; its `timeout` action carries the instant it stands for, so that the
log replays to the same game whenever the server got to it (after a restart, say)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import TIMEOUT, Action, Clock, Event

from .clock import BadInstant, format_instant, parse_instant
from .houses import display_name
from .messages import moment, refuse, text
from .state import Team, TronoState

CLOCK_KIND = "calendar"
"""A deadline that is a date: the shell shows no countdown for it (the console does)."""
MOST_HOURS = 96


def reminder_hours(state: TronoState) -> int:
    """The season's setting: as the console last set it, else as the table was created."""
    if state.reminder_hours is not None:
        return state.reminder_hours
    return state.config.missing_posts_reminder_hours


def _timed(state: TronoState) -> bool:
    """A live season's calendar turn: a practice table keeps its own clock (DECISIONS 2)."""
    cfg = state.config
    return (
        cfg.mode == "live"
        and cfg.schedule == "calendar"
        and state.phase == "turn_open"
        and state.deadline is not None
    )


def reminder_at(state: TronoState) -> int | None:
    """When this turn's reminder is due (None: no reminder, or no turn on the calendar)."""
    hours = reminder_hours(state)
    if not _timed(state) or not hours:
        return None
    assert state.deadline is not None
    return state.deadline - hours * 3_600_000


def reminded(state: TronoState) -> bool:
    return _timed(state) and state.reminded_turn == state.turn


def next_due(state: TronoState) -> tuple[str, int] | None:
    """What the season's clock waits for next: (decision id, instant). The ids name the
    instant, so that a moved deadline or a new setting makes a new clock."""
    if not _timed(state):
        return None
    assert state.deadline is not None
    remind = reminder_at(state)
    if remind is not None and state.reminded_turn != state.turn:
        return f"reminder:{state.turn}:{remind}", remind
    return f"close:{state.turn}:{state.deadline}", state.deadline


def clock_seat(state: TronoState) -> str:
    return f"referee:{state.config.referees[0]}"


def clocks(state: TronoState) -> dict[str, Clock]:
    due = next_due(state)
    if due is None:
        return {}
    decision, at = due
    left = max(0.0, (at - state.now) / 1000)
    return {clock_seat(state): Clock(decision, left, CLOCK_KIND, at / 1000)}


def timeout_action(state: TronoState, seat: str) -> Action:
    """The clock's timeout; for a seat without a clock, a `tick`, which changes nothing
    (what a search bot plays for the seats it does not decide for)."""
    due = next_due(state)
    if due is None or seat != clock_seat(state):
        return Action("tick")
    decision, at = due
    return Action(TIMEOUT, decision_id=decision, at=format_instant(max(at, state.now)))


def check_timeout(state: TronoState, seat: str, args: Mapping[str, Any]) -> None:
    """Only the timeout the clock waits for is taken, once: a late or repeated one (a
    referee's action came first) is refused and changes nothing."""
    due = next_due(state)
    if set(args) - {"decision_id", "at"}:
        raise refuse("E_MALFORMED", action=TIMEOUT, args=", ".join(sorted(args)))
    if due is None or seat != clock_seat(state) or args.get("decision_id") != due[0]:
        raise refuse("E_TIMEOUT_STALE")
    try:
        early = "at" in args and parse_instant(str(args["at"])) < due[1]
    except BadInstant:
        raise refuse("E_BAD_INSTANT", at=str(args["at"])) from None
    if early:
        raise refuse("E_TIMEOUT_STALE")


def on_timeout(state: TronoState, decision_id: str) -> list[Event]:
    """The clock's instant has come: a reminder is recorded (the close itself is R2's, run
    before this by the instant the timeout carries)."""
    if not decision_id.startswith("reminder:") or state.phase != "turn_open":
        return []
    state.reminded_turn = state.turn
    assert state.deadline is not None
    missing = [t.key for t in missing_teams(state)]
    data = {"turn": state.turn, "teams": missing, "deadline": format_instant(state.deadline)}
    return [Event("posts_missing", data, _referees(state))]


def set_reminder(state: TronoState, args: Mapping[str, Any]) -> list[Event]:
    """The console's setting: hours before each deadline, 0 to 96 (0: no reminder)."""
    if set(args) - {"hours", "seen"}:
        raise refuse("E_MALFORMED", action="set_reminder", args=", ".join(sorted(args)))
    hours = args.get("hours")
    if isinstance(hours, bool) or not isinstance(hours, int) or not 0 <= hours <= MOST_HOURS:
        raise refuse("E_REMINDER_HOURS", hours=str(hours), most=MOST_HOURS)
    if state.phase == "over":
        raise refuse("E_GAME_OVER")
    state.reminder_hours = hours
    return [Event("reminder_set", {"hours": hours}, _referees(state))]


def _referees(state: TronoState) -> frozenset[str]:
    return frozenset(f"referee:{r}" for r in state.config.referees)


# -- the list and the forum's text -------------------------------------------------------


def missing_teams(state: TronoState) -> list[Team]:
    """The active teams with members that have not posted in the open turn, in team order."""
    if state.phase != "turn_open":
        return []
    return [t for t in state.active_teams() if t.members and str(t.team_no) not in state.posts]


def _house(state: TronoState, team: Team) -> str:
    if team.house_id:
        return display_name(team.house_id, state.config.house_display_set)
    return text("it", "forum.team_label", no=team.team_no)


def _members(state: TronoState, team: Team) -> list[str]:
    return [state.players[u].display_name if u in state.players else u for u in team.members]


def _listed(lang: str, words: list[str]) -> str:
    if len(words) < 2:
        return "".join(words)
    return text(lang, "forum.reminder.and", first=", ".join(words[:-1]), last=words[-1])


def reminder_text(state: TronoState, lang: str, *, bbcode: bool = True) -> str:
    """The reminder to copy to the forum: the teams by house and members, and the
    deadline in words, Rome time."""
    assert state.deadline is not None
    bold = ("[b]", "[/b]") if bbcode else ("", "")
    teams = [
        text(
            lang,
            "forum.reminder.team",
            house=f"{bold[0]}{_house(state, t)}{bold[1]}",
            members=", ".join(_members(state, t)),
        )
        for t in missing_teams(state)
    ]
    when = moment(state.deadline, state.config.timezone)
    lines = [
        f"{bold[0]}{text(lang, 'forum.reminder.title', turn=state.turn)}{bold[1]}",
        text(lang, "forum.reminder.missing", n=len(teams), teams=_listed(lang, teams)),
        text(lang, "forum.reminder.deadline", when=when),
    ]
    return "\n".join(lines)


def missing_posts_view(state: TronoState) -> dict[str, Any] | None:
    """The referees' view of it: when the reminder is due, whether it came, the teams by
    name (never an id) and the text in both languages."""
    if not _timed(state):
        return None
    remind = reminder_at(state)
    return {
        "hours": reminder_hours(state),
        "reminder_at": format_instant(remind) if remind is not None else None,
        "due": reminded(state),
        "teams": [
            {"key": t.key, "house": _house(state, t), "members": _members(state, t)}
            for t in missing_teams(state)
        ],
        "text": {lang: reminder_text(state, lang) for lang in ("it", "en")},
    }

"""Draw evenings are real dates and only go forward (issue 27, DECISIONS 37): a turn's
draw evening d_k is the first Lotto evening after its deadline (where the Lotto moved it),
always after the last draw entered; a draw is entered only once it has happened."""

from __future__ import annotations

from datetime import date
from typing import Any

from .lotto_calendar import LottoCalendar, game_calendar
from .messages import day_of, day_words, moment, reason, refuse, zone_words
from .state import TronoState


def last_evening(state: TronoState) -> date | None:
    """The evening of the last draw entered (the formation's or a turn's), if any."""
    for drawn in reversed(state.draws):
        try:
            return date.fromisoformat(drawn.date)
        except ValueError:
            continue
    return None


def due_evening(state: TronoState, deadline: int) -> date:
    """The turn's draw evening for `deadline` (R22 with the Lotto's moves, DECISIONS 30)."""
    return game_calendar(state.draw_shifts).turn_evening(deadline, last_evening(state))


def evening_reason(state: TronoState, evening: date) -> Any:
    """Why a turn's draw is on `evening`: the first Lotto draw after the deadline (one the
    Lotto moved there, maybe), or the date the referees set (R69)."""
    if state.deadline is None or due_evening(state, state.deadline) != evening:
        return reason("evening_set")
    calendar = game_calendar(state.draw_shifts)
    deadline = moment(state.deadline, state.config.timezone)
    moved_from = [r for r, to in calendar.shifts.items() if to == evening and r != evening]
    if moved_from:
        return reason("evening_moved", deadline=deadline, regular=day_of(moved_from[0]))
    return reason("evening_after_deadline", deadline=deadline)


def check_happened(state: TronoState, day: date, at: int) -> None:
    """A draw is entered only once it has happened: from its evening's extraction time
    (20:00 Rome) by the action's instant, which the server stamps (DECISIONS 37)."""
    calendar = game_calendar(state.draw_shifts)
    if calendar.happened(day, at):
        return
    words = day_words(day)
    raise refuse(
        "E_DRAW_NOT_YET",
        weekday=words["weekday"],
        date=words["date"],
        time=calendar.at.strftime("%H:%M"),
        zone=zone_words(calendar.zone),
        now=moment(at, calendar.zone),
    )


def chosen_evening(state: TronoState, given: Any) -> str | None:
    """R69: the draw evening after a reschedule. Without a date given, the first after the
    (new) deadline; a date given must be a Lotto evening after the deadline and after the
    last draw, else the refusal names the first it could be and why."""
    calendar = game_calendar(state.draw_shifts)
    previous = last_evening(state)
    if given is None:
        return due_evening(state, state.deadline).isoformat() if state.deadline else None
    try:
        day = date.fromisoformat(str(given))
    except ValueError:
        raise refuse("E_OVERRIDE_RANGE", detail=reason("bad_date", date=str(given))) from None
    why = _wrong_evening(state, calendar, day, previous)
    if why is None:
        return day.isoformat()
    if state.deadline is not None:
        first = due_evening(state, state.deadline)
    else:
        after = calendar.instant(previous) if previous is not None else state.now
        first = calendar.next_draw(after)
    raise refuse("E_DRAW_EVENING", date=day_of(day), why=why, expected=day_of(first))


def _wrong_evening(
    state: TronoState, calendar: LottoCalendar, day: date, previous: date | None
) -> Any:
    if not calendar.has_draw(day):
        return reason("evening_not_a_draw", **day_words(day))
    if previous is not None and day <= previous:
        return reason("evening_not_after", previous=day_of(previous))
    if state.deadline is not None and calendar.instant(day) <= state.deadline:
        deadline = moment(state.deadline, state.config.timezone)
        return reason("evening_before_deadline", deadline=deadline)
    return None

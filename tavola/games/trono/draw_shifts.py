"""`shift_draw`: the referees record that the Lotto moved a draw (a holiday), or that it no
longer does. The calendar is public; the change is audited like an override (R66), and a
turn waiting for that draw follows it (R69: after the lock only d_k changes)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from tavola.core import Event

from .actions import only
from .audit_log import audit
from .draw_evenings import due_evening, last_evening
from .edits import check_seen, seen_of
from .lotto_calendar import game_calendar
from .messages import day_words, reason, refuse
from .state import TronoState

MAX_SHIFT_DAYS = 7
"""The Lotto moves a draw by a few days around a holiday, never by more than a week."""


def _day(raw: Any) -> date:
    try:
        return date.fromisoformat(str(raw))
    except ValueError:
        raise refuse("E_SHIFT_INVALID", detail=reason("bad_date", date=str(raw))) from None


def shift_draw(state: TronoState, uid: str, args: Mapping[str, Any], at: int) -> list[Event]:
    """The draw of the regular day `regular` happens on `moved_to` (the same day: not
    moved), with the referee's `reason`."""
    only("shift_draw", args, "regular", "moved_to", "reason", "seen")
    seen = seen_of(args)
    why = args.get("reason")
    if not isinstance(why, str) or not why.strip() or len(why) > 500:
        raise refuse("E_REASON_REQUIRED")
    regular = _day(args.get("regular"))
    moved = _day(args.get("moved_to"))
    check_seen(state, seen, "shift_draw", regular.isoformat(), None)
    calendar = game_calendar(state.draw_shifts)
    if not calendar.regular(regular):
        raise refuse("E_SHIFT_INVALID", detail=reason("shift_not_draw_day", **day_words(regular)))
    if abs((moved - regular).days) > MAX_SHIFT_DAYS:
        raise refuse("E_SHIFT_INVALID", detail=reason("shift_too_far", n=MAX_SHIFT_DAYS))
    if moved != regular and calendar.has_draw(moved):
        raise refuse("E_SHIFT_INVALID", detail=reason("shift_onto_draw", **day_words(moved)))
    before = calendar.draw_on(regular)
    shifts = dict(state.draw_shifts)
    shifts.pop(regular.isoformat(), None)
    if moved != regular:
        shifts[regular.isoformat()] = moved.isoformat()
    state.draw_shifts = dict(sorted(shifts.items()))
    waiting = state.phase in ("turn_open", "turn_locked")
    if waiting and state.draw_date == before.isoformat():
        state.draw_date = moved.isoformat()
        # never back to or before the deadline or the last draw (DECISIONS 37)
        too_early = state.deadline is not None and calendar.instant(moved) <= state.deadline
        previous = last_evening(state)
        if state.deadline is not None and (too_early or (previous and moved <= previous)):
            state.draw_date = due_evening(state, state.deadline).isoformat()
    audit(
        state,
        uid,
        at,
        "shift_draw",
        regular.isoformat(),
        before.isoformat(),
        moved.isoformat(),
        why,
    )
    data = {"regular": regular.isoformat(), "moved_to": moved.isoformat()}
    return [Event("draw_shifted", data)]

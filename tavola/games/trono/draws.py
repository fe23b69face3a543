"""A8: a referee enters or imports a draw — the formation draw (R7) or a turn's d_k (R28) —
checked against the Lotto's calendar with this game's shifts."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from tavola.core import Event

from .actions import in_phase, only
from .clock import draw_instant, format_instant
from .draw_evenings import check_happened, evening_reason
from .draws_paste import parse_pasted
from .formation import form_from_draw
from .lotto import DrawProblem, check_numbers
from .lotto_calendar import game_calendar
from .messages import day_of, day_words, moment, reason, refuse
from .state import TronoState
from .turns import turn_draw


def draw_action(
    state: TronoState, uid: str, kind: str, args: Mapping[str, Any], at: int
) -> list[Event]:
    """A8 `enter_draw` or `import_draw`: the formation draw, or the locked turn's."""
    if kind == "enter_draw":
        only(kind, args, "purpose", "date", "numbers")
    else:
        only(kind, args, "text", "date")
    if state.phase == "turn_open":
        raise refuse("E_TURN_NOT_LOCKED")
    in_phase(state, kind, "formation_wait", "turn_locked")
    raw: Any
    try:
        if kind == "import_draw":
            day, raw = _pasted(state, args)
        else:
            day, raw = str(args.get("date", "")), args.get("numbers")
        numbers = check_numbers(raw)
        parsed = date.fromisoformat(day)
    except DrawProblem as exc:
        raise refuse(exc.code, detail=exc.detail) from None
    except ValueError:
        raise refuse("E_IMPORT_FORMAT", detail=reason("bad_date", date=day)) from None
    source = "import" if kind == "import_draw" else "manual"
    if state.phase == "formation_wait":
        if draw_instant(parsed) <= (state.closed_at or 0):
            closed = state.closed_at or 0
            due = day_words(game_calendar(state.draw_shifts).next_draw(closed))
            raise refuse(
                "E_DRAW_BEFORE_CLOSE",
                date=day_of(parsed),
                closed=moment(closed, state.config.timezone),
                weekday=due["weekday"],
                next=due["date"],
            )
        _on_a_draw_day(state, parsed)
        check_happened(state, parsed, at)
        return form_from_draw(state, numbers, day, source, uid, at)
    if state.config.schedule == "calendar":
        expected = date.fromisoformat(str(state.draw_date))
        if parsed != expected:
            raise refuse(
                "E_DRAW_DATE_MISMATCH",
                date=day_of(parsed),
                expected=day_of(expected),
                why=evening_reason(state, expected),
            )
        check_happened(state, parsed, at)
    return turn_draw(state, numbers, day, source, uid, at)


def _on_a_draw_day(state: TronoState, day: date) -> None:
    """R7: the formation draw is a Lotto draw, so never on a day the Lotto does not draw
    (the game's calendar with its shifts, DECISIONS 33); the sentence names the one due."""
    calendar = game_calendar(state.draw_shifts)
    if calendar.has_draw(day):
        return
    due = calendar.next_draw(state.closed_at or state.now)
    words, next_words = day_words(day), day_words(due)
    raise refuse(
        "E_NOT_A_DRAW_DAY",
        weekday=words["weekday"],
        date=words["date"],
        next_weekday=next_words["weekday"],
        next=next_words["date"],
    )


def _pasted(state: TronoState, args: Mapping[str, Any]) -> tuple[str, Any]:
    """An imported draw: the CSV of A8 or the newspapers' lines (`draws_paste`), dated by
    its text or by `date`; with neither, the draw the calendar expects (DECISIONS 31)."""
    pasted = parse_pasted(str(args.get("text", "")))
    given = args.get("date")
    if given is not None and pasted.date is not None and str(given) != pasted.date:
        raise DrawProblem(
            "E_PASTED_DATE_MISMATCH",
            "paste_date_differs",
            text=day_of(date.fromisoformat(pasted.date)),
            given=_day_or_text(str(given)),
        )
    day = pasted.date or (str(given) if given is not None else expected_draw_date(state))
    return day or format_instant(state.now)[:10], pasted.numbers


def _day_or_text(written: str) -> Any:
    """A date as players read it, or as written when it is not one."""
    try:
        return day_of(date.fromisoformat(written))
    except ValueError:
        return written


def expected_draw_date(state: TronoState) -> str | None:
    """The draw the game waits for: the first after the close (R7), on the Lotto's calendar
    with this game's shifts; a turn's d_k (R28); none otherwise."""
    if state.phase == "formation_wait" and state.closed_at is not None:
        return game_calendar(state.draw_shifts).next_draw(state.closed_at).isoformat()
    if state.phase in ("turn_open", "turn_locked"):
        return state.draw_date
    return None

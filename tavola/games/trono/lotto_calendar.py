"""The Lotto's calendar (R7, R22, R28): draws on Tuesday, Thursday, Friday and Saturday at
20:00 Rome time, and the draws a holiday moved (`content/lotto_calendar.toml`, then the
game's own `draw_shifts`, which its referees edit). The console proposes its dates."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, time, timedelta
from functools import cache
from pathlib import Path
from typing import Any

from .clock import WEEKDAYS, local_date, local_instant

CALENDAR_FILE = Path(__file__).parent / "content" / "lotto_calendar.toml"
SEARCH_DAYS = 60
"""No Lotto pause is this long: a search finding no draw in it is a broken calendar."""


class CalendarProblem(ValueError):
    """A calendar file or shift that cannot be read: names the file and the field."""


@dataclass(frozen=True, slots=True)
class LottoCalendar:
    weekdays: frozenset[int]
    at: time
    zone: str
    shifts: dict[date, date] = field(default_factory=dict)
    """A regular draw day → the day the Lotto moved that draw to."""

    def for_game(self, shifts: Mapping[str, str]) -> LottoCalendar:
        """This calendar with a game's own shifts in place of its file's (a game starts
        with the file's and its referees change them: `shift_draw`)."""
        return LottoCalendar(self.weekdays, self.at, self.zone, parse_shifts(shifts))

    def regular(self, day: date) -> bool:
        return day.weekday() in self.weekdays

    def draw_on(self, day: date) -> date:
        """Where the draw of a regular draw day `day` really happens (itself unless moved)."""
        return self.shifts.get(day, day)

    def has_draw(self, day: date) -> bool:
        """A draw happens on `day`: a regular day not moved away, or a moved draw's day."""
        moved_here = any(to == day for fro, to in self.shifts.items() if fro != to)
        return moved_here or (self.regular(day) and self.draw_on(day) == day)

    def instant(self, day: date) -> int:
        return local_instant(day, self.at, self.zone)

    def next_draw(self, after_ms: int) -> date:
        """The first draw whose instant is after `after_ms` (R7: the formation draw after
        the registration close)."""
        day = local_date(after_ms, self.zone)
        for _ in range(SEARCH_DAYS):
            if self.has_draw(day) and self.instant(day) > after_ms:
                return day
            day += timedelta(days=1)
        raise CalendarProblem(f"no Lotto draw in the next {SEARCH_DAYS} days")

    def happened(self, day: date, at_ms: int) -> bool:
        """The draw of `day` has been made by `at_ms`: its extraction time (20:00 Rome)
        has come (DECISIONS 37). A draw is entered only once it has happened."""
        return self.instant(day) <= at_ms

    def turn_evening(self, deadline_ms: int, after: date | None = None) -> date:
        """R22, R28: a turn's draw evening d_k, the first regular Lotto evening after its
        deadline, or the day the Lotto moved that draw to; a move never takes it back
        before the deadline, nor to or before `after` (the evening of the draw before:
        evenings only go forward)."""
        day = local_date(deadline_ms, self.zone)
        for _ in range(SEARCH_DAYS):
            if self.regular(day) and self.instant(day) > deadline_ms:
                moved = self.draw_on(day)
                if self.instant(moved) > deadline_ms and (after is None or moved > after):
                    return moved
            day += timedelta(days=1)
        raise CalendarProblem(f"no Lotto draw in the next {SEARCH_DAYS} days")

    def last_draw(self, at_ms: int) -> date:
        """The latest draw whose instant is at or before `at_ms` (the draw a referee can
        paste now, when the game names none: the manual schedule)."""
        day = local_date(at_ms, self.zone)
        for _ in range(SEARCH_DAYS):
            if self.has_draw(day) and self.instant(day) <= at_ms:
                return day
            day -= timedelta(days=1)
        raise CalendarProblem(f"no Lotto draw in the last {SEARCH_DAYS} days")


def parse_shifts(raw: Mapping[str, Any], where: str = "shifts") -> dict[date, date]:
    shifts: dict[date, date] = {}
    for regular, moved in raw.items():
        try:
            shifts[date.fromisoformat(str(regular))] = date.fromisoformat(str(moved))
        except ValueError:
            raise CalendarProblem(
                f"{where}: {regular} = {moved!r} is not two YYYY-MM-DD dates"
            ) from None
    return shifts


def read_calendar(path: Path) -> LottoCalendar:
    """A calendar file: `weekdays`, `time` (HH:MM), `zone` and the `[shifts]` table."""
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        days = frozenset(WEEKDAYS[str(d).lower()] for d in data["weekdays"])
        at = time.fromisoformat(str(data["time"]))
        zone = str(data["zone"])
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CalendarProblem(f"{path}: {exc}") from None
    except KeyError as exc:
        raise CalendarProblem(f"{path}: field {exc} missing or not a weekday") from None
    except ValueError as exc:
        raise CalendarProblem(f"{path}: time: {exc}") from None
    if not days:
        raise CalendarProblem(f"{path}: weekdays: at least one day")
    return LottoCalendar(days, at, zone, parse_shifts(data.get("shifts", {}), f"{path}: shifts"))


@cache
def lotto_calendar() -> LottoCalendar:
    """The Lotto's calendar as shipped with the game."""
    return read_calendar(CALENDAR_FILE)


def shipped_shifts() -> dict[str, str]:
    """The shipped file's shifts, as a new game's own `draw_shifts`."""
    return {a.isoformat(): b.isoformat() for a, b in lotto_calendar().shifts.items()}


def game_calendar(draw_shifts: Mapping[str, str]) -> LottoCalendar:
    """A game's Lotto calendar: the shipped days and hour, the game's own shifts."""
    return lotto_calendar().for_game(draw_shifts)

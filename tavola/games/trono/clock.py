"""Instants (UTC milliseconds) and the calendar deadline rule (R22, R24)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

WEEKDAYS: dict[str, int] = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}


class BadInstant(ValueError):
    pass


def parse_instant(text: str) -> int:
    """An ISO 8601 instant with an offset (`2025-03-04T18:50:00.000Z`) → UTC milliseconds."""
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise BadInstant(f"not an ISO 8601 instant: {text!r}") from None
    if moment.tzinfo is None:
        raise BadInstant(f"an instant needs a time zone (Z or an offset): {text!r}")
    return round(moment.timestamp() * 1000)


LOCAL_FORMS = ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%d/%m/%Y %H:%M", "%d/%m/%Y %H:%M:%S")
"""How a forum shows a post's time, in local time: `2026-10-27 19:49`, `27/10/2026 19:49`."""


def parse_local(text: str, zone: str) -> int:
    """A wall-clock time in `zone` as a forum shows it (`2026-10-27 19:49`) → UTC
    milliseconds; an instant with an offset (`…T18:49:00Z`) is taken as it is. In the
    hour the clocks go back, the first of the two such times (the summer one)."""
    text = text.strip()
    for form in LOCAL_FORMS:
        try:
            wall = datetime.strptime(text, form)
        except ValueError:
            continue
        return round(wall.replace(tzinfo=ZoneInfo(zone)).timestamp() * 1000)
    return parse_instant(text)


def format_instant(ms: int) -> str:
    moment = datetime.fromtimestamp(ms / 1000, tz=UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


def local_date(ms: int, zone: str) -> date:
    return datetime.fromtimestamp(ms / 1000, tz=ZoneInfo(zone)).date()


def local_instant(day: date, at: time, zone: str) -> int:
    moment = datetime.combine(day, at, tzinfo=ZoneInfo(zone))
    return round(moment.timestamp() * 1000)


def next_deadline(
    opened_ms: int, weekdays: list[str], at: time, zone: str, window_hours: int
) -> tuple[int, date]:
    """R22: the earliest listed weekday at `at` local time that is ≥ opening + window."""
    earliest = opened_ms + window_hours * 3_600_000
    day = local_date(earliest, zone)
    wanted = {WEEKDAYS[w] for w in weekdays}
    for _ in range(15):
        if day.weekday() in wanted:
            instant = local_instant(day, at, zone)
            if instant >= earliest:
                return instant, day
        day += timedelta(days=1)
    raise ValueError("no deadline day found")  # pragma: no cover - weekdays is never empty


def draw_instant(day: date) -> int:
    """A Lotto draw's instant: its date at 20:00 Europe/Rome (R7)."""
    return local_instant(day, time(20, 0), "Europe/Rome")

"""A Lotto draw pasted as newspapers and the official site print it (`BARI 78 48 05 33 12`,
one wheel a line, `BA`/`Bari`/`BARI`, `RM` or `RO` for Roma, under a heading such as
`LOTTO - Estrazione di martedì 15 dicembre 2026`) or as the import CSV of A8
(`date,YYYY-MM-DD` then `BA,78,48,05,33,12`). Problems name the line, in words."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from .houses import WHEEL_FULL, WHEEL_NAMES, WHEELS
from .lotto import DrawProblem, Numbers
from .messages import Phrase, day_words, elides

ABBREVIATIONS: dict[str, str] = {wheel: wheel for wheel in WHEELS} | {"RO": "RM"}
"""The wheels' short names: the codes of §3.1, and `RO` as some papers print Roma."""
NAZIONALE = frozenset({"NAZIONALE", "NAZ", "NZ", "RN"})
"""The national wheel: not used, ignored when pasted (§3.1)."""


MAX_TEXT = 4000
"""A pasted draw is a dozen short lines; anything far longer is not a draw."""

_WHEEL_LINE = re.compile(r"(?P<name>[^\W\d_]+)\.?(?P<rest>.*)")
_NUMBERS = re.compile(r"[\d\s,;:.\-–]*")
_DATE_FORMS = (
    re.compile(r"(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})"),
    re.compile(r"(?P<d>\d{1,2})[/.\-](?P<m>\d{1,2})[/.\-](?P<y>\d{4})"),
)
_MONTH_NAMES = [
    "gennaio",
    "febbraio",
    "marzo",
    "aprile",
    "maggio",
    "giugno",
    "luglio",
    "agosto",
    "settembre",
    "ottobre",
    "novembre",
    "dicembre",
]
_ENGLISH_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
MONTHS: dict[str, int] = {
    name: n for names in (_MONTH_NAMES, _ENGLISH_MONTHS) for n, name in enumerate(names, 1)
}
"""A month as the papers spell it, in Italian ("dicembre") or English ("December")."""
WEEKDAY_NAMES: dict[str, int] = {
    name: n
    for n, names in enumerate(
        (
            ("lunedì", "lunedi", "monday"),
            ("martedì", "martedi", "tuesday"),
            ("mercoledì", "mercoledi", "wednesday"),
            ("giovedì", "giovedi", "thursday"),
            ("venerdì", "venerdi", "friday"),
            ("sabato", "saturday"),
            ("domenica", "sunday"),
        )
    )
    for name in names
}
# "martedì 15 dicembre 2026", "15 dicembre 2026", "sabato, 1º agosto 2026", "1 August 2026"
_WORDS_DATE = re.compile(
    r"(?:(?P<wd>[^\W\d_]+)'?,?\s+)?(?P<d>\d{1,2})\s*(?:º|°)?\s*(?P<mon>[^\W\d_]+)\s+(?P<y>\d{4})"
)
_DRAW_NUMBER = re.compile(r"\b(?:n\.?|n°|nº|num\.?|numero|concorso)\s*\d+", re.IGNORECASE)
"""The draw's serial number some headings print ("Estrazione n. 149"): not a date."""


@dataclass(frozen=True, slots=True)
class PastedDraw:
    """The draw's numbers in wheel order, and its date when the text gives one."""

    numbers: Numbers
    date: str | None


def _quoted(line: str) -> str:
    """A line as a problem quotes it: single spaces, and not too long to read."""
    plain = " ".join(line.split())
    return plain if len(plain) <= 60 else plain[:59] + "…"


def wheel_of(word: str) -> str | None:
    """`BA`, `Bari`, `BARI` → BA; `RO` → RM; `Nazionale` → "" (ignored); else None."""
    upper = word.strip().upper()
    if upper in NAZIONALE:
        return ""
    return ABBREVIATIONS.get(upper) or WHEEL_NAMES.get(upper)


def _date_in(text: str, line_no: int) -> str | None:
    for form in _DATE_FORMS:
        found = form.search(text)
        if found is None:
            continue
        try:
            day = date(int(found["y"]), int(found["m"]), int(found["d"]))
        except ValueError:
            raise DrawProblem(
                "E_IMPORT_FORMAT", "paste_bad_date", line=line_no, text=found.group(0)
            ) from None
        return day.isoformat()
    return _date_in_words(text, line_no)


def _date_in_words(text: str, line_no: int) -> str | None:
    """A date as a heading writes it: "LOTTO - Estrazione di martedì 15 dicembre 2026";
    a weekday, when written, must be the date's own (else a date mismatch)."""
    for found in _WORDS_DATE.finditer(text):
        month = MONTHS.get(found["mon"].lower())
        if month is None:
            continue
        try:
            day = date(int(found["y"]), month, int(found["d"]))
        except ValueError:
            raise DrawProblem(
                "E_IMPORT_FORMAT", "paste_bad_date", line=line_no, text=found.group(0)
            ) from None
        weekday = WEEKDAY_NAMES.get((found["wd"] or "").lower())
        if weekday is not None and weekday != day.weekday():
            words = day_words(day)
            elided = day.day != 1 and elides(day.day)
            raise DrawProblem(
                "E_PASTED_DATE_MISMATCH",
                "paste_wrong_weekday",
                line=line_no,
                the=Phrase("forum.date.the_elided" if elided else "forum.date.the_plain"),
                date=words["date"],
                actual=words["weekday"],
                weekday=Phrase(f"forum.weekday.{weekday}"),
            )
        return day.isoformat()
    return None


def _wheel_numbers(wheel: str, rest: str, line_no: int) -> list[int]:
    found = [int(n) for n in re.findall(r"\d+", rest)]
    name = WHEEL_FULL[wheel]
    if len(found) != 5:
        raise DrawProblem(
            "E_DRAW_INCOMPLETE", "paste_count", line=line_no, wheel=name, n=len(found)
        )
    for n in found:
        if not 1 <= n <= 90:
            raise DrawProblem("E_DRAW_RANGE", "paste_range", line=line_no, wheel=name, n=n)
    for n in found:
        if found.count(n) > 1:
            raise DrawProblem("E_DRAW_DUPLICATE", "paste_repeated", line=line_no, wheel=name, n=n)
    return found


def parse_pasted(text: str) -> PastedDraw:
    """Every wheel once with its five numbers, in any line order; blank lines, headings
    without numbers, a date line (`date,2026-12-01`, `Estrazione del 01/12/2026`) and the
    Nazionale line are allowed."""
    if len(text) > MAX_TEXT:
        raise DrawProblem("E_IMPORT_FORMAT", "paste_too_long", n=MAX_TEXT)
    numbers: dict[str, list[int]] = {}
    first_line: dict[str, int] = {}
    day: str | None = None
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().strip("\ufeff")
        if not line:
            continue
        matched = _WHEEL_LINE.fullmatch(line)
        wheel = wheel_of(matched["name"]) if matched else None
        if matched is not None and wheel is not None:
            rest = matched["rest"]
            if not _NUMBERS.fullmatch(rest):
                raise DrawProblem(
                    "E_IMPORT_FORMAT", "paste_not_numbers", line=line_no, text=_quoted(line)
                )
            if wheel == "":
                continue
            if wheel in numbers:
                raise DrawProblem(
                    "E_IMPORT_FORMAT",
                    "paste_twice",
                    line=line_no,
                    wheel=WHEEL_FULL[wheel],
                    first=first_line[wheel],
                )
            numbers[wheel] = _wheel_numbers(wheel, rest, line_no)
            first_line[wheel] = line_no
            continue
        found = _date_in(line, line_no)
        if found is None and not any(c.isdigit() for c in _DRAW_NUMBER.sub("", line)):
            continue  # a heading ("Estrazioni del Lotto"): a wheel it hid would be missing
        if found is None:
            raise DrawProblem(
                "E_IMPORT_FORMAT", "paste_unknown_line", line=line_no, text=_quoted(line)
            )
        if day is not None and found != day:
            raise DrawProblem(
                "E_PASTED_DATE_MISMATCH",
                "paste_two_dates",
                line=line_no,
                first=day_words(date.fromisoformat(day))["date"],
            )
        day = found
    missing = [WHEEL_FULL[w] for w in WHEELS if w not in numbers]
    if len(missing) == len(WHEELS):
        raise DrawProblem("E_IMPORT_FORMAT", "paste_empty")
    if missing:
        raise DrawProblem(
            "E_DRAW_INCOMPLETE", "paste_missing", wheels=", ".join(missing), n=len(missing)
        )
    return PastedDraw({w: numbers[w] for w in WHEELS}, day)

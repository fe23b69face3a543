"""The forum's words for the things a report names: people, referees, houses, characters
with their charges, phases, days and instants in Rome time, drawn numbers, a team's
parameters and an override's values (Italian or English, the words in i18n/*.toml under
`forum`). Every renderer (`forum_announce`, `forum_orders`, `forum_report`, `forum_boards`)
says them through these."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from .clock import parse_instant
from .houses import HOUSES
from .messages import MESSAGES, day_of, text, zone_words


def t(lang: str, key: str, **params: Any) -> str:
    """The forum text `key` in `lang` (English when `lang` lacks it); a `.one`/`.other`
    pair agrees with `n`."""
    return text(lang, f"forum.{key}", **params)


def with_names(view: Mapping[str, Any], catalogue: Mapping[str, Any]) -> dict[str, Any]:
    """A view with the catalogue's character names and genders beside it (public content,
    kept out of the views themselves so that a view holds only what its seat may see)."""
    return {
        **view,
        "character_names": {cid: c.name for cid, c in catalogue.items()},
        "character_genders": {cid: c.gender for cid, c in catalogue.items()},
    }


def character_name(view: Mapping[str, Any], cid: Any) -> str:
    """A character by its name in the game's catalogue (`with_names`)."""
    return str(view.get("character_names", {}).get(cid, cid))


def character_gender(view: Mapping[str, Any], cid: Any) -> str:
    """`f` or `m`, for the words that agree with a character ("Schierata Nerea")."""
    return str(view.get("character_genders", {}).get(cid, "m"))


def person_name(view: Mapping[str, Any], user: str) -> str:
    """Someone by the name they registered with (an account id is nobody's name)."""
    for person in view.get("registered", []):
        if person.get("user_id") == user:
            return str(person.get("display_name") or user)
    return user


def people(view: Mapping[str, Any], users: Iterable[str]) -> str:
    return ", ".join(person_name(view, u) for u in users)


def referee_label(view: Mapping[str, Any], referee: str, lang: str) -> str:
    """A referee by their seat's name, else by role and place ("Arbitro 2")."""
    named = (view.get("referee_names") or {}).get(referee)
    if named:
        return str(named)
    digits = "".join(ch for ch in referee if ch.isdigit())
    return t(lang, "referee_n", n=int(digits)) if digits else t(lang, "referee_one")


def phase_name(lang: str, phase: str) -> str:
    return text(lang, f"phase.{phase}")


def local_time(instant: str | None, zone: str = "Europe/Rome", lang: str = "it") -> str:
    """`2025-03-04T18:50:00.000Z` → `martedì 4 marzo 2025, 19:50 (ora di Roma)`."""
    if instant is None:
        return "—"
    moment = datetime.fromtimestamp(parse_instant(instant) / 1000, tz=UTC).astimezone(
        ZoneInfo(zone)
    )
    return t(
        lang,
        "date.moment",
        weekday=t(lang, f"weekday.{moment.weekday()}"),
        day=_day_of_month(lang, moment.day),
        month=t(lang, f"month.{moment.month}"),
        year=moment.year,
        time=f"{moment:%H:%M}",
        zone=zone_words(zone),
    )


def forum_day(iso: str | None, lang: str) -> str:
    """`2025-03-04` → `4 marzo 2025`."""
    if not iso:
        return "—"
    parsed = date.fromisoformat(iso)
    return t(
        lang,
        "date.day",
        day=_day_of_month(lang, parsed.day),
        month=t(lang, f"month.{parsed.month}"),
        year=parsed.year,
    )


def day_of_text(iso: str, lang: str) -> str:
    """`2025-03-11` after "of": "dell'11 marzo 2025" in Italian, "11 March 2025" in English."""
    phrase = day_of(date.fromisoformat(iso))
    return text(lang, phrase.key, **phrase.params)


def _day_of_month(lang: str, day: int) -> str:
    """Italian writes the first of the month as an ordinal ("1º marzo")."""
    return t(lang, "date.first") if day == 1 else str(day)


def house_name(view: Mapping[str, Any], key: str | None) -> str:
    """A house's display name as the view gives it (`Stark`, or `Casa Geloferro`)."""
    if key is None:
        return "—"
    team = view.get("teams", {}).get(key)
    if team and team.get("display_name"):
        return str(team["display_name"])
    return key.capitalize() if key in HOUSES else key


def draw_lines(numbers: Mapping[str, list[int]]) -> list[str]:
    return [f"{wheel} " + " ".join(f"{n:02d}" for n in nums) for wheel, nums in numbers.items()]


def printed(number: Any) -> Any:
    """A drawn number as the Lotto prints it ("05"), anything else as it is."""
    return f"{number:02d}" if isinstance(number, int) else number


def bold(text: str, bbcode: bool) -> str:
    return f"[b]{text}[/b]" if bbcode else text


def params_text(lang: str, data: Mapping[str, Any]) -> str:
    return t(lang, "report.params", **data)


def characters_text(
    lang: str, characters: Iterable[Mapping[str, Any]], view: Mapping[str, Any]
) -> str:
    """Each character by name, with the charges it has left ("1 carica", "permanente")."""
    parts = []
    for c in characters:
        cid = c.get("character_id") or c.get("id")
        charges = c.get("charges_left", c.get("charges"))
        left = t(lang, "permanent") if charges is None else text(lang, "count.charges", n=charges)
        parts.append(f"{character_name(view, cid)} ({left})")
    return ", ".join(parts)


def value_words(view: Mapping[str, Any], value: Any, lang: str) -> str:
    """An override's before or after value as players read it: a number, a character with
    its charges, a house, a status, an instant in Rome time; nothing as "—"."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return t(lang, "yes" if value else "no")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Mapping):
        if "character" in value or "character_id" in value:
            cid = value.get("character_id", value.get("character"))
            return characters_text(lang, [{**value, "character_id": cid}], view)
        if all(isinstance(v, list) for v in value.values()):  # a draw's numbers
            return "; ".join(draw_lines(value))
        return ", ".join(value_words(view, v, lang) for v in value.values())
    if isinstance(value, list):
        return ", ".join(value_words(view, v, lang) for v in value) or "—"
    word = str(value)
    if word in HOUSES:
        return house_name(view, word)
    if MESSAGES.has(f"forum.status.{word}"):
        return t(lang, f"status.{word}")
    if MESSAGES.has(f"phase.{word}"):
        return phase_name(lang, word)
    if len(word) >= 20 and word[:4].isdigit() and word.endswith("Z"):
        return local_time(word, lang=lang)
    return word

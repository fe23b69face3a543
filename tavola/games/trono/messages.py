"""Player-facing text of Gioco del Trono (i18n/it.toml, i18n/en.toml) and typed refusals.

A parameter may itself be a `Phrase` (a key and its parameters): it is put into each
language's sentence in that language, so an Italian refusal never carries an English reason.
A key with `.one`/`.other` variants agrees with the parameter `n` ("1 carica", "2 cariche").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from tavola.core import IllegalAction, Messages

MESSAGES = Messages.load(Path(__file__).parent / "i18n")


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words to be put into each language: `key` in the catalogue, with its parameters."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": {k: as_json(v) for k, v in self.params.items()}}


def as_json(value: Any) -> Any:
    """A parameter as stored in the state (a phrase becomes `{key, params}`)."""
    return value.to_json() if isinstance(value, Phrase) else value


def _render(lang: str, value: Any) -> Any:
    if isinstance(value, Phrase):
        return text(lang, value.key, **value.params)
    if isinstance(value, Mapping) and set(value) == {"key", "params"}:
        return text(lang, str(value["key"]), **dict(value["params"]))
    return value


def text(lang: str, key: str, **params: Any) -> str:
    """The text `key` in `lang`; a `.one`/`.other` pair agrees with the parameter `n`, an
    `.m`/`.f` pair with the parameter `gender` (a character's: "posseduta")."""
    rendered = {k: _render(lang, v) for k, v in params.items()}
    return MESSAGES.text(lang, agreeing(key, params), **rendered)


def agreeing(key: str, params: Mapping[str, Any]) -> str:
    """The variant of `key` that agrees with its parameters (the key itself if it has none)."""
    if MESSAGES.has(key):
        return key
    if MESSAGES.has(f"{key}.other"):
        n = params.get("n")
        return f"{key}.one" if isinstance(n, int) and abs(n) == 1 else f"{key}.other"
    if MESSAGES.has(f"{key}.m"):
        return f"{key}.f" if params.get("gender") == "f" else f"{key}.m"
    return key


def has_text(key: str, lang: str = "en") -> bool:
    """Whether the catalogue says `key`, plain or in agreeing variants."""
    return any(MESSAGES.has(f"{key}{end}", lang) for end in ("", ".other", ".m"))


def sentence(lang: str, code: str, params: Mapping[str, Any]) -> str:
    """The refusal `code`'s sentence in `lang` (a stored problem is rendered the same way)."""
    return text(lang, f"error.{code}", **params)


_WORDS = (("action", "action"), ("phase", "phase"), ("kind", "override"))
"""Parameters that name an action, a phase or an override: said in words, never as ids."""


def refuse(code: str, **params: Any) -> IllegalAction:
    """The refusal `code` (§6) with its sentence in English and Italian."""
    for name, section in _WORDS:
        value = params.get(name)
        if isinstance(value, str) and MESSAGES.has(f"{section}.{value}"):
            params[name] = Phrase(f"{section}.{value}")
    return IllegalAction(
        code, sentence("en", code, params), message_it=sentence("it", code, params)
    )


def phase_word(phase: str) -> Phrase:
    """A phase as players read it (`turn_open` → "turno aperto")."""
    return Phrase(f"phase.{phase}")


def count(what: str, n: int) -> Phrase:
    """A number of things, agreeing with it ("1 cassa", "3 casse")."""
    return Phrase(f"count.{what}", {"n": n})


def reason(key: str, **params: Any) -> Phrase:
    """Why something is refused, in each language (`reason.<key>` in the catalogues)."""
    return Phrase(f"reason.{key}", params)


def moment(ms: int, zone: str, *, seconds: bool = False) -> Phrase:
    """An instant as players read it, in the game's time zone ("martedì 27 ottobre 2026,
    19:49 (ora di Roma)"); `seconds` where a second decides (a post against its deadline)."""
    local = datetime.fromtimestamp(ms / 1000, tz=UTC).astimezone(ZoneInfo(zone))
    return Phrase(
        "forum.date.moment",
        {
            "weekday": Phrase(f"forum.weekday.{local.weekday()}"),
            "day": Phrase("forum.date.first") if local.day == 1 else str(local.day),
            "month": Phrase(f"forum.month.{local.month}"),
            "year": local.year,
            "time": f"{local:%H:%M:%S}" if seconds else f"{local:%H:%M}",
            "zone": zone_words(zone),
        },
    )


def zone_words(zone: str) -> Phrase:
    """A time zone as players say it ("ora di Roma", "Rome time"), from its IANA id: the
    city in each language where the catalogue has it, else the id's own city."""
    city = f"forum.city.{zone}"
    name: Any = Phrase(city) if MESSAGES.has(city) else zone.rpartition("/")[2].replace("_", " ")
    return Phrase("forum.date.zone", {"city": name})


def elides(n: int) -> bool:
    """Italian elides "del", "il"… before a number read aloud with a vowel: uno, otto,
    undici, ottanta…, ottocento…, ottomila… ("dell'8 marzo", "dell'11", "l'80%")."""
    if n >= 1000:
        return n // 1000 != 1 and elides(n // 1000)
    if n >= 100:
        return n // 100 == 8
    return n in (1, 8, 11) or 80 <= n <= 89


def day_words(day: date) -> dict[str, Phrase]:
    """A day as players read it: its weekday and "1º dicembre 2026"."""
    number = Phrase("forum.date.first") if day.day == 1 else str(day.day)
    words = {"day": number, "month": Phrase(f"forum.month.{day.month}"), "year": day.year}
    return {
        "weekday": Phrase(f"forum.weekday.{day.weekday()}"),
        "date": Phrase("forum.date.day", words),
    }


def day_of(day: date) -> Phrase:
    """A day after "of", with Italian's article: "del 4 marzo 2026", "dell'11 marzo
    2026", "del 1º marzo" (read "primo"); in English "4 March 2026"."""
    elided = day.day != 1 and elides(day.day)
    return Phrase(
        "forum.date.of",
        {
            "of": Phrase("forum.date.of_elided" if elided else "forum.date.of_plain"),
            "date": day_words(day)["date"],
        },
    )

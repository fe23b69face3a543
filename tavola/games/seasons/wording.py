"""The small words Seasons' narration is built of, in Italian and English: counts that agree
with their noun, seasons, wheel positions, years, die faces and lists of card names.

The texts live in `i18n/narration/<lang>.toml`. A counted text has two keys, `<key>.one`
(for 1 and -1) and `<key>.other` (0 and every other number): both languages agree their
nouns that way ("1 cristallo", "0 cristalli").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tavola.core import Messages

from .faces import ENERGY_TYPES, Face, FaceError, face_from_data, parse_face

MESSAGES = Messages.load(Path(__file__).parent / "i18n" / "narration")

SEASON_NAMES = ("winter", "spring", "summer", "autumn")
ROMAN = ("", "I", "II", "III", "IV", "V")


def say(lang: str, key: str, **params: Any) -> str:
    """The text `key` in `lang` (English when `lang` lacks it)."""
    return MESSAGES.text(lang, key, **params)


def counted(lang: str, key: str, n: int, **params: Any) -> str:
    """The text `key` whose noun agrees with `n` (`.one` for ±1, else `.other`); `{n}` in
    the text is `n` without its sign."""
    form = "one" if abs(n) == 1 else "other"
    return say(lang, f"{key}.{form}", **{"n": abs(n), **params})


def season_name(season: str, lang: str) -> str:
    return say(lang, f"season.{season}")


def position(month: int, lang: str) -> str:
    """Where the season token stands, as a person reads the wheel: "spring, month 2 of 3"
    (§3.1: 3 months a season, months 1–3 winter)."""
    index = (month - 1) % 12
    return say(
        lang, "word.position", season=season_name(SEASON_NAMES[index // 3], lang), k=index % 3 + 1
    )


def year_numeral(year: Any) -> str:
    """A year as the board writes it (I, II, III)."""
    if isinstance(year, int) and 0 < year < len(ROMAN):
        return ROMAN[year]
    return str(year)


def prestige(n: int, lang: str) -> str:
    return counted(lang, "word.prestige", n) if n >= 0 else "-" + counted(lang, "word.prestige", n)


def listing(names: Sequence[str], lang: str) -> str:
    """Names joined as a sentence joins them: "A, B and C" / "A, B e C"."""
    if len(names) <= 1:
        return "".join(names)
    head = say(lang, "word.list_sep").join(names[:-1])
    return head + say(lang, "word.and") + names[-1]


def as_face(value: Any) -> Face | None:
    """A face from an event's data: a face code, a `dice.json` record or `{code}`."""
    try:
        if isinstance(value, str):
            return parse_face(value)
        if isinstance(value, Mapping):
            if isinstance(value.get("code"), str):
                return parse_face(value["code"])
            return face_from_data(dict(value))
    except FaceError:
        return None
    return None


def face_words(value: Any, lang: str) -> str:
    """A die face in words, symbol by symbol, pips last: "2 water energy + star (2 pips)".
    A value that is no face is shown as given."""
    face = as_face(value)
    if face is None:
        return str(value.get("code", "?") if isinstance(value, Mapping) else value)
    symbols = [
        counted(lang, "face.energy", n, kind=say(lang, f"energy.{kind}"))
        for kind, n in zip(ENERGY_TYPES, face.energy, strict=True)
        if n
    ]
    if face.crystals:
        symbols.append(counted(lang, "face.crystals", face.crystals))
    symbols += [
        say(lang, f"face.{flag}") for flag in ("star", "transmute", "draw") if getattr(face, flag)
    ]
    return say(
        lang,
        "face.shown",
        symbols=say(lang, "face.joiner").join(symbols),
        pips=counted(lang, "face.pips", face.pips),
    )

"""Player-facing text of the game (i18n/ja.toml, en.toml, it.toml): the refusals of the
engine and the lineup validator (each §6 or R1–R5 code with its sentence in Japanese,
English and Italian), the narration, the terminal's words and the commands'."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tavola.core import IllegalAction, Messages

from .content_model import Names

MESSAGES = Messages.load(Path(__file__).parent / "i18n")


@dataclass(frozen=True, slots=True)
class Word:
    """A parameter said in each sentence's own language (`word.<key>`)."""

    key: str


def _said(lang: str, value: Any) -> Any:
    if isinstance(value, Word):
        return MESSAGES.text(lang, f"word.{value.key}")
    if isinstance(value, Names):  # a legend, ability or card by its name in `lang`
        return value.get(lang)
    return value


def text(lang: str, key: str, **params: Any) -> str:
    """The sentence `key` in `lang`; `Word` and `Names` parameters said in `lang` too. A
    sentence that agrees with its number `n` is a table: `zero`, `one`, `two` ("twice")
    and `other`, the forms `lang` has (`other` for any number without its own)."""
    if not MESSAGES.has(key, lang) and MESSAGES.has(f"{key}.other", lang):
        key = f"{key}.{_form(lang, key, params.get('n'))}"
    return MESSAGES.text(lang, key, **{k: _said(lang, v) for k, v in params.items()})


def _form(lang: str, key: str, n: Any) -> str:
    for form, count in (("zero", 0), ("one", 1), ("two", 2)):
        if n == count and MESSAGES.has(f"{key}.{form}", lang):
            return form
    return "other"


# How each language groups the digits of a whole number, as the browser's
# `Intl.NumberFormat` writes them (web/words.js): the separator, and the fewest digits a
# number has before it is grouped (CLDR's minimum grouping digits: Italian writes "2500"
# but "10.000").
_GROUPING = {"en": (",", 4), "ja": (",", 4), "it": (".", 5)}


def number(lang: str, n: int) -> str:
    """A whole number as a reader of `lang` writes it: 10,000 · 10.000 · 10,000."""
    separator, least = _GROUPING.get(lang, _GROUPING["en"])
    digits = str(abs(n))
    if len(digits) >= least:
        digits = f"{abs(n):,}".replace(",", separator)
    return f"-{digits}" if n < 0 else digits


def numbers_said(lang: str, params: dict[str, Any]) -> dict[str, Any]:
    """`params` with every whole number written as `lang` writes it (for sentences whose
    whole numbers are all quantities: life, cost, damage, a count)."""
    return {
        k: number(lang, v) if isinstance(v, int) and not isinstance(v, bool) else v
        for k, v in params.items()
    }


def refuse(code: str, **params: Any) -> IllegalAction:
    """The refusal `code` (§6), its sentence in English, Italian and Japanese."""
    key = f"error.{code}"
    return IllegalAction(
        code,
        text("en", key, **params),
        message_it=text("it", key, **params),
        messages={"ja": text("ja", key, **params)},
    )

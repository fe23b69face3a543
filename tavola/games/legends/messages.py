"""Player-facing text of Legends of AZ (i18n/it.toml, i18n/en.toml) and typed refusals.

A sentence that depends on a number is a small table in the catalogue: `one` and `other`
(the plural categories of Italian and English whole numbers), and `count`, the name of the
parameter they agree with (`n` when left out)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tavola.core import IllegalAction, Messages


class LegendsMessages(Messages):
    """`Messages` whose sentences agree with their numbers (`one` / `other` forms)."""

    def has(self, key: str, lang: str = "en") -> bool:
        return super().has(key, lang) or super().has(f"{key}.other", lang)

    def text(self, lang: str, key: str, **params: Any) -> str:
        if not super().has(key, lang) and super().has(f"{key}.other", lang):
            counted = self.catalogues.get(lang, {}).get(f"{key}.count", "n")
            key = f"{key}.{plural_form(params.get(counted))}"
        return super().text(lang, key, **params)


def plural_form(count: Any) -> str:
    """The CLDR category of a whole number in Italian and English: `one` only for 1."""
    return "one" if count == 1 else "other"


MESSAGES = LegendsMessages.load(Path(__file__).parent / "i18n")


def refuse(code: str, **params: Any) -> IllegalAction:
    """The refusal `code` (§6) with its sentence in English and Italian."""
    return MESSAGES.illegal(code, **params)


def only_args(action_type: str, args: Any, *allowed: str) -> None:
    """Refuses arguments an action does not take."""
    extra = sorted(set(args) - set(allowed))
    if extra:
        raise refuse("malformed_action", action=action_type, args=", ".join(extra))

"""Player-facing text of Gioco del Trono (i18n/it.toml, i18n/en.toml) and typed refusals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tavola.core import IllegalAction, Messages

MESSAGES = Messages.load(Path(__file__).parent / "i18n")


def refuse(code: str, **params: Any) -> IllegalAction:
    """The refusal `code` (§6) with its sentence in English and Italian."""
    return MESSAGES.illegal(code, **params)


def text(lang: str, key: str, **params: Any) -> str:
    return MESSAGES.text(lang, key, **params)

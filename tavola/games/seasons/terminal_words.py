"""The terminal's own words (the board, the questions, the commands), Italian and English:
`i18n/terminal/<lang>.toml`. Events and prompts are told by `narrate.py`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tavola.core import Messages

WORDS = Messages.load(Path(__file__).parent / "i18n" / "terminal")


def say(lang: str, key: str, **params: Any) -> str:
    """The text `key` in `lang` (English when `lang` lacks it)."""
    return WORDS.text(lang, key, **params)


def counted(lang: str, key: str, n: int, **params: Any) -> str:
    """The text `key` whose noun agrees with `n` (`.one` for ±1, else `.other`)."""
    return say(lang, f"{key}.{'one' if abs(n) == 1 else 'other'}", n=n, **params)

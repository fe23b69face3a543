"""Player-facing refusals of the engine and the lineup validator (i18n/en.toml, it.toml):
each §6 or R1–R5 code with its sentence in English and Italian."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tavola.core import IllegalAction, Messages

MESSAGES = Messages.load(Path(__file__).parent / "i18n")


@dataclass(frozen=True, slots=True)
class Word:
    """A parameter said in each sentence's own language (`word.<key>`)."""

    key: str


def text(lang: str, key: str, **params: Any) -> str:
    said = {
        k: MESSAGES.text(lang, f"word.{v.key}") if isinstance(v, Word) else v
        for k, v in params.items()
    }
    return MESSAGES.text(lang, key, **said)


def refuse(code: str, **params: Any) -> IllegalAction:
    """The refusal `code` (§6), its sentence in English and Italian."""
    key = f"error.{code}"
    return IllegalAction(code, text("en", key, **params), message_it=text("it", key, **params))

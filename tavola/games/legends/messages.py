"""Player-facing text of Legends of AZ (i18n/it.toml, i18n/en.toml) and typed refusals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tavola.core import IllegalAction, Messages

MESSAGES = Messages.load(Path(__file__).parent / "i18n")


def refuse(code: str, **params: Any) -> IllegalAction:
    """The refusal `code` (§6) with its sentence in English and Italian."""
    return MESSAGES.illegal(code, **params)


def only_args(action_type: str, args: Any, *allowed: str) -> None:
    """Refuses arguments an action does not take."""
    extra = sorted(set(args) - set(allowed))
    if extra:
        raise refuse("malformed_action", action=action_type, args=", ".join(extra))

"""Events as the engine emits them, and the short history the view shows (§8 `log`).

Events never carry instance ids: they name catalogue cards (public data), so a card that
later returns face down to a pile cannot be traced through them. An event about a card
the human may not see is private to the referee, with a public twin without the card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Event

from .state import SeasonsState, copy_json

LOG_SIZE = 60
NOBODY: frozenset[str] = frozenset()


def emit(
    state: SeasonsState,
    events: list[Event],
    type: str,
    data: Mapping[str, Any] | None = None,
    *,
    visible_to: frozenset[str] | None = None,
    public: Mapping[str, Any] | None = None,
) -> None:
    """Appends the event, and its public form (if any) to the state's history."""
    body = dict(data or {})
    events.append(Event(type, body, visible_to, None if public is None else dict(public)))
    shown = body if visible_to is None else public
    if shown is not None:
        state.log.append({"type": type, "data": copy_json(dict(shown))})
        if len(state.log) > LOG_SIZE:
            del state.log[: len(state.log) - LOG_SIZE]

"""What an action may carry and when it may come: unknown arguments are refused
E_MALFORMED; an action sent in a phase that does not allow it, E_PHASE (R1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .messages import phase_word, refuse
from .state import TronoState


def only(action: str, args: Mapping[str, Any], *allowed: str) -> None:
    extra = sorted(set(args) - set(allowed))
    if extra:
        raise refuse("E_MALFORMED", action=action, args=", ".join(extra))


def in_phase(state: TronoState, action: str, *phases: str) -> None:
    """R1: an action sent in a phase that does not allow it is refused E_PHASE."""
    if state.phase not in phases:
        raise refuse("E_PHASE", action=action, phase=phase_word(state.phase))

"""Undo of the last accepted action (the companion's one-tap fix beside a physical table).

Before each accepted action other than `undo`, the state as it was (without the undo stack
and the decision count) is pushed as canonical JSON, at most `undo_steps` deep. `undo`
restores the newest: the RNG and the chance script come back with it, so the same action
redone draws the same cards and dice, and the game is the same as before the undo but for
`decisions`, which is never undone (the action cap stays true)."""

from __future__ import annotations

import json

from tavola.core import Event, canonical_json

from .messages import refuse
from .state import SeasonsState


def snapshot(state: SeasonsState) -> str:
    return canonical_json(state.dump(history=False))


def remember(state: SeasonsState, action: str, before: str) -> None:
    """Pushes the state before `action` (`before`, a `snapshot`), keeping `undo_steps`."""
    depth = state.config.undo_steps
    if depth <= 0:
        return
    state.undo.append({"action": action, "snapshot": before})
    if len(state.undo) > depth:
        del state.undo[: len(state.undo) - depth]


def undo(state: SeasonsState) -> list[Event]:
    """Restores the newest remembered state; `NOTHING_TO_UNDO` when there is none."""
    if not state.undo:
        raise refuse("NOTHING_TO_UNDO")
    entry = state.undo[-1]
    restored = SeasonsState.load(json.loads(entry["snapshot"]))
    restored.undo = state.undo[:-1]
    restored.decisions = state.decisions
    state.restore(restored)
    # Not in the history: the undone step leaves it, so a redo writes the same history.
    return [Event("undone", {"action": entry["action"]})]

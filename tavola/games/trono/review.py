"""R45: a turn under review reaches nobody but the referees until it is published.

While the referees review turn k (phase review), a team and the public see the game as it
was last published — for a turn never published, as it stood before its draw — and every
event the review makes goes to the referees alone, kept to be sent as it was meant at
publication. A draw correction under review replaces what is kept; nothing already sent
changes (DECISIONS 36)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tavola.core import Event

from .state import TronoState


def referees(state: TronoState) -> frozenset[str]:
    return frozenset(f"referee:{r}" for r in state.config.referees)


def published(state: TronoState) -> TronoState:
    """The game as a team or the public may know it: under review, the state as it was
    last published (the pre-resolution state, or the one kept by a correction of a turn
    already published), in phase review so that their pages say so."""
    if state.phase != "review":
        return state
    shown = state.last_published or state.pre_resolution
    if shown is None:
        return state
    seen = TronoState.model_validate(shown)
    seen.phase, seen.now = "review", state.now
    return seen


def hold(state: TronoState, events: Iterable[Event]) -> list[Event]:
    """The events made under review, for the referees only; each is kept, with its own
    audience, to be sent at publication (events only the referees see are not kept)."""
    only = referees(state)
    out: list[Event] = []
    for event in events:
        if event.visible_to is not None and event.visible_to <= only:
            out.append(event)
            continue
        state.held_events.append(event.to_record())
        out.append(Event(event.type, event.data, only))
    return out


def release(state: TronoState) -> list[Event]:
    """At publication, the events kept under review, to their own audiences."""
    events = [Event.from_record(record) for record in state.held_events]
    state.held_events = []
    state.last_published = None
    return events


def supersede(state: TronoState) -> dict[str, Any] | None:
    """Before a draw correction: what a team and the public keep seeing while the
    corrected turn is under review — the state as published, unless the turn was never
    published (then the pre-resolution state says it, and nothing is kept here)."""
    if state.phase == "review":
        return state.last_published
    last = state.model_copy()
    last.pre_resolution = None
    last.last_published = None
    return last.model_dump(mode="json")

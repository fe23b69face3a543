"""A turn's life (R22–R28, R45): it opens with its deadline and draw date, locks, takes its
draw and is resolved, then is held for the referees' review or published, and the next
turn opens."""

from __future__ import annotations

from typing import Any

from tavola.core import Event

from .clock import format_instant, next_deadline
from .draw_evenings import due_evening
from .lotto import simulate
from .publication import hold, publish
from .resolution import resolve_turn
from .state import Draw, TronoState


def open_turn(state: TronoState, at: int) -> list[Event]:
    """R22: turn k+1 opens, with its deadline and draw date."""
    cfg = state.config
    state.turn += 1
    state.turn_opened_at = at
    state.posts = {}
    if cfg.schedule == "calendar":
        deadline, _ = next_deadline(
            at,
            list(cfg.turn_weekdays),
            cfg.deadline_local,
            cfg.timezone,
            cfg.min_submission_window_hours,
        )
        # d_k is the first Lotto evening after the deadline, wherever a holiday moved it
        # (DECISIONS 30), and after the last draw: evenings only go forward (DECISIONS 37)
        state.deadline, state.draw_date = deadline, due_evening(state, deadline).isoformat()
    else:
        state.deadline, state.draw_date = None, None
    snapshot_opening(state)
    state.phase = "turn_open"
    return [
        Event(
            "turn_opened",
            {
                "k": state.turn,
                "deadline": (format_instant(state.deadline) if state.deadline else None),
                "seats": {"throne": state.throne, "tower": state.tower},
            },
        )
    ]


def snapshot_opening(state: TronoState) -> None:
    state.opening = {
        "seated": state.seated(),
        "throne": state.throne,
        "tower": state.tower,
        "active": [t.key for t in state.active_teams()],
        "teams": {
            t.key: {
                "soldiers": t.soldiers,
                "chests": t.chests,
                "characters": [c.character_id for c in t.characters],
            }
            for t in state.teams
        },
    }


def lock_turn(state: TronoState, at: int, *, at_deadline: bool = False) -> list[Event]:
    """R26 (at the deadline: by the clock, whoever's action came at or after it) or R27
    (manual schedule): the turn locks; missing posts are empty. Simulated draws resolve
    at once (R28)."""
    state.phase = "turn_locked"
    locked: dict[str, Any] = {"k": state.turn}
    if at_deadline:
        locked["at_deadline"] = format_instant(at)
    events = [Event("turn_locked", locked)]
    if state.config.draw_source == "simulated":
        rng = state.random()
        numbers = simulate(rng)
        state.keep(rng)
        day = state.draw_date or format_instant(at)[:10]
        events += turn_draw(state, numbers, day, "simulated", "system", at)
    return events


def turn_draw(
    state: TronoState, numbers: dict[str, list[int]], day: str, source: str, by: str, at: int
) -> list[Event]:
    events = [draw_recorded(state, day, numbers)]
    events += resolve_with(state, numbers, day, source=source, by=by, at=at)
    return held_or_published(state, events, at)


def draw_recorded(state: TronoState, day: str, numbers: dict[str, list[int]]) -> Event:
    """The public event of the open turn's draw, as the turn is published with it."""
    return Event(
        "draw_recorded", {"purpose": "turn", "turn": state.turn, "date": day, "numbers": numbers}
    )


def resolve_with(
    state: TronoState,
    numbers: dict[str, list[int]],
    day: str,
    *,
    source: str,
    by: str,
    at: int,
    corrected: bool = False,
) -> list[Event]:
    """The turn resolved with the draw `numbers`, the draw recorded after the state as it
    was before, which is kept so that a correction can resolve the turn again (R68)."""
    state.pre_resolution = None
    before = state.model_dump(mode="json")
    state.draws.append(
        Draw(
            purpose="turn",
            turn=state.turn,
            date=day,
            numbers=numbers,
            source=source,
            entered_by=by,
            entered_at=at,
            corrected=corrected,
        )
    )
    events = resolve_turn(state, numbers)
    state.pre_resolution = before
    return events


def held_or_published(state: TronoState, events: list[Event], at: int) -> list[Event]:
    """A resolved turn's events: published at once, or, when the referees review the
    results (the last turn's too), held for them alone — nobody else hears of them (R45)."""
    if not state.config.review_before_publish:
        return events + publish_turn(state, at)
    state.phase = "review"
    return hold(state, events)


def publish_turn(state: TronoState, at: int) -> list[Event]:
    """A11, R45: the turn is published (`publication.publish`); then the next turn opens,
    unless that turn ended the game."""
    events = publish(state)
    if state.result is None:
        events += open_turn(state, at)
    return events

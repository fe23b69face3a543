"""Who is looking: a seat, a team, the referee or the public; and what events they see."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from .actions import Event

ViewerKind = Literal["seat", "team", "referee", "public"]


@dataclass(frozen=True, slots=True)
class Viewer:
    """A point of view. `seats` are the seats whose private information it may see."""

    kind: ViewerKind
    id: str = ""
    seats: frozenset[str] = frozenset()

    @classmethod
    def seat(cls, seat: str) -> Viewer:
        return cls("seat", seat, frozenset({seat}))

    @classmethod
    def team(cls, team: str, seats: Iterable[str]) -> Viewer:
        return cls("team", team, frozenset(seats))

    @classmethod
    def referee(cls) -> Viewer:
        return cls("referee", "referee")

    @classmethod
    def public(cls) -> Viewer:
        return cls("public", "public")

    @property
    def is_referee(self) -> bool:
        return self.kind == "referee"

    def sees_private_of(self, seat: str) -> bool:
        return self.is_referee or seat in self.seats

    def __str__(self) -> str:
        return self.id if self.kind in ("seat", "referee", "public") else f"team:{self.id}"


def filter_event(event: Event, viewer: Viewer) -> Event | None:
    """The event as `viewer` may see it: itself, its public twin, or nothing."""
    if event.visible_to is None or viewer.is_referee or event.visible_to & viewer.seats:
        return event
    if event.public is None:
        return None
    return replace(event, data=event.public, visible_to=None, public=None)


def filter_events(events: Iterable[Event], viewer: Viewer) -> list[Event]:
    out = []
    for event in events:
        seen = filter_event(event, viewer)
        if seen is not None:
            out.append(seen)
    return out

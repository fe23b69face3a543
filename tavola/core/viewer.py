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

    def may_see(self, audience: frozenset[str] | set[str], everyone: frozenset[str]) -> bool:
        """Whether something shown to `audience` is shown to this viewer: a team sees only
        what every member may see, so that a team view never tells one member another's
        secret; the public sees what is shown to every seat."""
        if self.is_referee:
            return True
        if self.seats:
            return self.seats <= audience
        return everyone <= audience

    def __str__(self) -> str:
        return self.id if self.kind in ("seat", "referee", "public") else f"team:{self.id}"


def filter_event(event: Event, viewer: Viewer) -> Event | None:
    """The event as `viewer` may see it: itself, its public twin, or nothing. A private
    event reaches a viewer whose every seat is in its audience (see `Viewer.may_see`)."""
    audience = event.visible_to
    if audience is None or viewer.is_referee or (viewer.seats and viewer.seats <= audience):
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

"""The features at work in this server, and the notices the move path gives them: a
game's start and end in the commit that records it, its end again once that commit has
landed, and the automation's pass. The move path calls these and knows no feature."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from tavola.features import GameEnded, GameStarted, Part, Platform, features

from .live import Live


class Notices:
    def __init__(self) -> None:
        self.parts: list[Part] = []

    def start(self, platform: Platform) -> None:
        """Builds each registered feature's part, in the features' order (by name)."""
        self.parts = [f.part(platform) for f in features() if f.part is not None]

    def started(self, session: Session, started: GameStarted) -> None:
        for part in self.parts:
            part.game_started(session, started)

    def ended(self, session: Session, ended: GameEnded) -> None:
        for part in self.parts:
            part.game_ended(session, ended)

    def landed(self, ended: GameEnded) -> None:
        for part in self.parts:
            part.after_game_ended(ended)

    def tick(self) -> None:
        for part in self.parts:
            part.tick()


def game_ended(live: Live, state: Any, outcome: dict[str, Any]) -> GameEnded:
    """The end of `live`'s game at `state`, as the features hear it."""
    people = frozenset(seat for seat, info in live.seats.items() if info.human)
    return GameEnded(live.game_id, live.game, state, outcome, people, live.seed_known)

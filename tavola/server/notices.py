"""The features at work in this server, and the notices the move path gives them: a
game's start and end in the commit that records it, its end again once that commit has
landed, and the automation's pass. The move path calls these and knows no feature.

A part that raises fails alone: in the commit, what it wrote is undone (a savepoint of
its own), the game's opening or move is kept and the other parts are told; elsewhere it
is logged and the next part told (tavola/server/DECISIONS.md, "A feature that fails")."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

from sqlalchemy.orm import Session

from tavola.features import GameEnded, GameStarted, Part, Platform, TableHome, features

from .live import Live

log = logging.getLogger(__name__)


class Notices:
    def __init__(self) -> None:
        self.named: list[tuple[str, Part]] = []
        """Each feature's part, with the feature's name (for the log)."""

    @property
    def parts(self) -> list[Part]:
        return [part for _, part in self.named]

    def start(self, platform: Platform) -> None:
        """Builds each registered feature's part, in the features' order (by name)."""
        self.named = [(f.name, f.part(platform)) for f in features() if f.part is not None]

    def started(self, session: Session, started: GameStarted) -> None:
        for name, part in self.named:
            _alone(
                session,
                name,
                started.game_id,
                "start",
                partial(part.game_started, session, started),
            )

    def ended(self, session: Session, ended: GameEnded) -> None:
        for name, part in self.named:
            _alone(session, name, ended.game_id, "end", partial(part.game_ended, session, ended))

    def home(self, session: Session, game_id: str) -> TableHome | None:
        """Where the table leads its seats back to, if it is a feature's."""
        for part in self.parts:
            home = part.table_home(session, game_id)
            if home is not None:
                return home
        return None

    def landed(self, ended: GameEnded) -> None:
        for name, part in self.named:
            try:
                part.after_game_ended(ended)
            except Exception:
                log.exception("feature %s failed after the end of %s", name, ended.game_id)

    def tick(self) -> None:
        for name, part in self.named:
            try:
                part.tick()
            except Exception:
                log.exception("feature %s failed in the automation's pass", name)


def _alone(
    session: Session, name: str, game_id: str, moment: str, tell: Callable[[], None]
) -> None:
    """Tells a part inside a savepoint: if it raises, what it wrote is undone and the
    commit goes on without it (the part misses this notice, and the log says so)."""
    try:
        with session.begin_nested():
            tell()
    except Exception:
        log.exception(
            "feature %s failed at the %s of %s; it misses that notice", name, moment, game_id
        )


def game_ended(live: Live, state: Any, outcome: dict[str, Any]) -> GameEnded:
    """The end of `live`'s game at `state`, as the features hear it."""
    people = frozenset(seat for seat, info in live.seats.items() if info.human)
    return GameEnded(live.game_id, live.game, state, outcome, people, live.seed_known)

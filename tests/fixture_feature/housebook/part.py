"""The house book at work in a server: it hears each table open and each game end, in the
commit that records it, so its counts and the games agree after any crash."""

from __future__ import annotations

from sqlalchemy.orm import Session

from tavola.features import GameEnded, GameStarted, Part, Platform

from . import records


class HouseBook(Part):
    def __init__(self, _: Platform) -> None:
        pass

    def game_started(self, session: Session, started: GameStarted) -> None:
        records.count(session, started.game.name, opened=1)

    def game_ended(self, session: Session, ended: GameEnded) -> None:
        records.count(session, ended.game.name, finished=1)

"""Ratings at work in a server: a finished game that may count is counted in the commit
that records its end (`counting`), so it counts exactly once."""

from __future__ import annotations

from sqlalchemy.orm import Session

from tavola.features import GameEnded, Part, Platform
from tavola.store.repo import now

from .counting import count_ending
from .ending import ending_of


class Ratings(Part):
    def __init__(self, _: Platform) -> None:
        pass

    def game_ended(self, session: Session, ended: GameEnded) -> None:
        teams = ended.game.teams(ended.state)
        ending = ending_of(
            ended.game_id,
            ended.game.name,
            ended.outcome,
            teams,
            ended.people,
            seed_known=ended.seed_known,
        )
        if ending is not None:
            count_ending(session, ending, now())

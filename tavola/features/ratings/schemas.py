"""The ratings' response bodies."""

from __future__ import annotations

from pydantic import BaseModel


class Rated(BaseModel):
    rating: float
    """The ordinal, mu - 3 sigma: what ranks the leaderboard."""
    mu: float
    sigma: float
    games: int
    """Rated games finished."""


class Standing(Rated):
    """An account on a game's leaderboard (equal ratings share a rank)."""

    rank: int
    name: str


class Leaderboard(BaseModel):
    game: str
    total: int
    """Accounts rated at the game."""
    limit: int
    offset: int
    entries: list[Standing]
    """Best first, from `offset`."""


class MyRating(Rated):
    """The account's rating at one game, and its rank there."""

    game: str
    rank: int

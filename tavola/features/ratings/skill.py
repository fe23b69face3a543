"""A rating and how a finished game moves it, with openskill's Plackett-Luce model (one
model for two seats, free-for-all and teams; ties allowed). Pure: no database here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

MODEL = PlackettLuce()
"""openskill's defaults: a newcomer at mu 25, sigma 25/3 (ordinal 0)."""


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float
    games: int = 0
    """Rated games finished."""

    @property
    def ordinal(self) -> float:
        """What a leaderboard ranks by: the skill the player surely has (mu - 3 sigma),
        so that one lucky game does not put a newcomer on top."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, float | int]:
        return {
            "rating": round(self.ordinal, 2),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "games": self.games,
        }


NEWCOMER = Skill(MODEL.mu, MODEL.sigma, 0)


def rate(
    sides: Sequence[Sequence[str]], places: Sequence[int], before: Mapping[str, Skill]
) -> dict[str, Skill]:
    """The ratings after a game: `sides` are the accounts playing together (one each in
    a free-for-all), `places` each side's place (1 first; equal places a tie); an
    account missing from `before` starts as a newcomer."""
    teams = [[_model_rating(before.get(a, NEWCOMER)) for a in side] for side in sides]
    rated = MODEL.rate(teams, ranks=[float(p) for p in places])
    after: dict[str, Skill] = {}
    for side, ratings in zip(sides, rated, strict=True):
        for account, rating in zip(side, ratings, strict=True):
            games = before.get(account, NEWCOMER).games + 1
            after[account] = Skill(rating.mu, rating.sigma, games)
    return after


def _model_rating(skill: Skill) -> PlackettLuceRating:
    return MODEL.rating(mu=skill.mu, sigma=skill.sigma)

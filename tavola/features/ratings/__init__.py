"""Ratings per account and game, with openskill: counted in the commit that records a
rated game's end (`counting`), read for the leaderboard, an account's page and seeding
(`ratings_for`). Which games count: tavola/server/DECISIONS.md, "Ratings"."""

from pathlib import Path

from tavola.features import Feature

from . import routes
from .part import Ratings
from .service import ratings_for
from .skill import NEWCOMER, Skill

HERE = Path(__file__).parent

feature = Feature(
    "ratings",
    routers=(routes.router,),
    migrations=HERE / "migrations",
    part=Ratings,
    pages=HERE / "web",
)

__all__ = ["NEWCOMER", "Skill", "feature", "ratings_for"]

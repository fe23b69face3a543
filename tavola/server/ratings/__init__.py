"""Ratings per account and game, with openskill: counted in the commit that records a
rated game's end (`counting`), read for the leaderboard, an account's page and seeding
(`ratings_for`). Which games count: tavola/server/DECISIONS.md, "Ratings"."""

from .service import ratings_for
from .skill import NEWCOMER, Skill

__all__ = ["NEWCOMER", "Skill", "ratings_for"]

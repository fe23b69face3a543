"""Reading ratings: a game's leaderboard, an account's own, and any accounts' at a game
(for seeding a tournament by rating, R143)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tavola.store import Database

from . import records
from .skill import Skill

PAGE_MAX = 100
"""Leaderboard rows a request may ask for at most."""
OFFSET_MAX = 100_000


def ratings_for(db: Database, game: str, account_ids: Sequence[str]) -> dict[str, Skill]:
    """Each account's rating at `game` (a newcomer's, `games` 0, for one never rated at
    it). Seeding orders entrants by `Skill.ordinal`, best first."""
    with db.session() as session:
        return records.skills(session, game, account_ids)


def leaderboard(db: Database, game: str, limit: int, offset: int) -> dict[str, Any]:
    with db.session() as session:
        total, standings = records.leaderboard(session, game, limit, offset)
    return {
        "game": game,
        "total": total,
        "limit": limit,
        "offset": offset,
        "entries": [{"rank": s.rank, "name": s.name, **s.skill.to_json()} for s in standings],
    }


def of_account(db: Database, account_id: str) -> list[dict[str, Any]]:
    with db.session() as session:
        found = records.of_account(session, account_id)
    return [{"game": game, "rank": s.rank, **s.skill.to_json()} for game, s in found]

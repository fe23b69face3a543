"""Which finished games count, and counting one: run in the commit that records the end,
so a game counts exactly once (its end is recorded once; the `rated_games` mark makes
meeting it again, by a replay or a restart, change nothing)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from . import records
from .ending import Ending
from .skill import Skill, rate


def count_ending(session: Session, ending: Ending, at: datetime) -> dict[str, Any] | None:
    """Moves the ratings of the accounts at a finished game, if it counts: at least two
    of its people's seats hang on accounts, on two sides or more, and no account holds
    two of them (nobody is rated against themselves). Returns what changed (None: the
    game does not count, or counted already)."""
    held = records.accounts_at(session, ending.game_id, ending.places)
    if len(held) < 2 or len(set(held.values())) < len(held):
        return None
    members: dict[str, list[str]] = {}
    place: dict[str, int] = {}
    for seat in sorted(held):
        side = ending.sides[seat]
        members.setdefault(side, []).append(held[seat])
        place[side] = min(place.get(side, ending.places[seat]), ending.places[seat])
    if len(members) < 2 or records.already_rated(session, ending.game_id):
        return None
    sides = sorted(members)
    before = records.locked(session, ending.game, list(held.values()), at)
    after = rate([members[s] for s in sides], [place[s] for s in sides], before)
    changes = {
        held[seat]: {
            "seat": seat,
            "side": ending.sides[seat],
            "place": ending.places[seat],
            "before": _numbers(before[held[seat]]),
            "after": _numbers(after[held[seat]]),
        }
        for seat in sorted(held)
    }
    if not records.mark_rated(session, ending.game_id, changes, at):
        return None
    records.store(session, ending.game, after, at)
    return changes


def _numbers(skill: Skill) -> dict[str, float]:
    return {"mu": skill.mu, "sigma": skill.sigma, "ordinal": skill.ordinal}

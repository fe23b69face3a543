"""Who hears an event beside the public: the referees, and a team with its referees."""

from __future__ import annotations

from .state import Team, TronoState


def referees(state: TronoState) -> frozenset[str]:
    return frozenset(f"referee:{r}" for r in state.config.referees)


def team_audience(state: TronoState, team: Team) -> frozenset[str]:
    return frozenset(f"player:{m}" for m in team.members) | referees(state)

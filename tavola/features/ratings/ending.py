"""What of a finished game may count for ratings, as the engine left it: the people's
seats with a place, and the side each plays on. Which of them hang on accounts is read at
commit time (`records`); the rule as a whole is in `rule`."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Ending:
    """A finished game's people's seats: each one's place (1 first) and side."""

    game_id: str
    game: str
    places: Mapping[str, int]
    sides: Mapping[str, str]
    """Seat → side: its team's (`team:<key>`), or its own (`seat:<seat>`) when the game
    puts it in no team (a free-for-all, a two-seat game)."""


def ending_of(
    game_id: str,
    game: str,
    outcome: Mapping[str, Any] | None,
    teams: Mapping[str, Collection[str]],
    people: Collection[str],
    *,
    seed_known: bool,
) -> Ending | None:
    """The part of a finished game ratings may take (None: it cannot be rated whoever
    holds its seats). A table whose seed its players chose is practice: whoever knows
    the seed knows the deal. `people`: the seats persons hold (not bots or automata)."""
    if seed_known or not outcome:
        return None
    placements = outcome.get("placements") or {}
    places = {
        seat: int(place)
        for seat, place in placements.items()
        if seat in people and isinstance(place, int) and place >= 1
    }
    team_of = {seat: team for team, seats in teams.items() for seat in seats}
    sides = {seat: _side(seat, team_of.get(seat)) for seat in places}
    if len(set(sides.values())) < 2:  # nobody to be rated against
        return None
    return Ending(game_id, game, places, sides)


def _side(seat: str, team: str | None) -> str:
    return f"seat:{seat}" if team is None else f"team:{team}"

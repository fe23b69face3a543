"""Championship points of one game, and who won it."""

from __future__ import annotations

from collections.abc import Sequence

WIN, DRAW, LOSS, BYE = 3.0, 1.0, 0.0, 3.0
"""A 2-seat game's points, and a bye's."""


def game_points(places: Sequence[int]) -> list[float]:
    """Each seat's points: 3/1/0 at a 2-seat table; at n seats placement p earns
    n − p, seats sharing a place share the average of the points of the places they
    cover (places 1, 1 of 4 earn (3 + 2) / 2 = 2.5 each)."""
    if len(places) == 2:
        if places[0] == places[1]:
            return [DRAW, DRAW]
        return [WIN if p == min(places) else LOSS for p in places]
    n = len(places)
    points = []
    for place in places:
        sharing = sum(1 for p in places if p == place)
        # competition ranks: a group sharing place p covers places p … p + k − 1
        points.append(n - place - (sharing - 1) / 2)
    return points


def winner_seat(places: Sequence[int]) -> int | None:
    """The seat that finished first alone, if one did (a shared first is no win)."""
    first = min(places)
    seats = [i for i, p in enumerate(places) if p == first]
    return seats[0] if len(seats) == 1 else None


def ranks(scores: Sequence[float]) -> list[int]:
    """Competition ranks of scores, higher first (3, 1, 1 → 1, 2, 2)."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]

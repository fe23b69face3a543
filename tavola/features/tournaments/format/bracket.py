"""The single-elimination bracket: its size, the order of its seeds, and the first
round's pairs with byes."""

from __future__ import annotations


def bracket_size(entrants: int) -> int:
    """B, the smallest power of 2 ≥ E."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def bracket_order(size: int) -> list[int]:
    """order(2) = [1, 2]; order(2k) = for each s in order(k): s, 2k + 1 − s. Adjacent
    positions meet, so the best seeds meet as late as possible."""
    order = [1, 2]
    while len(order) < size:
        k = len(order)
        order = [seed for s in order for seed in (s, 2 * k + 1 - s)]
    return order


def first_round(seeding: list[int]) -> list[list[int]]:
    """Round 1's pairs of entrants: adjacent positions of the bracket order; a seed beyond
    the entrants is a bye, leaving its opponent alone (who advances)."""
    order = bracket_order(bracket_size(len(seeding)))
    entrants = [seeding[s - 1] if s <= len(seeding) else None for s in order]
    return [
        [e for e in (entrants[i], entrants[i + 1]) if e is not None]
        for i in range(0, len(entrants), 2)
    ]

"""Round robin by the circle method: the first seat stays, the others turn one
place each round; a dummy seat makes the count even, and whoever meets it has a bye."""

from __future__ import annotations


def round_robin(seeding: list[int], double: bool = False) -> list[list[list[int]]]:
    """Every round's pairings (a bye is a lone entrant): n − 1 rounds for n seats (the
    dummy included), each pair once; twice over with `double`."""
    seats: list[int | None] = list(seeding)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    rounds: list[list[list[int]]] = []
    for _ in range(n - 1):
        pairs = [(seats[i], seats[n - 1 - i]) for i in range(n // 2)]
        rounds.append([[e for e in pair if e is not None] for pair in pairs])
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds + [[list(p) for p in r] for r in rounds] if double else rounds

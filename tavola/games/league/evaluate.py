"""A position's worth for a seat (the `Evaluation` capability), for the greedy and ISMCTS
bots: ±1 once decided, else life, legends still able to fight, cards and the deck clock,
each as the seat's share against the opponent's."""

from __future__ import annotations

from .state import SEATS, LeagueState, other

LIFE, LEGENDS, CARDS, DECK = 0.5, 0.3, 0.1, 0.05


def evaluate(state: LeagueState, seat: str) -> float:
    if seat not in SEATS:
        return 0.0
    own = SEATS.index(seat)
    if state.result is not None:
        winner = state.result["winner"]
        return 0.0 if winner is None else (1.0 if winner == seat else -1.0)
    mine, theirs = state.sides[own], state.sides[other(own)]

    def share(a: float, b: float) -> float:
        return 0.0 if a + b == 0 else (a - b) / (a + b)

    fighters = (
        len(mine.waiting) + (mine.arena is not None),
        len(theirs.waiting) + (theirs.arena is not None),
    )
    score = (
        LIFE * share(mine.life, theirs.life)
        + LEGENDS * share(*fighters)
        + CARDS * share(len(mine.hand) + len(mine.zone), len(theirs.hand) + len(theirs.zone))
        + DECK * share(len(mine.deck), len(theirs.deck))
    )
    return max(-0.95, min(0.95, score))

"""A position's worth for a seat (the `Evaluation` capability), for the greedy and ISMCTS
bots: ±1 once decided, else, with the battle still ahead this turn foreseen (`forecast`),
life, the legends still able to fight (how many, and how hard they hit), cards and the deck
clock, each as the seat's share against the opponent's."""

from __future__ import annotations

import math

from .content import starter
from .forecast import battle
from .state import SEATS, LeagueState, other

LIFE, LEGENDS, STRENGTH, CARDS, DECK = 0.5, 0.15, 0.15, 0.1, 0.05
LETHAL = 0.95
"""A foreseen lethal hit: nearly won (a card still face down may stop it)."""
SPREAD, BOUND = 8.0, 0.9
"""The weighted shares go through `BOUND·tanh(SPREAD·x)`: an order-keeping stretch, so that
ISMCTS (whose rewards squash the evaluation's gains) tells a good legend from a poor one
above its exploration's noise; a position never reaches a foreseen lethal hit's worth."""


def _share(a: float, b: float) -> float:
    return 0.0 if a + b == 0 else (a - b) / (a + b)


def evaluate(state: LeagueState, seat: str) -> float:
    if seat not in SEATS:
        return 0.0
    own = SEATS.index(seat)
    if state.result is not None:
        winner = state.result["winner"]
        return 0.0 if winner is None else (1.0 if winner == seat else -1.0)
    sides = state.sides
    lives = [sides[0].life, sides[1].life]
    fighters = [side.waiting + ([side.arena] if side.arena is not None else []) for side in sides]
    ahead = battle(state)
    if ahead is not None:
        assert state.attacker is not None
        defender = other(state.attacker)
        lives[defender] -= ahead.damage
        if lives[defender] <= 0:
            return LETHAL if defender != own else -LETHAL
        for side in (0, 1):
            lives[side] -= ahead.burn[side]
            if lives[side] <= 0:
                return LETHAL if side != own else -LETHAL
        for side, legend in enumerate(ahead.exiting):
            if legend is not None:
                fighters[side] = [x for x in fighters[side] if x != legend]
    legends = starter().legends
    mine, theirs = own, other(own)
    dv = [sum(legends[x].dv for x in f) for f in fighters]
    cards = [len(side.hand) + len(side.zone) for side in sides]
    score = (
        LIFE * _share(lives[mine], lives[theirs])
        + LEGENDS * _share(len(fighters[mine]), len(fighters[theirs]))
        + STRENGTH * _share(dv[mine], dv[theirs])
        + CARDS * _share(cards[mine], cards[theirs])
        + DECK * _share(len(sides[mine].deck), len(sides[theirs].deck))
    )
    return BOUND * math.tanh(SPREAD * score)

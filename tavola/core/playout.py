"""Random play that stays meaningful: actions a game marks as rare (such as conceding)
are picked only now and then, so random games explore the rules instead of ending."""

from __future__ import annotations

from typing import Any

from .actions import Action
from .protocol import Game
from .rng import Rng

RARE_CHANCE = 300
"""A rare action is taken in about one choice in this many, when others are possible."""


def random_action(game: Game[Any], state: Any, seat: str, rng: Rng) -> Action:
    actions = game.legal_actions(state, seat)
    rare = game.info.rare_actions
    common = [a for a in actions if a.type not in rare]
    if common and (len(common) == len(actions) or rng.below(RARE_CHANCE) != 0):
        return rng.choice(common)
    return rng.choice(actions)

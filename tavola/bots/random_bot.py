"""The random bot: a uniform choice among the legal actions (rare ones, such as
conceding, only now and then), from its own seeded RNG."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Game, Rng
from tavola.core.playout import random_action


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game[Any], state: Any, seat: str) -> Action:
        return random_action(game, state, seat, self.rng)

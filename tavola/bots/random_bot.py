"""The random bot: a uniform choice among the legal actions, from its own seeded RNG."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Game, Rng


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game[Any], state: Any, seat: str) -> Action:
        return self.rng.choice(game.legal_actions(state, seat))

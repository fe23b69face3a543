"""The greedy bot: one ply of look-ahead on the game's own `evaluate`.

Each legal action is tried on a few determinized worlds (worlds consistent with what the
bot's seat sees), never on the real state, whose hidden cards and RNG a trial would
expose; the action with the best average evaluation is played. A sealed decision (several
seats choosing at once) is completed in each world with the other seats' timeout actions,
so that what the bot chose shows in the evaluation."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Game, IllegalAction, Rng

from .search import evaluator, outcome_reward, searched_actions

WIN = 1e6
"""The worth of a finished game, beyond any evaluation."""


class GreedyBot:
    """`samples` worlds per decision, drawn from its own seeded RNG."""

    def __init__(self, seed: int, samples: int = 3) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.rng = Rng(seed)
        self.samples = samples

    def choose(self, game: Game[Any], state: Any, seat: str) -> Action:
        evaluate = evaluator(game)
        if evaluate is None:
            raise ValueError(f"the greedy bot needs {game.name}'s evaluate(state, seat)")
        actions = searched_actions(game, game.legal_actions(state, seat))
        if len(actions) == 1:
            return actions[0]
        sealed = game.to_act(state) - {seat}
        worlds = [game.determinize(state, seat, self.rng) for _ in range(self.samples)]
        best, best_score = actions[0], -float("inf")
        for action in actions:
            score = 0.0
            for world in worlds:
                trial = game.clone(world)
                try:
                    game.apply(trial, seat, action)
                except IllegalAction:
                    score = -float("inf")  # legal for the seat, so never in practice
                    break
                _complete_sealed(game, trial, sealed)
                outcome = game.outcome(trial)
                if outcome is not None:
                    score += WIN * (2 * outcome_reward(outcome, seat) - 1)
                else:
                    score += evaluate(trial, seat)
            if score > best_score:
                best, best_score = action, score
        return best


def _complete_sealed(game: Game[Any], world: Any, seats: frozenset[str]) -> None:
    """The other seats of a sealed decision send their timeout actions (a bounded loop:
    each seat's timeout settles its decision)."""
    for _ in range(2 * len(seats)):
        waiting = seats & game.to_act(world)
        if not waiting or game.outcome(world) is not None:
            return
        other = min(waiting)
        game.apply(world, other, game.timeout_action(world, other))

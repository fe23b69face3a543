"""How fast ISMCTS searches, beside OpenSpiel's Python MCTS on its Python tic-tac-toe.

Two configurations of ISMCTS are timed on the same position, and neither may be mistaken
for the other:

- *production*: the bot as it plays (a 2-ply random rollout, then the game's `evaluate`);
- *full rollouts*: every rollout played randomly to the end of the game and scored by its
  outcome alone, the same work per simulation as OpenSpiel's MCTS with its random-rollout
  evaluator.

Beside the time per 1,000 iterations, each reports the game steps (actions applied) per
iteration, counted in a separate untimed run, since a rollout to the end of a card game
takes many more steps than one to the end of tic-tac-toe. Figures only: nothing here is
asserted on time by the tests."""

from __future__ import annotations

import importlib
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from tavola.core import Action, Event, Game, Player, Table

from . import IsmctsBot, make_bot
from .strength import default_table


@dataclass(frozen=True, slots=True)
class SearchSpeed:
    """One configuration's figures: the best of the timed runs, in milliseconds per 1,000
    iterations (simulations), and the game steps one iteration applies on average."""

    ms_per_1000: float
    steps_per_iteration: float

    @property
    def us_per_step(self) -> float | None:
        """Microseconds per game step: the figure that compares searches of games whose
        rollouts differ in length (ms per 1,000 iterations are µs per iteration). None when
        the search applied no step (a position whose tree never grows past its root)."""
        if not self.steps_per_iteration:
            return None
        return self.ms_per_1000 / self.steps_per_iteration

    def to_json(self) -> dict[str, float | None]:
        per_step = self.us_per_step
        return {
            "ms_per_1000": round(self.ms_per_1000, 1),
            "steps_per_iteration": round(self.steps_per_iteration, 2),
            "us_per_step": round(per_step, 2) if per_step is not None else None,
        }


class CountingGame:
    """`game` with a count of the actions applied through it (for the untimed runs that
    count a search's steps; every other member is the game's own)."""

    def __init__(self, game: Game[Any]) -> None:
        self._game = game
        self.steps = 0

    def apply(self, state: Any, seat: str, action: Action) -> list[Event]:
        self.steps += 1
        return self._game.apply(state, seat, action)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def speed_position(
    game: Game[Any],
    config: Mapping[str, Any] | None = None,
    seed: int = 0,
    decisions: int | None = None,
    choices: int = 10,
) -> tuple[Any, str, int]:
    """A position in the thick of a game (by default `default_table`'s): the reference
    bots play deal `seed` for `decisions` decisions (by default half their whole game on
    that deal), then on to the first seat to act with at least `choices` legal actions.
    Returns the state, that seat and the decisions taken to get there."""
    config = config or default_table(game)
    if decisions is None:
        decisions = sum(1 for _ in _reference_game(game, config, seed)) // 2
    for table, seat, played in _reference_game(game, config, seed):
        if played >= decisions and len(game.legal_actions(table.state, seat)) >= choices:
            return table.state, seat, played
    raise RuntimeError(f"deal {seed} ends before a position with {choices} choices")


def _reference_game(
    game: Game[Any], config: Mapping[str, Any], seed: int
) -> Iterator[tuple[Table, str, int]]:
    """Deal `seed` played by the reference bot in every seat: (table, seat to act,
    decisions so far) before each decision."""
    table = Table(game, config, seed)
    order = game.seats(table.state)
    bot: Player = make_bot("reference", game, seed, order[0])
    played = 0
    while table.outcome is None:
        seat = next(s for s in order if s in table.to_act)
        yield table, seat, played
        table.act(seat, bot.choose(game, table.state, seat))
        played += 1


def search_speed(
    game: Game[Any],
    state: Any,
    seat: str,
    iterations: int = 1000,
    repeats: int = 3,
    *,
    full_rollouts: bool = False,
) -> SearchSpeed:
    """ISMCTS on `state` for `seat`: the best of `repeats` timed decisions (so that a busy
    machine counts less), then one untimed decision with the first run's seed that counts
    its steps (the same search: a seeded bot with an iteration budget is deterministic)."""
    best = float("inf")
    for run in range(repeats):
        bot = IsmctsBot(run, iterations=iterations, full_rollouts=full_rollouts)
        started = time.perf_counter()
        bot.choose(game, state, seat)
        # per iteration run: the opening tries every root action even past the budget
        best = min(best, (time.perf_counter() - started) / max(1, bot.last_iterations))
    counting = CountingGame(game)
    bot = IsmctsBot(0, iterations=iterations, full_rollouts=full_rollouts)
    bot.choose(counting, state, seat)
    return SearchSpeed(1000 * 1000 * best, counting.steps / max(1, bot.last_iterations))


def openspiel_mcts(repeats: int = 3, simulations: int = 1000) -> SearchSpeed | None:
    """OpenSpiel's Python MCTS (one random rollout per simulation) on `python_tic_tac_toe`
    from the empty board, best of `repeats`, and its steps per simulation counted in an
    untimed run; None without the `[bench]` extra."""
    try:  # the optional `[bench]` extra; imported by name, since it ships no type hints
        np = importlib.import_module("numpy")
        pyspiel = importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.games")  # registers the Python games
        tic_tac_toe = importlib.import_module("open_spiel.python.games.tic_tac_toe")
        mcts = importlib.import_module("open_spiel.python.algorithms.mcts")
    except ImportError:
        return None
    spiel_game = pyspiel.load_game("python_tic_tac_toe")

    def decide(run: int) -> float:
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(run))
        bot = mcts.MCTSBot(
            spiel_game,
            2,
            simulations,
            evaluator,
            random_state=np.random.RandomState(run),
            solve=False,
        )
        started = time.perf_counter()
        bot.step(spiel_game.new_initial_state())
        return time.perf_counter() - started

    best = min(decide(run) for run in range(repeats))
    # Count the steps by wrapping the Python state's own apply, for one untimed run only.
    state_class = tic_tac_toe.TicTacToeState
    original = state_class._apply_action
    steps = 0

    def counted(self: Any, action: int) -> Any:
        nonlocal steps
        steps += 1
        return original(self, action)

    state_class._apply_action = counted
    try:
        decide(0)
    finally:
        state_class._apply_action = original
    return SearchSpeed(1000 * best * 1000 / simulations, steps / simulations)


def _ratio(ours: float | None, anchor: float | None) -> float | None:
    return round(ours / anchor, 2) if ours is not None and anchor else None


NOTES = {
    "production": "ISMCTS as it plays: 2-ply random rollout after the tree, then the game's "
    "evaluate; not the same work as OpenSpiel's MCTS",
    "full_rollouts": "ISMCTS with every rollout played randomly to the end of the game and "
    "scored by the outcome only, the same number of simulations as OpenSpiel's MCTS with "
    "random rollouts: the like-for-like figure",
    "per_step": "time per game step applied in the search (tree and rollout): the "
    "like-for-like ratio with the length of each game's rollouts taken out",
}


def ismcts_speed(
    game: Game[Any],
    config: Mapping[str, Any] | None = None,
    iterations: int = 1000,
    repeats: int = 3,
    seed: int = 0,
    decisions: int | None = None,
    *,
    full_rollouts: bool = True,
) -> dict[str, Any]:
    """ISMCTS's speed on `speed_position`, in the production configuration and (unless
    `full_rollouts` is False) with full random rollouts, each beside OpenSpiel's Python
    MCTS when OpenSpiel is installed, with ratios named after the configuration."""
    state, seat, played = speed_position(game, config, seed, decisions)
    anchor = openspiel_mcts(repeats=repeats, simulations=iterations)
    figures: dict[str, Any] = {
        "position": f"{game.name}, deal {seed}, {seat} to act after {played} decisions",
        "legal_actions": len(game.legal_actions(state, seat)),
        "iterations": iterations,
        "openspiel_mcts": anchor.to_json() if anchor else None,
    }
    kinds = ("production", "full_rollouts") if full_rollouts else ("production",)
    anchor_ms = anchor.ms_per_1000 if anchor else None
    anchor_step = anchor.us_per_step if anchor else None
    for kind in kinds:
        speed = search_speed(
            game, state, seat, iterations, repeats, full_rollouts=kind == "full_rollouts"
        )
        entry = speed.to_json() | {
            "ratio": _ratio(speed.ms_per_1000, anchor_ms),
            "note": NOTES[kind],
        }
        if kind == "full_rollouts":  # per step compares only searches doing the same work
            entry["ratio_per_step"] = _ratio(speed.us_per_step, anchor_step)
            entry["note_per_step"] = NOTES["per_step"]
        figures[f"ismcts_{kind}"] = entry
    return figures

"""ISMCTS's speed figures: the position they are taken on, the two configurations (the
production one and full random rollouts) and the steps each counts. Budgets are tiny:
nothing here asserts on time."""

from __future__ import annotations

from typing import Any

import pytest

from tavola.bots import IsmctsBot
from tavola.bots.speed import CountingGame, ismcts_speed, search_speed, speed_position
from tavola.core import Game, Table, get_game

from .test_bots import CLASSIC, winning_blow

LEGENDS = get_game("legends")
TRONO = get_game("trono")


class NoEvaluation:
    """Legends whose `evaluate` fails: proves a search never asked for it."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def evaluate(self, state: Any, seat: str) -> float:
        raise AssertionError("evaluate was called")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def test_the_speed_position_has_the_choices_asked_for():
    state, seat, played = speed_position(TRONO, choices=10)
    assert played >= 1
    assert len(TRONO.legal_actions(state, seat)) >= 10


def test_full_rollouts_never_evaluate_and_play_a_legal_move():
    table = winning_blow()
    game: Any = NoEvaluation(table.game)
    with pytest.raises(AssertionError, match="evaluate was called"):
        IsmctsBot(1, iterations=40).choose(game, table.state, "P1")
    action = IsmctsBot(1, iterations=40, full_rollouts=True).choose(game, table.state, "P1")
    assert action in table.game.legal_actions(table.state, "P1")


def test_full_rollouts_play_legal_moves_through_a_whole_game():
    table = Table("legends", {**CLASSIC, "max_rounds": 2}, 6)
    game = table.game
    bots = {
        "P1": IsmctsBot(6, iterations=15, full_rollouts=True),
        "P2": IsmctsBot(7, iterations=15),
    }
    while table.outcome is None:
        seat = sorted(table.to_act)[0]
        action = bots[seat].choose(game, table.state, seat)
        assert action in game.legal_actions(table.state, seat)
        table.act(seat, action)


def test_full_rollouts_take_more_steps_per_iteration_than_production():
    """Production stops two plies after the tree; full rollouts go on to the end."""
    state, seat, _ = speed_position(LEGENDS)
    production = search_speed(LEGENDS, state, seat, iterations=20, repeats=1)
    full = search_speed(LEGENDS, state, seat, iterations=20, repeats=1, full_rollouts=True)
    assert 1 <= production.steps_per_iteration < 10
    assert full.steps_per_iteration > 5 * production.steps_per_iteration


def test_the_counting_game_counts_every_applied_action():
    table = winning_blow()
    counting = CountingGame(table.game)
    state = table.game.clone(table.state)
    for _ in range(3):
        seat = sorted(counting.to_act(state))[0]
        counting.apply(state, seat, counting.legal_actions(state, seat)[0])
    assert counting.steps == 3


def test_ismcts_speed_names_each_configuration_and_its_note():
    figures = ismcts_speed(LEGENDS, iterations=12, repeats=1)
    production, full = figures["ismcts_production"], figures["ismcts_full_rollouts"]
    assert "evaluate" in production["note"] and "end of the game" in full["note"]
    assert full["steps_per_iteration"] > production["steps_per_iteration"]
    assert "ratio_per_step" in full and "ratio_per_step" not in production
    anchor = figures["openspiel_mcts"]
    if anchor is None:  # without the `[bench]` extra there is nothing to compare with
        assert production["ratio"] is None and full["ratio"] is None
    else:
        assert full["ratio"] == pytest.approx(full["ms_per_1000"] / anchor["ms_per_1000"], 0.01)


def test_a_search_that_applied_no_step_has_no_per_step_figure():
    # Seasons' speed position can leave the tree at its root: no division by zero.
    from tavola.bots.speed import SearchSpeed

    figures = SearchSpeed(ms_per_1000=3.0, steps_per_iteration=0.0).to_json()
    assert figures["us_per_step"] is None


def test_the_suite_runs_for_seasons_too():
    figures = ismcts_speed(get_game("seasons"), iterations=8, repeats=1)
    assert "ismcts_full_rollouts" in figures

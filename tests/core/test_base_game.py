"""`BaseGame`'s defaults for a game of perfect information: a dataclass state dumps, loads
and clones through its schema; the view is everything; a determinized world is a copy; a
clock that runs out plays the first legal action; a rule left unwritten is named."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from pydantic import BaseModel

from tavola.core import Action, Event, Outcome, Rng, Viewer
from tavola.core.base_game import BaseGame
from tests.core.tictactoe.game import TicTacToe


@dataclass
class Pile:
    left: int
    taken: list[tuple[str, int]] = field(default_factory=list)


class Nim(BaseGame[Pile]):
    """One pile, take one or two; who takes the last wins. Its state is a dataclass."""

    info = TicTacToe.info
    Config = BaseModel
    State = Pile

    def new(
        self,
        config: Mapping[str, Any] | BaseModel,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> Pile:
        return Pile(5)

    def seats(self, state: Pile) -> list[str]:
        return ["X", "O"]

    def to_act(self, state: Pile) -> frozenset[str]:
        return frozenset({"XO"[len(state.taken) % 2]}) if state.left else frozenset()

    def legal_actions(self, state: Pile, seat: str) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [Action("take", count=n) for n in (1, 2) if n <= state.left]

    def apply(self, state: Pile, seat: str, action: Action) -> list[Event]:
        state.left -= int(action.args["count"])
        state.taken.append((seat, int(action.args["count"])))
        return []

    def outcome(self, state: Pile) -> Outcome | None:
        return None if state.left else Outcome((state.taken[-1][0],), {}, "last")

    def max_decisions(self, state: Pile) -> int:
        return state.left


def played() -> tuple[Nim, Pile]:
    game = Nim()
    state = game.new({}, 1)
    game.apply(state, "X", Action("take", count=2))
    return game, state


def test_a_dataclass_state_dumps_as_json_and_loads_back() -> None:
    game, state = played()
    assert game.dump(state) == {"left": 3, "taken": [["X", 2]]}
    assert game.load(game.dump(state)) == state


def test_a_clone_is_independent_of_its_original() -> None:
    game, state = played()
    copy = game.clone(state)
    game.apply(copy, "O", Action("take", count=1))
    assert (state.left, copy.left) == (3, 2)


def test_nothing_is_hidden_and_a_world_is_the_state_itself() -> None:
    game, state = played()
    assert game.view(state, Viewer.seat("O")) == {**game.dump(state), "to_act": ["O"]}
    assert game.hidden_from(state, "O") == set()
    world = game.determinize(state, "O", Rng(3))
    assert world == state and world is not state


def test_a_clock_that_runs_out_plays_the_first_legal_action() -> None:
    game, state = played()
    assert game.timeout_action(state, "O") == Action("take", count=1)
    assert (game.teams(state), game.clocks(state), game.opening_events(state)) == (
        {"X": ["X"], "O": ["O"]},
        {},
        [],
    )


def test_a_rule_left_unwritten_is_named() -> None:
    class Unfinished(BaseGame[Pile]):
        info = TicTacToe.info

    with pytest.raises(TypeError, match="legal_actions"):
        Unfinished()  # type: ignore[abstract]

"""Helpers of the engine tests: a game from a setup, actions by type, refusals checked
against the state hash (a refused action leaves the state unchanged, §6)."""

from __future__ import annotations

from typing import Any

import pytest

from tavola.core import Action, Event, IllegalAction, Viewer, state_hash
from tavola.games.seasons.game import game
from tavola.games.seasons.state import SeasonsState

HUMAN = Viewer.seat("human")


def new(config: dict[str, Any] | None = None, seed: int = 0, **setup: Any) -> SeasonsState:
    return game.new(config or {}, seed, setup or None)


def act(state: SeasonsState, kind: str, **args: Any) -> list[Event]:
    return game.apply(state, "human", Action(kind, **args))


def refused(state: SeasonsState, code: str, kind: str, **args: Any) -> IllegalAction:
    """The action is refused with `code` and the state hash is unchanged."""
    before = state_hash(game, state)
    with pytest.raises(IllegalAction) as caught:
        act(state, kind, **args)
    assert caught.value.code == code, caught.value.message
    assert state_hash(game, state) == before
    return caught.value


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def first(events: list[Event], kind: str) -> dict[str, Any]:
    return dict(next(e for e in events if e.type == kind).data)


def named(state: SeasonsState, iids: list[str]) -> list[str]:
    view = game.view(state, Viewer.referee())
    catalogue = view["catalogue"]
    ids = [state.instances[i] for i in iids]
    return [catalogue[c]["name"] if c in catalogue else c for c in ids]


def hand(state: SeasonsState) -> list[str]:
    return named(state, state.dummbot.hand)


def array(state: SeasonsState) -> list[str]:
    return named(state, state.dummbot.array)


def human_view(state: SeasonsState) -> dict[str, Any]:
    return game.view(state, HUMAN)


def summoned(events: list[Event]) -> list[str]:
    return [e.data["name"] for e in events if e.type == "card_summoned"]


def discarded(events: list[Event]) -> list[str]:
    return [e.data["card"] for e in events if e.type == "card_discarded"]


def settle(state: SeasonsState) -> list[Event]:
    """Answers pending draw prompts as if the pile were empty (R16 `missing`), and
    instructions as done: for tests about what comes after."""
    events: list[Event] = []
    while state.prompt is not None:
        prompt = state.prompt
        if prompt["kind"] == "name_cards":
            events += act(state, "name_cards", names=[], missing=prompt["count"])
        elif prompt["kind"] == "amount":
            events += act(state, "resolve_instruction", amount=0)
        else:
            events += act(state, "resolve_instruction")
    return events

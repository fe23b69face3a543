"""The observation: fixed size, built from the seat's view only, so that hidden cards of
other seats never change it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tavola.core import Viewer
from tavola.games.legends import game
from tavola.games.legends.rl.actions import actions_for
from tavola.games.legends.rl.observation import BATTLE_GLOBAL, BOUND, COMBAT, LegendsObservation
from tavola.games.legends.state import LegendsState

from .random_states import config, random_states

CONFIGS: dict[str, dict[str, Any]] = {
    "classic-2": config("classic", 2),
    "epic-4-teams": config("epic", 4, sides="teams"),
    "simplified-3": config("simplified", 3),
}


def observer(state: LegendsState) -> LegendsObservation:
    actions = actions_for(state)
    return LegendsObservation(len(state.seats), actions.main_cards, actions.battle, state.catalog)


def observe(state: LegendsState, seat: str) -> np.ndarray:
    return observer(state)(game.view(state, Viewer.seat(seat)), seat)


def swap_hidden_cards(state: LegendsState, seat: str) -> LegendsState | None:
    """A copy where every other seat's hand (battles) or pile (simplified) holds other cards
    from the deck or the other hands, or None when nothing could change."""
    world = state.clone()
    if world.strappa is not None:
        piles = [world.strappa.piles[s] for s in world.turn_order if s != seat]
        pool = [iid for pile in piles for iid in pile]
        if len({world.instances[i] for i in pool}) < 2:
            return None
        pool = pool[1:] + pool[:1]
        for pile in piles:
            pile[:] = [pool.pop(0) for _ in pile]
        return world
    hands = [world.seats[s].hand for s in world.turn_order if s != seat and world.seats[s].hand]
    pool = world.deck + [iid for hand in hands for iid in hand]
    if not hands or len(world.deck) < sum(map(len, hands)):
        return None
    for hand in hands:
        for i in range(len(hand)):
            hand[i] = pool.pop(0)
    world.deck[:] = pool
    return world


@pytest.mark.parametrize("name", CONFIGS)
def test_other_seats_hidden_cards_do_not_change_the_observation(name: str) -> None:
    compared = 0
    for i, state in enumerate(random_states(CONFIGS[name], 3, 600)):
        if i % 7:
            continue
        world = swap_hidden_cards(state, "P1")
        if world is None:
            continue
        compared += 1
        assert np.array_equal(observe(state, "P1"), observe(world, "P1"))
    assert compared >= 10


@pytest.mark.parametrize("name", ["classic-2", "epic-4-teams"])
def test_a_seats_own_hand_does_change_its_observation(name: str) -> None:
    """The control of the test above: the swapped cards are visible to their holder."""
    differing = 0
    for i, state in enumerate(random_states(CONFIGS[name], 3, 600)):
        world = swap_hidden_cards(state, "P1") if i % 7 == 0 else None
        if world is not None and world.seats["P2"].hand != state.seats["P2"].hand:
            differing += not np.array_equal(observe(state, "P2"), observe(world, "P2"))
    assert differing >= 5


@pytest.mark.parametrize("name", CONFIGS)
def test_observation_has_a_fixed_size_and_stays_in_bounds(name: str) -> None:
    sizes = set()
    for i, state in enumerate(random_states(CONFIGS[name], 4, 600)):
        if i % 5:
            continue
        for seat in state.turn_order:
            vector = observe(state, seat)
            sizes.add(vector.shape)
            assert vector.dtype == np.float32
            assert np.all(np.abs(vector) <= BOUND)
    assert sizes == {(observer(state).size,)}


def test_observation_is_relative_to_the_seat() -> None:
    """Relative seat 0 is the observer: each seat sees itself first (the `self` flag)."""
    state = game.new(CONFIGS["classic-2"], 1)
    see = observer(state)
    start = BATTLE_GLOBAL + COMBAT + len(see.main_cards)
    for seat in ("P1", "P2"):
        assert observe(state, seat)[start] == 1.0

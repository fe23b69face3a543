"""The engine's fast paths (issue 21) keep the protocol's promises: an action object taken
from an earlier listing is checked again once the state has moved on, and the caches that
speed a state up are neither game state nor in the way of copying it."""

import copy
import pickle

import pytest

from tavola.core import Action, IllegalAction, Rng, get_game
from tavola.core.playout import random_action
from tavola.core.protocol import state_hash
from tavola.games.legends.actions import DECLARE_ATTACK, END_TURN
from tavola.games.legends.decks import deck_for

game = get_game("legends")
CONFIG = {
    "mode": "classic",
    "players": [
        {"kind": "bot", "age": 30 + i, "contribution": deck_for(i, None).card_ids()}
        for i in range(2)
    ],
}


def _main_phase_with_attacks(seed: int) -> tuple[object, str, list[Action]]:
    """A seeded random game played until its active seat may attack."""
    state = game.new(CONFIG, seed)
    rng = Rng(seed, stream=7)
    order = game.seats(state)
    while waiting := game.to_act(state):
        seat = next(s for s in order if s in waiting)
        listing = game.legal_actions(state, seat)
        if state.phase == "main" and any(a.type == DECLARE_ATTACK for a in listing):
            return state, seat, listing
        game.apply(state, seat, random_action(game, state, seat, rng))
    raise AssertionError("the game ended before any attack")


def test_a_listed_action_is_checked_again_once_the_state_has_moved_on():
    state, seat, listing = _main_phase_with_attacks(3)
    attack = next(a for a in listing if a.type == DECLARE_ATTACK)
    game.apply(state, seat, next(a for a in listing if a.type == END_TURN))
    before = state_hash(game, state)
    with pytest.raises(IllegalAction):
        game.apply(state, seat, attack)  # the same object, from a listing now stale
    assert state_hash(game, state) == before


def test_a_clone_checks_an_action_listed_for_its_original():
    state, seat, listing = _main_phase_with_attacks(5)
    world = game.clone(state)
    game.apply(state, seat, next(a for a in listing if a.type == END_TURN))
    attack = next(a for a in listing if a.type == DECLARE_ATTACK)
    game.apply(world, seat, attack)  # legal in the clone, which still is where it was
    assert world.battle is not None and world.battle.combat is not None
    with pytest.raises(IllegalAction):
        game.apply(state, seat, attack)


def test_pickled_and_copied_states_keep_their_hash_without_the_caches():
    state, seat, listing = _main_phase_with_attacks(8)
    assert state.listed is not None and state.defs is not None
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert state_hash(game, copied) == state_hash(game, state)
        assert copied.listed is None and copied.defs is None
        events = game.apply(copied, seat, listing[0])
        assert events == game.apply(game.clone(state), seat, listing[0])

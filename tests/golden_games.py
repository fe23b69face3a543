"""The engine guards' digest of one seeded random game (issue 21), shared by every game's
golden test: the action log with the length of each listing, every event, and at every
`probe`th step the listing, each seat's and the public view, a determinized world's hash and
a clone played ahead without touching its original. Odd seeds apply a JSON copy of each
picked action (the checked path), even seeds the listed object (the fast path)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any

import orjson

from tavola.core import Action, Rng, Viewer
from tavola.core.playout import random_action
from tavola.core.protocol import state_hash

Chooser = Callable[[Any, str], Action | None]
"""A game's own player for some seats (the Automatic Boss): None leaves the seat to chance."""


def _text(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _views(game: Any, state: Any) -> list[Any]:
    viewers = [Viewer.seat(s) for s in game.seats(state)] + [Viewer.public()]
    return [game.view(state, viewer) for viewer in viewers]


def _check_clone(game: Any, state: Any, seed: int, step: int, ahead: int) -> None:
    """A clone played ahead on its own leaves the original as it was."""
    before = state_hash(game, state)
    clone = game.clone(state)
    rng = Rng(seed, stream=1000 + step)
    for _ in range(ahead):
        waiting = sorted(game.to_act(clone))
        if not waiting:
            break
        seat = waiting[rng.below(len(waiting))]
        game.apply(clone, seat, random_action(game, clone, seat, rng))
    if state_hash(game, state) != before:
        raise AssertionError(f"seed {seed}, step {step}: a clone's moves changed its original")


def digest(
    game: Any,
    config: Mapping[str, Any],
    seed: int,
    *,
    probe: int,
    ahead: int,
    choose: Chooser | None = None,
) -> list[Any]:
    """[steps, actions digest, events digest, probes digest, final hash]."""
    state = game.new(config, seed)
    rng = Rng(seed, stream=99)
    order = game.seats(state)
    actions, events, probes = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    for event in game.opening_events(state):
        events.update(_text(event.to_record(with_rule=False)))
    steps = 0
    while waiting := game.to_act(state):
        seat = [s for s in order if s in waiting][rng.below(len(waiting))]
        listing = game.legal_actions(state, seat)
        if steps % probe == 0:
            probes.update(_text([a.to_json() for a in listing]))
            probes.update(_text(_views(game, state)))
            world = game.determinize(state, seat, Rng(seed, stream=500 + steps))
            probes.update(state_hash(game, world).encode())
            _check_clone(game, state, seed, steps, ahead)
        action = choose(state, seat) if choose is not None else None
        if action is None:
            action = random_action(game, state, seat, rng)
        if seed % 2:
            action = Action.from_json(json.loads(json.dumps(action.to_json())))
        actions.update(_text([seat, len(listing), action.to_json()]))
        for event in game.apply(state, seat, action):
            events.update(_text(event.to_record(with_rule=False)))
        steps += 1
    short = [h.hexdigest()[:20] for h in (actions, events, probes)]
    return [steps, *short, state_hash(game, state)[:20]]

"""What the searching bots (greedy, ISMCTS) share: the actions worth searching, whose move
a sealed decision is from the observer's side, cheap action keys, and rewards in [0, 1].

Everything here sees the game only through the `Game` protocol, plus two optional hooks:
`game.evaluate(state, seat) -> float` (higher is better for `seat`) and
`game.info.rare_actions` (action types such as conceding, searched only when nothing else is
legal)."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from typing import Any

from tavola.core import Action, Game, Outcome
from tavola.core.capabilities import Evaluation, capability

Evaluate = Callable[[Any, str], float]


def searched_actions(game: Game[Any], actions: list[Action]) -> list[Action]:
    """The legal actions a search considers: rare ones (conceding) only when they are all
    there is, since a search would spend its budget proving them bad."""
    rare = game.info.rare_actions
    if not rare:
        return actions
    common = [a for a in actions if a.type not in rare]
    return common or actions


def mover(to_act: Collection[str], observer: str, order: Sequence[str]) -> str:
    """The seat that moves next in a search. Sealed simultaneous choices are taken one at a
    time: the observer's first (it cannot see the others', so it must not wait for them),
    then the others in seat order."""
    if len(to_act) == 1:
        for seat in to_act:
            return seat
    if observer in to_act:
        return observer
    for seat in order:
        if seat in to_act:
            return seat
    raise ValueError("nobody is to act")


_FLAT = frozenset({str, int, float, bool, type(None)})


def _hashable(value: Any) -> Hashable:
    kind = value.__class__
    if kind in _FLAT:
        return value  # type: ignore[no-any-return]
    if kind is tuple or kind is list:
        return tuple([_hashable(v) for v in value])
    if isinstance(value, Mapping):
        return tuple([(k, _hashable(v)) for k, v in value.items()])
    return value  # type: ignore[no-any-return]


def action_key(action: Action) -> Hashable:
    """A hashable key that tells actions apart as `Action` equality does, without the JSON
    text equality is built on (a search keys every legal action at every node). Arguments
    count in the order the game lists them, which is the same at every call."""
    args = action.args
    if not args:
        return action.type
    for value in args.values():
        if value.__class__ not in _FLAT:  # e.g. a joint attack's list of attackers
            return (action.type, *[(k, _hashable(v)) for k, v in args.items()])
    return (action.type, *args.items())


def outcome_reward(outcome: Outcome, seat: str) -> float:
    """1 for a win, ½ for a shared draw, 0 for a loss."""
    if seat not in outcome.winners:
        return 0.0
    return 0.5 if outcome.draw else 1.0


def squash(value: float, scale: float) -> float:
    """An evaluation mapped to (0, 1): ½ for an even position, `scale` units of advantage
    give about 0.73."""
    x = value / scale
    if x < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def evaluator(game: Game[Any]) -> Evaluate | None:
    """The game's `evaluate(state, seat)`, or None when it has none."""
    evaluation = capability(game, Evaluation)
    return evaluation.evaluate if evaluation is not None else None


def allies(game: Game[Any], state: Any, seat: str) -> frozenset[str]:
    """The seats whose wins are `seat`'s wins: its team (itself alone without teams)."""
    for members in game.teams(state).values():
        if seat in members:
            return frozenset(members)
    return frozenset({seat})

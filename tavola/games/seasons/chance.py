"""The game's randomness (§3.6): the platform's seeded `Rng` kept in the state (DECISIONS:
not Python's `random`), used only through `shuffle`, `sample` and `randrange`, in the order
the rules call them, and only when there are at least 2 options.

Scenarios and tests may script it: `state.script_rng` forces the next `randrange` results
in order, `state.script_samples` the next card samples of R23/R24 (as card ids). A scripted
value is consumed instead of the RNG, which is then left untouched.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from .state import SeasonsState

T = TypeVar("T")


class ScriptError(ValueError):
    """A scripted chance value that does not fit the call it was meant for (a scenario
    written wrongly, not a player's mistake)."""


def randrange(state: SeasonsState, n: int) -> int:
    """A uniform index in [0, n), n ≥ 2 (callers skip the RNG when there is one option)."""
    if n < 2:
        raise ValueError(f"randrange needs at least 2 options, not {n}")
    if state.script_rng:
        value = state.script_rng.pop(0)
        if not 0 <= value < n:
            raise ScriptError(f"setup.rng: {value} is not an index below {n}")
        return value
    return state.rng.below(n)


def pick(state: SeasonsState, items: Sequence[T]) -> T:
    """One of `items` at random; the only one without the RNG (R25: `tied[randrange]`)."""
    if len(items) == 1:
        return items[0]
    return items[randrange(state, len(items))]


def shuffle(state: SeasonsState, items: MutableSequence[T]) -> None:
    if len(items) >= 2:
        state.rng.shuffle(items)


def sample_dice(state: SeasonsState, die_ids: Sequence[str], k: int) -> list[str]:
    """R3: `rng.sample(dice of the season in id order, 2)`."""
    return state.rng.sample(die_ids, k)


def sample_cards(state: SeasonsState, hand: Sequence[str], k: int) -> list[str]:
    """R23: `rng.sample(hand, k)` with k < len(hand), or the scripted sample: its card ids
    are matched to distinct hand instances, first match first."""
    if not 0 < k < len(hand):
        raise ValueError(f"sample of {k} from {len(hand)} needs no chance")
    if not state.script_samples:
        return state.rng.sample(hand, k)
    wanted = state.script_samples.pop(0)
    if len(wanted) != k:
        raise ScriptError(f"setup.samples: {len(wanted)} cards scripted for a sample of {k}")
    free = list(hand)
    chosen = []
    for card_id in wanted:
        match = next((iid for iid in free if state.instances[iid] == card_id), None)
        if match is None:
            raise ScriptError(f"setup.samples: {card_id} is not (again) in Dummbot's hand")
        free.remove(match)
        chosen.append(match)
    return chosen

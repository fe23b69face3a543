"""Game states reached by seeded random play, for tests that check every state on the way."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from tavola.core import Rng
from tavola.games.legends import game
from tavola.games.legends.state import LegendsState
from tavola.games.legends.tables import table_config


def config(mode: str, seats: int | Sequence[Mapping[str, Any]], **options: Any) -> dict[str, Any]:
    described = [{"kind": "bot"} for _ in range(seats)] if isinstance(seats, int) else seats
    return table_config({"mode": mode, **options}, described)


def random_states(cfg: Mapping[str, Any], seed: int, steps: int) -> Iterator[LegendsState]:
    """The state before each of the first `steps` random actions (the same live object,
    changed in between: read it, do not keep it). Nobody concedes, so games run long."""
    state = game.new(cfg, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if game.outcome(state) is not None:
            return
        yield state
        seat = next(s for s in state.turn_order if s in game.to_act(state))
        actions = [a for a in game.legal_actions(state, seat) if a.type != "concede"]
        game.apply(state, seat, rng.choice(actions))

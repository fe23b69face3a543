"""Legends of AZ for learning agents (its `RlEncoding` capability): one table's action
encoding (`actions`) and observation (`observation`) behind the `RlCodec` protocol, and a
few lines on a public view for the environment's text rendering."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
from numpy.typing import NDArray

from tavola.core import Action

from ..state import LegendsState
from .actions import LegendsActions, actions_for
from .observation import BOUND, LegendsObservation


class LegendsCodec:
    """The encoding of every game with the shape of the state it was made from (same
    seats, mode and catalogue)."""

    def __init__(self, actions: LegendsActions, observer: LegendsObservation) -> None:
        self.actions = actions
        self.observer = observer

    @property
    def observation_size(self) -> int:
        return self.observer.size

    @property
    def action_size(self) -> int:
        return self.actions.size

    @property
    def bound(self) -> float:
        return BOUND

    def observe(self, view: Mapping[str, Any], seat: str) -> NDArray[np.float32]:
        return self.observer(view, seat)

    def mask(self, state: LegendsState, seat: str, legal: Iterable[Action]) -> NDArray[np.int8]:
        return self.actions.mask(state, seat, legal)

    def decode(self, state: LegendsState, seat: str, index: int) -> Action:
        return self.actions.decode(state, seat, index)

    def describe(self, view: Mapping[str, Any]) -> str:
        """The phase, whose decision it is, and each seat's table (or pile)."""
        waiting = ", ".join(p["seat"] for p in view["pending"]) or "-"
        round_no = view.get("round_no", "-")
        lines = [f"{view['mode']} · {view['phase']} · round {round_no} · awaits {waiting}"]
        for seat in view["turn_order"]:
            info = view["seats"][seat]
            if "table" in info:
                table = " ".join(
                    f"{c['card_id']}{'*' if c['is_main'] else ''}:{c['hp']}" for c in info["table"]
                )
                lines.append(f"{seat}: hand {info['hand_size']} | {table}")
            else:
                lines.append(f"{seat}: pile {info.get('pile_size', 0)}")
        if view["result"] is not None:
            lines.append(f"over: {view['result']['reason']}, winners {view['result']['winners']}")
        return "\n".join(lines)


def codec_for(state: LegendsState) -> LegendsCodec:
    """The encoding of `state`'s table: its action encoding and its observation."""
    actions = actions_for(state)
    observer = LegendsObservation(
        len(state.seats), actions.main_cards, actions.battle, state.catalog
    )
    return LegendsCodec(actions, observer)

"""The Automatic Boss (§5.14) as a player: `policy` picks the action (BP1–BP16), `cards`
its card plays, `targets` the measures both share. It is also the reference bot of every
bot seat in a battle."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Game

from ..actions import CUT_DECK
from ..state import LegendsState
from . import policy


class BossBot:
    """Plays battles (classic and epic) only: the simplified mode has no boss. It uses no
    randomness of its own and reads only what its seat sees, so it needs no seed."""

    def choose(self, game: Game[Any], state: LegendsState, seat: str) -> Action:
        if state.phase == "setup_cut":
            return Action(CUT_DECK)  # the game's RNG cuts, as S6 says bots do
        if state.battle is None:
            raise ValueError("the automatic boss plays battles only (classic, epic)")
        return policy.choose(state, seat)


__all__ = ["BossBot"]

"""The reference bot of the rules: R131 in the simplified mode, the Automatic Boss's policy
(§5.14) in battles. It uses no randomness of its own."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Game

from . import simplified
from .actions import CHOOSE_REFERENCE, CUT_DECK, FLIP
from .boss import BossBot
from .state import LegendsState


class ReferenceBot:
    def __init__(self) -> None:
        self.boss = BossBot()

    def choose(self, game: Game[Any], state: LegendsState, seat: str) -> Action:
        if state.phase == "setup_cut":
            return Action(CUT_DECK)  # the game's RNG cuts, as S6 says bots do
        if state.battle is not None:
            return self.boss.choose(game, state, seat)
        if state.phase == "simplified_choice":
            return Action(CHOOSE_REFERENCE, choice=self._reference_choice(state, seat))
        return Action(FLIP)

    def _reference_choice(self, state: LegendsState, seat: str) -> str:
        """R131: switch iff under the new stat every other flipped card of this clash is
        worth 0 (forcing a war); otherwise keep."""
        stat = simplified.pending_choice_stat(state)
        clash = simplified.strappa(state).clash
        assert stat is not None and clash is not None
        others = [iid for other, cards in clash.flipped.items() if other != seat for iid in cards]
        forces_war = all(simplified.clash_value(state, iid, stat) == 0 for iid in others)
        return "switch" if forces_war else "keep"

"""Dummbot's turn (R9–R13, R17), run on `end_human_turn`: his die's symbols in order —
energy (transmuted at the season's rate, or the flat amount with `T`), crystals, star
(hand draws), draw symbol (a deck summon). He never pays, activates or uses anything (R17)."""

from __future__ import annotations

from functools import cache
from typing import Any

from tavola.core import Event

from .config import effective
from .dice import season_of, transmuted
from .emit import emit
from .faces import Face, parse_face
from .state import SeasonsState


@cache
def face_of(code: str) -> Face:
    return parse_face(code)


def dummbot_face(state: SeasonsState) -> Face:
    """The face of the die the human left to Dummbot (R6)."""
    assert state.human_die is not None
    return face_of(state.dice[1 - state.human_die]["face"])


def gain(state: SeasonsState, face: Face) -> int:
    """R9–R11: `(T ? flat[difficulty] : Σ count(X)·rate(S, X)) + crystals on the face`, S the
    season where the token stands now (`token_now`) or the dice season (`dice_season`)."""
    amount = face.crystals
    if face.has_energy:
        if face.transmute:
            amount += effective(state.config).transmute_crystals  # R10
        else:
            now = state.config.transmute_rate_season == "token_now"
            season = season_of(state.month) if now or not state.dice_season else state.dice_season
            amount += transmuted(face, season)  # R9
    return amount


def turn_steps(state: SeasonsState) -> list[dict[str, Any]]:
    """The steps of Dummbot's turn, each only if its symbol is on his die (R9–R13)."""
    face = dummbot_face(state)
    steps: list[dict[str, Any]] = [{"step": "die_gain"}]
    if face.star:  # R12
        steps.append({"step": "hand_draws", "n": 2 if face.transmute else 1, "source": "die"})
    if face.draw:  # R13
        steps.append({"step": "deck_summons", "n": 1, "source": "die"})
    return steps


def die_gain(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """R9–R11 as one gain of crystals."""
    amount = gain(state, dummbot_face(state))
    if amount:
        state.dummbot.crystals += amount
        emit(
            state,
            events,
            "crystals_changed",
            {"source": "die", "applied": amount, "crystals": state.dummbot.crystals},
        )

"""Dice (R14–R15, F1): where a face comes from and what the die shows.

A face comes from the setup's `dice_script` first, else from the referee's `report_die`
(`dice_source = external`, the linked die), else from the game RNG. RNG order (§4 step 7):
per roll seat 0's face, then seat 1's."""

from __future__ import annotations

from .state import LeagueState


def die_value(state: LeagueState, side: int, face: int) -> int:
    """F1: `max(1, face + 2·[Galaxy] + pending_die_mod)`."""
    player = state.sides[side]
    galaxy = state.config.galaxy_bonus if player.gimmick == "galaxy" else 0
    return max(1, face + galaxy + player.pending_die_mod)


def override_value(state: LeagueState, side: int, card_cost: int) -> int:
    """R17: the card's printed cost; Galaxy only with `galaxy_applies_to_override` (D2);
    never the pending modifier (R61)."""
    player = state.sides[side]
    if state.config.galaxy_applies_to_override and player.gimmick == "galaxy":
        return card_cost + state.config.galaxy_bonus
    return card_cost


def scripted_or_random_face(state: LeagueState) -> int | None:
    """The next face from the script or the RNG; None when the linked die must be read."""
    if state.dice_script:
        return state.dice_script.pop(0)
    if state.config.dice_source == "external":
        return None
    return 1 + state.rng.below(state.config.die_faces)

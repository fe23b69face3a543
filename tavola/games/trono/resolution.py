"""Resolution of one turn (§5.6, R29–R45): the phases P1–P13, one function each, run in the
spec's order over the turn's record (R62: each power acts in its kind's phase). Each phase's
docstring names the rules it implements, one number at a time, so that `grep -rn "R37\b"`
finds its code."""

from __future__ import annotations

from collections.abc import Callable

from tavola.core import Event

from .battle import battle, elimination
from .economy import enlist, no_attack_penalty, rally_and_exchanges, seat_banners, tax_and_steals
from .ending import check_end
from .publication import team_reports
from .spies import spies
from .state import TronoState
from .succession import succession
from .turn_record import TurnRecord, open_record
from .values import hiring, values

TURN_PHASES: tuple[Callable[[TurnRecord], None], ...] = (
    values,  # P1
    hiring,  # P2
    battle,  # P3
    elimination,  # P4
    enlist,  # P5
    tax_and_steals,  # P6
    rally_and_exchanges,  # P7
    no_attack_penalty,  # P8
    seat_banners,  # P9
    succession,  # P10
    spies,  # P11
    check_end,  # P12
    team_reports,  # P13
)


def resolve_turn(state: TronoState, numbers: dict[str, list[int]]) -> list[Event]:
    """R28: resolves turn `state.turn` with the draw `numbers`; mutates the state and
    returns the turn's events (the public bulletin comes after, `publication.publish`)."""
    turn = open_record(state, numbers)
    for phase in TURN_PHASES:
        phase(turn)
    return turn.events

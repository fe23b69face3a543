"""Scores and the result (§7, §9): Dummbot's score is his crystals plus the prestige of his
array (his hand scores nothing); the human reports theirs and wins only by scoring strictly
more (a tie is a loss, §11.19)."""

from __future__ import annotations

from tavola.core import Event, Outcome

from .emit import emit
from .game_cards import prestige
from .messages import Phrase, refuse
from .state import SeasonsState

CRYSTALS = (0, 9999)
PRESTIGE = (-999, 9999)
TOTAL = (-999, 19999)


def array_prestige(state: SeasonsState) -> int:
    return sum(prestige(state, iid) for iid in state.dummbot.array)


def dummbot_score(state: SeasonsState) -> int:
    return state.dummbot.crystals + array_prestige(state)


def human_score(
    state: SeasonsState, crystals: int | None, prestige_: int | None, total: int | None
) -> int:
    """§6.2: companion takes `total` or `crystals` + `prestige`; practice needs the
    breakdown. A `total` sent beside the breakdown must be its sum (DECISIONS)."""
    breakdown = crystals is not None and prestige_ is not None
    if (crystals is None) != (prestige_ is None) or (not breakdown and total is None):
        raise refuse("BAD_ARGUMENT", action="report_human_score", detail=Phrase("argument.score"))
    if not breakdown and state.config.mode == "practice":
        raise refuse("BREAKDOWN_REQUIRED")
    if total is not None and not TOTAL[0] <= total <= TOTAL[1]:
        raise refuse("INVALID_SCORE")
    if crystals is None or prestige_ is None:
        assert total is not None
        return total
    if not (CRYSTALS[0] <= crystals <= CRYSTALS[1] and PRESTIGE[0] <= prestige_ <= PRESTIGE[1]):
        raise refuse("INVALID_SCORE")
    if total is not None and total != crystals + prestige_:
        raise refuse("INVALID_SCORE", "INVALID_SCORE_SUM", total=total, sum=crystals + prestige_)
    return crystals + prestige_


def report_human_score(
    state: SeasonsState,
    events: list[Event],
    crystals: int | None,
    prestige_: int | None,
    total: int | None,
) -> None:
    """§9: the result; phase `FINISHED`."""
    human = human_score(state, crystals, prestige_, total)
    dummbot = dummbot_score(state)
    winner = "human" if human > dummbot else "dummbot"
    state.result = {
        "dummbot_crystals": state.dummbot.crystals,
        "dummbot_prestige": array_prestige(state),
        "dummbot_score": dummbot,
        "human_score": human,
        "winner": winner,
        "ended_by_cap": state.ended_by_cap,
    }
    state.phase = "FINISHED"
    emit(
        state,
        events,
        "result",
        {"dummbot_score": dummbot, "human_score": human, "winner": winner},
    )


def outcome(state: SeasonsState) -> Outcome | None:
    """The platform's outcome once the result is in (or the action cap was reached)."""
    result = state.result
    if state.phase != "FINISHED" or result is None:
        return None
    won = result["winner"] == "human"
    if result.get("ended_by_cap"):
        reason = "safety_cap"
    else:
        reason = "human_scored_more" if won else "dummbot_scored_more_or_tied"
    return Outcome(
        winners=("human",) if won else (),
        placements={"human": 1 if won else 2},
        reason=reason,
        scores={"human": result["human_score"], "dummbot": result["dummbot_score"]},
    )

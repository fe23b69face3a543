"""The round (R2–R6, R18, R19, R33) and the runner of the automatic steps (R1).

`run` executes the queue until it is empty or a step opens a prompt. Each phase change is a
step too, so a prompt in the middle of Dummbot's turn or of the end of the round leaves the
rest of it waiting in the queue."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavola.core import Event

from . import chance
from .dice import die_ids, face_at, season_of
from .draws import deck_summons, hand_draws
from .dummbot_turn import die_gain, dummbot_face, turn_steps
from .emit import emit
from .faces import face_code
from .familiar_ops import familiar, op
from .season_change import change_steps, season_change, season_summon, year_change
from .state import SeasonsState

Step = Callable[[SeasonsState, list[Event], dict[str, Any]], None]


def run(state: SeasonsState, events: list[Event]) -> None:
    """R1: Dummbot's steps run inside `apply` and stop only for a prompt."""
    while state.prompt is None and state.queue:
        step = state.queue.pop(0)
        STEPS[step["step"]](state, events, step)


def start_round(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """R2–R5: a new round, its two dice chosen (R3) and rolled (R4) or reported (R5)."""
    state.round += 1
    season = season_of(state.month)
    state.dice_season, state.dice, state.human_die = season, [], None
    emit(
        state,
        events,
        "round_started",
        {"round": state.round, "month": state.month, "year": state.year, "season": season},
    )
    if state.config.dice_source == "table_rolls":
        state.phase = "REPORT_DICE"  # R5: no RNG; the line's pair, if any, is read there
        return
    if state.config.dice_selection == "rotating_lines":
        pair = state.lines[season][:2]
    else:
        pair = chance.sample_dice(state, die_ids(season), 2)
    dice = []
    for die_id in pair:  # R4: a then b
        index = chance.randrange(state, 6) + 1
        dice.append(
            {"die_id": die_id, "face_index": index, "face": face_code(face_at(die_id, index))}
        )
    state.dice = dice
    emit(
        state,
        events,
        "dice_rolled",
        {"dice": [{"die_id": d["die_id"], "face": d["face"]} for d in dice]},
    )
    state.phase = "CHOOSE_DIE"


def end_human_turn_steps(state: SeasonsState) -> list[dict[str, Any]]:
    """R9–R18: Dummbot's turn, then the advance (skipped once year 4 is reached, R33)."""
    steps = turn_steps(state)
    if not state.pending_year_end:
        steps.append({"step": "advance"})
    steps.append({"step": "set_phase", "phase": "END_OF_ROUND"})
    return steps


def advance(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """R18: the token moves by the pips of Dummbot's die, with wrap into the next year."""
    pips = dummbot_face(state).pips
    month, year = state.month, state.year
    to_month, to_year = month + pips, year
    if to_month > 12:
        to_month, to_year = to_month - 12, year + 1
    state.month, state.year = to_month, to_year
    state.advance = {
        "from_month": month,
        "from_year": year,
        "to_month": to_month,
        "to_year": to_year,
    }
    emit(
        state,
        events,
        "season_token_moved",
        {"from": month, "to": to_month, "pips": pips, "manual": False},
    )


def end_round_steps(state: SeasonsState) -> list[dict[str, Any]]:
    """R19: after the human's end-of-round effects, the season change (if the advance
    changed the season), the year change (if it changed the year), the end check."""
    steps: list[dict[str, Any]] = []
    if state.config.dice_selection == "rotating_lines":
        steps.append({"step": "rotate_line"})
    moved = state.advance
    state.advance = None
    if moved is not None:
        steps += change_steps(
            state, moved["from_month"], moved["to_month"], moved["from_year"], moved["to_year"]
        )
    steps.append({"step": "end_check"})
    return steps


def rotate_line(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """R3 `rotating_lines`: the round's two dice go, in order, to the end of their line."""
    season = state.dice_season
    if season is not None and season in state.lines:
        line = state.lines[season]
        state.lines[season] = line[2:] + line[:2]


def end_check(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """R33: over once year 4 is reached, or after round `max_rounds`; else R2."""
    if state.year >= 4:
        state.phase = "GAME_OVER"
        emit(state, events, "game_ended", {"ended_by_cap": False})
    elif state.round >= state.config.max_rounds:
        state.ended_by_cap = True
        state.phase = "GAME_OVER"
        emit(state, events, "safety_cap_reached")
        emit(state, events, "game_ended", {"ended_by_cap": True})
    else:
        state.queue.insert(0, {"step": "start_round"})


def set_phase(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    state.phase = str(step["phase"])


def prelude_done(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """§4.7: the prelude is over; R2 starts round 1."""
    emit(state, events, "prelude_done")
    state.queue.insert(0, {"step": "start_round"})


STEPS: dict[str, Step] = {
    "start_round": start_round,
    "die_gain": die_gain,
    "hand_draws": hand_draws,
    "deck_summons": deck_summons,
    "familiar": familiar,
    "op": op,
    "advance": advance,
    "set_phase": set_phase,
    "rotate_line": rotate_line,
    "season_change": season_change,
    "season_summon": season_summon,
    "year_change": year_change,
    "end_check": end_check,
    "prelude_done": prelude_done,
}

"""`legal_actions`: concrete actions for bots, random play and the page's buttons.

Where a parameter is free the list is a menu, closed under the platform's conformance
nudges (each listed action with one argument nudged is listed too, or refused):
name_cards offers up to 6 sets of names with copies left; report_human_score lists a few
breakdowns with their total (a total that must equal the sum, so no nudge is valid). The
actions whose free parameter has no closed menu — `adjust_dummbot_crystals`,
`give_card_to_dummbot`, `add_catalogue_card` — are accepted but not listed (DECISIONS)."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from tavola.core import Action, IllegalAction

from .actions import check_order, report_candidates
from .adjustments import (
    DRAW_MAX,
    HAND_DELTA_MAX,
    HUMAN_DRAW_MAX,
    MOVE_MAX,
    check_move,
    eligible_cards,
    unknown_cards,
)
from .dice import face_at
from .faces import face_code
from .game_cards import catalogue_of
from .prompts import accounted, check_name_cards
from .scoring import CRYSTALS, PRESTIGE, dummbot_score
from .state import SeasonsState

NAME_MENU = 6
NAME_STRIDE = 7
PRELUDE_MENU = [
    Action("prelude_assign", hand=a, library2=b, library3=c)
    for a, b, c in permutations(range(5), 3)
]


def legal_actions(state: SeasonsState, limit: int) -> list[Action]:
    if state.phase == "FINISHED" or state.decisions >= limit:
        return []
    out: list[Action] = []
    prompt = state.prompt
    if state.phase == "GAME_OVER":
        out += _scores(state)
    elif prompt is not None:
        kind = prompt["kind"]
        if kind == "name_cards":
            out += _names(state)
        elif kind == "prelude_assign":
            out += PRELUDE_MENU
        elif kind == "amount":
            out += [Action("resolve_instruction", amount=n) for n in range(int(prompt["max"]) + 1)]
        else:
            out.append(Action("resolve_instruction"))
        if kind in ("instruction", "amount"):
            out += _adjustments(state)
    elif state.phase == "REPORT_DICE":
        out += _reports(state)
    elif state.phase == "CHOOSE_DIE":
        out += [Action("choose_die", index=0), Action("choose_die", index=1)]
    elif state.phase == "HUMAN_TURN":
        out.append(Action("end_human_turn"))
        out += _adjustments(state)
    elif state.phase == "END_OF_ROUND":
        out.append(Action("end_round"))
        out += _adjustments(state)
    if state.undo:
        out.append(Action("undo"))
    return out


def _allowed(state: SeasonsState, action: Action) -> bool:
    try:
        check_order(state, action)
    except IllegalAction:
        return False
    return True


def _adjustments(state: SeasonsState) -> list[Action]:
    """The adjustments with a closed menu, each only where the checks let it through."""
    cfg = state.config
    out: list[Action] = []
    if _allowed(state, Action("dummbot_draw", n=1)):
        out += [Action("dummbot_draw", n=n) for n in range(1, DRAW_MAX + 1)]
    if _allowed(state, Action("move_season_token", delta=1)):
        for delta in (*range(-MOVE_MAX, 0), *range(1, MOVE_MAX + 1)):
            if _passes(check_move, state, delta):
                out.append(Action("move_season_token", delta=delta))
    if cfg.mode == "practice" and _allowed(state, Action("human_draw", n=1)):
        out += [Action("human_draw", n=n) for n in range(1, HUMAN_DRAW_MAX + 1)]
    if _allowed(state, Action("adjust_dummbot_hand_count", delta=1)):
        unnamed = min(len(unknown_cards(state)), HAND_DELTA_MAX)  # what check_hand_count allows
        for delta in (*range(-unnamed, 0), *range(1, HAND_DELTA_MAX + 1)):
            out.append(Action("adjust_dummbot_hand_count", delta=delta))
    # With `user_named`, a name nudged to "name?" names the same card: no closed menu.
    named = cfg.forced_choice_policy == "user_named"
    removal = Action("dummbot_remove_from_array", to="hand")
    if state.dummbot.array and not named and _allowed(state, removal):
        for to in ("discard", "hand"):
            for kind in ("any", "magic_item", "familiar"):
                if eligible_cards(state, kind):
                    out.append(Action("dummbot_remove_from_array", to=to, filter=kind))
    return out


def _passes(check: Any, state: SeasonsState, delta: int) -> bool:
    try:
        check(state, delta)
    except IllegalAction:
        return False
    return True


def _name(state: SeasonsState, iid: str) -> str:
    return catalogue_of(state).cards[state.instances[iid]].name


def _names(state: SeasonsState) -> list[Action]:
    """Up to 6 sets of `count` names, from catalogue offsets 0, 7, 14…; a reveal offers the
    known hand cards first. Each set is checked as `name_cards` would check it."""
    prompt = state.prompt
    assert prompt is not None
    count, purpose = int(prompt["count"]), prompt["purpose"]
    catalogue = catalogue_of(state)
    pool: list[str] = []
    if purpose == "reveal":
        pool += [_name(state, i) for i in state.dummbot.hand if state.instances[i] != "unknown"]
    for card in catalogue:
        left = card.copies - accounted(state, card.id) if state.config.copy_check else 1
        pool += [card.name] * max(0, left)
    out: list[Action] = []
    seen: set[tuple[str, ...]] = set()
    start = 0
    while len(out) < NAME_MENU and start < max(1, len(pool)):
        names = tuple(pool[start : start + count])
        start += NAME_STRIDE
        if len(names) < count or names in seen:
            continue
        seen.add(names)
        try:
            check_name_cards(state, list(names), 0, False)
        except IllegalAction:
            continue
        out.append(Action("name_cards", names=list(names)))
    if not out and purpose in ("hand_draw", "deck_summon"):
        out.append(Action("name_cards", names=[], missing=count))  # R16: none to draw
    return out


def _reports(state: SeasonsState) -> list[Action]:
    """For each pair of candidate dice (id order), their two faces of the same index."""
    dice = report_candidates(state)[1]
    out = []
    for i, first in enumerate(dice):
        for second in dice[i + 1 :]:
            for index in range(1, 7):
                faces = [face_code(face_at(first, index)), face_code(face_at(second, index))]
                out.append(Action("report_dice", faces=faces))
    return out


def _scores(state: SeasonsState) -> list[Action]:
    """A few human scores around Dummbot's, each as crystals + prestige with its total."""
    target = dummbot_score(state)
    out, seen = [], set()
    for score in (0, target - 1, target, target + 1):
        crystals = min(max(score, CRYSTALS[0]), CRYSTALS[1])
        prestige = score - crystals
        if not PRESTIGE[0] <= prestige <= PRESTIGE[1] or score in seen:
            continue
        seen.add(score)
        out.append(Action("report_human_score", crystals=crystals, prestige=prestige, total=score))
    return out

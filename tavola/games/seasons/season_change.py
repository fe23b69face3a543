"""Season and year changes (R20–R28) and the human's manual moves of the season token (R32).

A season change runs the recurring familiars (R20), then Dummbot's summon from his hand
(R21–R25, revealed per R28), then the refill draw (R26); a year change (R27) follows it."""

from __future__ import annotations

from typing import Any

from tavola.core import Event

from . import chance
from .array import discard, leave_hand, summon
from .config import effective
from .dice import season_of
from .emit import emit
from .game_cards import prestige
from .state import SeasonsState
from .steps import open_prompt, push_front


def change_steps(
    state: SeasonsState, from_month: int, to_month: int, from_year: int, to_year: int
) -> list[dict[str, Any]]:
    """What a move of the token from (month, year) to (month, year) sets off: a season
    change if the season differs, a year change if the year went up (R19, R32)."""
    steps: list[dict[str, Any]] = []
    before, after = season_of(from_month), season_of(to_month)
    backward = (to_year, to_month) < (from_year, from_month)
    if before != after:
        steps.append(
            {
                "step": "season_change",
                "from": before,
                "to": after,
                "backward": backward,
                "final": to_year >= 4,
            }
        )
    if to_year > from_year:
        steps.append({"step": "year_change", "year": to_year})
    return steps


def season_change(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """R20 first, then R21–R26. A backward change summons only if `backward_change_summons`
    (R32); the final change (year 4) summons without refill (R26, §11.9)."""
    backward = bool(step["backward"])
    emit(
        state,
        events,
        "season_changed",
        {"from": step["from"], "to": step["to"], "backward": backward},
    )
    if backward and not state.config.backward_change_summons:
        return
    steps: list[dict[str, Any]] = [
        {"step": "familiar", "iid": iid, "again": True} for iid in state.dummbot.recurring
    ]
    steps.append({"step": "season_summon", "final": bool(step["final"])})
    push_front(state, steps)


def season_summon(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """R21–R25 on Dummbot's hand of H cards; blind hands are revealed by name first (R28)."""
    hand = state.dummbot.hand
    size, final = len(hand), bool(step["final"])
    if size == 0:
        _after_summon(state, [], 0, final)
        return
    cfg = state.config
    apprentice = cfg.difficulty == "apprentice"
    if cfg.mode == "companion" and cfg.hand_tracking == "blind_until_revealed":
        k = 1 if size == 1 or apprentice else min(effective(cfg).season_pick, size)
        prompt = {
            "kind": "name_cards",
            "purpose": "reveal",
            "count": k,
            "hand_size": size,
            "final": final,
        }
        open_prompt(state, events, prompt)
        return
    if size == 1:
        picked = [hand[0]]
    elif apprentice:
        picked = [hand[chance.randrange(state, size)]]  # R22
    else:
        k = effective(cfg).season_pick
        # R23: the whole hand in hand order, without the RNG, when it has no more than k.
        picked = list(hand) if size <= k else chance.sample_cards(state, hand, k)
    resolve_pick(state, events, picked, size, final)


def resolve_pick(
    state: SeasonsState, events: list[Event], picked: list[str], size: int, final: bool
) -> None:
    """R21–R25 on the picked cards P (revealed, R28) from a hand of `size` cards."""
    emit(state, events, "cards_revealed", {"cards": [state.instances[i] for i in picked]})
    cfg = state.config
    follow: list[dict[str, Any]] = []
    if size == 1:
        only = picked[0]
        leave_hand(state, only)
        if prestige(state, only) >= 0:  # R21
            follow += summon(state, events, only, "hand")
        else:
            discard(state, events, only, "season_change")
    else:
        if cfg.difficulty == "apprentice":
            chosen = picked[0]  # R22: picked at random already
        else:
            chosen = _extreme(state, picked, highest=True)  # R23, R25
        rest = [iid for iid in picked if iid != chosen]
        leave_hand(state, chosen)
        if prestige(state, chosen) < 0 and not cfg.summon_negative_from_multi:
            discard(state, events, chosen, "season_change")  # R25, §11.4
        else:
            follow += summon(state, events, chosen, "hand")
        if cfg.difficulty == "archmage" and cfg.archmage_discard_lowest and rest:
            lowest = _extreme(state, rest, highest=False)  # R24
            leave_hand(state, lowest)
            discard(state, events, lowest, "season_change")
    for iid in picked:  # R28: a returned picked card has been seen
        if iid in state.dummbot.hand and iid not in state.seen:
            state.seen.append(iid)
    _after_summon(state, follow, size, final)


def _extreme(state: SeasonsState, cards: list[str], *, highest: bool) -> str:
    """The card of highest (lowest) prestige; ties broken by `tied[randrange]` in P order."""
    values = [prestige(state, iid) for iid in cards]
    target = max(values) if highest else min(values)
    tied = [iid for iid, v in zip(cards, values, strict=True) if v == target]
    return chance.pick(state, tied)


def _after_summon(
    state: SeasonsState, follow: list[dict[str, Any]], size: int, final: bool
) -> None:
    """The summoned familiar's effect (R29), then the refill (R26): not at the final change,
    and after an empty hand only with `refill_on_empty_hand`."""
    cfg = state.config
    if not final and cfg.season_refill_draws and (size or cfg.refill_on_empty_hand):
        follow.append({"step": "hand_draws", "n": cfg.season_refill_draws, "source": "refill"})
    push_front(state, follow)


def year_change(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """R27: entering year 2 or 3 for the first time, Dummbot draws `year_draws` cards and the
    human takes their library cards; entering year 4, nothing."""
    year = int(step["year"])
    if year <= state.max_year_reached:
        return
    state.max_year_reached = year
    if year >= 4:
        return
    emit(state, events, "year_changed", {"year": year})
    draws = effective(state.config).year_draws
    if draws:
        push_front(state, [{"step": "hand_draws", "n": draws, "source": "year"}])


def move_token(state: SeasonsState, events: list[Event], delta: int) -> None:
    """R32 (checked by the caller): the token moves with wrap; the changes it causes are
    queued at once (R8). Reaching year 4 ends the game after this round (R33)."""
    month, year = state.month, state.year
    to_month, to_year = month + delta, year
    if to_month < 1:
        to_month, to_year = to_month + 12, year - 1
    elif to_month > 12:
        to_month, to_year = to_month - 12, year + 1
    state.month, state.year = to_month, to_year
    emit(
        state,
        events,
        "season_token_moved",
        {"from": month, "to": to_month, "delta": delta, "manual": True},
    )
    state.pending_year_end = to_year >= 4
    push_front(state, change_steps(state, month, to_month, year, to_year))

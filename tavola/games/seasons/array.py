"""Cards entering and leaving Dummbot's array (R13, R15, R21–R25, R29, R30)."""

from __future__ import annotations

from typing import Any

from tavola.core import Event

from .emit import emit
from .game_cards import card
from .state import SeasonsState


def card_data(state: SeasonsState, iid: str) -> dict[str, Any]:
    """An event's description of a named card: its catalogue id, name and prestige."""
    found = card(state, iid)
    if found is None:
        return {"card": None, "name": None, "prestige": None}
    return {"card": found.id, "name": found.name, "prestige": found.prestige}


def summon(state: SeasonsState, events: list[Event], iid: str, source: str) -> list[dict[str, Any]]:
    """`iid` enters the array (summoned by Dummbot: from the deck, R13/R15, or his hand,
    R21–R25). Returns the steps that follow: a familiar's effect (R29)."""
    state.dummbot.array.append(iid)
    emit(state, events, "card_summoned", {**card_data(state, iid), "source": source})
    found = card(state, iid)
    return [{"step": "familiar", "iid": iid}] if found is not None and found.is_familiar else []


def leave_hand(state: SeasonsState, iid: str) -> None:
    state.dummbot.hand.remove(iid)
    if iid in state.seen:
        state.seen.remove(iid)


def leave_array(state: SeasonsState, iid: str) -> None:
    """R30: a familiar leaving the array leaves `recurring`."""
    state.dummbot.array.remove(iid)
    if iid in state.dummbot.recurring:
        state.dummbot.recurring.remove(iid)


def discard(state: SeasonsState, events: list[Event], iid: str, source: str) -> None:
    state.discard.append(iid)
    found = card(state, iid)
    emit(
        state,
        events,
        "card_discarded",
        {"card": found.id if found else None, "source": source},
    )

"""Adjustments (§6.3): what the human's own cards do to Dummbot, reported by the human.
Each function checks its own errors first, then acts; the caller resumes the queue."""

from __future__ import annotations

from tavola.core import Event

from . import chance
from .array import card_data, leave_array
from .draws import draw_from_deck
from .emit import emit
from .game_cards import card, catalogue_of, prestige
from .messages import Phrase, refuse
from .prompts import check_copies, resolve_names
from .season_change import move_token
from .state import UNKNOWN, SeasonsState
from .steps import push_front

DELTA_MAX = 999
DRAW_MAX = 10
HUMAN_DRAW_MAX = 5
MOVE_MAX = 3
HAND_DELTA_MAX = 10
FILTERS = ("any", "magic_item", "familiar")


def adjust_crystals(state: SeasonsState, events: list[Event], delta: int) -> None:
    """Crystals never go below 0: the event tells what was asked and what was applied."""
    if delta == 0 or abs(delta) > DELTA_MAX:
        raise refuse("INVALID_DELTA")
    before = state.dummbot.crystals
    state.dummbot.crystals = max(0, before + delta)
    data = {
        "source": "adjustment",
        "requested": delta,
        "applied": state.dummbot.crystals - before,
        "crystals": state.dummbot.crystals,
    }
    emit(state, events, "crystals_changed", data)


def dummbot_draw(state: SeasonsState, events: list[Event], n: int) -> None:
    """n hand draws (R14), as one step."""
    if not 1 <= n <= DRAW_MAX:
        raise refuse("INVALID_COUNT", max=DRAW_MAX)
    push_front(state, [{"step": "hand_draws", "n": n, "source": "adjustment"}])


def give_card(state: SeasonsState, events: list[Event], name: str, to: str, force: bool) -> None:
    """A card the human's effect gives Dummbot: into his hand (seen: the human knows it)
    or his array (no familiar effect, R30). Practice: it leaves the human's cards."""
    if to not in ("hand", "array"):
        raise refuse("BAD_ARGUMENT", action="give_card_to_dummbot", detail=_to("hand, array"))
    [found] = resolve_names(catalogue_of(state), [name])
    if state.config.mode == "practice":
        iid = next((i for i in state.human_cards if state.instances[i] == found.id), None)
        if iid is None:
            raise refuse("CARD_NOT_HELD", name=found.name)
        state.human_cards.remove(iid)
    else:
        if not force:
            check_copies(state, [found])
        iid = state.new_instance(found.id)
    if to == "hand":
        state.dummbot.hand.append(iid)
        state.seen.append(iid)
    else:
        state.dummbot.array.append(iid)
    emit(state, events, "card_given", {"card": found.id, "to": to})


def remove_from_array(
    state: SeasonsState, events: list[Event], to: str, kind: str, name: str | None
) -> None:
    """A card of Dummbot's array to the discard pile or his hand, chosen by
    `forced_choice_policy` (§11.13): at random, the lowest prestige (ties at random), or
    the one the human names."""
    if to not in ("discard", "hand"):
        raise refuse(
            "BAD_ARGUMENT", action="dummbot_remove_from_array", detail=_to("discard, hand")
        )
    if kind not in FILTERS:
        detail = Phrase("argument.filter")
        raise refuse("BAD_ARGUMENT", action="dummbot_remove_from_array", detail=detail)
    policy = state.config.forced_choice_policy
    if policy == "user_named" and name is None:
        raise refuse("NAME_REQUIRED")
    if policy != "user_named" and name is not None:
        detail = Phrase("argument.name_not_used")
        raise refuse("BAD_ARGUMENT", action="dummbot_remove_from_array", detail=detail)
    eligible = eligible_cards(state, kind)
    if not eligible:
        raise refuse("NO_ELIGIBLE_CARD", None if kind == "any" else f"NO_ELIGIBLE_CARD_{kind}")
    if name is not None:
        [found] = resolve_names(catalogue_of(state), [name])
        chosen = next((i for i in eligible if state.instances[i] == found.id), None)
        if chosen is None:
            raise refuse("CARD_NOT_IN_ARRAY", name=found.name)
    elif policy == "lowest_prestige":
        low = min(prestige(state, i) for i in eligible)
        chosen = chance.pick(state, [i for i in eligible if prestige(state, i) == low])
    else:
        chosen = chance.pick(state, eligible)
    leave_array(state, chosen)
    if to == "hand":
        state.dummbot.hand.append(chosen)
        state.seen.append(chosen)
    else:
        state.discard.append(chosen)
    emit(state, events, "card_removed", {"card": card_data(state, chosen)["card"], "to": to})


def eligible_cards(state: SeasonsState, kind: str) -> list[str]:
    """Array cards matching the filter, in summon order."""
    out = []
    for iid in state.dummbot.array:
        found = card(state, iid)
        if found is not None and kind in ("any", found.type):
            out.append(iid)
    return out


def check_move(state: SeasonsState, delta: int) -> None:
    """R32's limits: ±1…3 spaces, never before the first space of year I (§11.15), and no
    further forward once year 4 is reached (DECISIONS)."""
    if delta == 0 or abs(delta) > MOVE_MAX:
        raise refuse("INVALID_DELTA", "INVALID_DELTA_MOVE")
    if state.year == 1 and state.month + delta < 1:
        raise refuse("BEFORE_GAME_START")
    if state.year >= 4 and delta > 0:
        raise refuse("INVALID_DELTA", "INVALID_DELTA_PAST_END")


def move_season_token(state: SeasonsState, events: list[Event], delta: int) -> None:
    """R32, with its changes processed at once (R8)."""
    check_move(state, delta)
    move_token(state, events, delta)


def check_hand_count(state: SeasonsState, delta: int) -> None:
    unknown = unknown_cards(state)
    if delta == 0 or abs(delta) > HAND_DELTA_MAX or (delta < 0 and -delta > len(unknown)):
        raise refuse("INVALID_DELTA", "INVALID_DELTA_HAND", unknown=len(unknown))


def adjust_hand_count(state: SeasonsState, events: list[Event], delta: int) -> None:
    """Blind mode: unnamed cards added to or taken from Dummbot's hand (the last first)."""
    check_hand_count(state, delta)
    hand = state.dummbot.hand
    if delta > 0:
        hand.extend(state.new_instance(UNKNOWN) for _ in range(delta))
    else:
        for iid in unknown_cards(state)[delta:]:
            hand.remove(iid)
    emit(state, events, "hand_count_changed", {"delta": delta, "size": len(hand)})


def unknown_cards(state: SeasonsState) -> list[str]:
    return [i for i in state.dummbot.hand if state.instances[i] == UNKNOWN]


def human_draw(state: SeasonsState, events: list[Event], n: int) -> None:
    """Practice: n cards of the pile (R16 if it empties) shown to the human, who keeps them."""
    if not 1 <= n <= HUMAN_DRAW_MAX:
        raise refuse("INVALID_COUNT", max=HUMAN_DRAW_MAX)
    drawn = [iid for _ in range(n) if (iid := draw_from_deck(state, events)) is not None]
    state.human_cards.extend(drawn)
    cards = [state.instances[i] for i in drawn]
    emit(
        state,
        events,
        "human_drew",
        {"cards": cards, "count": len(cards)},
        visible_to=frozenset({"human"}),
        public={"count": len(cards)},
    )


def _to(choices: str) -> Phrase:
    return Phrase("argument.to", {"choices": choices})

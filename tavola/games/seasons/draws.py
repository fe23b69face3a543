"""Cards coming off the draw pile: hand draws (R14), deck summons (R15) and the empty pile
(R16). In practice the engine owns the pile; in companion mode the human names the cards
drawn at the table (`named_on_draw`) or they stay unnamed (`blind_until_revealed`)."""

from __future__ import annotations

from typing import Any

from tavola.core import Event

from . import chance
from .array import summon
from .emit import NOBODY, emit
from .state import UNKNOWN, SeasonsState
from .steps import open_prompt, push_front


def draw_from_deck(state: SeasonsState, events: list[Event]) -> str | None:
    """R16: the top card; an empty pile takes the discard pile, shuffled (`DECK_RESHUFFLED`);
    still empty, the draw is skipped (`DRAW_SKIPPED_EMPTY`, None)."""
    if not state.deck and state.discard:
        state.deck, state.discard = state.discard, []
        chance.shuffle(state, state.deck)
        emit(state, events, "deck_reshuffled", {"size": len(state.deck)})
    if not state.deck:
        emit(state, events, "draw_skipped_empty")
        return None
    return state.deck.pop(0)


def to_hand_named(state: SeasonsState, events: list[Event], cards: list[str], source: str) -> None:
    """`card_to_hand` of cards the app knows: their count and source for everyone, the cards
    themselves for nobody (Dummbot's hand is hidden; the record keeps them)."""
    public = {"count": len(cards), "source": source}
    data = {**public, "cards": cards}
    emit(state, events, "card_to_hand", data, visible_to=NOBODY, public=public)


def hand_draws(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """R14: `n` cards into Dummbot's hand, as one prompt (named) or one instruction (blind)."""
    n, source = int(step["n"]), str(step["source"])
    if n <= 0:
        return
    cfg = state.config
    if cfg.mode == "practice":
        drawn = [iid for _ in range(n) if (iid := draw_from_deck(state, events)) is not None]
        state.dummbot.hand.extend(drawn)
        if drawn:
            to_hand_named(state, events, [state.instances[iid] for iid in drawn], source)
    elif cfg.hand_tracking == "named_on_draw":
        prompt = {"kind": "name_cards", "purpose": "hand_draw", "count": n, "source": source}
        open_prompt(state, events, prompt)
    else:
        for _ in range(n):
            state.dummbot.hand.append(state.new_instance(UNKNOWN))
        emit(state, events, "card_to_hand", {"count": n, "source": source})


def deck_summons(state: SeasonsState, events: list[Event], step: dict[str, Any]) -> None:
    """R15: `n` cards from the draw pile straight into the array, whatever their prestige;
    a familiar's effect runs before the next one (R29)."""
    n, source = int(step["n"]), str(step["source"])
    if n <= 0:
        return
    if state.config.mode != "practice":
        prompt = {"kind": "name_cards", "purpose": "deck_summon", "count": n, "source": source}
        open_prompt(state, events, prompt)
        return
    iid = draw_from_deck(state, events)
    follow = [] if iid is None else summon(state, events, iid, "deck")
    if n > 1:
        follow.append({"step": "deck_summons", "n": n - 1, "source": source})
    push_front(state, follow)

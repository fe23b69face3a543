"""A world consistent with what the human sees (for the search bots): the cards they cannot
see — the draw pile and the unseen hand cards — dealt again among those places.

The world depends only on what the human sees: the hidden cards are gathered in a
canonical order (sorted card ids, sorted instance ids) before the shuffle, the world gets a
fresh RNG from the given one, and its undo stack holds the world itself (the real earlier
states would tell the pile's order)."""

from __future__ import annotations

from tavola.core import Rng, canonical_json

from .state import SeasonsState
from .views import visible_hand


def determinize(state: SeasonsState, rng: Rng) -> SeasonsState:
    world = state.clone()
    shown = set(visible_hand(state))
    hand_slots = [i for i, iid in enumerate(state.dummbot.hand) if iid not in shown]
    hidden = sorted(state.deck) + sorted(state.dummbot.hand[i] for i in hand_slots)
    iids = sorted(hidden)
    cards = sorted(state.instances[iid] for iid in hidden)
    rng.shuffle(cards)
    for iid, card_id in zip(iids, cards, strict=True):
        world.instances[iid] = card_id
    world.deck = iids[: len(state.deck)]
    for slot, iid in zip(hand_slots, iids[len(state.deck) :], strict=True):
        world.dummbot.hand[slot] = iid
    world.rng = Rng(rng.next_u32())
    world.script_rng, world.script_samples = [], []
    itself = canonical_json(world.dump(history=False))
    world.undo = [{"action": e["action"], "snapshot": itself} for e in state.undo]
    return world

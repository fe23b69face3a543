"""The cards of a hand its seat may use (§3.6), sorted by kind once per hand (issue 21):
the listing asks at every step, and a hand changes far less often than that."""

from __future__ import annotations

from typing import NamedTuple

from .alignments import permits
from .state import CardDefs, LegendsState

LIMIT = 20_000
"""Hands remembered per game (and its clones) before the memo starts over."""


class Usable(NamedTuple):
    """Iids in hand order, each usable under the seat's permission."""

    characters: tuple[str, ...]
    equipment: tuple[str, ...]
    spells: tuple[str, ...]
    """Magic and potions."""
    egs: tuple[str, ...]


def usable(state: LegendsState, seat: str) -> Usable:
    info = state.seats[seat]
    defs = state.card_defs()
    key = (tuple(info.hand), info.permission)
    found: Usable | None = defs.hands.get(key)
    if found is None:
        if len(defs.hands) >= LIMIT:
            defs.hands.clear()
        found = defs.hands[key] = _sort(defs, *key)
    return found


def _sort(defs: CardDefs, hand: tuple[str, ...], permission: str) -> Usable:
    kinds: dict[str, list[str]] = {
        "character": [],
        "equipment": [],
        "magic": [],
        "potion": [],
        "enchantgineering": [],
    }
    spells = kinds["potion"] = kinds["magic"]  # one list, in hand order
    for iid in hand:
        card = defs[iid]
        if permits(permission, card.side):  # type: ignore[arg-type]
            kinds[card.type].append(iid)
    return Usable(
        tuple(kinds["character"]),
        tuple(kinds["equipment"]),
        tuple(spells),
        tuple(kinds["enchantgineering"]),
    )

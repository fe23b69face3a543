"""How a bot seat chooses between battles. The rule is deliberately simple:

- the next battle (R133): the first battle of the list not yet won;
- the carry (R135): characters on its table first (the sturdiest first: printed HP, then
  STR + MP), then its Enchantgineering (built again later, R136), then the cards in its
  hand in hand order, taking each while the carry limit allows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Action

from ..catalog import Catalog
from .carry import carry_cost

ZONE_ORDER = {"table": 0, "eg": 1, "hand": 2}


def next_battle(battles: int, won: list[int]) -> Action:
    index = next(n for n in range(1, battles + 1) if n not in won)
    return Action("choose_next_battle", index=index)


def _strength(catalog: Catalog, card_id: str) -> tuple[int, int]:
    card = catalog[card_id]
    return getattr(card, "hp", 0), getattr(card, "str_", 0) + getattr(card, "mp", 0)


def carry(
    options: list[Mapping[str, Any]], catalog: Catalog, limit: int, equipment_counts: bool
) -> Action:
    ranked = sorted(
        enumerate(options),
        key=lambda pair: (
            ZONE_ORDER[pair[1]["zone"]],
            tuple(-x for x in _strength(catalog, pair[1]["card_id"]))
            if pair[1]["zone"] == "table"
            else (0, 0),
            pair[0],
        ),
    )
    chosen: list[str] = []
    room = limit
    for _, option in ranked:
        cost = carry_cost(option, equipment_counts)
        if cost <= room:
            chosen.append(option["iid"])
            room -= cost
    return Action("choose_carry", iids=chosen)

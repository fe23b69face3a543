"""Small builders for Legends of AZ tables in tests."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Table


def character(card_id: str, hp: int = 100, str_: int = 10, mp: int = 10, def_: int = 10) -> dict:
    """An inline neutral character card (any permission may use it)."""
    return {
        "card_id": card_id,
        "name": card_id,
        "type": "character",
        "rarity": "C",
        "series": "X",
        "alignment": "true_neutral",
        "sub_type": "balanced",
        "hp": hp,
        "str": str_,
        "mp": mp,
        "def": def_,
    }


# Starter cards used as specials: a magic (MP), a potion (HP), an equipment (STR), an EG (DEF).
MAGIC, POTION, EQUIPMENT, EG = "S1-025", "S1-037", "S1-047", "S1-055"
FILLER = "S1-003"  # a 180-HP character


def simplified(
    piles: dict[str, list[str]],
    *,
    cards: list[dict] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    **config: Any,
) -> Table:
    """A simplified-mode table with scripted piles, seats in P1, P2… turn order."""
    seats = sorted(piles)
    full = {
        "mode": "simplified",
        "players": [{"name": s, "age": 10 + i} for i, s in enumerate(seats)],
        "catalog": ["starter_S1", *(cards or [])],
        "simplified": options or {},
        **config,
    }
    return Table("legends", full, seed, {"turn_order": seats, "piles": piles})


def flip_all(table: Table) -> None:
    """Every awaited seat flips (in seat order)."""
    for seat in sorted(table.to_act):
        table.act(seat, Action("flip"))


def event_types(table: Table) -> list[str]:
    return [e.type for e in table.events]

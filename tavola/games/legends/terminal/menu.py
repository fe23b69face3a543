"""Stable numbers for the terminal's menus: a number keeps meaning the same option for as
long as the option exists, so that options coming and going never shift the others."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

PHASE_MENU: tuple[tuple[int, str, frozenset[str]], ...] = (
    (1, "place", frozenset({"place_character"})),
    (2, "play", frozenset({"play_card"})),
    (3, "equip", frozenset({"assign_equipment"})),
    (4, "build", frozenset({"build"})),
    (5, "attack", frozenset({"declare_attack"})),
    (6, "forgo", frozenset({"forgo"})),
    (7, "skip_attack", frozenset({"skip_attack"})),
    (8, "end", frozenset({"end_turn", "end_counter"})),
    (9, "concede", frozenset({"concede"})),
)
"""The main and counter-attack phases' menu: each kind of move has its number for the whole
game; only the moves possible now are shown. Ending the turn and ending a counter-attack
never meet, so they share 8."""

DEFEND_DEF, DEFEND_MP, DEFENCE_EQUIP = 1, 2, 3
PLAY_A_CARD = 0
"""In a combat window the characters that may reinforce keep their table numbers, so the
card play takes 0."""


def phase_options(kinds: set[str]) -> list[tuple[int, str]]:
    """(number, option) for each move of `PHASE_MENU` among the legal action kinds."""
    return [(number, key) for number, key, wanted in PHASE_MENU if wanted & kinds]


def table_numbers(view: Mapping[str, Any], seat: str) -> dict[str, int]:
    """A seat's characters numbered by their place on its table (the main first)."""
    return {card["iid"]: i for i, card in enumerate(view["seats"][seat]["table"], start=1)}


def target_numbers(view: Mapping[str, Any], seat: str) -> dict[str, int]:
    """Every opponent's card on the tables, numbered in turn order: characters, then
    Enchantgineering under way or complete."""
    numbers: dict[str, int] = {}
    for other in view["turn_order"]:
        if other == seat:
            continue
        cards: Sequence[Mapping[str, Any]] = [
            *view["seats"][other]["table"],
            *view["seats"][other].get("egs", []),
        ]
        for card in cards:
            numbers[card["iid"]] = len(numbers) + 1
    return numbers

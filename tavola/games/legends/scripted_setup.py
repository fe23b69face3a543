"""Explicit setups that replace the random deal (scenarios and tests), validated.

Schema (every key optional):
  turn_order      list of seats: replaces R2's ordering and its lottery
  deck            card ids, top first: the deck after the shuffle; the cut follows
  piles           seat → card ids, top first (simplified): play starts at the next clash
  set_aside       card ids (with `piles`)
  reference_stat  hp | str | mp | def (with `piles`)
  clash_no        clashes already played (with `piles`)
A card entry is a card id, or "ID*N" for N copies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import ConfigError

from .catalog import Catalog

KEYS = frozenset({"turn_order", "deck", "piles", "set_aside", "reference_stat", "clash_no"})
STATS = ("hp", "str", "mp", "def")


def _bad(message: str, field: str) -> ConfigError:
    return ConfigError("invalid_setup", message, field=f"setup.{field}")


def check_keys(setup: Mapping[str, Any], mode: str) -> None:
    unknown = sorted(set(setup) - KEYS)
    if unknown:
        raise _bad(f"unknown keys {unknown}; allowed: {sorted(KEYS)}", unknown[0])
    if mode != "simplified" and "piles" in setup:
        raise _bad("piles exist only in the simplified mode", "piles")
    if "piles" in setup and "deck" in setup:
        raise _bad("give either the deck (before the cut) or the piles (after the split)", "deck")
    for key in ("set_aside", "reference_stat", "clash_no"):
        if key in setup and "piles" not in setup:
            raise _bad(f"{key} needs piles", key)


def expand_cards(entries: Any, catalog: Catalog, field: str) -> list[str]:
    """Card ids from a list of `ID` or `ID*N` entries, each checked against the catalogue."""
    if not isinstance(entries, list):
        raise _bad("must be a list of card ids", field)
    cards: list[str] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, str):
            raise _bad("a card entry is a card id string", f"{field}[{i}]")
        card_id, _, count = entry.partition("*")
        if card_id not in catalog:
            raise _bad(f"unknown card '{card_id}'", f"{field}[{i}]")
        if count and not (count.isdigit() and int(count) >= 1):
            raise _bad(f"bad copy count in '{entry}'", f"{field}[{i}]")
        cards.extend([card_id] * (int(count) if count else 1))
    return cards


def scripted_turn_order(setup: Mapping[str, Any], seats: list[str]) -> list[str]:
    order = setup["turn_order"]
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(seats):
        raise _bad(f"must list every seat exactly once: {seats}", "turn_order")
    return [str(s) for s in order]


def scripted_piles(
    setup: Mapping[str, Any], catalog: Catalog, order: list[str]
) -> tuple[dict[str, list[str]], list[str]]:
    piles = setup["piles"]
    if not isinstance(piles, Mapping) or set(piles) - set(order):
        raise _bad(f"a table of seat → card ids, seats among {order}", "piles")
    by_seat = {seat: expand_cards(piles.get(seat, []), catalog, f"piles.{seat}") for seat in order}
    if sum(1 for cards in by_seat.values() if cards) < 2:
        raise _bad("at least two seats need cards", "piles")
    set_aside = expand_cards(setup.get("set_aside", []), catalog, "set_aside")
    return by_seat, set_aside


def scripted_reference(setup: Mapping[str, Any]) -> str:
    stat = setup.get("reference_stat", "hp")
    if stat not in STATS:
        raise _bad(f"'{stat}' is not a stat; allowed: {', '.join(STATS)}", "reference_stat")
    return str(stat)


def scripted_clash_no(setup: Mapping[str, Any]) -> int:
    value = setup.get("clash_no", 0)
    if not isinstance(value, int) or value < 0:
        raise _bad("a whole number ≥ 0", "clash_no")
    return value

"""Explicit battle positions for scenarios and tests (the setup of docs/scenarios.md):
tables, hands, deck and discard as given, and play starting in a chosen turn.

  turn_order  every seat once (else R2)        active    whose turn (default: the first)
  round_no    default 1                        start     "main" (default) or "turn" (R13–R14 run)
  deck        card ids, top first              discard   card ids, oldest first
  seats.<P>   main = card id or a table entry; hand = card entries; table = card entries;
              egs = [{card, iid, progress (default: complete), hits}]
A card entry is a card id ("ID*N" for N copies) or a table {card, iid, damage, exhausted,
sleep, forwent, acted, equipment, modifiers = [{stat, amount, duration}]}; ids default to
c1, c2, … in the order: deck, discard, then each seat's hand and table in turn order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import ConfigError, Event

from .battle_setup import instantiate_main, place
from .cards import CharacterCard, EnchantgineeringCard, EquipmentCard
from .state import Battle, Enchantgineering, LegendsState, Modifier
from .turns import start_turn

KEYS = frozenset({"turn_order", "active", "round_no", "start", "deck", "discard", "seats"})
SEAT_KEYS = frozenset({"main", "hand", "table", "egs"})
EG_KEYS = frozenset({"card", "iid", "progress", "hits"})
ENTRY_KEYS = frozenset(
    {"card", "iid", "damage", "exhausted", "sleep", "forwent", "acted", "equipment", "modifiers"}
)


def _bad(message: str, field: str) -> ConfigError:
    return ConfigError("invalid_setup", message, field=f"setup.{field}")


class _Cards:
    """Hands out instance ids and checks card ids against the catalogue."""

    def __init__(self, state: LegendsState) -> None:
        self.state = state
        self.state.instances = {}
        self.next = 1

    def add(self, card_id: Any, field: str, iid: Any = None) -> str:
        if not isinstance(card_id, str) or card_id not in self.state.catalog:
            raise _bad(f"unknown card '{card_id}'", field)
        if iid is None:
            iid = f"c{self.next}"
            self.next += 1
        if not isinstance(iid, str) or iid in self.state.instances:
            raise _bad(f"instance id '{iid}' is not a new string", field)
        self.state.instances[iid] = card_id
        return iid

    def many(self, entries: Any, field: str) -> list[tuple[str, Mapping[str, Any]]]:
        """(iid, entry) for each card entry of a list."""
        if not isinstance(entries, list):
            raise _bad("must be a list of card entries", field)
        out: list[tuple[str, Mapping[str, Any]]] = []
        for i, entry in enumerate(entries):
            where = f"{field}[{i}]"
            if isinstance(entry, str):
                card_id, _, count = entry.partition("*")
                copies = int(count) if count.isdigit() else 1
                out += [(self.add(card_id, where), {}) for _ in range(copies)]
            elif isinstance(entry, Mapping):
                unknown = sorted(set(entry) - ENTRY_KEYS)
                if unknown:
                    raise _bad(f"unknown keys {unknown}; allowed: {sorted(ENTRY_KEYS)}", where)
                out.append((self.add(entry.get("card"), where, entry.get("iid")), entry))
            else:
                raise _bad("a card id or a table", where)
        return out


def setup_position(state: LegendsState, setup: Mapping[str, Any]) -> list[Event]:
    unknown = sorted(set(setup) - KEYS)
    if unknown:
        raise _bad(f"unknown keys {unknown}; allowed: {sorted(KEYS)}", unknown[0])
    state.battle = b = Battle()
    cards = _Cards(state)
    state.deck = [iid for iid, _ in cards.many(setup.get("deck", []), "deck")]
    state.discard = [iid for iid, _ in cards.many(setup.get("discard", []), "discard")]
    state.revealed.update(state.discard)
    seats_setup = setup.get("seats", {})
    if not isinstance(seats_setup, Mapping) or set(seats_setup) - set(state.seats):
        raise _bad(f"a table per seat among {sorted(state.seats)}", "seats")
    for seat in state.turn_order:
        entry = seats_setup.get(seat, {})
        unknown = sorted(set(entry) - SEAT_KEYS)
        if unknown:
            raise _bad(f"unknown keys {unknown}; allowed: {sorted(SEAT_KEYS)}", f"seats.{seat}")
        _setup_seat(state, cards, seat, entry)
    b.round_no = int(setup.get("round_no", 1))
    b.turn_no = 0
    active = setup.get("active", state.turn_order[0])
    if active not in state.turn_order:
        raise _bad(f"'{active}' is not a seat", "active")
    start = setup.get("start", "main")
    if start not in ("main", "turn"):
        raise _bad("'main' or 'turn'", "start")
    events: list[Event] = []
    if start == "turn":
        start_turn(state, active, events)
    else:  # the position is the main phase itself, statuses as given
        b.turn_no = 1
        b.active_seat = active
        b.equip_window_open = True
        state.phase = "main"
    return events


def _setup_seat(state: LegendsState, cards: _Cards, seat: str, entry: Mapping[str, Any]) -> None:
    config_main = _config_main(state, seat)
    main = entry.get("main", config_main)
    if main is None:
        raise _bad("every seat needs a main", f"seats.{seat}.main")
    main_entry: Mapping[str, Any] = main if isinstance(main, Mapping) else {"card": main}
    card_id = main_entry.get("card")
    if not isinstance(card_id, str) or not isinstance(state.catalog.get(card_id), CharacterCard):
        raise _bad(f"'{card_id}' is not a character", f"seats.{seat}.main")
    instantiate_main(state, seat, card_id)
    _place(state, seat, f"m{seat}", main_entry, f"seats.{seat}.main", is_main=True)
    _equip(state, cards, f"m{seat}", main_entry, f"seats.{seat}.main")
    state.seats[seat].hand = [
        iid for iid, _ in cards.many(entry.get("hand", []), f"seats.{seat}.hand")
    ]
    for i, (iid, details) in enumerate(cards.many(entry.get("table", []), f"seats.{seat}.table")):
        where = f"seats.{seat}.table[{i}]"
        if not isinstance(state.card(iid), CharacterCard):
            raise _bad("only characters stand on a table", where)
        _place(state, seat, iid, details, where)
        _equip(state, cards, iid, details, where)
    _setup_egs(state, cards, seat, entry.get("egs", []))


def _setup_egs(state: LegendsState, cards: _Cards, seat: str, entries: Any) -> None:
    if not isinstance(entries, list):
        raise _bad("a list of {card, iid, progress, hits}", f"seats.{seat}.egs")
    assert state.battle is not None
    for i, entry in enumerate(entries):
        where = f"seats.{seat}.egs[{i}]"
        if not isinstance(entry, Mapping) or set(entry) - EG_KEYS:
            raise _bad(f"a table with keys among {sorted(EG_KEYS)}", where)
        iid = cards.add(entry.get("card"), where, entry.get("iid"))
        card = state.card(iid)
        if not isinstance(card, EnchantgineeringCard):
            raise _bad(f"'{entry.get('card')}' is not an Enchantgineering", where)
        progress = int(entry.get("progress", card.phases))
        if not 1 <= progress <= card.phases:
            raise _bad(f"progress must be 1..{card.phases}", f"{where}.progress")
        eg = Enchantgineering(iid, seat, card.phases, progress, int(entry.get("hits", 0)))
        state.battle.egs[iid] = eg
        state.seats[seat].egs.append(iid)
        state.revealed.add(iid)


def _equip(
    state: LegendsState, cards: _Cards, iid: str, details: Mapping[str, Any], where: str
) -> None:
    equipment = details.get("equipment")
    if equipment is None:
        return
    eq = cards.add(equipment, f"{where}.equipment")
    if not isinstance(state.card(eq), EquipmentCard):
        raise _bad(f"'{equipment}' is not equipment", f"{where}.equipment")
    assert state.battle is not None
    state.battle.characters[iid].equipment_iid = eq


def _config_main(state: LegendsState, seat: str) -> str | None:
    if seat == "B":
        return state.config.boss.main_card_id if state.config.boss else None
    return state.config.players[int(seat[1:]) - 1].main_card_id


def _place(
    state: LegendsState,
    seat: str,
    iid: str,
    details: Mapping[str, Any],
    where: str,
    *,
    is_main: bool = False,
) -> None:
    ch = place(state, seat, iid, is_main=is_main)
    ch.damage = int(details.get("damage", 0))
    ch.exhausted = bool(details.get("exhausted", False))
    ch.exhausted_reason = "attack" if ch.exhausted else None
    ch.sleep_remaining = int(details.get("sleep", 0))
    ch.forwent = bool(details.get("forwent", False))
    ch.acted_this_turn = bool(details.get("acted", False))
    for j, mod in enumerate(details.get("modifiers", [])):
        if not isinstance(mod, Mapping) or set(mod) - {"stat", "amount", "duration"}:
            raise _bad("a modifier is {stat, amount, duration}", f"{where}.modifiers[{j}]")
        ch.modifiers.append(
            Modifier(
                str(mod["stat"]), int(mod.get("amount", 0)), str(mod["duration"]), None, None, 0
            )
        )

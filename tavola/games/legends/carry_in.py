"""Cards a party seat brings into a campaign battle (R136, R137), read from the battle's
`carry_in` option: they are in the seat's hand before the deal and not in the deck, their
instance ids continue the deck's `c` numbering (seats in turn order, each in its
`choose_carry` order, a character's equipment right after it, the main's equipment last),
and a carried character's equipment waits outside the game until the character is placed.
"""

from __future__ import annotations

from dataclasses import dataclass

from .config import LegendsConfig
from .state import Character, LegendsState


@dataclass(frozen=True, slots=True)
class Carried:
    seat: str
    iid: str
    card_id: str
    role: str
    """`card` (to the hand), `equipment` (of the card before it) or `main_equipment`."""
    bearer: str | None = None
    damage: int = 0


def carried_count(config: LegendsConfig, seat: str) -> int:
    """R137: the cards that reduce the seat's initial deal (equipment too when the campaign
    counts it toward the carry limit)."""
    if config.carry_in is None or seat not in config.carry_in.seats:
        return 0
    cards = config.carry_in.seats[seat].cards
    equipped = sum(1 for c in cards if c.equipment is not None)
    return len(cards) + (equipped if config.carry_in.equipment_counts else 0)


def layout(config: LegendsConfig, turn_order: list[str], first: int) -> list[Carried]:
    """Every carried instance, numbered from `c<first>`."""
    if config.carry_in is None:
        return []
    out: list[Carried] = []
    number = first
    for seat in turn_order:
        carry = config.carry_in.seats.get(seat)
        if carry is None:
            continue
        for card in carry.cards:
            bearer = f"c{number}"
            out.append(Carried(seat, bearer, card.card_id, "card", damage=card.damage))
            number += 1
            if card.equipment is not None:
                out.append(Carried(seat, f"c{number}", card.equipment, "equipment", bearer))
                number += 1
        if carry.main_equipment is not None:
            out.append(Carried(seat, f"c{number}", carry.main_equipment, "main_equipment"))
            number += 1
    return out


def _current_layout(state: LegendsState) -> list[Carried]:
    """The layout `add_to_hands` made: the carried instances are the last `c` numbers."""
    numbered = sum(1 for iid in state.instances if iid.startswith("c"))
    total = len(layout(state.config, state.turn_order, 1))
    return layout(state.config, state.turn_order, numbered - total + 1)


def add_to_hands(state: LegendsState) -> None:
    """R136: the carried cards join their seats' hands before the deal."""
    numbered = sum(1 for iid in state.instances if iid.startswith("c"))
    entries = layout(state.config, state.turn_order, numbered + 1)
    if not entries:
        return
    state.instances = {**state.instances, **{e.iid: e.card_id for e in entries}}
    for entry in entries:
        if entry.role == "card":
            state.seats[entry.seat].hand.append(entry.iid)


def on_placed(state: LegendsState, ch: Character) -> None:
    """R136: a carried character enters with its kept damage (with `carry_damage`) and its
    equipment, the first time it is placed; the main with the equipment it kept. Called
    before the character's face is revealed."""
    if state.config.carry_in is None:
        return
    for entry in _current_layout(state):
        if entry.iid in state.revealed:
            continue  # attached once already: after that it is a card like any other
        if (entry.role == "equipment" and entry.bearer == ch.iid) or (
            entry.role == "main_equipment" and ch.is_main and entry.seat == ch.controller
        ):
            ch.equipment_iid = entry.iid
            state.revealed.add(entry.iid)
        elif entry.role == "card" and entry.iid == ch.iid:
            hp = getattr(state.card(ch.iid), "hp", 1)
            ch.damage = min(entry.damage, hp - 1)  # it left the last battle alive

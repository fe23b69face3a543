"""Special equipment (A5, R85–R89): when it may be assigned, to whom, and for good."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Event

from . import listing
from .cards import EquipmentCard
from .combat import continue_after_effects
from .draws import check_playable
from .hands import Usable, usable
from .messages import only_args, refuse
from .protection import are_opponents, battle, main_protected
from .state import LegendsState
from .turns import settle_deaths


def timing_open(state: LegendsState, seat: str) -> bool:
    """R85: the active seat before its first attack or build; the counter-attacking seat
    before its first attack; the defending seat in its defence setup."""
    b = state.battle
    assert b is not None
    if state.phase == "main":
        return seat == b.active_seat and b.equip_window_open
    if state.phase == "counter":
        return seat == b.counter_seat and b.equip_window_open
    return (
        state.phase == "defence_setup" and b.combat is not None and seat == b.combat.defending_seat
    )


def bearer_refusal(state: LegendsState, seat: str, bearer: Any) -> str | None:
    """R86: any alive character on a table, an opponent's protected main excepted, with no
    equipment yet."""
    ch = battle(state).characters.get(bearer) if isinstance(bearer, str) else None
    if ch is None:
        return "invalid_target"
    if (
        are_opponents(state, seat, ch.controller)
        and ch.is_main
        and main_protected(state, ch.controller)
    ):
        return "main_protected"
    if ch.equipment_iid is not None:
        return "equipment_slot_full"
    return None


def check(state: LegendsState, seat: str, action: Action) -> tuple[str, str]:
    only_args(action.type, action.args, "eq_iid", "char_iid")
    iid, bearer = action.get("eq_iid"), action.get("char_iid")
    check_playable(state, seat, iid, (EquipmentCard,))
    if not timing_open(state, seat):
        raise refuse("equipment_timing")
    code = bearer_refusal(state, seat, bearer)
    if code is not None:
        # An enemy's protected main carries no equipment (R86, under R34).
        raise refuse(code, iid=bearer, rule="R34" if code == "main_protected" else None)
    return iid, bearer


def assign(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    """A5: the checks, then the assignment."""
    iid, bearer = check(state, seat, action)
    attach(state, seat, iid, bearer, events)


def attach(state: LegendsState, seat: str, iid: str, bearer: str, events: list[Event]) -> None:
    """R87: attached for good; it leaves only with its bearer (R88)."""
    state.seats[seat].hand.remove(iid)
    state.revealed.add(iid)
    battle(state).characters[bearer].equipment_iid = iid
    events.append(
        Event(
            "equipment_assigned",
            {"seat": seat, "iid": iid, "card_id": state.instances[iid], "bearer": bearer},
        )
    )
    phase = state.phase
    settle_deaths(state, events)  # cursed max HP can kill
    continue_after_effects(state, phase, events)


def assign_actions(state: LegendsState, seat: str, hand: Usable | None = None) -> list[Action]:
    """`hand`: the seat's `usable` cards, when the caller has them already."""
    if not timing_open(state, seat):
        return []
    cards = (hand or usable(state, seat)).equipment
    if not cards:
        return []
    bearers = [iid for iid in battle(state).characters if bearer_refusal(state, seat, iid) is None]
    return [listing.assign(card, bearer) for card in cards for bearer in bearers]

"""What a party seat may carry out of a won battle (R135), and its `choose_carry` checked.
Only what is still there at the end can be chosen, so cards used, discarded or dead in the
battle are lost to the campaign (R138)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..messages import refuse
from ..state import LegendsState


def carry_options(state: LegendsState, seat: str) -> list[dict[str, Any]]:
    """R135: the seat's alive non-main characters on its table (with their equipment and
    damage), every card in its hand, and its EGs on its table, complete or not. An
    eliminated seat carries nothing."""
    info = state.seats[seat]
    if info.eliminated or state.battle is None:
        return []
    options: list[dict[str, Any]] = []
    for iid in info.table:
        ch = state.battle.characters[iid]
        if ch.is_main:
            continue
        equipment = state.instances[ch.equipment_iid] if ch.equipment_iid else None
        options.append(_option(state, iid, "table", equipment, ch.damage))
    options += [_option(state, iid, "hand") for iid in info.hand]
    options += [_option(state, iid, "eg") for iid in info.egs]
    return options


def _option(
    state: LegendsState, iid: str, zone: str, equipment: str | None = None, damage: int = 0
) -> dict[str, Any]:
    return {
        "iid": iid,
        "card_id": state.instances[iid],
        "zone": zone,
        "equipment": equipment,
        "damage": damage,
    }


def main_equipment(state: LegendsState, seat: str) -> str | None:
    """R136: the equipment on the seat's main at the end (kept for the next battle)."""
    info = state.seats[seat]
    if info.eliminated or state.battle is None or info.main_iid is None:
        return None
    ch = state.battle.characters.get(info.main_iid)
    return state.instances[ch.equipment_iid] if ch and ch.equipment_iid else None


def carry_cost(option: Mapping[str, Any], equipment_counts: bool) -> int:
    """R135: one card, plus its equipment when the campaign counts equipment."""
    return 1 + (1 if equipment_counts and option["equipment"] is not None else 0)


def checked_choice(
    options: Sequence[Mapping[str, Any]], iids: Any, limit: int, equipment_counts: bool
) -> list[Mapping[str, Any]]:
    """A19: the chosen options in the order chosen; anything not eligible is refused
    `carry_not_eligible`, more than the limit `carry_limit`."""
    if not isinstance(iids, list | tuple) or not all(isinstance(i, str) for i in iids):
        raise refuse("invalid_choice", choice=repr(iids))
    if len(set(iids)) != len(iids):
        raise refuse("duplicate_card")
    by_iid = {option["iid"]: option for option in options}
    for iid in iids:
        if iid not in by_iid:
            raise refuse("carry_not_eligible", iid=iid)
    chosen = [by_iid[iid] for iid in iids]
    if sum(carry_cost(option, equipment_counts) for option in chosen) > limit:
        raise refuse("carry_limit", limit=limit)
    return chosen


def carried(option: Mapping[str, Any], carry_damage: bool) -> dict[str, Any]:
    """R136: what the next battle's config holds of one chosen card: a character keeps its
    equipment, and its damage only with `carry_damage`; an EG comes back as a card."""
    return {
        "card_id": option["card_id"],
        "equipment": option["equipment"],
        "damage": option["damage"] if carry_damage else 0,
    }

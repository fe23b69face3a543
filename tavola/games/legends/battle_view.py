"""What each viewer sees of a battle (§8): tables, statuses and combats are public; a hand
is shown to its seat (its team with `team_shared_hands`, everyone for a public boss hand)
and counted for the others; sealed setup choices show only that they were sent."""

from __future__ import annotations

from typing import Any

from tavola.core import Viewer

from .battle_setup import main_candidates
from .draws import hand_viewers
from .protection import alive_characters, attack_targets, main_protected
from .state import Character, Combat, LegendsState
from .stats import (
    attack_value,
    defence_value,
    effective_values,
    is_asleep,
)
from .views import card_ref


def sees_hand(state: LegendsState, viewer: Viewer, seat: str) -> bool:
    return viewer.may_see(hand_viewers(state, seat), frozenset(state.seats))


def hidden_hand_cards(state: LegendsState, seat: str) -> set[str]:
    """Cards in other hands that `seat` may not see (and whose face was never shown)."""
    viewer = Viewer.seat(seat)
    hidden: set[str] = set()
    for other, info in state.seats.items():
        if other != seat and not sees_hand(state, viewer, other):
            hidden.update(info.hand)
    return hidden - state.revealed


def character_view(state: LegendsState, ch: Character) -> dict[str, Any]:
    values = effective_values(state, ch)
    return {
        "iid": ch.iid,
        "card_id": state.instances[ch.iid],
        "controller": ch.controller,
        "is_main": ch.is_main,
        "damage": ch.damage,
        "hp": values["hp"],
        "max_hp": values["max_hp"],
        "str": values["str"],
        "mp": values["mp"],
        "def": values["def"],
        # R7's statuses, inline: a view shows every character on every table.
        "ready": not ch.exhausted and ch.sleep_remaining <= 0,
        "vulnerable": ch.exhausted or ch.sleep_remaining > 0,
        "exhausted": ch.exhausted,
        "exhausted_reason": ch.exhausted_reason,
        "asleep": ch.sleep_remaining > 0,
        "sleep_remaining": ch.sleep_remaining,
        "forwent": ch.forwent,
        "warded": values["warded"],
        "acted_this_turn": ch.acted_this_turn,
        "equipment": card_ref(state, ch.equipment_iid) if ch.equipment_iid else None,
        "modifiers": [m.dump() for m in ch.modifiers],
    }


def eg_view(state: LegendsState, iid: str) -> dict[str, Any]:
    eg = state.battle.egs[iid] if state.battle else None
    assert eg is not None
    return {
        **card_ref(state, iid),
        "phases": eg.phases,
        "progress": eg.progress,
        "complete": eg.complete,
        "structure": eg.structure,
        "hits_taken": eg.hits_taken,
    }


def combat_view(state: LegendsState, fight: Combat) -> dict[str, Any]:
    characters = state.battle.characters if state.battle else {}
    target = characters.get(fight.target)
    attack = sum(
        attack_value(state, characters[a.iid], a.stat, target)
        for a in fight.attackers
        if a.iid in characters and not is_asleep(characters[a.iid])
    )
    return {
        **fight.dump(),
        "attack_value": attack,
        "defence_value": defence_value(state, target, fight.defence_stat) if target else None,
    }


def battle_view(state: LegendsState, viewer: Viewer) -> dict[str, Any]:
    b = state.battle
    assert b is not None
    seats: dict[str, dict[str, Any]] = {}
    for seat, info in state.seats.items():
        entry: dict[str, Any] = {
            # An eliminated seat's main went to the discard pile and may come back hidden.
            "main": None if info.eliminated else info.main_iid,
            "permission": info.permission,
            "eliminated": info.eliminated,
            "elimination_order": info.elimination_order,
            "hand_size": len(info.hand),
            "table": [character_view(state, ch) for ch in alive_characters(state, seat)],
            "egs": [eg_view(state, iid) for iid in info.egs],
            "autopilot": info.autopilot,
            "sealed": seat in b.sealed,
        }
        if sees_hand(state, viewer, seat):
            entry["hand"] = [card_ref(state, iid) for iid in info.hand]
        if info.main_iid is not None and info.main_iid in b.characters:
            entry["main_protected"] = main_protected(state, seat)
            entry["targetable"] = attack_targets(state, seat)
        if seat in b.sealed and (viewer.is_referee or viewer.seats == {seat}):
            entry["sealed_choice"] = b.sealed[seat]
        seats[seat] = entry
    extra: dict[str, Any] = {}
    if state.phase == "setup_main_choice" and len(viewer.seats) == 1:
        (seat,) = viewer.seats
        if seat in state.seats and state.seats[seat].main_iid is None:
            candidates = main_candidates(state, seat)
            extra["main_candidates"] = [{"card_id": card_id} for card_id in candidates]
    return {
        **extra,
        "seats": seats,
        "round_no": b.round_no,
        "turn_no": b.turn_no,
        "max_rounds": state.config.max_rounds,
        "active_seat": b.active_seat,
        "counter_seat": b.counter_seat,
        "counter_queue": list(b.counter_queue),
        "attacked_seats_this_turn": list(b.attacked_seats_this_turn),
        "equip_window_open": b.equip_window_open,
        "actions_this_turn": b.actions_this_turn,
        "forgo_draws_this_turn": b.forgo_draws_this_turn,
        "attack_skipped": b.attack_skipped,
        "combat": combat_view(state, b.combat) if b.combat else None,
        "rules": {
            "sides": state.config.sides,
            "classic_damage": state.config.classic_damage,
            "classic_hit_value": state.config.classic_hit_value,
            "replace_initial_discards": state.config.replace_initial_discards,
            "attack_stat_rule": state.config.attack_stat_rule,
            "defence_stat_rule": state.config.defence_stat_rule,
            "extra_draw_mode": state.config.extra_draw_mode,
            "counter_attack_mode": state.config.counter_attack_mode,
        },
    }

"""Combat (R38–R56): the declaration, the defence setup, the response window with its
priority, reinforcements, and the resolution with classic or epic damage."""

from __future__ import annotations

import math

from tavola.core import Event

from .enchantgineering import add_hits
from .protection import controller_of
from .state import Attacker, Character, Combat, LegendsState
from .stats import current_hp, defence_value, eff, is_asleep, is_warded
from .turns import collect_deaths, eliminate, end_turn, expire_where, next_counter


def declare(
    state: LegendsState,
    seat: str,
    attackers: list[tuple[str, str]],
    target: str,
    events: list[Event],
) -> None:
    """R38: attackers are exhausted (R8) until their seat's next turn (R9, R61); the first
    attack closes the equipment window (R24); a counter-attack adds no attacked seat (R60);
    a target may be attacked any number of times (R54). The defending seat may set up its
    defence (R41)."""
    b = state.battle
    assert b is not None
    defender = controller_of(state, target)
    assert defender is not None
    origin = "counter" if state.phase == "counter" else "main"
    for iid, _ in attackers:
        ch = b.characters[iid]
        ch.exhausted = True
        ch.exhausted_reason = "attack"
        ch.acted_this_turn = True
    b.equip_window_open = False
    if origin == "main":
        b.attacked_or_built = True
        if defender not in b.attacked_seats_this_turn:
            b.attacked_seats_this_turn.append(defender)
    b.combats_opened += 1
    kind = "character" if target in b.characters else "eg"
    b.combat = Combat(
        b.combats_opened,
        seat,
        defender,
        [Attacker(iid, stat) for iid, stat in attackers],
        target,
        kind,
        origin,
    )
    events.append(
        Event(
            "attack_declared",
            {
                "combat": b.combats_opened,
                "seat": seat,
                "defender": defender,
                "attackers": [{"iid": i, "stat": s} for i, s in attackers],
                "target": target,
            },
            rule="R38",
        )
    )
    needs_setup = bool(state.seats[defender].hand) or (
        kind == "character" and state.config.defence_stat_rule == "choice"
    )
    if needs_setup:
        state.phase = "defence_setup"
    else:
        open_window(state, events)


def defence_ready(state: LegendsState, seat: str, stat: str | None, events: list[Event]) -> None:
    """A9: the defence is set; a stated stat counts only under `defence_stat_rule = choice`."""
    b = state.battle
    assert b is not None
    combat = b.combat
    assert combat is not None
    combat.defence_stat = stat if state.config.defence_stat_rule == "choice" else None
    events.append(Event("defence_ready", {"seat": seat, "stat": combat.defence_stat}))
    open_window(state, events)


def eligible_seats(state: LegendsState, combat: Combat) -> list[str]:
    """R42: the attacking and defending seats and their teammates (or everyone)."""
    live = [s for s in state.turn_order if not state.seats[s].eliminated]
    if state.config.response_scope == "all":
        return live
    teams = {state.seats[combat.attacking_seat].team, state.seats[combat.defending_seat].team}
    return [s for s in live if state.seats[s].team in teams]


def open_window(state: LegendsState, events: list[Event]) -> None:
    """R42: priority starts with the attacking seat."""
    b = state.battle
    assert b is not None
    combat = b.combat
    assert combat is not None
    state.phase = "window"
    combat.stage = "window"
    combat.eligible_seats = eligible_seats(state, combat)
    combat.priority_seat = combat.attacking_seat
    combat.consecutive_passes = 0
    events.append(
        Event(
            "combat_window_opened", {"combat": combat.combat_id, "eligible": combat.eligible_seats}
        )
    )
    settle_priority(state, events)


def joining_open(state: LegendsState, combat: Combat) -> bool:
    """R44, R45: another attacker may still join (under the caps on joint attackers and
    on plays in a window)."""
    config = state.config
    limit = config.max_joint_attackers
    if limit is not None and len(combat.attackers) >= limit:
        return False
    return combat.plays_in_window < config.max_plays_per_window


def reinforcers(state: LegendsState, seat: str) -> list[Character]:
    """Characters the attacking seat may still add (R45, R11, R39, R44)."""
    b = state.battle
    assert b is not None
    combat = b.combat
    if combat is None or seat != combat.attacking_seat or not joining_open(state, combat):
        return []
    characters = b.characters
    # R7's ready (and not forwent), inline: asked at every step of a window.
    return [
        c
        for iid in state.seats[seat].table
        if not ((c := characters[iid]).exhausted or c.sleep_remaining > 0 or c.forwent)
    ]


def _next_eligible(combat: Combat, seat: str) -> str:
    order = combat.eligible_seats
    return order[(order.index(seat) + 1) % len(order)]


def settle_priority(state: LegendsState, events: list[Event]) -> None:
    """Passes for seats that can do nothing (R43) until someone can act or all have passed."""
    b = state.battle
    assert b is not None
    combat = b.combat
    assert combat is not None
    order = combat.eligible_seats
    seats = state.seats
    attacking = combat.attacking_seat  # only it may reinforce (R45)
    while combat.consecutive_passes < len(order):
        seat = combat.priority_seat
        assert seat is not None
        if seats[seat].hand or (seat == attacking and _may_reinforce(state, combat)):
            return  # R43: it may act
        events.append(Event("priority_passed", {"seat": seat, "auto": True}))
        combat.consecutive_passes += 1
        combat.priority_seat = order[(order.index(seat) + 1) % len(order)]
    resolve(state, events)


def _may_reinforce(state: LegendsState, combat: Combat) -> bool:
    """Whether `reinforcers` of the attacking seat would name anyone, without listing them."""
    if not joining_open(state, combat):
        return False
    b = state.battle
    assert b is not None
    characters = b.characters
    for iid in state.seats[combat.attacking_seat].table:
        c = characters[iid]
        if not (c.exhausted or c.sleep_remaining > 0 or c.forwent):  # R7's ready
            return True
    return False


def pass_priority(state: LegendsState, seat: str, events: list[Event]) -> None:
    """A11: the seat holding priority passes; priority moves on (R42)."""
    b = state.battle
    assert b is not None
    combat = b.combat
    assert combat is not None
    events.append(Event("priority_passed", {"seat": seat, "auto": False}))
    combat.consecutive_passes += 1
    order = combat.eligible_seats  # `_next_eligible`, inline
    combat.priority_seat = order[(order.index(seat) + 1) % len(order)]
    settle_priority(state, events)


def reinforce(state: LegendsState, seat: str, iid: str, stat: str, events: list[Event]) -> None:
    """A10, R45: one more attacker joins, exhausted like the others (R8); priority moves
    on."""
    b = state.battle
    assert b is not None
    combat = b.combat
    assert combat is not None
    ch = b.characters[iid]
    ch.exhausted = True
    ch.exhausted_reason = "attack"
    ch.acted_this_turn = True
    combat.attackers.append(Attacker(iid, stat))
    combat.plays_in_window += 1
    combat.consecutive_passes = 0
    events.append(Event("attacker_added", {"combat": combat.combat_id, "iid": iid, "stat": stat}))
    order = combat.eligible_seats  # `_next_eligible`, inline
    combat.priority_seat = order[(order.index(seat) + 1) % len(order)]
    settle_priority(state, events)


def _cancelled(state: LegendsState, combat: Combat) -> bool:
    """R46: nobody left to attack, or nothing left to hit."""
    b = state.battle
    assert b is not None
    characters = b.characters
    awake = [  # `is_asleep`, inline
        a
        for a in combat.attackers
        if a.iid in characters and characters[a.iid].sleep_remaining <= 0
    ]
    target_gone = combat.target not in characters and combat.target not in b.egs

    return not awake or state.seats[combat.attacking_seat].eliminated or target_gone


def cancel_if_hopeless(state: LegendsState, events: list[Event]) -> bool:
    """R46: a window play that leaves nobody able to attack, or nothing to hit, ends the
    combat at once as cancelled."""
    b = state.battle
    assert b is not None
    combat = b.combat
    if combat is None or not _cancelled(state, combat):
        return False
    events.append(Event("attack_cancelled", {"combat": combat.combat_id}, rule="R46"))
    _end_combat(state, events, {"result": "cancelled", "A": 0, "D_val": 0, "damage": 0})
    return True


def continue_after_effects(state: LegendsState, phase: str, events: list[Event]) -> None:
    """After a card or equipment took effect in `phase`: a window goes on (or ends if the
    combat is hopeless, R46); a defence setup waits for its seat unless the combat ended;
    a main or counter phase goes on unless its seat is gone (R62, R107)."""
    if state.result is not None:
        return
    b = state.battle
    assert b is not None
    fight = b.combat
    if phase in ("window", "defence_setup") and fight is not None:
        if cancel_if_hopeless(state, events) or phase == "defence_setup":
            return
        settle_priority(state, events)
        return
    after_combat_or_concession(state, "counter" if phase == "counter" else "main", events)


def hit_damage(state: LegendsState, attack: int, defence: int) -> int:
    """R49 (classic: flat or in started groups) and R50 (epic: the excess)."""
    config = state.config
    if config.mode == "epic":
        return attack - defence
    if config.classic_damage == "ceil":
        groups = math.ceil((attack - defence) / config.classic_hit_value)
        return config.classic_hit_value * groups
    return config.classic_hit_value


def resolve(state: LegendsState, events: list[Event]) -> None:
    """R46, R47, R48: the attack value against the defence value at resolution; a hit deals
    damage to the target alone (R51, R55) and may kill (R77); an EG takes hits (R52)."""
    b = state.battle
    assert b is not None
    combat = b.combat
    assert combat is not None
    if _cancelled(state, combat):
        events.append(Event("attack_cancelled", {"combat": combat.combat_id}, rule="R46"))
        _end_combat(state, events, {"result": "cancelled", "A": 0, "D_val": 0, "damage": 0})
        return
    if combat.target_kind == "eg":
        _resolve_on_eg(state, combat, events)
        return
    characters = b.characters
    target = characters[combat.target]
    attack = 0
    warded: bool | None = None  # R47's ward, asked once and only for an MP attacker
    for a in combat.attackers:
        ch = characters.get(a.iid)
        if ch is None or ch.sleep_remaining > 0:  # gone or asleep: no attack value
            continue
        if a.stat == "mp":
            if warded is None:
                warded = is_warded(state, target)
            if warded:
                continue
        attack += eff(state, ch, a.stat)
    defence = defence_value(state, target, combat.defence_stat)
    summary = {"result": "parried", "A": attack, "D_val": defence, "damage": 0}
    fallen: list[str] = []
    if attack > defence and not combat.parried:
        damage = hit_damage(state, attack, defence)
        target.damage += damage
        hp_after = max(0, current_hp(state, target))
        summary.update(result="hit", damage=damage)
        dealt = {"iid": target.iid, "amount": damage, "hp_after": hp_after}
        events.append(Event("damage_dealt", dealt))
        fallen = collect_deaths(state, events)
    _end_combat(state, events, summary, fallen)


def _resolve_on_eg(state: LegendsState, combat: Combat, events: list[Event]) -> None:
    """R52: one hit per attacker with a positive value; no defence value."""
    b = state.battle
    assert b is not None
    values = [
        eff(state, b.characters[a.iid], a.stat)
        for a in combat.attackers
        if a.iid in b.characters and not is_asleep(b.characters[a.iid])
    ]
    hits = sum(1 for v in values if v > 0)
    if hits:
        add_hits(state, combat.target, hits, events)
    result = "hit" if hits else "parried"
    _end_combat(state, events, {"result": result, "A": sum(values), "D_val": 0, "damage": hits})


def _end_combat(
    state: LegendsState,
    events: list[Event],
    summary: dict[str, object],
    fallen: list[str] | None = None,
) -> None:
    """R53: combat-long modifiers expire (R75 keeps the standing alive); the event; the
    seats whose main fell are eliminated (R104); back to the phase that opened the combat,
    unless the active seat is gone (R62, R107) or the game is over."""
    b = state.battle
    assert b is not None
    combat = b.combat
    assert combat is not None
    expire_where(
        state, lambda m: m.duration == "combat" and m.combat_id == combat.combat_id, events
    )
    events.append(Event("attack_resolved", {"combat": combat.combat_id, **summary}, rule="R48"))
    b.combat = None
    if fallen:
        eliminate(state, fallen, "main_died", events)
    after_combat_or_concession(state, combat.origin, events)


def after_combat_or_concession(state: LegendsState, origin: str, events: list[Event]) -> None:
    """Where play goes on after a combat or a seat's elimination."""
    b = state.battle
    assert b is not None
    if state.result is not None:
        return
    active = b.active_seat
    assert active is not None
    if state.seats[active].eliminated:
        b.counter_queue = []
        b.counter_seat = None
        end_turn(state, events)
        return
    counter = b.counter_seat
    if origin == "counter" and counter is not None and state.seats[counter].eliminated:
        next_counter(state, events)
        return
    state.phase = "counter" if origin == "counter" else "main"

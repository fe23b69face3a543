"""Rounds and turns (R1–R20, R57–R62, R100–R109): turn start and draw, counter-attack
phases, turn and round end, elimination, victory, the round cap and placements."""

from __future__ import annotations

from collections.abc import Callable

from tavola.core import Event

from .draws import discard, discard_random, draw
from .enchantgineering import per_turn, repair_all
from .ending import competition_ranks, finish
from .protection import alive_characters, battle
from .setup import BOSS
from .state import Character, LegendsState, Modifier
from .stats import current_hp, dying, keep_alive, printed, standing


def live_seats(state: LegendsState) -> list[str]:
    return [s for s in state.turn_order if not state.seats[s].eliminated]


# -- turn start and draw ---------------------------------------------------------------------


def start_round(state: LegendsState, events: list[Event]) -> None:
    """R4: a round gives one turn to each seat still in, in turn order."""
    battle(state).round_no += 1
    start_turn(state, live_seats(state)[0], events)


def start_turn(state: LegendsState, seat: str, events: list[Event]) -> None:
    """A turn (R6) opens: R13 turn start, R14 draws, R20 main phase."""
    b = state.battle
    assert b is not None
    b.turn_no += 1
    b.active_seat = seat
    for ch in alive_characters(state, seat):
        ch.exhausted = False
        ch.exhausted_reason = None
        ch.acted_this_turn = False
        ch.sleep_counts = ch.sleep_remaining > 0
    b.actions_this_turn = 0
    b.forgo_draws_this_turn = 0
    b.attack_skipped = False
    b.attacked_or_built = False
    b.attacked_seats_this_turn = []
    b.equip_window_open = True
    b.counter_seat = None
    b.counter_queue = []
    state.phase = "main"
    events.append(
        Event("turn_started", {"seat": seat, "round": b.round_no, "turn": b.turn_no}, rule="R13")
    )
    extra_draws, discards = per_turn(state, seat)
    for _ in range(turn_draws(state, seat) + extra_draws):
        draw(state, seat, events)
    discard_random(state, seat, discards, events)


def turn_draws(state: LegendsState, seat: str) -> int:
    """R14 and BP16: one card, more for a boss of level 3 and above."""
    if seat == BOSS and state.config.boss is not None:
        return 1 + (state.config.boss.level - 1) // 2
    return 1


# -- end of the main phase, counter-attacks, end of turn ----------------------------------------


def end_main_phase(state: LegendsState, events: list[Event]) -> None:
    """R28, R57: the main phase closes; attacked seats get their counter-attack phases."""
    b = state.battle
    assert b is not None
    active = b.active_seat
    assert active is not None
    events.append(Event("main_phase_ended", {"seat": active}))
    if state.config.counter_attack_mode == "immediate":
        order = state.turn_order
        start = order.index(active)
        rotation = order[start + 1 :] + order[:start]
        b.counter_queue = [s for s in rotation if s in b.attacked_seats_this_turn]
    next_counter(state, events)


def next_counter(state: LegendsState, events: list[Event]) -> None:
    """R57, R58: the next counter-attack phase, skipped for a seat with nobody able to
    attack; when none is left (or the active seat fell, R62), the turn ends."""
    b = state.battle
    assert b is not None
    active = b.active_seat
    assert active is not None
    b.counter_seat = None
    while b.counter_queue and not state.seats[active].eliminated:
        seat = b.counter_queue.pop(0)
        if state.seats[seat].eliminated:
            continue
        if not _any_ready(state, seat):
            events.append(Event("counter_skipped", {"seat": seat, "against": active}, rule="R58"))
            continue
        b.counter_seat = seat
        b.equip_window_open = True
        state.phase = "counter"
        events.append(Event("counter_started", {"seat": seat, "against": active}, rule="R57"))
        return
    b.counter_queue = []
    end_turn(state, events)


def _any_ready(state: LegendsState, seat: str) -> bool:
    """R7's ready (not forwent, R10): someone able to attack (a plain loop, no generator)."""
    b = state.battle
    assert b is not None
    characters = b.characters
    for iid in state.seats[seat].table:
        c = characters[iid]
        if not (c.exhausted or c.sleep_remaining > 0 or c.forwent):
            return True
    return False


def end_turn(state: LegendsState, events: list[Event]) -> None:
    """R100, R101: turn-long effects expire (R71), sleep counts down (R12), forgoing ends
    (R10); then the next seat's turn, or the end of the round (R5)."""
    b = state.battle
    assert b is not None
    active = b.active_seat
    assert active is not None
    expire_modifiers(state, ("turn", "combat"), events)
    if not state.seats[active].eliminated:
        for ch in alive_characters(state, active):
            if ch.sleep_counts and ch.sleep_remaining > 0:
                ch.sleep_remaining -= 1
                if ch.sleep_remaining == 0:
                    ch.sleep_counts = False
                    events.append(Event("character_woke", {"iid": ch.iid}))
            ch.forwent = False
    events.append(Event("turn_ended", {"seat": active, "turn": b.turn_no}, rule="R100"))
    b.active_seat = None
    if state.result is not None:
        return
    after = state.turn_order[state.turn_order.index(active) + 1 :]
    later = [s for s in after if not state.seats[s].eliminated]
    if later:
        start_turn(state, later[0], events)
    else:
        end_round(state, events)


def end_round(state: LegendsState, events: list[Event]) -> None:
    """R102: round modifiers expire, EGs are repaired, classic HP regenerates; the cap.
    Exhaustion and sleep stay as they are (R103)."""
    b = state.battle
    assert b is not None
    expire_modifiers(state, ("round",), events)
    repair_all(state, events)
    if state.config.mode == "classic":
        healed = [c.iid for c in b.characters.values() if c.damage > 0]
        for ch in b.characters.values():
            ch.damage = 0
        events.append(Event("hp_regenerated", {"characters": healed}))
    events.append(Event("round_ended", {"round": b.round_no}, rule="R102"))
    if b.round_no >= state.config.max_rounds:
        finish_at_cap(state, events)
        return
    start_round(state, events)


def expire_modifiers(state: LegendsState, durations: tuple[str, ...], events: list[Event]) -> None:
    """R71, R75: modifiers of these durations end; a lower max HP never kills (HP ≥ 1)."""
    expire_where(state, lambda m: m.duration in durations, events)


def expire_where(
    state: LegendsState, ends: Callable[[Modifier], bool], events: list[Event]
) -> None:
    """The modifiers `ends` picks expire (event per character); R75 keeps the standing."""
    b = state.battle
    assert b is not None
    # Characters without modifiers are skipped before `ends` is asked: most have none.
    modified = [ch for ch in b.characters.values() if ch.modifiers]
    if not modified or not any(ends(m) for ch in modified for m in ch.modifiers):
        return  # nothing expires: nothing to tell, nobody's HP moves
    before = standing(state)
    for ch in b.characters.values():
        ending = [m for m in ch.modifiers if ends(m)]
        if ending:
            ch.modifiers = [m for m in ch.modifiers if not ends(m)]
            expired = {"iid": ch.iid, "modifiers": [m.dump() for m in ending]}
            events.append(Event("modifier_expired", expired))
    keep_alive(state, before)


# -- death, elimination and the end ---------------------------------------------------------


def settle_deaths(state: LegendsState, events: list[Event]) -> None:
    """R77, R104: every character at 0 HP dies now; seats whose main died are eliminated
    together (R106 if nobody is left)."""
    fallen = collect_deaths(state, events)
    if fallen:
        eliminate(state, fallen, "main_died", events)


def collect_deaths(state: LegendsState, events: list[Event]) -> list[str]:
    """R77: characters at 0 HP die (a death may expose a main to an enemy max-HP aura, R35,
    so this repeats); returns the seats whose main died, for the caller to eliminate."""
    fallen: list[str] = []
    while at_zero := dying(state):
        for ch in at_zero:
            fallen += kill(state, ch, events)
    return fallen


def kill(state: LegendsState, ch: Character, events: list[Event]) -> list[str]:
    """R77: a character at 0 HP leaves its table with its equipment. Returns the seats its
    death eliminates (a main's)."""
    b = state.battle
    assert b is not None
    seat = ch.controller
    state.seats[seat].table.remove(ch.iid)
    del b.characters[ch.iid]
    state.last_controller[ch.iid] = seat
    discard(state, ch.iid)
    if ch.equipment_iid is not None:
        discard(state, ch.equipment_iid)
    events.append(
        Event("character_died", {"iid": ch.iid, "seat": seat, "main": ch.is_main}, rule="R77")
    )
    return [seat] if ch.is_main else []


def eliminate(state: LegendsState, seats: list[str], reason: str, events: list[Event]) -> None:
    """R104: every card of the seats goes to the discard pile; seats eliminated by the same
    event share their elimination order."""
    b = state.battle
    assert b is not None
    order = b.eliminations + 1
    before = standing(state)
    for seat in seats:
        info = state.seats[seat]
        for iid in list(info.table):
            ch = b.characters.pop(iid)
            state.last_controller[iid] = seat
            discard(state, iid)
            if ch.equipment_iid is not None:
                discard(state, ch.equipment_iid)
        for iid in info.egs:
            b.egs.pop(iid, None)
            discard(state, iid)
        for iid in info.hand:
            discard(state, iid)
        info.table, info.egs, info.hand = [], [], []
        info.eliminated = True
        info.elimination_order = order
        b.sealed.pop(seat, None)
        b.counter_queue = [s for s in b.counter_queue if s != seat]
        events.append(Event("seat_eliminated", {"seat": seat, "reason": reason}, rule="R104"))
    b.eliminations += len(seats)
    keep_alive(state, before)  # R75: their auras are gone
    check_victory(state, seats, events)


def check_victory(state: LegendsState, just_out: list[str], events: list[Event]) -> None:
    """R105, R106: one team left wins (every seat of it); nobody left is a draw among the
    teams eliminated together."""
    if state.result is not None:
        return
    remaining = live_seats(state)
    teams = {state.seats[s].team for s in remaining}
    if len(teams) == 1:
        team = teams.pop()
        winners = [s for s in state.turn_order if state.seats[s].team == team]
        finish(state, events, "last_team", winners, placements(state, [winners]), draw=False)
    elif not remaining:
        drawn_teams = {state.seats[s].team for s in just_out}
        drawn = [s for s in state.turn_order if state.seats[s].team in drawn_teams]
        finish(state, events, "mutual_elimination", drawn, placements(state, [drawn]), draw=True)


def team_strength(state: LegendsState, team: str) -> tuple[int, int, int]:
    """R108: alive characters, their total current HP, the printed HP of the mains."""
    seats = [s for s, info in state.seats.items() if info.team == team]
    characters = [c for s in seats for c in alive_characters(state, s)]
    mains = sum(
        printed(state, c).hp for s in seats for c in alive_characters(state, s) if c.is_main
    )
    return len(characters), sum(current_hp(state, c) for c in characters), mains


def finish_at_cap(state: LegendsState, events: list[Event]) -> None:
    """R108: after the last round the strongest team wins (every seat of it); a full tie is
    a draw among the tied teams; R109 places the other seats still in by the same order."""
    by_strength: dict[tuple[int, int, int], list[str]] = {}
    for team in dict.fromkeys(state.seats[s].team for s in live_seats(state)):
        by_strength.setdefault(team_strength(state, team), []).append(team)
    ranked = [by_strength[key] for key in sorted(by_strength, reverse=True)]
    top = ranked[0]
    winners = [s for s in state.turn_order if state.seats[s].team in top]
    leaders = [winners] + [
        [s for s in live_seats(state) if state.seats[s].team in teams] for teams in ranked[1:]
    ]
    finish(state, events, "round_cap", winners, placements(state, leaders), draw=len(top) > 1)


def placements(state: LegendsState, leaders: list[list[str]]) -> dict[str, int]:
    """R109: the leading groups first, then the others, those eliminated later ranked
    higher (seats eliminated together share a place)."""
    placed = {s for group in leaders for s in group}
    by_order: dict[int, list[str]] = {}
    for seat in state.turn_order:
        if seat not in placed:
            by_order.setdefault(state.seats[seat].elimination_order or 0, []).append(seat)
    groups = leaders + [by_order[o] for o in sorted(by_order, reverse=True)]
    return competition_ranks(groups)

"""Main-phase and counter-phase actions other than attacks (R21–R30, R59, R62, A15):
placing characters, forgoing attacks to draw, ending the phase, conceding."""

from __future__ import annotations

from tavola.core import Event

from .battle_setup import after_setup_concession, place
from .combat import after_combat_or_concession, eligible_seats, resolve, settle_priority
from .draws import draw
from .protection import battle
from .state import LegendsState
from .turns import eliminate, end_main_phase, next_counter


def place_character(state: LegendsState, seat: str, iid: str, events: list[Event]) -> None:
    """R23: from hand to table, ready; it may attack this very turn."""
    state.seats[seat].hand.remove(iid)
    place(state, seat, iid)
    events.append(
        Event("character_placed", {"seat": seat, "iid": iid, "card_id": state.instances[iid]})
    )


def forgo(state: LegendsState, seat: str, iids: list[str], events: list[Event]) -> None:
    """R26 per character: each listed character forgoes its attack (forwent until the turn
    ends, R10); one card each."""
    b = state.battle
    assert b is not None
    for iid in iids:
        b.characters[iid].forwent = True
    b.forgo_draws_this_turn += len(iids)
    events.append(Event("character_forwent", {"seat": seat, "iids": iids}))
    for _ in iids:
        draw(state, seat, events)


def skip_attack(state: LegendsState, seat: str, events: list[Event]) -> None:
    """R26 per player: no attack or build this turn, for exactly one card."""
    battle(state).attack_skipped = True
    events.append(Event("attack_skipped", {"seat": seat}))
    draw(state, seat, events)


def end_turn(state: LegendsState, seat: str, events: list[Event]) -> None:
    """A13 (R28): the main phase ends, at any point of it (R29); counter-attack phases
    follow."""
    end_main_phase(state, events)


def end_counter(state: LegendsState, seat: str, events: list[Event]) -> None:
    """A14 (R62)."""
    events.append(Event("counter_ended", {"seat": seat}))
    next_counter(state, events)


def concede(state: LegendsState, seat: str, events: list[Event]) -> None:
    """A15 (R104): the seat leaves the game. An open combat it fought in is cancelled; a
    response window it watched goes on without it."""
    b = state.battle
    assert b is not None
    combat = b.combat
    phase = state.phase
    eliminate(state, [seat], "concede", events)
    if state.result is not None:
        return
    if phase in ("setup_cut", "setup_main_choice", "setup_formation"):
        after_setup_concession(state, events)
        return
    if combat is not None:
        if seat in (combat.attacking_seat, combat.defending_seat):
            resolve(state, events)  # R46: it ends cancelled, with its seat gone
            return
        before = combat.eligible_seats
        combat.eligible_seats = eligible_seats(state, combat)
        if combat.priority_seat == seat:
            after = before[before.index(seat) + 1 :] + before[: before.index(seat)]
            combat.priority_seat = next(s for s in after if s in combat.eligible_seats)
        settle_priority(state, events)
        return
    after_combat_or_concession(state, "counter" if phase == "counter" else "main", events)

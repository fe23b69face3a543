"""Applying a battle action the listing produced (issue 21): `legal_actions` already
proved it legal for this seat in this very state, so only its effects run, with the same
values the checked path computes. Actions from outside (a client, a log, a JSON copy) never
come here: the gate sends here only an object found by identity in the state's current
listing (`LegendsState.listed`), and every change of the state drops that listing."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tavola.core import Action, Event

from . import actions, battle_setup, card_play, combat, enchantgineering, equipment, main_phase
from .cards import MagicCard, PotionCard
from .state import LegendsState
from .stats import attack_stat
from .turns import settle_deaths

Handler = Callable[[LegendsState, str, Action, list[Event]], None]


def build(
    state: LegendsState, seat: str, iid: str, builders: list[str], events: list[Event]
) -> None:
    """R91–R93, then the deaths a completed aura causes and play going on."""
    phase = state.phase
    enchantgineering.build(state, seat, iid, builders, events)
    settle_deaths(state, events)  # a completed aura may lower enemies' max HP
    combat.continue_after_effects(state, phase, events)


def choose_main(state: LegendsState, seat: str, card_id: str | None, events: list[Event]) -> None:
    if card_id is None:  # R114: the RNG picks, as on a timeout
        candidates = battle_setup.main_candidates(state, seat)
        card_id = candidates[state.rng.below(len(candidates))]
    battle_setup.submit_main(state, seat, card_id, events)


def _play(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    args = action.args
    iid = args["iid"]
    card = state.card(iid)
    assert isinstance(card, MagicCard | PotionCard)
    card_play.resolve_play(state, seat, iid, card, args.get("target"), events)


def _assign(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    args = action.args
    equipment.attach(state, seat, args["eq_iid"], args["char_iid"], events)


def _build(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    args = action.args
    build(state, seat, args["eg_iid"], list(args["builders"]), events)


def _choose_main(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    choose_main(state, seat, action.args.get("card_id"), events)


def _place_initial(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    battle_setup.submit_formation(state, seat, list(action.args["iids"]), events)


def _place_character(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    main_phase.place_character(state, seat, action.args["iid"], events)


def _declare(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    args = action.args
    target = args["target"]
    entries: tuple[Mapping[str, Any], ...] = args["attackers"]
    attackers = [(e["iid"], attack_stat(state, e["iid"], e.get("stat"), target)) for e in entries]
    combat.declare(state, seat, attackers, target, events)


def _defence_ready(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    combat.defence_ready(state, seat, action.args.get("defence_stat"), events)


def _reinforce(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    args = action.args
    b = state.battle
    assert b is not None
    fight = b.combat
    assert fight is not None
    iid = args["iid"]
    stat = attack_stat(state, iid, args.get("stat"), fight.target)
    combat.reinforce(state, seat, iid, stat, events)


def _forgo(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    main_phase.forgo(state, seat, list(action.args["iids"]), events)


BARE_EFFECTS: dict[str, Callable[[LegendsState, str, list[Event]], None]] = {
    actions.PASS: combat.pass_priority,
    actions.SKIP_ATTACK: main_phase.skip_attack,
    actions.END_TURN: main_phase.end_turn,
    actions.END_COUNTER: main_phase.end_counter,
    actions.CONCEDE: main_phase.concede,
}
"""The actions listed without arguments, called directly (passing is half of all steps)."""

EFFECTS: dict[str, Handler] = {
    actions.PLAY_CARD: _play,
    actions.ASSIGN_EQUIPMENT: _assign,
    actions.BUILD: _build,
    actions.CHOOSE_MAIN: _choose_main,
    actions.PLACE_INITIAL: _place_initial,
    actions.PLACE_CHARACTER: _place_character,
    actions.DECLARE_ATTACK: _declare,
    actions.DEFENCE_READY: _defence_ready,
    actions.REINFORCE: _reinforce,
    actions.FORGO: _forgo,
}


def apply_listed(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    """The effects of a listed action, and R30's count as the checked path keeps it."""
    b = state.battle
    assert b is not None
    counted = seat == b.active_seat
    kind = action.type
    bare = BARE_EFFECTS.get(kind)
    if bare is not None:
        bare(state, seat, events)
    else:
        EFFECTS[kind](state, seat, action, events)
    if counted and b.active_seat == seat:
        b.actions_this_turn += 1

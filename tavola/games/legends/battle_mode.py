"""Classic and epic battles behind the game's gate: whose decision it is, every legal
action, each action's checks in the spec's order (§6), and the timeouts."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations
from typing import Any

from tavola.core import Action, Event, Rng, Viewer

from . import (
    battle_listed,
    battle_setup,
    card_play,
    combat,
    enchantgineering,
    equipment,
    listing,
    main_phase,
)
from .actions import (
    ASSIGN_EQUIPMENT,
    BUILD,
    CHOOSE_MAIN,
    CONCEDE,
    DECLARE_ATTACK,
    DEFENCE_READY,
    END_COUNTER,
    END_TURN,
    FORGO,
    PASS,
    PLACE_CHARACTER,
    PLACE_INITIAL,
    PLAY_CARD,
    REINFORCE,
    SKIP_ATTACK,
)
from .battle_view import battle_view, hidden_hand_cards, sees_hand
from .cards import CharacterCard, EnchantgineeringCard
from .draws import check_playable, may_use
from .hands import Usable, usable
from .messages import only_args, refuse
from .protection import attack_targets, battle, opponents, target_refusal
from .state import Character, Combat, LegendsState
from .stats import attack_stat, is_asleep

ACTIONS = frozenset(
    {
        CHOOSE_MAIN,
        PLACE_INITIAL,
        PLACE_CHARACTER,
        DECLARE_ATTACK,
        DEFENCE_READY,
        REINFORCE,
        PASS,
        FORGO,
        SKIP_ATTACK,
        END_TURN,
        END_COUNTER,
        CONCEDE,
        PLAY_CARD,
        ASSIGN_EQUIPMENT,
        BUILD,
    }
)
MAIN_PHASE = frozenset(
    {
        PLACE_CHARACTER,
        ASSIGN_EQUIPMENT,
        PLAY_CARD,
        BUILD,
        DECLARE_ATTACK,
        FORGO,
        SKIP_ATTACK,
        END_TURN,
    }
)
COUNTER_PHASE = frozenset({ASSIGN_EQUIPMENT, PLAY_CARD, DECLARE_ATTACK, END_COUNTER})
# §6: these, sent by the active or counter-attacking seat while a combat is open, are
# refused `combat_in_progress` (A4, A7, A8, A12–A14).
PHASE_MOVES = frozenset(
    {PLACE_CHARACTER, BUILD, DECLARE_ATTACK, FORGO, SKIP_ATTACK, END_TURN, END_COUNTER}
)
PHASE_ACTIONS = {
    "setup_cut": frozenset({CONCEDE}),
    "setup_main_choice": frozenset({CHOOSE_MAIN, CONCEDE}),
    "setup_formation": frozenset({PLACE_INITIAL, CONCEDE}),
    "main": MAIN_PHASE | {CONCEDE},
    "counter": COUNTER_PHASE | {CONCEDE},
    "defence_setup": frozenset({ASSIGN_EQUIPMENT, DEFENCE_READY, CONCEDE}),
    # R85: equipment in a window is refused `equipment_timing`, not `wrong_phase`.
    "window": frozenset({PLAY_CARD, ASSIGN_EQUIPMENT, PASS, REINFORCE, CONCEDE}),
}
DECISION_NAMES = {
    "setup_main_choice": CHOOSE_MAIN,
    "setup_formation": PLACE_INITIAL,
    "main": "main_phase",
    "counter": "counter_phase",
    "defence_setup": DEFENCE_READY,
    "window": "priority",
}
ATTACK_STATS = ("str", "mp")


def after_cut(state: LegendsState, events: list[Event]) -> None:
    battle_setup.deal(state, events)


def is_out(state: LegendsState, seat: str) -> bool:
    return state.seats[seat].eliminated


_ALONE: dict[str | None, frozenset[str]] = {}
"""One seat's own frozenset, made once: `to_act` answers at every step."""
NOBODY: frozenset[str] = frozenset()


def _alone(seat: str | None) -> frozenset[str]:
    if not seat:
        return NOBODY
    found = _ALONE.get(seat)
    if found is None:
        found = _ALONE[seat] = frozenset((seat,))
    return found


def to_act(state: LegendsState) -> frozenset[str]:
    """Whose decision it is: every seat still choosing in the sealed setup steps; then the
    active seat, other seats only in a combat or in their counter-attack phase (R22)."""
    b = state.battle
    assert b is not None
    phase = state.phase
    # The phases of play first, the most frequent first; a seat's own set found inline.
    if phase == "window":
        fight = b.combat
        seat = fight.priority_seat if fight is not None else None
    elif phase == "main":
        seat = b.active_seat
    elif phase == "defence_setup":
        seat = b.combat.defending_seat if b.combat is not None else None
    elif phase == "counter":
        seat = b.counter_seat
    elif phase == "setup_cut":
        seat = state.cutter
    elif phase == "setup_main_choice":
        return frozenset(battle_setup.main_choice_pending(state))
    elif phase == "setup_formation":
        return frozenset(
            s
            for s, info in state.seats.items()
            if not info.eliminated and info.kind != "auto_boss" and s not in b.sealed
        )
    else:
        return NOBODY
    try:
        return _ALONE[seat]
    except KeyError:  # a seat's first time, or nobody
        return _alone(seat)


# -- the checks of each action (§6), in the spec's order ---------------------------------------


def _character(state: LegendsState, iid: Any) -> Character | None:
    """The character on a table, after `unknown_card` for ids that name no card."""
    if not isinstance(iid, str) or iid not in state.instances:
        raise refuse("unknown_card", iid=iid)
    return battle(state).characters.get(iid)


def _check_actor(state: LegendsState, seat: str, iid: Any, *, forgoing: bool = False) -> Character:
    """R11: ready, not forwent, the seat's own, on its table (and for forgoing, not acted)."""
    ch = _character(state, iid)
    if ch is None or ch.controller != seat:
        raise refuse("not_your_character", iid=iid)
    if ch.exhausted:
        raise refuse("character_exhausted", iid=iid)
    if is_asleep(ch):
        raise refuse("character_asleep", iid=iid)
    if ch.forwent:
        raise refuse("character_forwent", iid=iid)
    if forgoing and ch.acted_this_turn:
        raise refuse("character_acted", iid=iid)
    return ch


CARD_ARGS = ("iid", "eq_iid", "char_iid", "eg_iid", "target", "iids", "attackers", "builders")
"""Arguments that name cards, in the order their unknown cards are reported."""


def _check_known_cards(state: LegendsState, action: Action) -> None:
    """§6's common `unknown_card`: every card an action names must exist in this game."""
    named: list[Any] = []
    args = action.args
    for key in CARD_ARGS:
        if key not in args:
            continue
        value = args[key]
        if key == "target":
            if isinstance(value, str) and value not in state.seats:
                named.append(value)
        elif key in ("iids", "attackers", "builders"):
            if isinstance(value, list | tuple):
                named += [v.get("iid") if isinstance(v, Mapping) else v for v in value]
        else:
            named.append(value)
    for iid in named:
        if isinstance(iid, str) and iid not in state.instances:
            raise refuse("unknown_card", iid=iid)
    card_id = action.get("card_id")
    if isinstance(card_id, str) and card_id not in state.catalog:
        raise refuse("unknown_card", iid=card_id)


def _iid_list(action: Action, name: str) -> list[Any]:
    value = action.get(name)
    if not isinstance(value, list | tuple):
        raise refuse("malformed_action", action=action.type, args=name)
    return list(value)


def _check_hand_character(state: LegendsState, seat: str, iid: Any) -> None:
    if not isinstance(iid, str) or iid not in state.instances:
        raise refuse("unknown_card", iid=iid)
    check_playable(state, seat, iid, (CharacterCard,))


def _check_room(state: LegendsState, seat: str, adding: int) -> None:
    room = battle_setup.table_room(state, seat)
    if room is not None and adding > room:
        raise refuse("table_full", seat=seat)


def _check_choose_main(state: LegendsState, seat: str, action: Action) -> str | None:
    only_args(action.type, action.args, "card_id")
    card_id = action.get("card_id")
    if card_id is None:
        return None
    if not isinstance(card_id, str) or card_id not in state.catalog:
        raise refuse("unknown_card", iid=card_id)
    card = state.catalog[card_id]
    if not isinstance(card, CharacterCard):
        raise refuse("wrong_card_type", iid=card_id)
    if card.side not in battle_setup.allowed_main_sides(state, seat):
        raise refuse("main_side_mismatch", card=card_id)
    return card_id


def _check_attackers(
    state: LegendsState, seat: str, action: Action
) -> list[tuple[str, str | None]]:
    entries = _iid_list(action, "attackers")
    chosen: list[tuple[str, str | None]] = []
    for entry in entries:
        if not isinstance(entry, Mapping) or "iid" not in entry or set(entry) - {"iid", "stat"}:
            raise refuse("malformed_action", action=action.type, args="attackers")
        _check_actor(state, seat, entry["iid"])
        chosen.append((entry["iid"], entry.get("stat")))
    if not chosen:
        raise refuse("empty_selection")
    if len({iid for iid, _ in chosen}) != len(chosen):
        raise refuse("duplicate_card")
    limit = state.config.max_joint_attackers
    if limit is not None and len(chosen) > limit:
        raise refuse("too_many_attackers", limit=limit)
    for _, stat in chosen:
        if stat is not None and stat not in ATTACK_STATS:
            raise refuse("invalid_stat", stat=stat)
    return chosen


def _declare(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    only_args(action.type, action.args, "attackers", "target")
    chosen = _check_attackers(state, seat, action)
    target = action.get("target")
    if not isinstance(target, str) or target not in state.instances:
        raise refuse("unknown_card", iid=target)
    b = state.battle
    assert b is not None
    code = target_refusal(state, seat, target, b.active_seat if state.phase == "counter" else None)
    if code is not None:
        # An attack reaches the main only once no other character guards it (R32).
        raise refuse(code, iid=target, rule="R32" if code == "main_protected" else None)
    if b.attack_skipped:
        raise refuse("attacks_forgone")
    attackers = [(iid, attack_stat(state, iid, stat, target)) for iid, stat in chosen]
    combat.declare(state, seat, attackers, target, events)


def _reinforce(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    only_args(action.type, action.args, "iid", "stat")
    b = state.battle
    assert b is not None
    fight = b.combat
    assert fight is not None
    if seat != fight.attacking_seat:
        raise refuse("not_your_decision", seat=seat)
    iid = action.get("iid")
    _check_actor(state, seat, iid)
    limit = state.config.max_joint_attackers
    if limit is not None and len(fight.attackers) >= limit:
        raise refuse("too_many_attackers", limit=limit)
    stat = action.get("stat")
    if stat is not None and stat not in ATTACK_STATS:
        raise refuse("invalid_stat", stat=stat)
    if fight.plays_in_window >= state.config.max_plays_per_window:
        raise refuse("window_cap_reached")
    combat.reinforce(state, seat, iid, attack_stat(state, iid, stat, fight.target), events)


def _forgo(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    if state.config.extra_draw_mode != "per_character":
        raise refuse("forgo_not_allowed")
    only_args(action.type, action.args, "iids")
    iids = _iid_list(action, "iids")
    if not iids:
        raise refuse("empty_selection")
    if len(set(map(str, iids))) != len(iids):
        raise refuse("duplicate_card")
    for iid in iids:
        _check_actor(state, seat, iid, forgoing=True)
    cap = state.config.max_forgo_draws_per_turn
    if cap is not None and battle(state).forgo_draws_this_turn + len(iids) > cap:
        raise refuse("forgo_cap_exceeded", cap=cap)
    main_phase.forgo(state, seat, iids, events)


def _skip_attack(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    if state.config.extra_draw_mode != "per_player":
        raise refuse("forgo_not_allowed")
    only_args(action.type, action.args)
    b = state.battle
    assert b is not None
    if b.attack_skipped:
        raise refuse("attacks_forgone")
    if b.attacked_or_built:
        raise refuse("already_attacked")
    main_phase.skip_attack(state, seat, events)


def _place_initial(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    only_args(action.type, action.args, "iids")
    iids = _iid_list(action, "iids")
    for iid in iids:
        _check_hand_character(state, seat, iid)
    _check_room(state, seat, len(iids))
    if len(set(iids)) != len(iids):
        raise refuse("duplicate_card")
    battle_setup.submit_formation(state, seat, [str(i) for i in iids], events)


def _place_character(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    only_args(action.type, action.args, "iid")
    iid = action.get("iid")
    _check_hand_character(state, seat, iid)
    _check_room(state, seat, 1)
    main_phase.place_character(state, seat, iid, events)


def _defence_ready(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    only_args(action.type, action.args, "defence_stat")
    stat = action.get("defence_stat")
    if stat is not None and stat not in ("def", "mp"):
        raise refuse("invalid_stat", stat=stat)
    combat.defence_ready(state, seat, stat, events)


def _build(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    """A7 (R27, R90–R93), checks in the spec's order."""
    only_args(action.type, action.args, "eg_iid", "builders")
    iid = action.get("eg_iid")
    b = state.battle
    assert b is not None
    eg = b.egs.get(iid)
    in_hand = iid in state.seats[seat].hand and isinstance(state.card(iid), EnchantgineeringCard)
    if not in_hand and (eg is None or eg.controller != seat or eg.complete):
        raise refuse("eg_not_under_construction", iid=iid)
    if in_hand and not may_use(state, seat, iid):
        raise refuse("alignment_forbidden", iid=iid)
    builders = _iid_list(action, "builders")
    for builder in builders:
        _check_actor(state, seat, builder)
    if not builders:
        raise refuse("empty_selection")
    if len(set(builders)) != len(builders):
        raise refuse("duplicate_card")
    if not enchantgineering.requirement_met(state, seat):
        raise refuse("eg_requirement_unmet")
    progress = eg.progress if eg is not None else 0
    if len(builders) > enchantgineering.eg_card(state, iid).phases - progress:
        raise refuse("builder_overflow")
    if b.attack_skipped:
        raise refuse("attacks_forgone")
    battle_listed.build(state, seat, iid, [str(x) for x in builders], events)


def build_actions(state: LegendsState, seat: str, ready: list[str], hand: Usable) -> list[Action]:
    """Building with one builder at a time (several builders are accepted as a shorthand);
    `ready`: the seat's `ready_attackers`, `hand`: its `usable` cards."""
    b = state.battle
    assert b is not None
    if b.attack_skipped or not ready:
        return []
    egs = [*hand.egs]
    on_table = b.egs
    egs += [
        iid for iid in state.seats[seat].egs if (eg := on_table[iid]).progress < eg.phases
    ]  # under construction (R93)
    builders = ready if egs else []
    # R90 last: it reads every character's effective stats.
    if not builders or not enchantgineering.requirement_met(state, seat):
        return []
    return [listing.build(eg, builder) for eg in egs for builder in builders]


def _choose_main(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    battle_listed.choose_main(state, seat, _check_choose_main(state, seat, action), events)


def _no_args(handler: Any) -> Any:
    def checked(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
        only_args(action.type, action.args)
        handler(state, seat, events)

    return checked


HANDLERS = {
    PLAY_CARD: card_play.play,
    ASSIGN_EQUIPMENT: equipment.assign,
    BUILD: _build,
    CHOOSE_MAIN: _choose_main,
    PLACE_INITIAL: _place_initial,
    PLACE_CHARACTER: _place_character,
    DECLARE_ATTACK: _declare,
    DEFENCE_READY: _defence_ready,
    REINFORCE: _reinforce,
    PASS: _no_args(combat.pass_priority),
    FORGO: _forgo,
    SKIP_ATTACK: _skip_attack,
    END_TURN: _no_args(main_phase.end_turn),
    END_COUNTER: _no_args(main_phase.end_counter),
    CONCEDE: _no_args(main_phase.concede),
}


def apply(state: LegendsState, seat: str, action: Action, events: list[Event]) -> None:
    """§6: common checks (with R56's exception for an open combat), the action cap (R30),
    then the action's own checks."""
    b = state.battle
    assert b is not None
    kind = action.type
    fight = b.combat
    if fight is not None and kind in PHASE_MOVES and seat in (b.active_seat, b.counter_seat):
        raise refuse("combat_in_progress")
    if kind in (CHOOSE_MAIN, PLACE_INITIAL) and seat in b.sealed:
        raise refuse("already_submitted", seat=seat)
    if seat not in to_act(state):
        raise refuse("not_your_decision", seat=seat)
    if kind not in PHASE_ACTIONS.get(state.phase, frozenset()):
        raise refuse("wrong_phase", action=kind, phase=state.phase)
    _check_known_cards(state, action)
    capped = b.actions_this_turn >= state.config.max_actions_per_turn
    if state.phase == "main" and kind not in (END_TURN, CONCEDE) and capped:
        raise refuse("action_cap_reached", cap=state.config.max_actions_per_turn)
    counted = seat == b.active_seat
    HANDLERS[kind](state, seat, action, events)
    if counted and b.active_seat == seat:
        b.actions_this_turn += 1


# -- every legal action ----------------------------------------------------------------------

BARE = {
    kind: Action(kind)
    for kind in (END_TURN, CONCEDE, SKIP_ATTACK, CHOOSE_MAIN, END_COUNTER, DEFENCE_READY, PASS)
}
"""The actions without arguments, made once: actions are immutable, and listed at every step."""


def _groups(cards: list[str], limit: int | None) -> Iterator[tuple[str, ...]]:
    most = len(cards) if limit is None else min(limit, len(cards))
    for size in range(1, most + 1):
        yield from combinations(cards, size)


def ready_attackers(state: LegendsState, seat: str) -> list[str]:
    """R7's ready and not forwent (inline: asked at every listing)."""
    b = state.battle
    assert b is not None
    characters = b.characters
    return [
        iid
        for iid in state.seats[seat].table
        if not ((c := characters[iid]).exhausted or c.sleep_remaining > 0 or c.forwent)
    ]


NO_STAT = ("",)
"""The one "stat" an attacker is listed with when the rules pick it (R40)."""


def attack_actions(state: LegendsState, seat: str, attackers: list[str]) -> list[Action]:
    """One attacker with each stat against each legal target. Joint attacks are built by
    reinforcing in the window (R45); a declared group is accepted as a shorthand.
    `attackers`: the seat's `ready_attackers`."""
    b = state.battle
    assert b is not None
    if b.attack_skipped or not attackers:
        return []
    defenders = [b.active_seat] if state.phase == "counter" else opponents(state, seat)
    targets = [t for d in defenders if d is not None for t in attack_targets(state, d)]
    stats = ATTACK_STATS if state.config.attack_stat_rule == "choice" else NO_STAT  # R40
    return listing.attacks(attackers, stats, targets)


def _main_actions(state: LegendsState, seat: str) -> list[Action]:
    b = state.battle
    assert b is not None
    config = state.config
    if b.actions_this_turn >= config.max_actions_per_turn:
        return [BARE[END_TURN], BARE[CONCEDE]]
    actions: list[Action] = []
    room = battle_setup.table_room(state, seat)
    hand = usable(state, seat)
    if hand.characters and (room is None or room > 0):
        actions += listing.placements(hand.characters)
    actions += equipment.assign_actions(state, seat, hand)
    actions += card_play.play_actions(state, seat, hand)
    ready = ready_attackers(state, seat)
    actions += build_actions(state, seat, ready, hand)
    actions += attack_actions(state, seat, ready)
    cap = config.max_forgo_draws_per_turn
    if config.extra_draw_mode == "per_character" and (cap is None or b.forgo_draws_this_turn < cap):
        characters = b.characters
        actions += listing.forgoes([i for i in ready if not characters[i].acted_this_turn])
    if config.extra_draw_mode == "per_player" and not (b.attack_skipped or b.attacked_or_built):
        actions.append(BARE[SKIP_ATTACK])
    actions.append(BARE[END_TURN])
    actions.append(BARE[CONCEDE])
    return actions


def legal_actions(state: LegendsState, seat: str) -> list[Action]:
    phase = state.phase
    b = state.battle
    assert b is not None
    # Whose decision it is, as `to_act` says, read directly in the phases of play.
    if phase == "main":
        return _main_actions(state, seat) if seat == b.active_seat else []
    if phase == "window":
        fight = b.combat
        if fight is None or seat != fight.priority_seat:
            return []
        return _window_actions(state, seat, fight)
    if seat not in to_act(state):
        return []
    if phase == "setup_main_choice":
        candidates = battle_setup.main_candidates(state, seat)
        return [BARE[CHOOSE_MAIN]] + [listing.choose_main(c) for c in candidates] + [BARE[CONCEDE]]
    if phase == "setup_formation":
        hand = list(usable(state, seat).characters)
        room = battle_setup.table_room(state, seat)
        groups = [(), *_groups(hand, room)]
        return [Action.frozen(PLACE_INITIAL, {"iids": g}) for g in groups] + [BARE[CONCEDE]]
    if phase == "counter":
        return [
            *equipment.assign_actions(state, seat),
            *card_play.play_actions(state, seat),
            *attack_actions(state, seat, ready_attackers(state, seat)),
            BARE[END_COUNTER],
            BARE[CONCEDE],
        ]
    if phase == "defence_setup":
        actions = [*equipment.assign_actions(state, seat), BARE[DEFENCE_READY]]
        if state.config.defence_stat_rule == "choice":
            actions += [Action(DEFENCE_READY, defence_stat=s) for s in ("def", "mp")]
        return [*actions, BARE[CONCEDE]]
    raise AssertionError(f"no decision in phase {phase}")


def _window_actions(state: LegendsState, seat: str, fight: Combat) -> list[Action]:
    actions = [BARE[PASS], *card_play.play_actions(state, seat)]
    # `combat.reinforcers`, as ids: the attacking seat's ready characters, caps allowing.
    if seat == fight.attacking_seat and combat.joining_open(state, fight):
        joining = ready_attackers(state, seat)
        if joining:
            choice = state.config.attack_stat_rule == "choice"  # R40
            actions += listing.reinforcements(joining, ATTACK_STATS if choice else NO_STAT)
    actions.append(BARE[CONCEDE])
    return actions


# -- timeouts and clocks (R110–R115) ----------------------------------------------------------


def decision_id(state: LegendsState, seat: str) -> str | None:
    if seat not in to_act(state):
        return None
    b = state.battle
    assert b is not None
    phase = state.phase
    if phase in ("setup_main_choice", "setup_formation"):
        return f"{DECISION_NAMES[phase]}-{seat}"
    if phase == "main":
        return f"turn-{b.turn_no}"
    if phase == "counter":
        return f"counter-{b.turn_no}-{seat}"
    assert b.combat is not None
    if phase == "defence_setup":
        return f"defence-{b.combat.combat_id}"
    return f"priority-{b.combat.combat_id}-{b.combat.plays_in_window}-{b.combat.consecutive_passes}"


def decision_name(state: LegendsState, seat: str) -> str:
    return DECISION_NAMES[state.phase]


def forced_action(state: LegendsState, seat: str) -> Action:
    """R111 the turn ends (no forgo draws), R113 the counter phase ends, R112 the defence
    is ready with no stat stated and priority passes, R114 the RNG picks a main and nothing
    more is placed."""
    return {
        "setup_main_choice": BARE[CHOOSE_MAIN],
        "setup_formation": Action(PLACE_INITIAL, iids=[]),
        "main": BARE[END_TURN],
        "counter": BARE[END_COUNTER],
        "defence_setup": BARE[DEFENCE_READY],
        "window": BARE[PASS],
    }[state.phase]


def clock_seconds(state: LegendsState, seat: str) -> tuple[float, str] | None:
    timers = state.config.timers
    if timers is None:
        return None
    return {
        "setup_main_choice": (timers.setup_s, "setup"),
        "setup_formation": (timers.setup_s, "setup"),
        "main": (timers.turn_s, "turn"),
        "counter": (timers.counter_s, "counter"),
        "defence_setup": (timers.response_s, "response"),
        "window": (timers.response_s, "response"),
    }[state.phase]


# -- hidden information and imagined worlds -------------------------------------------------


def hidden_from(state: LegendsState, seat: str) -> set[str]:
    return hidden_hand_cards(state, seat)


def determinize(world: LegendsState, viewer: str, rng: Rng) -> None:
    """The cards of hands `viewer` cannot see are dealt again with the deck (hand sizes
    kept); sealed setup choices of others are drawn again among what their new hands
    allow. A card once shown stays where it is only if its hand is visible. The unseen
    cards are sorted before the shuffle, so that the world depends only on what `viewer`
    sees and on `rng` (a seeded bot then acts the same whatever the hidden cards are)."""
    zones = [world.deck]
    zones += [
        info.hand
        for seat, info in world.seats.items()
        if seat != viewer and not sees_hand(world, Viewer.seat(viewer), seat)
    ]
    cards = sorted(iid for zone in zones for iid in zone)
    rng.shuffle(cards)
    start = 0
    for zone in zones:  # dealt back in the same order, each zone keeping its size
        zone[:] = cards[start : start + len(zone)]
        start += len(zone)
    b = battle(world)
    for seat, sealed in list(b.sealed.items()):
        if seat == viewer:
            continue
        if isinstance(sealed, str):
            candidates = battle_setup.main_candidates(world, seat)
            b.sealed[seat] = candidates[rng.below(len(candidates))]
        else:
            hand = [i for i in world.seats[seat].hand if isinstance(world.card(i), CharacterCard)]
            b.sealed[seat] = [i for i in hand if rng.below(2)]


def max_decisions(state: LegendsState) -> int:
    """A bound from R30, R44 and R11: per turn, the active seat's capped actions, each
    combat's window, and one counter phase per other seat with each character attacking
    at most once."""
    config = state.config
    seats = len(state.seats)
    characters = len(state.instances)
    window = (seats + 1) * (config.max_plays_per_window + 1)
    per_turn = (config.max_actions_per_turn + 1) * (1 + window)
    per_turn += (seats - 1) * (characters + 1) * (2 + window)
    rounds_left = config.max_rounds - (state.battle.round_no if state.battle else 0) + 1
    return 3 * seats + rounds_left * seats * per_turn


def view(state: LegendsState, viewer: Viewer) -> dict[str, Any]:
    return battle_view(state, viewer)


def pending_extra(state: LegendsState) -> dict[str, Any]:
    return {}

"""Every legal action of a seat now, targets enumerated (§6). Copies of one card in a hand
are listed once (the first copy): playing either is the same move. `concede` is open to
both players at any time before the end. Custom lineups cannot be enumerated: the listed
`submit_lineup` actions are the presets the table's rules accept (DECISIONS)."""

from __future__ import annotations

from functools import cache
from typing import Any

from tavola.core import Action

from .actions import affordable
from .config import LeagueConfig
from .content import starter
from .content_model import CardDef
from .flow import awaiting
from .lineup import lineup_problems
from .state import REFEREE, SEATS, LeagueState

_MEMO: dict[tuple[Any, ...], Action] = {}
"""Listed actions are shared values, made once per process: their arguments are only
card instances (`0-07`), legend and preset ids, target indices or instances and faces.
An action is immutable, so sharing one between states is safe."""
MEMO_BOUND = 50_000
"""The memo starts over past this many actions (huge custom decks times salvage targets)."""


def _remember(key: tuple[Any, ...], action: Action) -> Action:
    if len(_MEMO) >= MEMO_BOUND:
        _MEMO.clear()
    _MEMO[key] = action
    return action


def _card_action(kind: str, iid: str, target: Any = None) -> Action:
    """`kind(card=iid)`, with `target` when the card's effect names one."""
    key = (kind, iid, target)
    action = _MEMO.get(key)
    if action is None:
        if target is None:
            action = _remember(key, Action(kind, card=iid))
            if kind == "set_tactic":
                _SET_TACTIC[iid] = action
        else:
            action = _remember(key, Action(kind, card=iid, target=target))
    return action


_SET_TACTIC: dict[str, Action] = {}
"""`set_tactic` by card instance, as `_DESIGNATIONS` (filled by `_card_action`)."""


def _named_action(kind: str, name: str, value: Any) -> Action:
    """`kind(name=value)`: a designated legend, a preset."""
    key = (kind, name, value)
    action = _MEMO.get(key)
    if action is None:
        action = _remember(key, Action(kind, **{name: value}))
    return action


_DESIGNATIONS: dict[str, Action] = {}
"""`designate_legend` by legend id: listed at every tactic step."""


def _designation(legend: str) -> Action:
    action = _DESIGNATIONS.get(legend)
    if action is None:
        action = _DESIGNATIONS[legend] = Action("designate_legend", legend=legend)
    return action


CONCEDE = Action("concede")
KEEP_DIE = Action("keep_die")
PASS = Action("pass")
DESIGNATE_NONE = Action("designate_none")
TAKE_EXTRA = (Action("take_extra", yes=True), Action("take_extra", yes=False))
ATTACK = (Action("declare_attack"), Action("declare_no_attack"))
BLOCK = (Action("declare_block"), Action("declare_no_block"))


def _valid_presets(config: LeagueConfig) -> tuple[str, ...]:
    return _presets_under(config.model_dump_json(exclude={"lineups", "seats"}))


@cache
def _presets_under(rules: str) -> tuple[str, ...]:
    content = starter()
    config = LeagueConfig.model_validate_json(rules)
    return tuple(p for p in content.presets if not lineup_problems(p, content, config)[1])


def _distinct(state: LeagueState, cards: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for iid in cards:
        if state.cards[iid] not in seen:
            seen.add(state.cards[iid])
            out.append(iid)
    return out


def _playable(state: LeagueState, side: int, card: CardDef) -> bool:
    if card.role == "attacker" and side != state.attacker:
        return False
    if card.role == "defender" and side != state.defender:
        return False
    return not state.config.card_costs_use_pool or card.cost <= state.sides[side].pool


@cache
def _chosen_target(card_id: str) -> str | None:
    """The op of the effect whose target the player chooses, "" for none (per card)."""
    effect = starter().cards[card_id].target
    return "" if effect is None else effect.op


def _with_targets(kind: str, state: LeagueState, side: int, iid: str) -> list[Action]:
    """`valid_targets`, read with the card's chosen-target op looked up once per card."""
    op = _chosen_target(state.cards[iid])
    if not op:
        return [_card_action(kind, iid)]
    if op == "revive":
        targets: list[Any] = state.sides[side].rest
    elif op == "salvage":
        targets = state.sides[side].discard
    else:
        targets = list(range(len(state.sides[1 - side].zone)))
    return [_card_action(kind, iid, target) for target in targets]


SIDES = {seat: side for side, seat in enumerate(SEATS)}


def legal_actions(state: LeagueState, seat: str) -> list[Action]:
    if state.result is not None:
        return []
    waiting = awaiting(state)
    if seat == REFEREE:
        if REFEREE not in waiting:
            return []
        awaited = SEATS[state.t.faces.index(None)]
        faces = range(1, state.config.die_faces + 1)
        return [Action("report_die", seat=awaited, face=f) for f in faces]
    side = SIDES.get(seat)
    if side is None:
        return []
    actions = _awaited_actions(state, side) if side in waiting else []
    actions.append(CONCEDE)
    return actions


def _awaited_actions(state: LeagueState, side: int) -> list[Action]:
    player = state.sides[side]
    cards = starter().cards
    if state.prompt is not None:
        return list(TAKE_EXTRA)
    stage = state.stage
    if stage == "lineup":
        return [_named_action("submit_lineup", "preset", p) for p in _valid_presets(state.config)]
    if stage == "override":
        return [KEEP_DIE] + [
            _card_action("override_die", iid) for iid in _distinct(state, player.hand)
        ]
    if stage == "tactic":
        out: list[Action] = []
        limit = state.config.tactic_zone_max
        zone_open = not limit or len(player.zone) < limit
        seen: set[str] = set()
        for iid in player.hand:  # `_distinct`, inlined: the tactic step is listed most
            card_id = state.cards[iid]
            if card_id in seen:
                continue
            seen.add(card_id)
            card = cards[card_id]
            if card.kind == "support":
                if _playable(state, side, card):
                    out += _with_targets("use_support", state, side, iid)
            elif card.kind == "tactic" and zone_open:
                out.append(_SET_TACTIC.get(iid) or _card_action("set_tactic", iid))
        can_field = affordable(state, side)
        for legend in can_field:
            out.append(_DESIGNATIONS.get(legend) or _designation(legend))
        if not can_field or state.config.allow_voluntary_no_entry:
            out.append(DESIGNATE_NONE)
        return out
    if stage == "window":
        out = []
        for iid, _ in player.zone:
            card = cards[state.cards[iid]]
            if card.window == state.t.window and _playable(state, side, card):
                out += _with_targets("activate_tactic", state, side, iid)
        out.append(PASS)
        return out
    if stage == "attack_decision":
        return list(ATTACK)
    if stage == "block_decision":
        return list(BLOCK)
    return []

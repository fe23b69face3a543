"""Every legal action of a seat now, targets enumerated (§6). Copies of one card in a hand
are listed once (the first copy): playing either is the same move. `concede` is open to
both players at any time before the end. Custom lineups cannot be enumerated: the listed
`submit_lineup` actions are the presets the table's rules accept (DECISIONS)."""

from __future__ import annotations

from functools import cache

from tavola.core import Action

from .actions import affordable, valid_targets
from .config import LeagueConfig
from .content import starter
from .content_model import CardDef
from .flow import awaiting
from .lineup import lineup_problems
from .state import REFEREE, SEATS, LeagueState


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


def _with_targets(kind: str, state: LeagueState, side: int, iid: str) -> list[Action]:
    card = starter().cards[state.cards[iid]]
    out = []
    for target in valid_targets(state, side, card):
        if target is None:
            out.append(Action(kind, card=iid))
        else:
            out.append(Action(kind, card=iid, target=target))
    return out


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
    if seat not in SEATS:
        return []
    side = SEATS.index(seat)
    actions = _awaited_actions(state, side) if side in waiting else []
    return [*actions, Action("concede")]


def _awaited_actions(state: LeagueState, side: int) -> list[Action]:
    player = state.sides[side]
    cards = starter().cards
    if state.prompt is not None:
        return [Action("take_extra", yes=True), Action("take_extra", yes=False)]
    stage = state.stage
    if stage == "lineup":
        return [Action("submit_lineup", preset=p) for p in _valid_presets(state.config)]
    if stage == "override":
        return [Action("keep_die")] + [
            Action("override_die", card=iid) for iid in _distinct(state, player.hand)
        ]
    if stage == "tactic":
        out: list[Action] = []
        limit = state.config.tactic_zone_max
        for iid in _distinct(state, player.hand):
            card = cards[state.cards[iid]]
            if card.kind == "support" and _playable(state, side, card):
                out += _with_targets("use_support", state, side, iid)
            elif card.kind == "tactic" and (not limit or len(player.zone) < limit):
                out.append(Action("set_tactic", card=iid))
        can_field = affordable(state, side)
        out += [Action("designate_legend", legend=legend) for legend in can_field]
        if not can_field or state.config.allow_voluntary_no_entry:
            out.append(Action("designate_none"))
        return out
    if stage == "window":
        out = []
        for iid, _ in player.zone:
            card = cards[state.cards[iid]]
            if card.window == state.t.window and _playable(state, side, card):
                out += _with_targets("activate_tactic", state, side, iid)
        return [*out, Action("pass")]
    if stage == "attack_decision":
        return [Action("declare_attack"), Action("declare_no_attack")]
    if stage == "block_decision":
        return [Action("declare_block"), Action("declare_no_block")]
    return []

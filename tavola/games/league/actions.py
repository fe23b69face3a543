"""The actions of §6: each one's checks, in the spec's order (the first failure is the
refusal), and its effect. `check` never changes the state; `perform` assumes it passed.
A card may be named by its instance (`0-07`) or, as a shorthand, by its card id (`C10`:
the first such card of the zone concerned)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavola.core import Action, Event, IllegalAction
from tavola.core.jsonform import thaw

from .content import starter
from .content_model import CardDef
from .effects import end_game, seat_of
from .flow import (
    after_block,
    block_possible,
    declare_attack,
    end_tactic_step,
    pass_window,
    reveal_overrides,
)
from .lineup import eff_cost, validate_lineup
from .messages import Word, refuse
from .state import REFEREE, SEATS, LeagueState, other

ARGS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # action: (required arguments, optional arguments)
    "submit_lineup": (frozenset(), frozenset({"preset", "team", "gimmick", "deck"})),
    "keep_die": (frozenset(), frozenset()),
    "override_die": (frozenset({"card"}), frozenset()),
    "use_support": (frozenset({"card"}), frozenset({"target"})),
    "set_tactic": (frozenset({"card"}), frozenset()),
    "designate_legend": (frozenset({"legend"}), frozenset()),
    "designate_none": (frozenset(), frozenset()),
    "activate_tactic": (frozenset({"card"}), frozenset({"target"})),
    "pass": (frozenset(), frozenset()),
    "declare_attack": (frozenset(), frozenset()),
    "declare_no_attack": (frozenset(), frozenset()),
    "declare_block": (frozenset(), frozenset()),
    "declare_no_block": (frozenset(), frozenset()),
    "concede": (frozenset(), frozenset()),
    "report_die": (frozenset({"seat", "face"}), frozenset()),
    "take_extra": (frozenset({"yes"}), frozenset()),
}


def _malformed(field: str, reason: str) -> IllegalAction:
    return refuse("MALFORMED_ACTION", field=field, reason=reason)


def check_shape(action: Action) -> None:
    required, optional = ARGS[action.type]
    for name in sorted(set(action.args) - required - optional):
        raise _malformed(name, "unexpected argument")
    for name in sorted(required - set(action.args)):
        raise _malformed(name, "missing")
    for name in ("card", "legend", "seat", "preset", "gimmick"):
        if name in action.args and not isinstance(action.args[name], str):
            raise _malformed(name, "must be a text")
    if "face" in action.args and (
        isinstance(action.args["face"], bool) or not isinstance(action.args["face"], int)
    ):
        raise _malformed("face", "must be a whole number")
    if "yes" in action.args and not isinstance(action.args["yes"], bool):
        raise _malformed("yes", "must be true or false")


def wrong_phase(state: LeagueState, action: Action) -> IllegalAction:
    """`WRONG_PHASE`, the action and the phase said in words."""
    return refuse(
        "WRONG_PHASE", action=Word(f"action.{action.type}"), phase=Word(f"phase.{state.phase}")
    )


def _phase(state: LeagueState, action: Action, *phases: str) -> None:
    if state.phase not in phases:
        raise wrong_phase(state, action)


def _card(state: LeagueState, name: Any, places: list[str]) -> str | None:
    """The instance `name` stands for among `places`: itself, or the first of that card id."""
    if name in places:
        return str(name)
    return next((iid for iid in places if state.cards.get(iid) == name), None)


def _card_def(state: LeagueState, iid: str) -> CardDef:
    return starter().cards[state.cards[iid]]


def _role_and_cost(state: LeagueState, side: int, card: CardDef) -> None:
    if card.role == "attacker" and side != state.attacker:
        raise refuse("ROLE_MISMATCH", role=Word("attacker"))
    if card.role == "defender" and side != state.defender:
        raise refuse("ROLE_MISMATCH", role=Word("defender"))
    pool = state.sides[side].pool
    if state.config.card_costs_use_pool and card.cost > pool:
        raise refuse("INSUFFICIENT_COST", cost=card.cost, pool=pool)


def valid_targets(state: LeagueState, side: int, card: CardDef, exclude: str = "") -> list[Any]:
    """The targets a card's chosen effect may name (§6 targets); [None] when it needs none."""
    effect = card.target
    if effect is None:
        return [None]
    player = state.sides[side]
    if effect.op == "revive":
        return list(player.rest)
    if effect.op == "salvage":
        return [c for c in player.discard if c != exclude]
    return list(range(len(state.sides[other(side)].zone)))


def _target(state: LeagueState, side: int, card: CardDef, action: Action) -> Any:
    target = action.get("target")
    effect = card.target
    if effect is None:
        if target is not None:
            raise refuse("INVALID_TARGET")
        return None
    if effect.op == "salvage" and isinstance(target, str):
        target = _card(state, target, state.sides[side].discard)
    options = valid_targets(state, side, card)
    if isinstance(target, bool) or target not in options:
        raise refuse("INVALID_TARGET")
    return target


def _play_card(
    state: LeagueState, side: int, iid: str, card: CardDef, target: Any, events: list[Event]
) -> None:
    """R25, R50: pay, reveal, queue the effects in order, then the discard."""
    player = state.sides[side]
    player.expose(iid)
    if state.config.card_costs_use_pool and card.cost:
        player.pool -= card.cost
        events.append(Event("COST_SPENT", {"seat": seat_of(side), "amount": card.cost}))
    for effect in card.effects:
        item: dict[str, Any] = {
            "kind": "effect",
            "owner": side,
            "source": iid,
            "effect": effect.to_json(),
        }
        if effect.chosen_target:
            item["target"] = target
        state.queue.append(item)
    state.queue.append({"kind": "discard", "owner": side, "card": iid})


# -- lineup, dice


def submit_lineup(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    _phase(state, action, "LINEUP")
    if state.sides[side].lineup is not None:
        raise refuse("ALREADY_SUBMITTED")
    # An action's arguments are frozen (tuples, read-only mappings): the lineup is read as
    # the JSON it was sent as.
    args: Any = thaw(dict(action.args))
    raw: Any = args.get("preset") if "preset" in args else args
    if "preset" in args and len(args) > 1:
        raise _malformed("preset", "a preset or a lineup, not both")
    lineup = validate_lineup(raw, starter(), state.config)
    state.sides[side].lineup = lineup
    events.append(Event("LINEUP_ACCEPTED", {"seat": seat_of(side), "gimmick": lineup.gimmick}))
    if all(s.lineup is not None for s in state.sides):
        state.stage = "prepare"


def _override_turn(state: LeagueState, side: int, action: Action) -> None:
    sealed = state.sides[side].sealed
    if sealed is None:
        raise refuse("NOT_YOUR_TURN")
    if sealed["choice"] is not None:
        raise refuse("ALREADY_SUBMITTED")


def _seal(state: LeagueState, side: int, choice: dict[str, Any], events: list[Event]) -> None:
    state.sides[side].sealed = {"kind": "override", "choice": choice}
    events.append(Event("OVERRIDE_CHOSEN", {"seat": seat_of(side)}))
    if all(s.sealed is None or s.sealed["choice"] is not None for s in state.sides):
        reveal_overrides(state, events)


def keep_die(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    if state.stage != "override":
        raise wrong_phase(state, action)
    _override_turn(state, side, action)
    _seal(state, side, {"type": "keep_die"}, events)


def override_die(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    if state.stage != "override":
        raise wrong_phase(state, action)
    if state.sides[side].uses < 1:
        raise refuse("NO_OVERRIDE_USES", uses=state.config.override_uses)
    _override_turn(state, side, action)
    card = _card(state, action.get("card"), state.sides[side].hand)
    if card is None:
        raise refuse("CARD_NOT_IN_HAND")
    _seal(state, side, {"type": "override_die", "card": card}, events)


def report_die(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    """The linked die (§10.1): the referee types the face the awaited seat rolled."""
    if state.stage != "report_die":
        raise wrong_phase(state, action)
    face, seat = action.get("face"), action.get("seat")
    awaited = state.t.faces.index(None)
    faces = state.config.die_faces
    if seat != seat_of(awaited) or not isinstance(face, int) or not 1 <= face <= faces:
        raise refuse("INVALID_FACE", faces=faces)
    state.t.faces[awaited] = face
    events.append(Event("DIE_REPORTED", {"seat": seat, "face": face}))
    state.stage = "roll"


def take_extra(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    """D19 with `purgatory_optional`: the drawer says whether it draws the extra card."""
    if state.prompt is None:
        raise wrong_phase(state, action)
    if state.prompt["seat"] != side:
        raise refuse("NOT_YOUR_TURN")
    state.prompt = None
    state.queue[0] = {**state.queue[0], "extra": bool(action.get("yes"))}


# -- tactic step (R24–R29)


def _tactic_turn(state: LeagueState, side: int, action: Action) -> None:
    _phase(state, action, "TACTIC")
    if state.actor != side or state.prompt is not None or state.queue:
        raise refuse("NOT_YOUR_TURN")


def use_support(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    _tactic_turn(state, side, action)
    iid = _card(state, action.get("card"), state.sides[side].hand)
    if iid is None:
        raise refuse("CARD_NOT_IN_HAND")
    card = _card_def(state, iid)
    if card.kind != "support":
        raise refuse("NOT_A_SUPPORT_CARD")
    _role_and_cost(state, side, card)
    target = _target(state, side, card, action)
    state.sides[side].hand.remove(iid)
    events.append(
        Event("SUPPORT_USED", {"seat": seat_of(side), "card": iid, "card_id": card.card_id})
    )
    _play_card(state, side, iid, card, target, events)


def set_tactic(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    _tactic_turn(state, side, action)
    player = state.sides[side]
    iid = _card(state, action.get("card"), player.hand)
    if iid is None:
        raise refuse("CARD_NOT_IN_HAND")
    if _card_def(state, iid).kind != "tactic":
        raise refuse("NOT_A_TACTIC_CARD")
    limit = state.config.tactic_zone_max
    if limit and len(player.zone) >= limit:
        raise refuse("TACTIC_ZONE_FULL", n=len(player.zone))
    player.hand.remove(iid)
    player.zone.append([iid, state.turn_no])
    public = {"seat": seat_of(side), "zone_index": len(player.zone) - 1}
    events.append(
        Event(
            "TACTIC_SET",
            {**public, "card": iid, "card_id": state.cards[iid]},
            visible_to=frozenset({seat_of(side)}),
            public=public,
        )
    )


def affordable(state: LeagueState, side: int) -> list[str]:
    """The waiting legends whose effective cost the pool covers (R27, R28)."""
    player = state.sides[side]
    legends = starter().legends
    pool = player.pool
    if player.gimmick == "brackish_lake":  # `eff_cost`, read once for the whole room
        cut = state.config.brackish_reduction
        return [legend for legend in player.waiting if max(1, legends[legend].cost - cut) <= pool]
    return [legend for legend in player.waiting if legends[legend].cost <= pool]


def _end_step(state: LeagueState, side: int, choice: str, events: list[Event]) -> None:
    state.sides[side].designated = choice
    seat = seat_of(side)
    events.append(Event("TACTIC_STEP_ENDED", {"seat": seat}))
    if choice != "none":
        events.append(
            Event(
                "LEGEND_DESIGNATED",
                {"seat": seat, "legend": choice},
                visible_to=frozenset({seat}),
            )
        )
    end_tactic_step(state)


def designate_legend(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    _tactic_turn(state, side, action)
    player = state.sides[side]
    legend = action.get("legend")
    if legend not in player.waiting:
        raise refuse("LEGEND_NOT_IN_WAITING_ROOM")
    cost = eff_cost(starter().legends[str(legend)], player.gimmick, state.config)
    if cost > player.pool:
        raise refuse("LEGEND_UNAFFORDABLE", cost=cost, pool=player.pool)
    _end_step(state, side, str(legend), events)


def designate_none(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    _tactic_turn(state, side, action)
    if not state.config.allow_voluntary_no_entry and affordable(state, side):
        raise refuse("AFFORDABLE_LEGEND_EXISTS")
    _end_step(state, side, "none", events)


# -- battle (R32–R40, R48–R51)


def _window_turn(state: LeagueState, side: int, action: Action) -> None:
    _phase(state, action, "BATTLE")
    if state.stage != "window" or state.t.window_seat != side or state.queue or state.prompt:
        raise refuse("NOT_YOUR_TURN")


def activate_tactic(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    _window_turn(state, side, action)
    player = state.sides[side]
    iid = _card(state, action.get("card"), [z[0] for z in player.zone])
    if iid is None:
        raise refuse("CARD_NOT_SET")
    card = _card_def(state, iid)
    if card.window != state.t.window:
        raise refuse("WRONG_WINDOW", window=Word(str(card.window)))
    _role_and_cost(state, side, card)
    target = _target(state, side, card, action)
    index = next(i for i, z in enumerate(player.zone) if z[0] == iid)
    player.zone.pop(index)
    events.append(
        Event(
            "TACTIC_ACTIVATED",
            {
                "seat": seat_of(side),
                "card": iid,
                "card_id": card.card_id,
                "zone_index": index,
                "window": state.t.window,
            },
        )
    )
    _play_card(state, side, iid, card, target, events)


def pass_turn(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    _window_turn(state, side, action)
    events.append(Event("WINDOW_PASSED", {"seat": seat_of(side), "window": state.t.window}))
    pass_window(state, side)


def _attacker_decides(state: LeagueState, side: int, action: Action) -> None:
    _phase(state, action, "BATTLE")
    if side != state.attacker:
        raise refuse("NOT_ATTACKER")


def attack(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    _attacker_decides(state, side, action)
    if state.sides[side].arena is None:
        raise refuse("NO_LEGEND_IN_ARENA")
    if state.t.attack != "undecided":
        raise refuse("ALREADY_DECLARED")
    if state.stage != "attack_decision" or state.queue or state.prompt:
        raise refuse("NOT_YOUR_TURN")
    declare_attack(state, events)


def no_attack(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    """R34: the battle phase ends; no block, damage or exit."""
    _attacker_decides(state, side, action)
    if state.t.attack != "undecided":
        raise refuse("ALREADY_DECLARED")
    if state.stage != "attack_decision" or state.queue or state.prompt:
        raise refuse("NOT_YOUR_TURN")
    state.t.attack = "declined"
    events.append(Event("ATTACK_SKIPPED", {"reason": "declined"}))
    state.stage = "turn_end"


def _defender_decides(state: LeagueState, side: int, action: Action) -> None:
    _phase(state, action, "BATTLE")
    if side != state.defender:
        raise refuse("NOT_DEFENDER")
    if state.t.attack != "declared":
        raise refuse("NO_ATTACK_TO_BLOCK")


def _block_turn(state: LeagueState) -> None:
    if state.t.block != "undecided":
        raise refuse("ALREADY_DECLARED")
    if state.stage != "block_decision" or state.queue or state.prompt:
        raise refuse("NOT_YOUR_TURN")


def block(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    _defender_decides(state, side, action)
    if state.t.block_prevented[side]:
        raise refuse("BLOCK_PREVENTED")
    if state.sides[side].arena is None:
        raise refuse("NO_LEGEND_IN_ARENA")
    _block_turn(state)
    assert block_possible(state) is None
    state.t.block = "declared"
    events.append(Event("BLOCK_DECLARED", {"seat": seat_of(side)}))
    after_block(state)


def no_block(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    _defender_decides(state, side, action)
    _block_turn(state)
    state.t.block = "declined"
    events.append(Event("BLOCK_SKIPPED", {"reason": "declined"}))
    after_block(state)


def concede(state: LeagueState, side: int, action: Action, events: list[Event]) -> None:
    """V6: the other seat wins."""
    end_game(state, other(side), "concession", events)


HANDLERS: dict[str, Callable[[LeagueState, int, Action, list[Event]], None]] = {
    "submit_lineup": submit_lineup,
    "keep_die": keep_die,
    "override_die": override_die,
    "use_support": use_support,
    "set_tactic": set_tactic,
    "designate_legend": designate_legend,
    "designate_none": designate_none,
    "activate_tactic": activate_tactic,
    "pass": pass_turn,
    "declare_attack": attack,
    "declare_no_attack": no_attack,
    "declare_block": block,
    "declare_no_block": no_block,
    "concede": concede,
    "report_die": report_die,
    "take_extra": take_extra,
}


def side_of(state: LeagueState, seat: str, action: Action) -> int:
    """The acting side (the referee acts only with `report_die`)."""
    if seat == REFEREE and state.config.dice_source == "external":
        if action.type != "report_die":
            raise refuse("NOT_YOUR_TURN")
        return -1
    if seat not in SEATS:
        raise refuse("UNKNOWN_SEAT", seat=seat)
    if action.type == "report_die":
        raise refuse("NOT_YOUR_TURN")
    return SEATS.index(seat)

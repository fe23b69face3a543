"""Views (§8): what a seat, the referee and the public see. Hidden here and only here: deck
orders, the opponent's hand and face-down cards, its team beyond the legends already
revealed, its designation until entry, and sealed choices until all are in."""

from __future__ import annotations

from typing import Any

from tavola.core import Viewer

from .content import starter
from .flow import awaiting
from .state import REFEREE, SEATS, LeagueState, Side, other


def _side_of(viewer: Viewer) -> int | None:
    if viewer.kind == "seat" and viewer.id in SEATS:
        return SEATS.index(viewer.id)
    return None


def _team(player: Side, legends: list[str]) -> list[dict[str, Any]]:
    return [{"legend": legend, "abilities": list(player.abilities(legend))} for legend in legends]


def _seat_view(state: LeagueState, side: int, sees_all: bool) -> dict[str, Any]:
    player = state.sides[side]
    cards = state.cards
    view: dict[str, Any] = {
        "gimmick": player.gimmick,
        "lineup_submitted": player.lineup is not None,
        "life": player.life,
        "pool": player.pool,
        "die": player.die,
        "override_uses_left": player.uses,
        "pending_die_mod": player.pending_die_mod,
        "deck_count": len(player.deck),
        "hand_count": len(player.hand),
        "known_hand": [{"card": c, "card_id": cards[c]} for c in player.known_hand],
        "zone_count": len(player.zone),
        "zone": [{"set_turn": turn} for _, turn in player.zone],
        "discard": [{"card": c, "card_id": cards[c]} for c in player.discard],
        "arena": player.arena,
        "rest_room": list(player.rest),
        "waiting_count": len(player.waiting),
        "waiting_room": [legend for legend in player.waiting if legend in player.revealed],
        "team": _team(
            player, [legend for legend in _team_order(player) if legend in player.revealed]
        ),
        "step_ended": player.designated is not None,
        "override": None
        if player.sealed is None or player.sealed["kind"] != "override"
        else {"submitted": player.sealed["choice"] is not None},
    }
    if sees_all:
        view["hand"] = [{"card": c, "card_id": cards[c]} for c in player.hand]
        view["zone"] = [
            {"set_turn": turn, "card": c, "card_id": cards[c]} for c, turn in player.zone
        ]
        view["waiting_room"] = list(player.waiting)
        view["team"] = _team(player, _team_order(player))
        view["designated"] = player.designated
        if player.lineup is not None:
            view["deck_list"] = list(player.lineup.deck)
        if player.sealed is not None and player.sealed["kind"] == "override":
            view["override"] = {
                "submitted": player.sealed["choice"] is not None,
                "choice": player.sealed["choice"],
            }
    return view


def _team_order(player: Side) -> list[str]:
    return [] if player.lineup is None else [e.legend_id for e in player.lineup.team]


def view(state: LeagueState, viewer: Viewer) -> dict[str, Any]:
    own = _side_of(viewer)
    turn = state.t
    waiting = awaiting(state)
    data: dict[str, Any] = {
        "viewer": str(viewer),
        "turn": state.turn_no,
        "phase": state.phase,
        "stage": state.stage,
        "attacker": None if state.attacker is None else SEATS[state.attacker],
        "defender": None if state.defender is None else SEATS[other(state.attacker or 0)],
        "tactic_step": None if state.actor is None else SEATS[state.actor],
        "window": turn.window,
        "window_seat": None if turn.window_seat is None else SEATS[turn.window_seat],
        "awaiting": sorted(REFEREE if w == REFEREE else SEATS[int(w)] for w in waiting),
        "attack": turn.attack,
        "block": turn.block,
        "final_damage": turn.final_damage,
        "modifiers": {
            "dv_mod": list(turn.dv_mod),
            "dmg_bonus": list(turn.dmg_bonus),
            "dmg_reduce": list(turn.dmg_reduce),
            "block_prevented": list(turn.block_prevented),
            "exit_immune": list(turn.exit_immune),
            "silenced": list(turn.silenced),
        },
        "effective_dv": [_effective(state, side) for side in (0, 1)],
        "prompt": None
        if state.prompt is None
        else {"kind": "take_extra", "seat": SEATS[state.prompt["seat"]]},
        "result": None if state.result is None else dict(state.result),
        "seats": {
            SEATS[side]: _seat_view(state, side, viewer.is_referee or own == side)
            for side in (0, 1)
        },
    }
    if viewer.is_referee:
        data["referee"] = {
            "decks": {SEATS[s]: list(state.sides[s].deck) for s in (0, 1)},
            "cards": dict(state.cards),
            "queue": [dict(q) for q in state.queue],
            "dice_script": list(state.dice_script),
            "rng": state.rng.to_json(),
        }
    return data


def _effective(state: LeagueState, side: int) -> int | None:
    legend = state.sides[side].arena
    if legend is None:
        return None
    return max(0, starter().legends[legend].dv + state.t.dv_mod[side])


def hidden_from(state: LeagueState, seat: str) -> set[str]:
    """Ids `seat` must never find in its view: every deck's cards (their order is secret),
    the opponent's hand and face-down cards, and the opponent's legends not yet revealed
    (unless the seat's own team has the same legend)."""
    if seat not in SEATS:
        return set()
    own = SEATS.index(seat)
    mine, theirs = state.sides[own], state.sides[other(own)]
    hidden = set(mine.deck) | set(theirs.deck) | {c for c, _ in theirs.zone}
    hidden |= set(theirs.hand)
    hidden -= set(mine.exposed) | set(theirs.exposed)
    if not state.config.open_teams:
        own_team = set(_team_order(mine))
        hidden |= {
            legend
            for legend in _team_order(theirs)
            if legend not in theirs.revealed and legend not in own_team
        }
    return hidden

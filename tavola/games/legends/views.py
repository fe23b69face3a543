"""What each viewer sees (§8). Hidden information is removed here and only here.

Simplified mode: piles are face down even to their owner (sizes only); flipped cards, the
pot and the contributions are public; deck order, set-aside faces and the RNG are the
referee's alone.
"""

from __future__ import annotations

from typing import Any

from tavola.core import Viewer

from .cards import card_to_data
from .state import LegendsState


def _card(state: LegendsState, iid: str) -> dict[str, str]:
    return {"iid": iid, "card_id": state.instances[iid]}


def _faces(state: LegendsState, view: Any) -> dict[str, dict[str, Any]]:
    """Definitions of every card shown in the view, so that a UI needs nothing else."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            card_id = node.get("card_id")
            if isinstance(card_id, str):
                found.add(card_id)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(view)
    return {cid: card_to_data(state.catalog[cid]) for cid in sorted(found)}


def build_view(state: LegendsState, viewer: Viewer) -> dict[str, Any]:
    config = state.config
    seats: dict[str, dict[str, Any]] = {}
    for seat_id, seat in state.seats.items():
        seats[seat_id] = {
            "name": seat.name,
            "kind": seat.kind,
            "age": seat.age,
            "agility": seat.agility,
            "team": seat.team,
            "pile_size": len(seat.pile),
            "out": seat.out_after_clash is not None,
            "out_after_clash": seat.out_after_clash,
        }
    clash = state.clash
    current = None
    last = state.last_clash
    if clash is not None:
        current = {
            "number": clash.number,
            "participants": list(clash.participants),
            "submitted": list(clash.submitted),
            "cards": {
                s: [_card(state, iid) for iid in cards] for s, cards in clash.flipped.items()
            },
        }
    view: dict[str, Any] = {
        "game": "legends",
        "mode": config.mode,
        "viewer": str(viewer),
        "phase": state.phase,
        "turn_order": list(state.turn_order),
        "seats": seats,
        "contributions": {s: list(c) for s, c in state.contributions.items()},
        "starter_in_deck": config.deck_source in ("starter", "both"),
        "catalog": state.catalog.id,
        "deck_size": len(state.deck),
        "discard": [_card(state, iid) for iid in state.discard],
        "set_aside_size": len(state.set_aside),
        "cutter": state.cutter,
        "reference_stat": state.reference_stat,
        "clash_no": state.clash_no,
        "max_clashes": config.simplified.max_clashes,
        "simplified": config.simplified.model_dump(),
        "clash": current,
        "pot": [_card(state, iid) for iid in state.pot],
        "war_seats": state.war_seats,
        "last_clash": None
        if last is None
        else {
            **last,
            "cards": {s: [_card(state, i) for i in cards] for s, cards in last["cards"].items()},
        },
        "timers": config.timers.model_dump() if config.timers else None,
        "result": state.result.dump() if state.result else None,
    }
    if viewer.is_referee:
        view["referee"] = _referee_extras(state)
    view["card_faces"] = _faces(state, view)
    return view


def _referee_extras(state: LegendsState) -> dict[str, Any]:
    """The full state: deck order, every pile, set-aside faces, RNG."""
    return {
        "deck": list(state.deck),
        "piles": {s: list(seat.pile) for s, seat in state.seats.items()},
        "pile_cards": {
            s: [state.instances[i] for i in seat.pile] for s, seat in state.seats.items()
        },
        "set_aside": [_card(state, iid) for iid in state.set_aside],
        "instances": dict(state.instances),
        "rng": state.rng.to_json(),
    }

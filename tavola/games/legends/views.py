"""What each viewer sees (§8): the part every mode shares. Hidden information is removed
here and in the modes' own view functions, nowhere else.

Everyone sees the seats, the deck size, the discard pile, the set-aside count, pending
decisions and the result; the deck order, set-aside faces and the RNG are the referee's
alone. Every view carries `card_faces`, the definitions of the cards it shows.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import orjson

from tavola.core import Viewer

from .state import LegendsState


def card_ref(state: LegendsState, iid: str) -> dict[str, str]:
    return {"iid": iid, "card_id": state.instances[iid]}


_CARD_ID = re.compile(rb'"card_id":"([^"\\]*)"')


def _faces(state: LegendsState, view: Any) -> dict[str, dict[str, Any]]:
    return {cid: state.catalog.face(cid) for cid in sorted(card_ids(view))}


def card_ids(view: Any) -> set[str]:
    """Every `card_id` in the view, at any depth. Read from the view's JSON text, which is
    quicker than walking it in Python; a view that text would not show exactly (an id with
    an escape, a value JSON cannot hold) is walked instead."""
    try:
        text = orjson.dumps(view)
    except TypeError:
        return _walked_card_ids(view)
    ids = _CARD_ID.findall(text)
    if len(ids) != text.count(b'"card_id":"'):
        return _walked_card_ids(view)
    return {card_id.decode() for card_id in ids}


def _walked_card_ids(view: Any) -> set[str]:
    found: set[str] = set()
    stack = [view]
    while stack:  # views are plain dicts and lists: checked by exact type, the fast way
        node = stack.pop()
        if type(node) is dict:
            card_id = node.get("card_id")
            if type(card_id) is str:
                found.add(card_id)
            stack.extend(v for v in node.values() if type(v) is dict or type(v) is list)
        elif type(node) is list:
            stack.extend(v for v in node if type(v) is dict or type(v) is list)
    return found


def build_view(
    state: LegendsState,
    viewer: Viewer,
    mode_view: Callable[[LegendsState, Viewer], dict[str, Any]],
    pending: list[dict[str, Any]],
) -> dict[str, Any]:
    config = state.config
    seats = {
        seat_id: {
            "name": seat.name,
            "kind": seat.kind,
            "age": seat.age,
            "agility": seat.agility,
            "team": seat.team,
        }
        for seat_id, seat in state.seats.items()
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
        "discard": [card_ref(state, iid) for iid in state.discard],
        "set_aside_size": len(state.set_aside),
        "cutter": state.cutter,
        "pending": pending,
        "timers": config.timers.model_dump() if config.timers else None,
        "result": state.result.dump() if state.result else None,
    }
    referee: dict[str, Any] = {}
    if viewer.is_referee:
        referee = {
            "deck": list(state.deck),
            "set_aside": [card_ref(state, iid) for iid in state.set_aside],
            "instances": dict(state.instances),
            "rng": state.rng.to_json(),
        }
    extra = mode_view(state, viewer)
    for seat_id, fields in extra.pop("seats", {}).items():
        seats[seat_id].update(fields)
    referee.update(extra.pop("referee", {}))
    view.update(extra)
    if viewer.is_referee:
        view["referee"] = referee
    view["card_faces"] = _faces(state, view)
    return view

"""A tournament game's end, recorded in the commit that records the table's end: the
tournament takes the result (the absent entrants' forfeits with it), and its match,
round and the tournament move on (`tavola.features.tournaments.format.record`). Written together or
not at all; a result the version check misses is recorded later by the schedule's sweep."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session

from tavola.core import Game, TavolaError
from tavola.core.capabilities import capability
from tavola.features.tournaments import store
from tavola.features.tournaments.format import Tournament, forfeit_places, record
from tavola.features.tournaments.protocol import TournamentRules
from tavola.features.tournaments.sealing import sealed

log = logging.getLogger(__name__)


def record_table(session: Session, game: Game[Any], game_id: str, state: Any) -> bool:
    """Records the finished table `game_id` (final `state`) in its tournament, if it plays
    one's game; True when the tournament took it."""
    rules = capability(game, TournamentRules)
    if rules is None:
        return False
    link = store.game_of_table(session, game_id)
    if link is None or link.status != "playing":
        return False
    row = store.get(session, link.tournament_id, locked=True)
    if row is None:
        return False
    t = sealed(row)
    try:
        result = rules.table_result(state)
        take_result(t, link.slot, link.seated, result.places, result.order)
    except (TavolaError, ValueError):  # the game refused its own table: kept, and logged
        log.exception("tournament %s: game %s could not be recorded", row.id, game_id)
        return False
    if not store.save(session, row.id, row.version, t):
        return False
    return store.change_game(session, row.id, link.slot, "playing", status="recorded")


def take_result(
    t: Tournament,
    slot: str,
    seated: Sequence[dict[str, Any]],
    places: Sequence[int],
    order: Sequence[int],
) -> None:
    """`t` with the result of its game `slot`, played by the `seated` entrants (their
    positions in the game, in seat order): those absent lose by forfeit."""
    found = t.game(slot)
    if found is None:
        raise ValueError(f"no game {slot}")
    entrants = found[2].entrants
    present = [int(s["position"]) for s in seated]
    absent = [i for i in range(len(entrants)) if i not in present]
    shown = forfeit_places(
        len(entrants), absent, {p: place for p, place in zip(present, places, strict=True)}
    )
    record(
        t,
        slot,
        shown,
        forfeits=[entrants[i] for i in absent],
        order=[entrants[present[i]] for i in order],
    )

"""A tournament as the API shows it: to everyone (its pairings, results, standings and
the tables of its games), to an entrant (its own games with their seats), and in a list."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tavola.core.capabilities import HUMAN
from tavola.features.tournaments.format import Tournament, public_view
from tavola.features.tournaments.keys import Holder
from tavola.features.tournaments.tables import (
    TournamentEntrantRow,
    TournamentGameRow,
    TournamentRow,
)
from tavola.server.live import aware


def view(
    row: TournamentRow,
    entrants: list[TournamentEntrantRow],
    games: list[TournamentGameRow],
    holder: Holder,
) -> dict[str, Any]:
    """What everyone sees (pairings of the round being played, results and standings of
    the finished ones), the tables of its games, and for an entrant its own games."""
    t = Tournament.model_validate(row.tournament)
    names = [e.name for e in t.entrants]
    humans = {e.entrant for e in entrants}
    return {
        "tournament_id": row.id,
        "game": row.game,
        "status": row.status,
        "version": row.version,
        "options": t.options.model_dump(mode="json"),
        "game_options": dict(t.game_options),
        "seed_known": row.seed_known,
        "no_show_seconds": row.no_show_seconds,
        "organiser": holder.organiser,
        "entrants": [
            {"name": e.name, "kind": HUMAN if i in humans else e.kind}
            for i, e in enumerate(t.entrants)
        ],
        "public": public_view(t),
        "tables": [_table(t, g, names) for g in _in_schedule_order(t, games)],
        "you": _own(t, games, holder.entrant) if holder.entrant is not None else None,
    }


def listing(row: TournamentRow) -> dict[str, Any]:
    """A tournament as a list shows it."""
    t = Tournament.model_validate(row.tournament)
    return {
        "tournament_id": row.id,
        "game": row.game,
        "status": row.status,
        "format": t.options.format,
        "entrants": len(t.entrants),
        "champion": public_view(t).get("champion") if t.phase == "over" else None,
        "created_at": row.created_at.isoformat(),
    }


def _in_schedule_order(t: Tournament, games: list[TournamentGameRow]) -> list[TournamentGameRow]:
    order = {g.id: i for i, g in enumerate(t.games())}
    return sorted(games, key=lambda g: order.get(g.slot, len(order)))


def _table(t: Tournament, g: TournamentGameRow, names: list[str]) -> dict[str, Any]:
    """A game of the schedule as everyone may see it: who plays, whether it is waiting,
    being played or done, and its table to watch; never its result before its round ends
    (that is the public view's to give)."""
    found = t.game(g.slot)
    entrants = found[2].entrants if found is not None else []
    return {
        "slot": g.slot,
        "round": found[0].number if found is not None else None,
        "entrants": [names[e] for e in entrants],
        "status": g.status,
        "game_id": g.game_id,
        "due_at": _iso(g.due_at),
    }


def _own(t: Tournament, games: list[TournamentGameRow], entrant: int) -> dict[str, Any]:
    """The entrant's own: its name, its registration, and each of its games with the seat
    it plays there."""
    me = t.entrants[entrant]
    mine = []
    for g in _in_schedule_order(t, games):
        found = t.game(g.slot)
        if found is None or entrant not in found[2].entrants:
            continue
        position = found[2].entrants.index(entrant)
        seat = next((s["seat"] for s in g.seated if s["position"] == position), None)
        mine.append(
            {
                "slot": g.slot,
                "status": g.status,
                "game_id": g.game_id,
                "seat": seat,
                "ready": position in g.ready,
                "due_at": _iso(g.due_at),
            }
        )
    return {
        "entrant": entrant,
        "name": me.name,
        "registration": dict(me.registration),
        "games": mine,
    }


def _iso(moment: datetime | None) -> str | None:
    return aware(moment).isoformat() if moment is not None else None

"""Where a tournament's table leads its seats back to: the tournament's page, with no
rematch (the tournament plays its own next games), the table named by its round and its
players ("Round 1 · Anna vs Bea"), never by its slot."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from tavola.features import TableHome
from tavola.features.tournaments import store
from tavola.features.tournaments.format import Tournament

BACK = "play.back_to_tournament"
TITLE = "play.tournament_table"
"""Shell catalogue keys: the way back, and the table's name (`{round}`, `{names}`)."""


def home_of(tournament_id: str, round_number: int, names: Sequence[str]) -> TableHome:
    return TableHome(
        f"/tournaments/{tournament_id}",
        BACK,
        rematch=False,
        title=TITLE,
        title_params={"round": round_number, "names": " vs ".join(names)},
    )


def table_home(session: Session, game_id: str) -> TableHome | None:
    """The home of the table `game_id`, if it plays a tournament's game."""
    link = store.game_of_table(session, game_id)
    if link is None:
        return None
    row = store.get(session, link.tournament_id)
    if row is None:
        return None
    t = Tournament.model_validate(row.tournament)
    found = t.game(link.slot)
    if found is None:
        return None
    round_, _, slot = found
    names = [t.entrants[slot.entrants[s["position"]]].name for s in link.seated]
    return home_of(row.id, round_.number, names)

"""Who a tournament request comes from: its organiser (the token given at creation), one
of its person entrants (the token given at registration), or the public."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tavola.features.tournaments.tables import TournamentEntrantRow, TournamentRow
from tavola.server.refusal import Refusal
from tavola.server.security import token_matches


@dataclass(frozen=True, slots=True)
class Holder:
    """The token's holder: the organiser, an entrant (its number), or neither (public)."""

    organiser: bool = False
    entrant: int | None = None


def holder_of(
    row: TournamentRow, entrants: Sequence[TournamentEntrantRow], token: str | None
) -> Holder:
    """The token's holder; a token that opens nothing here is refused."""
    if token is None:
        return Holder()
    organiser = token_matches(token, row.organiser_hash)
    entrant = None
    for e in entrants:  # every hash compared, in constant time each
        if token_matches(token, e.token_hash):
            entrant = e.entrant
    if not organiser and entrant is None:
        raise Refusal(
            401,
            "bad_token",
            "This token opens nothing in this tournament.",
            message_it="Questo token non apre niente in questo torneo.",
        )
    return Holder(organiser, entrant)


def organiser_only(holder: Holder, what_en: str, what_it: str) -> None:
    if not holder.organiser:
        raise Refusal(
            403,
            "organiser_only",
            f"Only the tournament's organiser may {what_en}.",
            message_it=f"Solo chi organizza il torneo può {what_it}.",
        )

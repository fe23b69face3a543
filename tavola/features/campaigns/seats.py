"""A campaign's seats: the token a request brings, matched against the party's persons."""

from __future__ import annotations

from collections.abc import Sequence

from tavola.features.campaigns.tables import CampaignSeatRow
from tavola.server.refusal import Refusal
from tavola.server.security import token_matches


def seat_of(seats: Sequence[CampaignSeatRow], token: str | None) -> str | None:
    """The seat a token holds (None: no token, the public); a wrong token is refused."""
    if token is None:
        return None
    found = None
    for row in seats:  # every hash compared, in constant time each
        if row.token_hash is not None and token_matches(token, row.token_hash):
            found = row.seat
    if found is None:
        raise Refusal(
            401,
            "bad_token",
            "This token does not open any seat of this campaign.",
            message_it="Questo token non apre nessun posto di questa campagna.",
        )
    return found


def not_taken(row: CampaignSeatRow | None, seat: str) -> Refusal:
    """Why a seat's invite did not take it."""
    if row is None or row.kind != "human":
        return Refusal(
            404,
            "unknown_seat",
            f"This campaign has no seat '{seat}' for a person.",
            message_it=f"Questa campagna non ha un posto '{seat}' per una persona.",
        )
    if row.token_hash is not None:
        return Refusal(
            409,
            "seat_taken",
            f"Seat {seat} has already been taken by {row.name}.",
            message_it=f"Il posto {seat} è già stato preso da {row.name}.",
        )
    return Refusal(
        403,
        "bad_invite",
        f"This invite does not open seat {seat}.",
        message_it=f"Questo invito non apre il posto {seat}.",
    )

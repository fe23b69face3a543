"""Seats a game adds while it runs (the `AddedSeats` capability: a late player a referee
adds). The action that adds them is played only by the seats route, which writes each new
seat in the action's own commit with a one-time invite and hands the link to whoever added
it; sent any other way it is refused, so no seat exists without its row. A seat added in
play is one named person's: only its link takes it, so seats are added only to a table
whose seats only their links open (`invite_only`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tavola.core import Action
from tavola.core.capabilities import HUMAN, AddedSeats, capability
from tavola.store.models import SeatRow

from .live import Live, SeatInfo
from .refusal import Refusal
from .security import hash_token, new_token


@dataclass(frozen=True, slots=True)
class NewSeat:
    seat: str
    name: str
    invite: str


def guard(live: Live, action: Action, adding: bool) -> None:
    """An action that adds seats goes by the seats route, and only such an action does."""
    added = capability(live.game, AddedSeats)
    adds = added is not None and added.adds_seats(action)
    if adds and not adding:
        raise Refusal(
            422,
            "adds_seats",
            f"'{action.type}' adds a seat: send it to POST /api/games/{live.game_id}/seats,"
            " which answers the new seat's link.",
            message_it=f"'{action.type}' aggiunge un posto: va mandata a POST /api/games/"
            f"{live.game_id}/seats, che risponde con il link del nuovo posto.",
        )
    if adding and not adds:
        raise Refusal(
            422,
            "adds_no_seat",
            f"'{action.type}' adds no seat: it is played as any other action.",
            message_it=f"'{action.type}' non aggiunge posti: si gioca come ogni altra azione.",
        )
    if adding and not live.invite_only:
        raise Refusal(
            409,
            "seats_by_link_only",
            "Seats are added only to a table whose seats only their links open"
            " (invite_only): a seat added in play is one person's.",
            message_it="Si aggiungono posti solo a un tavolo i cui posti si aprono solo con il"
            " loro link (invite_only): un posto aggiunto in partita è di una persona.",
        )


def new_seats(live: Live, state: Any) -> list[NewSeat]:
    """The seats `state` has beyond the table's, each with a fresh invite; refused past
    the game's largest table."""
    game = live.game
    added = capability(game, AddedSeats)
    assert added is not None
    seats = game.seats(state)
    if len(seats) > game.info.max_seats:
        raise Refusal(
            409,
            "too_many_seats",
            f"A table of this game seats at most {game.info.max_seats}.",
            message_it=f"Un tavolo di questo gioco ha al massimo {game.info.max_seats} posti.",
        )
    return [
        NewSeat(seat, added.seat_name(state, seat)[:60], new_token())
        for seat in seats
        if seat not in live.seats
    ]


def rows(game_id: str, seats: list[NewSeat]) -> list[dict[str, Any]]:
    """The new seats' rows, as data: a write may run again, with new row objects."""
    return [
        dict(
            game_id=game_id,
            seat=s.seat,
            name=s.name,
            kind=HUMAN,
            bot=None,
            token_hash=None,
            joined=False,
            invite_hash=hash_token(s.invite),
        )
        for s in seats
    ]


def info(seat: NewSeat) -> SeatInfo:
    return SeatInfo(seat.seat, seat.name, HUMAN, None, None, joined=False)


def from_row(row: SeatRow) -> SeatInfo:
    return SeatInfo(row.seat, row.name, row.kind, row.bot, row.token_hash, row.joined)

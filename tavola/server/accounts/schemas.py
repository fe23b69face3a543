"""The accounts' request and response bodies."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from ..schemas import Refused
from .rules import NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN

LONGEST = 1024
"""Characters a name or a password may bring at all (the rules are stricter)."""
NAME_RULE = f"{NAME_MIN} to {NAME_MAX} visible characters, single spaces between words."
PASSWORD_RULE = f"{PASSWORD_MIN} to {PASSWORD_MAX} characters."


class Credentials(BaseModel):
    """A name (unique whatever its case) and a password. Their rules are checked beside
    the schema, each refusal naming its field (`bad_name`, `bad_password`)."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, Field(max_length=LONGEST, description=NAME_RULE)]
    password: Annotated[str, Field(max_length=LONGEST, description=PASSWORD_RULE)]


class AccountInfo(BaseModel):
    name: str


class Me(BaseModel):
    """Who this browser is signed in as (null: nobody)."""

    account: AccountInfo | None


class SignedOut(BaseModel):
    account: None = None
    sessions_ended: int
    """Sessions ended: this browser's, or (everywhere) every one of the account's."""


class SeatResult(BaseModel):
    won: bool
    draw: bool
    place: int | None


class MyGame(BaseModel):
    """A seat of the account's and its game."""

    game_id: str
    game: str
    mode: str | None
    seat: str
    seat_name: str
    status: str
    """`active` or `over`."""
    result: SeatResult | None
    """How it ended for this seat, once over."""
    created_at: str
    updated_at: str
    play_url: str
    replay_url: str | None
    """Once the game is over."""


class SeatToken(BaseModel):
    """The seat's new token, for this browser (the one before is void)."""

    game_id: str
    seat: str
    token: str


def refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": Refused} for code in codes}

"""Request and response bodies (they become the OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MAX_SEATS = 64
"""However many seats a game allows (its `max_seats`), no request holds more."""


class SeatRequest(BaseModel):
    """One seat of a new table: who sits there (`kind`: one of the game's `seat_kinds` —
    `human`, a bot, or one of its automata) and the game's own fields of a seat (its
    `SeatOptions`, beside these: checked once the game is known)."""

    model_config = ConfigDict(extra="allow")

    name: Annotated[str, Field(max_length=60)] | None = None
    kind: Annotated[str, Field(max_length=32)] | None = None
    """None: `human`."""
    bot: Literal["reference", "random", "greedy", "ismcts"] | None = None
    """The old spelling of a bot's seat: `{"kind": "bot", "bot": B}` is `{"kind": B}`."""


class GameCreate(BaseModel):
    """A new game: which game, its options (its `TableOptions`), and who sits at the
    table."""

    model_config = ConfigDict(extra="forbid")

    game: Annotated[str, Field(max_length=32)]
    options: dict[str, Any] = Field(default_factory=dict)
    seats: Annotated[list[SeatRequest], Field(min_length=1, max_length=MAX_SEATS)]
    seed: Annotated[int, Field(ge=0, lt=2**62)] | None = None


class SeatLink(BaseModel):
    """A seat of the new game; human seats come with their token and join link."""

    seat: str
    name: str
    kind: str
    token: str | None = None
    join_url: str | None = None


class GameCreated(BaseModel):
    """The new game's id and one link per human seat, to share."""

    game_id: str
    seats: list[SeatLink]


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, Field(max_length=60)] | None = None


class Joined(BaseModel):
    """The seat taken and the token to act with."""

    game_id: str
    seat: str
    token: str


class ActionRequest(BaseModel):
    """A move: the action (JSON form), the version the client saw, and an id of the
    client's choosing so that a repeated request is answered, not replayed."""

    model_config = ConfigDict(extra="forbid")

    action: dict[str, Any] | str
    version: Annotated[int, Field(ge=0)] | None = None
    client_action_id: Annotated[str, Field(min_length=1, max_length=80)] | None = None


class Refused(BaseModel):
    """Every refusal: a stable code and a sentence."""

    code: str
    message: str


class LobbyGame(BaseModel):
    game_id: str
    game: str
    mode: str | None
    created_at: str
    open_seats: list[str]
    seats: dict[str, str]


REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"model": Refused} for code in (401, 403, 404, 409, 413, 422)
}
"""The refusals a route may answer, for the OpenAPI schema."""

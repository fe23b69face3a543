"""Request and response bodies (they become the OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class SeatRequest(BaseModel):
    """One seat of a new table: a person or a bot (or, in Legends, the automatic boss)."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, Field(max_length=60)] | None = None
    kind: Literal["human", "bot", "boss"] = "human"
    bot: Literal["reference", "random", "greedy", "ismcts"] | None = None
    age: Annotated[int, Field(ge=1, le=99)] | None = None
    team: Annotated[str, Field(max_length=16)] | None = None


class GameCreate(BaseModel):
    """A new game: which game, its options, and who sits at the table."""

    model_config = ConfigDict(extra="forbid")

    game: Annotated[str, Field(max_length=32)] = "legends"
    options: dict[str, Any] = Field(default_factory=dict)
    seats: Annotated[list[SeatRequest], Field(min_length=1, max_length=9)]
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

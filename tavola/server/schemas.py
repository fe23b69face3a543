"""Request and response bodies (they become the OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, WithJsonSchema

from tavola.core.jsontypes import JsonNumber

MAX_INTEGER = 2**53 - 1
"""The largest integer a request holds: every JSON reader (a browser's too) reads integers
up to here exactly. An integer is JSON Schema's (`3` or `3.0`), never `true` or `"3"`
(`JsonNumber`)."""

MAX_SEATS = 64
"""However many seats a game allows (its `max_seats`), no request holds more."""


ACTION_OBJECT: dict[str, Any] = {
    "type": "object",
    "required": ["type"],
    "properties": {"type": {"type": "string", "minLength": 1}},
}
"""An action's JSON form: its `type` and its arguments beside it."""


def _action_object(value: Any) -> Any:
    if isinstance(value, dict) and isinstance(value.get("type"), str) and value["type"]:
        return value
    raise ValueError("an action is an object with its 'type' (text, not empty)")


def _action(value: Any) -> Any:
    if isinstance(value, str) and value:
        return value
    if isinstance(value, str) or not isinstance(value, dict):
        raise ValueError("an action is its type (text, not empty) or an object with its 'type'")
    return _action_object(value)


ActionJson = Annotated[
    dict[str, Any] | str,
    BeforeValidator(_action),
    WithJsonSchema({"anyOf": [{"type": "string", "minLength": 1}, ACTION_OBJECT]}),
]
"""A move as sent: its type alone (`"pass"`) or its JSON form. `""` and `{}` are no
action: refused for their shape (422 `bad_request`), as the schema says."""
ActionObject = Annotated[
    dict[str, Any], BeforeValidator(_action_object), WithJsonSchema(ACTION_OBJECT)
]


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
    seed: Annotated[int, Field(ge=0, le=MAX_INTEGER), JsonNumber] | None = None
    """Chosen by the client only for bots alone, or with `practice_seed_known` (whoever
    knows the seed can know every hidden card); else the server draws it."""
    practice_seed_known: StrictBool = False
    """A practice table whose seed the client chose: every seat is told so."""
    creator_seat: Annotated[int, Field(ge=0, lt=MAX_SEATS), JsonNumber] | None = None
    """Where the creator sits (a place in `seats`): that seat's token comes back, taken at
    once. Every other person's seat gets an invite."""
    invite_only: StrictBool = False
    """Only a seat's link (its invite) takes it: the table is not offered in the lobby,
    where anyone may sit at a free seat of the others."""


class SeatLink(BaseModel):
    """A seat of the new game. A person's seat comes with its join link: the creator's own
    seat with its token, every other with a one-time invite (its link's fragment carries
    it); the first to join with it takes the seat and gets the seat's token."""

    seat: str
    name: str
    kind: str
    token: str | None = None
    invite: str | None = None
    join_url: str | None = None
    """On the configured public address (`TAVOLA_PUBLIC_URL`), else relative (`/play/…`)."""


class GameCreated(BaseModel):
    """The new game's id and one link per human seat, to share."""

    game_id: str
    seats: list[SeatLink]


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, Field(max_length=60)] | None = None
    invite: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    """The invite of the seat's link; none: a seat of the lobby nobody has taken."""


class Joined(BaseModel):
    """The seat taken and the token to act with."""

    game_id: str
    seat: str
    token: str


class ActionRequest(BaseModel):
    """A move: the action (JSON form), the version the client saw, and an id of the
    client's choosing so that a repeated request is answered, not replayed."""

    model_config = ConfigDict(extra="forbid")

    action: ActionJson
    version: Annotated[int, Field(ge=0, le=MAX_INTEGER), JsonNumber] | None = None
    client_action_id: Annotated[str, Field(min_length=1, max_length=80)] | None = None


class AddSeatRequest(BaseModel):
    """An action that adds seats (a late player a referee adds), and the version seen."""

    model_config = ConfigDict(extra="forbid")

    action: ActionJson
    version: Annotated[int, Field(ge=0, le=MAX_INTEGER), JsonNumber] | None = None


class SeatsAdded(BaseModel):
    """The seats an action added, each with its join link to send to its person."""

    game_id: str
    version: int
    seats: list[SeatLink]


class CheckRequest(BaseModel):
    """An action to check without playing it (its JSON form)."""

    model_config = ConfigDict(extra="forbid")

    action: ActionJson


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
    kinds: dict[str, str] = {}
    """Who plays each seat: `human`, or the bot's kind."""
    practice_seed_known: bool = False


REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"model": Refused} for code in (401, 403, 404, 409, 413, 422)
}
"""The refusals a route may answer, for the OpenAPI schema."""

"""Request and response bodies of the campaign routes."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from tavola.core.jsontypes import JsonNumber
from tavola.server.schemas import MAX_INTEGER, MAX_SEATS, ActionObject, SeatLink


class MemberRequest(BaseModel):
    """A party member: a person or a bot (the game's own bot), and a name."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["human", "bot"] = "human"
    name: Annotated[str, Field(max_length=60)] | None = None


class CampaignCreate(BaseModel):
    """A new campaign: the game, its campaign options (empty: the game's ready-made
    campaign) and its party."""

    model_config = ConfigDict(extra="forbid")

    game: Annotated[str, Field(max_length=32)]
    options: dict[str, Any] = Field(default_factory=dict)
    party: Annotated[list[MemberRequest], Field(max_length=MAX_SEATS)] = []
    """Empty: the party the options name."""
    seed: Annotated[int, Field(ge=0, le=MAX_INTEGER), JsonNumber] | None = None
    practice_seed_known: StrictBool = False
    creator_seat: Annotated[int, Field(ge=0, lt=MAX_SEATS), JsonNumber] | None = None
    """Where the creator sits (a place in `party`): that seat's token comes back."""


class CampaignSeatLink(SeatLink):
    """A party seat: a person's with its link (its token for the creator's own seat, a
    one-time invite for every other)."""


class CampaignCreated(BaseModel):
    campaign_id: str
    seats: list[CampaignSeatLink]


class CampaignJoin(BaseModel):
    model_config = ConfigDict(extra="forbid")

    invite: Annotated[str, Field(min_length=1, max_length=64)] | None = None


class CampaignJoined(BaseModel):
    campaign_id: str
    seat: str
    token: str


class ChoiceRequest(BaseModel):
    """A choice between games (the game's action, JSON form) and the campaign's version
    the chooser saw."""

    model_config = ConfigDict(extra="forbid")

    action: ActionObject
    version: Annotated[int, Field(ge=0, le=MAX_INTEGER), JsonNumber] | None = None


class ChoiceMade(BaseModel):
    campaign_id: str
    version: int

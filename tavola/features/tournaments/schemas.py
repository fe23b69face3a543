"""Request and response bodies of the tournament routes."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from tavola.core.jsontypes import JsonNumber
from tavola.core.text import Text
from tavola.server.schemas import MAX_INTEGER

NO_SHOW_DEFAULT = 600
"""Seconds a person has to start a game unless the organiser says otherwise."""


class TournamentCreate(BaseModel):
    """A new tournament: the game, the options (the format's and the game's, §3.8
    `tournament`), and how long a person has to start each game before losing it."""

    model_config = ConfigDict(extra="forbid")

    game: Annotated[str, Field(max_length=32)]
    options: dict[str, Any]
    seed: Annotated[int, Field(ge=0, le=MAX_INTEGER), JsonNumber] | None = None
    """Chosen by the client only with `practice_seed_known` (whoever knows it knows every
    game's deal); else the server draws it."""
    practice_seed_known: StrictBool = False
    no_show_seconds: Annotated[int, Field(ge=30, le=86_400), JsonNumber] | None = NO_SHOW_DEFAULT
    """None: no limit (a game waits for its people as long as it takes)."""


class TournamentCreated(BaseModel):
    tournament_id: str
    organiser_token: str
    """Adds bots and starts the tournament: keep it."""
    url: str


class EntrantRequest(BaseModel):
    """An entrant: its name; `kind` a person (`human`) or one of the game's bots (the
    organiser's to add); `registration`, what it brings to every game, as the game's
    registration model says (`GET /api/tournaments/{id}/registration`)."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[Text, Field(min_length=1, max_length=60)]
    kind: Annotated[Text, Field(min_length=1, max_length=32)] = "human"
    registration: Annotated[dict[str, Any], Field(max_length=50)] = {}


class EntrantRegistered(BaseModel):
    entrant: int
    name: str
    token: str | None = None
    """A person's entrant token: it opens the person's seat in each of its games."""
    url: str | None = None


class Started(BaseModel):
    tournament_id: str
    version: int

"""FastAPI dependencies: the service and the hub of the app, the seat token of a request,
and the seated game (the game asked about, and the seat its token opens).

Those that need no database are coroutines: FastAPI sends a plain function's to a worker
thread, a trip each."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import Depends, Header, Query
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from tavola.core import Action

from .hub import Hub
from .live import Live
from .refusal import Refusal
from .service import GameService


async def service_of(connection: HTTPConnection) -> GameService:
    return connection.app.state.service  # type: ignore[no-any-return]


async def hub_of(connection: HTTPConnection) -> Hub:
    return connection.app.state.hub  # type: ignore[no-any-return]


async def public_url_of(connection: HTTPConnection) -> str:
    """The configured public address of links ("": relative links), never the `Host`."""
    return connection.app.state.public_url  # type: ignore[no-any-return]


Service = Annotated[GameService, Depends(service_of)]
Pushes = Annotated[Hub, Depends(hub_of)]
PublicUrl = Annotated[str, Depends(public_url_of)]


async def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The seat token from `Authorization: Bearer TOKEN` (None: the public)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise Refusal(401, "bad_token", "Use 'Authorization: Bearer <token>'.")
    return token.strip()


def action_of(raw: Mapping[str, Any] | str) -> Action:
    """The action a request's body names; a malformed one is its 422."""
    try:
        return Action.from_json(raw)
    except (TypeError, ValueError) as exc:
        raise Refusal(422, "bad_request", f"action: {exc}") from None


Token = Annotated[str | None, Depends(bearer)]
Lang = Annotated[
    Literal["it", "en", "ja"] | None,
    Query(description="Tell the events in words in this language (a game without it: English)."),
]


@dataclass(frozen=True, slots=True)
class Seated:
    """A game and the seat a token opens there (None: the public)."""

    live: Live
    seat: str | None

    def player(self, why: str = "Acting needs a seat token.") -> str:
        """The seat, which this request needs: the public is refused."""
        if self.seat is None:
            raise Refusal(401, "bad_token", why)
        return self.seat


@dataclass(frozen=True, slots=True)
class Asking:
    """Who asks about which game, not looked up yet: a route that works in a worker thread
    looks it up there, in the same trip."""

    service: GameService
    game_id: str
    token: str | None

    def seated(self) -> Seated:
        live = self.service.games.get(self.game_id)
        return Seated(live, self.service.tables.seat_for(live, self.token))

    async def seated_soon(self) -> Seated:
        """`seated`, for a coroutine: on the loop when no database is needed (the game
        is in memory, and its seats are memory's: SQLite), else in a worker thread."""
        live = self.service.games.live.get(self.game_id)
        if live is None or not self.service.db.is_sqlite:
            return await run_in_threadpool(self.seated)
        return Seated(live, self.service.tables.seat_for(live, self.token))


async def asking(game_id: str, token: Token, service: Service) -> Asking:
    return Asking(service, game_id, token)


async def seated(asker: Annotated[Asking, Depends(asking)]) -> Seated:
    return await run_in_threadpool(asker.seated)


Asker = Annotated[Asking, Depends(asking)]
SeatedGame = Annotated[Seated, Depends(seated)]

"""The ratings over HTTP: a game's leaderboard, the signed-in account's own ratings, and
the leaderboard page."""

from __future__ import annotations

import pathlib
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from fastapi.responses import FileResponse
from starlette.concurrency import run_in_threadpool

from tavola.core import UnknownGame, get_game
from tavola.server.accounts.deps import SignedInReader
from tavola.server.accounts.schemas import refusals
from tavola.server.deps import Service
from tavola.server.refusal import Refusal

from . import service
from .schemas import Leaderboard, MyRating

router = APIRouter()

PAGE = pathlib.Path(__file__).parent / "web" / "leaderboard.html"

GameName = Annotated[str, Path(max_length=32, pattern=r"^[a-z][a-z0-9_]*$")]
Limit = Annotated[int, Query(ge=1, le=service.PAGE_MAX, description="Rows at most.")]
Offset = Annotated[int, Query(ge=0, le=service.OFFSET_MAX, description="Rows skipped.")]


@router.get("/api/ratings/{game}", response_model=Leaderboard, responses=refusals(404, 422))
async def leaderboard(game: GameName, app: Service, limit: Limit = 50, offset: Offset = 0) -> Any:
    """A game's leaderboard: the accounts rated at it, best rating first (`limit` rows
    from `offset`). Ratings come from rated games only (see the server's DECISIONS)."""
    try:
        known = get_game(game).name
    except UnknownGame as exc:
        raise Refusal(404, exc.code, exc.message, message_it=exc.message_it) from None
    return await run_in_threadpool(service.leaderboard, app.db, known, limit, offset)


@router.get("/api/me/ratings", response_model=list[MyRating], responses=refusals(401))
async def my_ratings(account: SignedInReader, app: Service) -> Any:
    """The signed-in account's rating at each game it has finished rated games of."""
    return await run_in_threadpool(service.of_account, app.db, account.id)


@router.get("/leaderboard", include_in_schema=False)
async def leaderboard_page() -> FileResponse:
    return FileResponse(PAGE)

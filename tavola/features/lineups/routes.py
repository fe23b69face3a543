"""Saved lineups over HTTP: a game's catalogue and check for anyone (the roster page's live
validation), and the signed-in account's saved lineups, written with the page's CSRF token.
Every refusal is a 4xx with a code and a sentence."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from starlette.concurrency import run_in_threadpool

from tavola.server.accounts.deps import SignedIn, SignedInReader
from tavola.server.accounts.schemas import refusals
from tavola.server.deps import Service

from . import service
from .schemas import Checked, Deleted, LineupBody, SavedLineup

router = APIRouter()

GameName = Annotated[str, Path(max_length=32, pattern=r"^[a-z][a-z0-9_]*$")]
Lang = Annotated[
    str | None,
    Query(max_length=8, pattern=r"^[a-z]{2,3}$", description="The words' language."),
]
Name = Annotated[str, Path(description="1 to 40 visible characters (no `/`).")]
WRITES = refusals(401, 403, 404, 409, 413, 422)


@router.get("/api/lineups/{game}/catalog", responses=refusals(404, 422))
async def catalog(game: GameName, lang: Lang = None) -> dict[str, Any]:
    """Everything a page needs to build a lineup of `game`, in `lang` (a language the
    game lacks: its first one)."""
    return await run_in_threadpool(service.catalog, game, lang)


@router.post("/api/lineups/{game}/check", response_model=Checked, responses=refusals(404, 413, 422))
async def check(game: GameName, body: LineupBody) -> Any:
    """Every problem of a lineup at once (`ok` when there is none), each in the game's
    languages, and a summary of its figures. Nothing is saved."""
    return await run_in_threadpool(service.check, game, body.lineup)


@router.get(
    "/api/me/lineups/{game}", response_model=list[SavedLineup], responses=refusals(401, 404, 422)
)
async def my_lineups(game: GameName, account: SignedInReader, app: Service) -> Any:
    """The signed-in account's saved lineups of `game`, newest first."""
    return await run_in_threadpool(service.saved, app.db, account.id, game)


@router.put("/api/me/lineups/{game}/{name}", response_model=SavedLineup, responses=WRITES)
async def save_lineup(
    game: GameName, name: Name, body: LineupBody, account: SignedIn, app: Service
) -> Any:
    """Saves a valid lineup under `name`, replacing the account's lineup of that name:
    422 `invalid_lineup` with its `problems` otherwise, 409 `too_many_lineups` beyond 30
    per game."""
    return await run_in_threadpool(service.save, app.db, account.id, game, name, body.lineup)


@router.delete("/api/me/lineups/{game}/{name}", response_model=Deleted, responses=WRITES)
async def delete_lineup(game: GameName, name: Name, account: SignedIn, app: Service) -> Any:
    """Deletes the account's lineup `name` (404 `unknown_lineup`: it has none so named)."""
    return await run_in_threadpool(service.delete, app.db, account.id, game, name)

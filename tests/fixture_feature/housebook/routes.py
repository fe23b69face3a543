"""The house book over HTTP: a game's counts, and its page (served from `web/`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from tavola.core import UnknownGame, get_game
from tavola.server.accounts.schemas import refusals
from tavola.server.deps import Service
from tavola.server.refusal import Refusal
from tavola.store import Database

from . import records

router = APIRouter()

GameName = Annotated[str, Path(max_length=32, pattern=r"^[a-z][a-z0-9_]*$")]


class Counts(BaseModel):
    game: str
    opened: int
    finished: int


def _read(db: Database, game: str) -> dict[str, Any]:
    with db.session() as session:
        return records.read(session, game)


@router.get("/api/housebook/{game}", response_model=Counts, responses=refusals(404, 422))
async def counts(game: GameName, app: Service) -> Any:
    """How many tables of `game` were opened on this server, and how many finished."""
    try:
        known = get_game(game).name
    except UnknownGame as exc:
        raise Refusal(404, exc.code, exc.message, message_it=exc.message_it) from None
    return await run_in_threadpool(_read, app.db, known)

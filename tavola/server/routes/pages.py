"""The browser's pages that carry a game id in their path (the rest is static)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

from tavola.core import UnknownGame, get_game

from ..refusal import Refusal

WEB = Path(__file__).resolve().parents[2] / "web"

router = APIRouter(include_in_schema=False)


@router.get("/play/{game_id}")
async def play_page(game_id: str) -> FileResponse:
    return FileResponse(WEB / "play.html")


@router.get("/replay/{game_id}")
async def replay_page(game_id: str) -> FileResponse:
    return FileResponse(WEB / "replay.html")


@router.get("/games/{name}/{page}")
async def game_page(name: str, page: str) -> FileResponse:
    """A page a game declares beside its table (`GameInfo.pages`): the shell's one page,
    which runs the game's module of that name."""
    try:
        info = get_game(name).info
    except UnknownGame:
        raise Refusal(404, "no_such_game", f"There is no game '{name}'.") from None
    if page not in info.pages or info.web is None:
        raise Refusal(404, "no_such_page", f"Game '{name}' has no page '{page}'.")
    return FileResponse(WEB / "game-page.html")

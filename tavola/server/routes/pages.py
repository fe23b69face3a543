"""The browser's pages that carry a game id in their path (the rest is static)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

WEB = Path(__file__).resolve().parents[2] / "web"

router = APIRouter(include_in_schema=False)


@router.get("/play/{game_id}")
async def play_page(game_id: str) -> FileResponse:
    return FileResponse(WEB / "play.html")


@router.get("/replay/{game_id}")
async def replay_page(game_id: str) -> FileResponse:
    return FileResponse(WEB / "replay.html")

"""The games this server offers: the lobby's catalogue, and each game's own browser files
(its table module, stylesheet, catalogues and pictures)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import FileResponse
from starlette.concurrency import run_in_threadpool

from tavola.core import UnknownGame, get_game

from ..catalog import catalog
from ..refusal import Refusal

router = APIRouter()

SERVED = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
"""The kinds of file a game's web folder may serve, with their media types."""

Lang = Annotated[str, Query(pattern="^[a-z]{2}$", description="The texts' language.")]


@router.get("/api/catalog")
async def games(lang: Lang = "en") -> list[dict[str, Any]]:
    """Every registered game: its declaration, title and description in `lang` (under
    `text`), its table options' and seats' JSON schemas, its presets, and the URL of its
    browser table's module (null: the game has none)."""
    return await run_in_threadpool(catalog, lang)


@router.get("/games/{name}/web/{path:path}", include_in_schema=False)
async def game_file(name: str, path: str) -> FileResponse:
    """A file of the game's browser table; anything else (another folder, another kind
    of file, a game without a browser table) is not found."""
    file = web_file(name, path)
    return FileResponse(file, media_type=SERVED[file.suffix])


def web_file(name: str, path: str) -> Path:
    missing = Refusal(404, "not_found", f"There is no file '{path}' for game '{name}'.")
    try:
        folder = get_game(name).info.web
    except UnknownGame:
        raise missing from None
    if folder is None:
        raise missing
    root = folder.resolve()
    try:
        file = (root / path).resolve()
        found = file.is_relative_to(root) and file.suffix in SERVED and file.is_file()
    except (OSError, ValueError):  # a name the file system refuses (a NUL byte...)
        found = False
    if not found:
        raise missing
    return file

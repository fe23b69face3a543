"""A game's texts for use elsewhere (the `Exports` capability: a forum's posts and private
messages): the list a seat may take away, and each one as JSON or as a download. The game
decides what each viewer may read; a text it does not offer that viewer is not found."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from fastapi.responses import PlainTextResponse
from starlette.concurrency import run_in_threadpool

from tavola.core.capabilities import Exports, ExportText, capability

from ..deps import Lang, Seated, SeatedGame
from ..payloads import viewer_of
from ..refusal import Refusal
from ..schemas import REFUSALS

router = APIRouter()

ExportName = Annotated[str, Path(pattern=r"^[a-z0-9][a-z0-9_-]{0,39}$")]


def _texts(seated: Seated, lang: str | None) -> list[ExportText]:
    live = seated.live
    exports = capability(live.game, Exports)
    if exports is None:
        raise Refusal(
            404,
            "no_exports",
            f"The game '{live.game.name}' has no texts to export.",
            message_it=f"Il gioco '{live.game.name}' non ha testi da esportare.",
        )
    chosen = lang or live.game.info.languages[0]
    with live.lock:
        return exports.exports(live.table.state, viewer_of(seated.seat), chosen)


@router.get("/api/games/{game_id}/exports", responses=REFUSALS)
async def export_list(seated: SeatedGame, lang: Lang = None) -> dict[str, Any]:
    """Every text the token's seat (no token: the public) may take away, in `lang`."""
    texts = await run_in_threadpool(_texts, seated, lang)
    return {"seat": seated.seat, "exports": [text.to_json() for text in texts]}


@router.get("/api/games/{game_id}/exports/{name}", responses=REFUSALS, response_model=None)
async def export_one(
    seated: SeatedGame,
    name: ExportName,
    lang: Lang = None,
    download: Annotated[bool, Query(description="As a file to save.")] = False,
) -> dict[str, Any] | PlainTextResponse:
    """One text, if the seat may read it; with `download`, as a UTF-8 text file."""
    texts = await run_in_threadpool(_texts, seated, lang)
    found = next((text for text in texts if text.name == name), None)
    if found is None:
        raise Refusal(
            404,
            "no_such_export",
            f"There is no text '{name}' for this seat.",
            message_it=f"Non c'è un testo '{name}' per questo posto.",
        )
    if not download:
        return found.to_json()
    return PlainTextResponse(
        found.text,
        headers={"Content-Disposition": f'attachment; filename="{found.filename}.txt"'},
    )

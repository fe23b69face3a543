"""A game's rules page: `/rules/<game>` answers the shell's page, which reads the text
rendered in the page's language from `/api/rules/<game>?lang=`. A game with no rules, or
none in the language asked, is a 404 with its code."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import FileResponse
from starlette.concurrency import run_in_threadpool

from tavola.core import UnknownGame, get_game
from tavola.core.capabilities import GameInfo
from tavola.core.rules_files import rules_file

from ..refusal import Refusal
from ..rules_text import rules_page
from ..schemas import REFUSALS
from .pages import WEB

router = APIRouter()

RulesLang = Annotated[
    str | None,
    Query(max_length=16, description="The rules' language (none: the game's first)."),
]


def _info(name: str) -> GameInfo:
    try:
        return get_game(name).info
    except UnknownGame:
        raise Refusal(
            404,
            "no_such_game",
            f"There is no game '{name}'.",
            message_it=f"Non c'è il gioco '{name}'.",
        ) from None


def _language(info: GameInfo, lang: str | None) -> str:
    """The language asked for, or the game's first told one; a 404 when it has none."""
    told = info.rules_languages()
    if not told:
        raise Refusal(
            404,
            "no_such_rules",
            f"The game '{info.name}' has no rules page.",
            message_it=f"Il gioco '{info.name}' non ha una pagina di regole.",
        )
    if lang is None:
        return told[0]
    if lang not in told:
        raise Refusal(
            404,
            "no_such_rules",
            f"The rules of '{info.name}' are not written in '{lang}': "
            f"they are in {', '.join(told)}.",
            message_it=f"Le regole di '{info.name}' non sono scritte in '{lang}': "
            f"ci sono in {', '.join(told)}.",
        )
    return lang


@router.get("/rules/{name}", include_in_schema=False)
async def rules_html(name: str, lang: RulesLang = None) -> FileResponse:
    """The shell's rules page, for a game that has rules (in `lang`, when one is asked)."""
    _language(_info(name), lang)
    return FileResponse(WEB / "rules.html")


@router.get("/api/rules/{name}", responses=REFUSALS)
async def rules(name: str, lang: RulesLang = None) -> dict[str, Any]:
    """The game's rules in `lang` (or its first language): `title`, the `sections` of the
    table of contents (`id`, `title`), the body as HTML (`html`, every rule number an
    anchor), the numbers it tells (`rules`) and the `languages` it is written in."""
    info = _info(name)
    chosen = _language(info, lang)
    file = rules_file(info, chosen)
    assert file is not None  # `_language` chose among the files there are
    page = await run_in_threadpool(rules_page, file)
    return {
        "game": info.name,
        "lang": chosen,
        "languages": list(info.rules_languages()),
        "title": page.title,
        "sections": [{"id": s.id, "title": s.title} for s in page.sections],
        "rules": list(page.rules),
        "html": page.html,
    }

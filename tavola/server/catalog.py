"""What the lobby reads about every registered game: its declaration, its texts in the
reader's language, the schemas its new-table form is built from, and its presets."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from tavola.core import Game, game_names, get_game
from tavola.core.capabilities import TableBuilder, capability, implemented
from tavola.features import features

TABLE_MODULE = "/games/{name}/web/table.js"


def entry(name: str, lang: str) -> dict[str, Any]:
    """One game's catalogue entry (`DECISIONS.md`, "The catalogue")."""
    game = get_game(name)
    info = game.info
    builder = capability(game, TableBuilder)
    return {
        **info.to_json(),
        "text": {
            "title": info.text(info.title, lang),
            "description": info.text(info.description, lang),
        },
        "options_schema": builder.TableOptions.model_json_schema() if builder else None,
        "seat_schema": builder.SeatOptions.model_json_schema() if builder else None,
        "presets": [p.to_json() for p in builder.presets()] if builder else [],
        "table_module": TABLE_MODULE.format(name=info.name) if info.web is not None else None,
        "features": _links(game),
    }


def _links(game: Game[Any]) -> list[dict[str, str]]:
    """The features the game takes part in, as links on its lobby card."""
    offered = implemented(game)
    return [
        {
            "feature": f.name,
            "href": f.lobby.href.format(game=quote(game.info.name, safe="")),
            "words": f.lobby.words,
        }
        for f in features()
        if f.lobby is not None and f.lobby.capability in offered
    ]


def catalog(lang: str) -> list[dict[str, Any]]:
    """Every registered game, by name."""
    return [entry(name, lang) for name in game_names()]

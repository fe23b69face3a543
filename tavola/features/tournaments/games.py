"""The game's side of a tournament, as the server asks it: its `TournamentRules`, the
schemas of its options and registration, the bots an entrant may be, and what its
registration form is built from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from tavola.core import Game, get_game
from tavola.core.capabilities import HUMAN
from tavola.features.series import capability_of
from tavola.features.tournaments.protocol import TournamentRules

REGISTRATION_MODULE = "tournament.js"
"""A game's own module for its registration form, in its web folder (optional)."""
NO_TOURNAMENTS = ("{title} has no tournaments.", "{title} non ha tornei.")


def rules_of(game_name: str) -> tuple[Game[Any], TournamentRules[Any]]:
    return capability_of(game_name, TournamentRules, "no_tournaments", NO_TOURNAMENTS)


def option_schemas(game_name: str) -> dict[str, Any]:
    """The JSON schemas of a tournament's options: the format's and the game's."""
    from tavola.features.tournaments.format import TournamentOptions

    _, rules = rules_of(game_name)
    model: type[BaseModel] = rules.tournament_options()
    return {
        "game": game_name,
        "format_schema": TournamentOptions.model_json_schema(),
        "game_schema": model.model_json_schema(),
        "registration_schema": rules.registration().model_json_schema(),
        "bots": bot_kinds(get_game(game_name)),
    }


def registration_form(game_name: str, options: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """What a tournament's registration form is built from: the JSON schema of the game's
    registration, what the game offers for it under the tournament's `options` named in
    `lang`, and the game's own page module for the form, if it has one (else the page
    builds the form from the schema)."""
    game, rules = rules_of(game_name)
    parsed = rules.tournament_options().model_validate(options)
    web = game.info.web
    has_module = web is not None and (web / REGISTRATION_MODULE).is_file()
    return {
        "game": game.name,
        "schema": rules.registration().model_json_schema(),
        "choices": rules.registration_choices(parsed, lang),
        "module": f"/games/{game.name}/web/{REGISTRATION_MODULE}" if has_module else None,
    }


def bot_kinds(game: Game[Any]) -> list[str]:
    """The seat kinds an entrant may be besides a person: the bots, not the automata."""
    return [k for k in game.info.seat_kinds if k != HUMAN and k not in game.info.automata]

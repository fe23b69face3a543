"""The published schema of a tournament's creation: the format's options beside each
game's, exact enough that a client (and schemathesis) builds only what the server takes."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from tavola.core import Game
from tavola.features.tournaments.protocol import TournamentRules
from tavola.server.openapi import PRACTICE, REFS, Schema, if_game, models, offering, seeded_only

from .format import TournamentOptions


def published(components: dict[str, Schema], games: Sequence[Game[Any]]) -> None:
    """A tournament's options: the format's (`format` required) beside the game's; a
    client's seed only for practice."""
    (format_options,) = models(components, "tournament.", TournamentOptions)
    base = copy.deepcopy(format_options)
    base["additionalProperties"] = True  # the game's keys, checked below per game
    # A single-elimination bracket seats two per match.
    base["allOf"] = [
        {
            "if": {"properties": {"format": {"const": "single_elimination"}}},
            "then": {"properties": {"table_size": {"const": 2}}},
        }
    ]
    components["TournamentOptions"] = base
    rules = []
    for game, tournament in offering(games, TournamentRules):
        name = game.info.name
        (own,) = models(components, f"{name}.tournament.", tournament.tournament_options())
        both = copy.deepcopy(base)
        both["properties"] = {**own.get("properties", {}), **both["properties"]}
        both["additionalProperties"] = False
        low, high = tournament.table_seats()  # the seats the game has at one table
        both["properties"]["table_size"] = {
            **both["properties"]["table_size"],
            "minimum": low,
            "maximum": high,
        }
        components[f"{name}.TournamentOptions"] = both
        rules.append(
            if_game(name, {"properties": {"options": {"$ref": f"{REFS}{name}.TournamentOptions"}}})
        )
    create = components["TournamentCreate"]
    create["properties"]["options"] = {"$ref": f"{REFS}TournamentOptions"}
    create["allOf"] = rules
    seeded_only(components, "TournamentCreate", PRACTICE)

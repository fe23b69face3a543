"""Tournaments of any game (written game-agnostic): entrants,
seeding, single-elimination brackets with best-of-n matches, round robin, Swiss, multi-seat
championship tables, points, standings and their tie-breaks. Pure: no I/O, no game named;
a game takes part through its `TournamentRules` capability."""

from tavola.features.tournaments.format.engine import (
    Placing,
    bracket_places,
    forfeit_places,
    new_tournament,
    pending,
    record,
    register,
    start,
)
from tavola.features.tournaments.format.model import (
    Entrant,
    Match,
    Result,
    Round,
    TableGame,
    Tournament,
)
from tavola.features.tournaments.format.options import (
    MAX_TABLE,
    TournamentOptions,
    game_part,
    parse_game_options,
    parse_options,
)
from tavola.features.tournaments.format.report import public_view
from tavola.features.tournaments.format.standings import Standing, championship_standings

__all__ = [
    "MAX_TABLE",
    "Entrant",
    "Match",
    "Placing",
    "Result",
    "Round",
    "Standing",
    "TableGame",
    "Tournament",
    "TournamentOptions",
    "bracket_places",
    "championship_standings",
    "forfeit_places",
    "game_part",
    "new_tournament",
    "parse_game_options",
    "parse_options",
    "pending",
    "public_view",
    "record",
    "register",
    "start",
]

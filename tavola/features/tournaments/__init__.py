"""Tournaments: entrants registered, rounds paired, tables opened and results recorded to
standings, for any game with the `TournamentRules` capability."""

from tavola.features import Feature
from tavola.server.tournaments import routes
from tavola.server.tournaments.service import TournamentService

feature = Feature(
    "tournaments",
    routers=(routes.router,),
    part=lambda platform: TournamentService(platform.db, platform.tables),
)

__all__ = ["feature"]

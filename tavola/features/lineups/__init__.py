"""Saved lineups: the lineups an account keeps per game (a team, a deck...), for any game
that offers the `Lineups` capability, and that game's catalogue and check over HTTP for the
pages that build them. The shapes: tavola/server/DECISIONS.md, "Saved lineups"."""

from pathlib import Path

from tavola.features import Feature

from . import routes

feature = Feature(
    "lineups", routers=(routes.router,), migrations=Path(__file__).parent / "migrations"
)

__all__ = ["feature"]

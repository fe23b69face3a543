"""The tournaments feature as the platform meets it."""

from pathlib import Path

from tavola.features import Feature, LobbyLink

from . import published, routes
from .commands import add_commands
from .protocol import TournamentRules
from .scenarios import run_tournament
from .service import TournamentService

HERE = Path(__file__).parent

feature = Feature(
    "tournaments",
    routers=(routes.router,),
    commands=add_commands,
    migrations=HERE / "migrations",
    part=lambda platform: TournamentService(platform.db, platform.tables),
    pages=HERE / "web",
    capabilities={"tournament_rules": TournamentRules},
    lobby=LobbyLink("tournament_rules", "/tournaments/new?game={game}", "lobby.tournaments"),
    schemas=published.published,
    scenarios={"tournament": run_tournament},
)

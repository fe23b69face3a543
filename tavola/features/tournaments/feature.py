"""The tournaments feature as the platform meets it."""

from pathlib import Path

from tavola.features import Feature

from . import routes
from .commands import add_commands
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
    scenarios={"tournament": run_tournament},
)

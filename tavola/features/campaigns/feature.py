"""The campaigns feature as the platform meets it."""

from pathlib import Path

from tavola.features import Feature

from . import routes
from .commands import add_commands
from .scenarios import run_campaign
from .service import CampaignService

HERE = Path(__file__).parent

feature = Feature(
    "campaigns",
    routers=(routes.router,),
    commands=add_commands,
    migrations=HERE / "migrations",
    part=lambda platform: CampaignService(platform.db, platform.tables),
    pages=HERE / "web",
    scenarios={"campaign": run_campaign},
)

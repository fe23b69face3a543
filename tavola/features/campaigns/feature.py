"""The campaigns feature as the platform meets it."""

from pathlib import Path

from tavola.features import Feature, LobbyLink

from . import published, routes
from .commands import add_commands
from .protocol import Campaigns
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
    capabilities={"campaigns": Campaigns},
    lobby=LobbyLink("campaigns", "/campaigns/new?game={game}", "lobby.campaign"),
    schemas=published.published,
    scenarios={"campaign": run_campaign},
)

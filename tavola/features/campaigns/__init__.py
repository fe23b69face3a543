"""Campaigns: a party's series of games of one game, the game's own state carried from
each to the next, for any game with the `Campaigns` capability."""

from tavola.features import Feature
from tavola.server.campaigns import routes
from tavola.server.campaigns.service import CampaignService

feature = Feature(
    "campaigns",
    routers=(routes.router,),
    part=lambda platform: CampaignService(platform.db, platform.tables),
)

__all__ = ["feature"]

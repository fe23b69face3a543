"""A campaign's course as the server runs it, game-agnostic: bots' choices between games
made at once, and what the campaign then waits for, in the server's words (`status`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Viewer
from tavola.core.capabilities import HUMAN
from tavola.core.rng import new_secret
from tavola.features.campaigns.protocol import CampaignChoice, CampaignGame, Campaigns
from tavola.features.campaigns.tables import CampaignRow

BOT_CHOICES_MAX = 1000
"""Bot choices in a row at most (a party of bots chooses a few times per game)."""


def advance(campaigns: Campaigns[Any], campaign: dict[str, Any]) -> dict[str, Any]:
    """The campaign after every bot choice due now: it then waits for a person's choice, a
    game, or is over."""
    for _ in range(BOT_CHOICES_MAX):
        step = campaigns.campaign_next(campaign, "en")
        if not isinstance(step, CampaignChoice) or step.kind == HUMAN:
            return campaign
        action = campaigns.campaign_bot_choice(campaign, step.seat)
        campaign, _ = campaigns.campaign_choose(campaign, step.seat, action)
    raise RuntimeError("a campaign's bots kept choosing without end")


def sealed(campaigns: Campaigns[Any], row: CampaignRow) -> dict[str, Any]:
    """The row's campaign read to be changed: one stored before game seeds were keyed,
    its seed drawn by the server, gets a secret now (kept with the change): the game
    drawn already keeps its seed, every later one is keyed."""
    if row.seed_known:
        return dict(row.campaign)
    return campaigns.campaign_sealed(row.campaign, new_secret())


def status(campaigns: Campaigns[Any], campaign: Mapping[str, Any]) -> str:
    """`choice`, `due` (its next table to open) or `over`, once bots have chosen."""
    step = campaigns.campaign_next(campaign, "en")
    if step is None:
        return "over"
    return "due" if isinstance(step, CampaignGame) else "choice"


def party(campaigns: Campaigns[Any], campaign: Mapping[str, Any]) -> list[dict[str, str]]:
    """The party's seats in order, `{seat, name, kind}` (kind `human` or `bot`), as the
    game's referee view lists them."""
    view = campaigns.campaign_view(campaign, Viewer.referee(), "en")
    return [
        {"seat": str(m["seat"]), "name": str(m.get("name") or m["seat"]), "kind": str(m["kind"])}
        for m in view["party"]
    ]

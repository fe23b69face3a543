"""The end of a campaign's game, recorded in the commit that records the game's end: the
campaign takes the game's result (`campaign_record`), its bots choose, and it waits for
its next table, a person's choice, or is over. A crash before that commit loses neither:
both are written together or not at all."""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy.orm import Session

from tavola.core import Game, TavolaError
from tavola.core.capabilities import capability
from tavola.features.campaigns import course, store
from tavola.features.campaigns.protocol import Campaigns

log = logging.getLogger(__name__)


def record_game(session: Session, game: Game[Any], game_id: str, state: Any) -> bool:
    """Records the finished game `game_id` (final `state`) in its campaign, if it is one's;
    True when a campaign took it."""
    campaigns = capability(game, Campaigns)
    if campaigns is None:
        return False
    row = store.playing(session, game_id)
    if row is None:
        return False
    try:
        campaign, _ = campaigns.campaign_record(course.sealed(campaigns, row), state)
        campaign = course.advance(campaigns, campaign)
    except TavolaError:  # the game refused its own table: kept as it was, and logged
        log.exception("campaign %s: game %s could not be recorded", row.id, game_id)
        return False
    return store.change(
        session,
        row.id,
        row.version,
        campaign=campaign,
        status=course.status(campaigns, campaign),
        game_id=None,
    )

"""The part of a campaign's view every campaign page reads (`Campaigns.campaign_view`):
each game of the campaign with whether it was won and how often lost, the number awaited,
the retries left and how much each party member keeps between games. The page names no
game's fields: a game with campaigns gives these, whatever else its view holds."""

from __future__ import annotations

import pytest

from tavola.core import Viewer, game_names, get_game
from tavola.core.capabilities import capability
from tavola.features.campaigns.protocol import Campaigns

OFFERING = [n for n in game_names() if capability(get_game(n), Campaigns) is not None]


def test_some_game_offers_campaigns() -> None:
    assert OFFERING  # the contract below is checked on something


@pytest.mark.parametrize("name", OFFERING)
def test_a_campaign_view_has_the_part_every_page_reads(name: str) -> None:
    campaigns = capability(get_game(name), Campaigns)
    assert campaigns is not None
    campaign = campaigns.new_campaign(campaigns.campaign_config({}, [{"kind": "bot"}] * 2), 7)
    for viewer in (Viewer.public(), Viewer.referee()):
        view = campaigns.campaign_view(campaign, viewer, "it")
        games = view["games"]
        assert games and [g["number"] for g in games] == list(range(1, len(games) + 1))
        assert all(g["won"] is False and g["lost"] == 0 for g in games)
        assert view["next_game"] in (None, *range(1, len(games) + 1))
        assert view["retries_left"] is None or view["retries_left"] >= 0
        party = view["party"]
        assert party and all({"seat", "name", "kind", "holds"} <= set(m) for m in party)
        assert all(isinstance(m["holds"], int) and m["holds"] >= 0 for m in party)

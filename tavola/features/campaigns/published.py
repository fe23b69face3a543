"""The published schema of a campaign's creation: each game's own campaign options, exact
enough that a client (and schemathesis) builds only what the server takes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tavola.core import Game
from tavola.features.campaigns.protocol import Campaigns
from tavola.server.openapi import PRACTICE, REFS, Schema, if_game, models, offering, seeded_only

_BOT_MEMBER = {"properties": {"kind": {"const": "bot"}}, "required": ["kind"]}


def published(components: dict[str, Schema], games: Sequence[Game[Any]]) -> None:
    """A campaign's options: none (the game's ready-made campaign) or the game's own; a
    client's seed only for practice, or for a party of bots alone."""
    rules = []
    for game, campaigns in offering(games, Campaigns):
        name = game.info.name
        (own,) = models(components, f"{name}.campaign.", campaigns.campaign_options())
        # The request's `party`, when it has one, stands for the options' own.
        own["required"] = [key for key in own.get("required", []) if key != "party"]
        components[f"{name}.CampaignOptions"] = own
        ready = {"type": "object", "maxProperties": 0}
        options = {"anyOf": [ready, {"$ref": f"{REFS}{name}.CampaignOptions"}]}
        rules.append(if_game(name, {"properties": {"options": options}}))
    components["CampaignCreate"]["allOf"] = rules
    bots_only = {"properties": {"party": {"items": _BOT_MEMBER}}}
    seeded_only(components, "CampaignCreate", {"anyOf": [PRACTICE, bots_only]})

"""The ready-made campaign (`tavola campaign new` without a config) and a party seated by
kind: three battles against bosses of rising level (R141) from the starter set, one retry."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import ConfigError

READY: dict[str, Any] = {
    "battles": [
        {"boss": {"main_card_id": "S1-022"}},
        {"boss": {"main_card_id": "S1-023"}},
        {"boss": {"main_card_id": "S1-024"}, "mode": "epic"},
    ],
    "retries": 1,
    "options": {"deck_source": "starter"},
}

MAINS = ("S1-007", "S1-002", "S1-008", "S1-010", "S1-016", "S1-015", "S1-004", "S1-001")
"""Good and neutral mains for members the options do not give one, in party order."""


def campaign_config(
    options: Mapping[str, Any], party: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    config = copy.deepcopy(dict(options) if options else READY)
    if not party:
        if "party" not in config:
            raise ConfigError("player_count", "a campaign needs a party", field="party")
        return config
    if len(party) > len(MAINS):
        raise ConfigError("player_count", "a party has 1 to 8 members", field="party")
    given = list(config.get("party", []))
    members = []
    for i, seat in enumerate(party):
        kind = seat.get("kind")
        if kind not in ("human", "bot"):
            raise ConfigError("invalid_option", f"'{kind}' is human or bot", field=f"party[{i}]")
        member = dict(given[i]) if i < len(given) else {}
        member["kind"] = kind
        # An unnamed bot is "Bot 2", as at a table; an unnamed person keeps the seat's id.
        unnamed = f"Bot {i + 1}" if kind == "bot" else ""
        member["name"] = seat.get("name") or member.get("name") or unnamed
        member.setdefault("age", 20 + 10 * i)
        member.setdefault("main_card_id", MAINS[i])
        members.append(member)
    config["party"] = members
    return config

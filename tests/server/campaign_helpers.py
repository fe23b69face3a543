"""Helpers for the campaign tests (server and browser): a short two-battle campaign against
a feeble boss, and a person's battle played over the REST API with a plain rule (strike
the boss's main whenever it may be struck, else the quietest move) until the battle ends.

Either client works: FastAPI's `TestClient` or an `httpx.Client` on a running server."""

from __future__ import annotations

import time
from typing import Any

from tests.games.legends.campaign_tables import BOSS, HERO

FEEBLE_BOSS = {**BOSS, "hp": 10, "def": 1, "str": 1}
"""A boss that one blow of the hero's ends, and that hardly hurts."""
NON_CHARACTERS = [f"S1-0{n}" for n in range(37, 55)]
"""Potions and equipment of the starter set: a deck with no character, so the boss has no
guard in front of its main."""

SHORT = {
    "party": [
        {"age": 30, "main_card_id": "X-HERO", "contribution": NON_CHARACTERS},
        {"age": 40, "main_card_id": "X-HERO"},
    ],
    "battles": [{"boss": {"main_card_id": "X-BOSS"}}, {"boss": {"main_card_id": "X-BOSS"}}],
    "retries": 3,
    "carry_limit": 2,
    "options": {
        "catalog": ["starter_S1", HERO, FEEBLE_BOSS],
        "deck_source": "contributions",
        "max_rounds": 2,
    },
}
"""Two battles against the boss, each at most 2 rounds; a person (P1) and a bot (P2)."""

PRACTICE = {"seed": 3, "practice_seed_known": True}
"""A practice campaign whose first battle the rule above wins at once, leaving 5 cards
to choose from (a drawn seed may leave fewer than the limit)."""

ADA = {"kind": "human", "name": "Ada"}
ROBO = {"kind": "bot", "name": "Robo"}
QUIET = ("place_initial", "defence_ready", "pass", "end_turn")
DEADLINE = 30.0


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def battle_move(actions: list[dict[str, Any]]) -> dict[str, Any] | None:
    for action in actions:
        if action["type"] == "declare_attack" and action.get("target") == "mB":
            return action
    for kind in QUIET:
        for action in actions:
            if action["type"] == kind:
                return action
    return next((a for a in actions if a["type"] != "concede"), None)


def play_battle(client: Any, game_id: str, token: str) -> dict[str, Any]:
    """Plays the token's seat until the battle is over; returns its last view."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        seen = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
        if seen["status"] == "over":
            return dict(seen)
        legal = client.get(f"/api/games/{game_id}/legal", headers=bearer(token)).json()
        move = battle_move(legal["actions"])
        if move is None:
            time.sleep(0.02)  # the boss or a bot is moving
            continue
        body = {"action": move, "version": legal["version"]}
        client.post(f"/api/games/{game_id}/actions", json=body, headers=bearer(token))
    raise AssertionError(f"battle {game_id} did not end within {DEADLINE} s")


def campaign(client: Any, campaign_id: str, token: str | None = None, lang: str = "en") -> Any:
    answer = client.get(
        f"/api/campaigns/{campaign_id}", params={"lang": lang}, headers=bearer(token)
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def wait_campaign(client: Any, campaign_id: str, token: str | None, what: str, test: Any) -> Any:
    """The campaign's view once `test(view)` holds."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        seen = campaign(client, campaign_id, token)
        if test(seen):
            return seen
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def won_first_battle(client: Any, campaign_id: str, token: str) -> Any:
    """Battles played (retries included) until the campaign asks the person's carry
    choice; returns that view."""
    for _ in range(1 + SHORT["retries"]):
        seen = wait_campaign(
            client, campaign_id, token, "a battle or a choice", lambda v: v["status"] != "due"
        )
        if seen["choice"] is not None or seen["status"] != "playing":
            return seen
        play_battle(client, seen["table"]["game_id"], token)
        wait_campaign(
            client,
            campaign_id,
            token,
            "the battle recorded",
            lambda v, opened=seen["table"]: v["table"] != opened,
        )
    raise AssertionError("the person never won the first battle")

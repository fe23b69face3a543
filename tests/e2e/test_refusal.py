"""A move the server refuses: the page says why, in its language, and nothing changes."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import WebSocketRoute, expect

from .helpers import ADA, BOT, Api, board_iids

BAD_CARD = "S1-999"


@pytest.mark.parametrize(("locale", "field"), [("en-GB", "message"), ("it-IT", "message_it")])
def test_a_refused_move_shows_the_servers_reason(open_page, api: Api, locale, field) -> None:
    created = api.create([ADA, BOT], seed=7)
    game_id, token = created["game_id"], created["tokens"]["P1"]
    before = api.wait_view(game_id, token, lambda p: p["to_act"] == ["P1"], "the bot's main")
    # What the server answers to a main character that is not in the game.
    refused = api.act(
        game_id, token, {"type": "choose_main", "card_id": BAD_CARD}, before["version"]
    )
    assert refused.status_code >= 400
    reason = refused.json()[field]
    assert BAD_CARD in reason

    page = open_page(locale=locale)
    sent: list[dict] = []

    def tamper(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def outgoing(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "action" and data["action"].get("type") == "choose_main":
                data["action"]["card_id"] = BAD_CARD  # the click asks for a card nobody has
            sent.append(data)
            server.send(json.dumps(data))

        socket.on_message(outgoing)

    page.route_web_socket(re.compile(r"/api/games/[^/]+/ws"), tamper)
    page.goto(created["urls"]["P1"])
    candidates = page.locator(".candidates .card.pickable")
    expect(candidates.first).to_be_visible()
    iids = board_iids(page)
    status = page.locator("#status").inner_text()

    candidates.first.click()
    page.locator('[data-step="o:main"]').click()

    expect(page.locator("#toast")).to_have_text(reason)
    assert [m["action"] for m in sent] == [{"type": "choose_main", "card_id": BAD_CARD}]
    # The table is as it was: same version, the same choice offered again.
    after = api.view(game_id, token)
    assert after["version"] == before["version"]
    assert after["view"]["seats"]["P1"]["main"] is None
    expect(page.locator('#options [data-step="v:random_main"]')).to_be_visible()
    expect(candidates.first).to_be_visible()
    assert board_iids(page) == iids
    assert page.locator("#status").inner_text() == status

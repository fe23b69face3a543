"""The answer to a move may reach the page before the update the move made: until that
update arrives the page must not offer the old choices again (a click on them would be
refused as stale)."""

from __future__ import annotations

import json
import re

from playwright.sync_api import WebSocketRoute, expect

from .helpers import ADA, BOT, Api, settle

MARKER = "A notice that arrives meanwhile."


def test_no_stale_choices_between_the_answer_and_the_update(open_page, api: Api) -> None:
    created = api.create([ADA, BOT], seed=7)
    game_id, token = created["game_id"], created["tokens"]["P1"]
    api.wait_view(game_id, token, lambda p: p["to_act"] == ["P1"], "the bot's main")
    page = open_page()
    routes: list[WebSocketRoute] = []
    held: list[str] = []
    hold = {"updates": False}

    def route(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def incoming(message: str | bytes) -> None:
            kind = json.loads(message)["type"]
            if kind == "update" and hold["updates"]:
                held.append(str(message))
                return
            socket.send(message)
            if kind == "result" and hold["updates"]:
                # Some later message makes the page draw again, the update still held.
                socket.send(json.dumps({"type": "refused", "code": "x", "message": MARKER}))

        server.on_message(incoming)
        routes.append(socket)

    page.route_web_socket(re.compile(r"/api/games/[^/]+/ws"), route)
    page.goto(created["urls"]["P1"])
    assert settle(page) == "move"
    page.locator(".candidates .card.pickable").first.click()
    hold["updates"] = True
    page.locator('[data-step="o:main"]').click()

    expect(page.locator("#toast")).to_have_text(MARKER)  # the answer came, then the notice
    expect(page.locator("#prompt")).to_have_text("Sending…")
    expect(page.locator("#options button")).to_have_count(0)
    expect(page.locator(".card.pickable")).to_have_count(0)

    hold["updates"] = False
    for message in held:
        routes[-1].send(message)
    expect(page.locator(".candidates")).to_have_count(0)
    expect(page.locator("#prompt")).not_to_have_text("Sending…")

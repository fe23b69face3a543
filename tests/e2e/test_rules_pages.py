"""A game's rules in the browser (issue 31): the Legends rules page opened in Italian and
in English from the lobby and from a table, and a refusal's rule link followed to its rule."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from .helpers import ADA, BOT, Api

TITLES = {"it": "Legends of AZ — il regolamento", "en": "Legends of AZ — the rules"}


def shows_the_rules(page: Page, lang: str) -> None:
    expect(page.locator("#page-title")).to_have_text(TITLES[lang])
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#rules-sections li").first).to_be_visible()
    expect(page.locator('.rules-text h3[id="R34"]')).to_be_attached()
    expect(page.locator('.rules-text span[id="R33"]')).to_be_attached()  # in "R32, R33"
    expect(page.locator("#page-error")).to_be_hidden()


@pytest.mark.parametrize(("locale", "lang"), [("it-IT", "it"), ("en-GB", "en")])
def test_the_rules_open_from_the_lobby_in_the_readers_language(open_page, locale, lang) -> None:
    page = open_page(locale=locale)
    page.goto("/")
    link = page.locator('.game-card[data-game="legends"] a.rules-link')
    expect(link).to_have_text({"it": "Regole", "en": "Rules"}[lang])
    expect(link).to_have_attribute("href", f"/rules/legends?lang={lang}")
    link.click()
    shows_the_rules(page, lang)


def _to_p1s_main_phase(api: Api, created: dict) -> None:
    """P1's setup played over the API (the bot answers) until P1 may end its turn."""
    game_id, token = created["game_id"], created["tokens"]["P1"]
    for _ in range(40):
        payload = api.wait_view(game_id, token, lambda p: bool(p["legal"]), "P1's move")
        if any(a["type"] == "end_turn" for a in payload["legal"]):
            return
        action = next(a for a in payload["legal"] if a["type"] != "concede")
        response = api.act(game_id, token, action, payload["version"])
        assert response.status_code == 200 or response.json().get("code") == "STALE"
    raise AssertionError("P1 never reached its main phase")


def test_a_refusal_links_to_its_rule_and_the_table_to_the_rules(open_page, api: Api) -> None:
    created = api.create([ADA, BOT], seed=7)
    _to_p1s_main_phase(api, created)
    page = open_page(locale="en-GB")

    def tamper(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def outgoing(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "action" and data["action"].get("type") == "end_turn":
                # Giving up the whole turn's attacks, where each character draws (R26).
                data["action"] = {"type": "skip_attack"}
            server.send(json.dumps(data))

        socket.on_message(outgoing)

    page.route_web_socket(re.compile(r"/api/games/[^/]+/ws"), tamper)
    page.goto(created["urls"]["P1"])
    rules = page.locator("#rules-link")
    expect(rules).to_have_text("Rules")
    expect(rules).to_have_attribute("href", "/rules/legends?lang=en")
    expect(rules).to_have_attribute("target", "_blank")
    expect(page.locator("#log a.rule-link").first).to_be_visible()  # the log's lines too

    page.locator('[data-step="v:end_turn"]').click()
    link = page.locator("#toast a.rule-link")
    expect(link).to_have_text("(R26)")
    expect(link).to_have_attribute("href", "/rules/legends?lang=en#R26")
    with page.context.expect_page() as opened:
        link.click()
    rule_page = opened.value
    shows_the_rules(rule_page, "en")
    expect(rule_page.locator('h3[id="R26"]')).to_be_in_viewport()
    expect(rule_page.locator('h3[id="R26"]')).to_have_class(re.compile("rule-shown"))

    # The same table in Italian: its link opens the Italian rules.
    italian = open_page(locale="it-IT")
    italian.goto(created["urls"]["P1"])
    rules = italian.locator("#rules-link")
    expect(rules).to_have_text("Regole")
    expect(rules).to_have_attribute("href", "/rules/legends?lang=it")
    with italian.context.expect_page() as opened:
        rules.click()
    shows_the_rules(opened.value, "it")

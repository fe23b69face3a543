"""A two-battle campaign against the boss in Chromium: the lobby's game card offers a
campaign; a person's campaign page links into each battle, shows the carry choice with its
limit, explains the refusal of one card too many, takes the choice, and ends won or lost
with the battles and the party shown.

The campaign page, the link into the battle and the carry choice are clicked; the battles'
own moves are sent over the REST API with the person's campaign token (the same token
opens the person's seat in every battle), which keeps the test short; the battle's end
dialog leads back to the campaign page."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from playwright.sync_api import expect

from tests.server.campaign_helpers import (
    ADA,
    PRACTICE,
    ROBO,
    SHORT,
    campaign,
    play_battle,
    won_first_battle,
)

from .helpers import local


def test_the_lobby_offers_a_campaign_and_starts_one(open_page):
    page = open_page()
    page.goto("/")
    page.locator('.game-card[data-game="legends"] .campaigns-link').click()
    expect(page).to_have_url(re.compile(r"/campaigns/new\?game=legends$"))
    page.locator("#new-form input[name=name]").fill("Ada")
    page.locator("#new-form button[type=submit]").click()
    expect(page.locator("#campaign-status")).to_have_text("Battle 1 is being played.")
    expect(page.locator("#table-link")).to_have_text("Play battle 1")
    expect(page.locator("#party tbody tr")).to_have_count(2)


def seen_as(state: str) -> str:
    """A script that makes the page believe it is `state` (hidden: another tab in front)."""
    return (
        f"Object.defineProperty(document, 'visibilityState', {{configurable: true, get: () =>"
        f" '{state}'}}); document.dispatchEvent(new Event('visibilitychange'))"
    )


def test_a_hidden_campaign_page_stops_reading_and_reads_at_once_when_shown(server, open_page):
    with httpx.Client(base_url=server, timeout=20) as client:
        body = {"game": "legends", "options": SHORT, "party": [ADA, ROBO], "creator_seat": 0}
        created = client.post("/api/campaigns", json=body | PRACTICE)
        assert created.status_code == 201, created.text
    campaign_id = created.json()["campaign_id"]
    page = open_page()
    page.goto(local(created.json()["seats"][0]["join_url"]))
    expect(page.locator("#campaign-status")).to_have_text("Battle 1 is being played.")
    page.evaluate(seen_as("hidden"))
    reads: list[str] = []
    page.on(
        "request",
        lambda r: reads.append(r.url) if f"/api/campaigns/{campaign_id}" in r.url else None,
    )
    page.wait_for_timeout(2500)  # longer than its 2 s between reads while it is shown
    assert reads == []
    with page.expect_request(lambda r: f"/api/campaigns/{campaign_id}" in r.url):
        page.evaluate(seen_as("visible"))


def test_a_two_battle_campaign_against_the_boss_with_a_carry_choice(
    server, open_page, artifacts: Path
):
    with httpx.Client(base_url=server, timeout=20) as client:
        body = {"game": "legends", "options": SHORT, "party": [ADA, ROBO], "creator_seat": 0}
        body |= PRACTICE  # a first battle won at once, with more cards than the limit
        created = client.post("/api/campaigns", json=body)
        assert created.status_code == 201, created.text
        campaign_id = created.json()["campaign_id"]
        own = created.json()["seats"][0]
        token = own["token"]

        page = open_page()
        page.goto(local(own["join_url"]))
        expect(page.locator("#campaign-status")).to_have_text("Battle 1 is being played.")
        expect(page.locator("#table-link")).to_have_text("Play battle 1")
        page.locator("#table-link").click()  # into the battle's table, seated as Ada
        expect(page).to_have_url(re.compile(r"/play/[0-9a-f]+\?seat=P1$"))
        expect(page.locator("body")).to_contain_text("Ada")
        back = page.locator("#home-link")
        expect(back).to_have_text("Back to the campaign")
        expect(back).to_have_attribute("href", f"/campaigns/{campaign_id}")

        won_first_battle(client, campaign_id, token)  # the battle's moves, over the API
        # The battle's end leads back to the campaign (the token stays in this browser).
        expect(page.locator("#end-home")).to_be_visible()
        expect(page.locator("#rematch")).to_be_hidden()  # the campaign retries, not a rematch
        page.locator("#end-home").click()
        expect(page).to_have_url(re.compile(rf"/campaigns/{campaign_id}$"))
        expect(page.locator("#campaign-status")).to_have_text("Your turn to choose.")
        expect(page.locator("#choice-limit")).to_have_text("You may carry at most 2 cards.")
        boxes = page.locator("#choice-options input[type=checkbox]")
        assert boxes.count() >= 3
        for i in range(3):
            boxes.nth(i).check()
        expect(page.locator("#choice-count")).to_have_text("Chosen: 3 (at most 2).")
        page.locator("#choice-submit").click()
        expect(page.locator("#choice-error")).to_have_text("Too many cards to carry: at most 2.")
        assert campaign(client, campaign_id, token)["status"] == "choice"  # unchanged
        boxes.nth(2).uncheck()
        page.locator("#choice-submit").click()
        expect(page.locator("#campaign-status")).to_have_text("Battle 2 is being played.")
        me = page.locator('#party tr[data-seat="P1"]')
        expect(me.locator("td.holds")).to_have_text("2")
        expect(page.locator("#games li").first).to_contain_text("won")

        for _ in range(1 + SHORT["retries"]):  # the second battle, retries included
            seen = campaign(client, campaign_id, token)
            if seen["status"] == "over":
                break
            if seen["table"] is not None:
                play_battle(client, seen["table"]["game_id"], token)
            page.wait_for_timeout(300)
        expect(page.locator("#campaign-status")).to_have_text(
            re.compile(r"^Campaign (won!|lost\.)$")
        )
        expect(page.locator("#choice")).to_be_hidden()
        expect(page.locator("#lines")).to_contain_text("Battle 1, attempt 1: won.")
        page.screenshot(path=artifacts / "campaign-over.png", full_page=True)

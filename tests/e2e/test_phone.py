"""At phone width (375 px) no page is wider than the screen."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from .helpers import (
    ADA,
    BOT,
    Api,
    cards_out,
    finish_by_api,
    fits,
    game_over,
    open_table,
    play_until,
    settle,
)

PHONE = {"width": 375, "height": 800}


def cards_sticking_out(page: Page) -> list[str]:
    """The cards whose content is wider than the card (a stat pushed over its edge)."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('.card')]
              .filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.dataset.iid)"""
        )
    )


def test_the_lobby_fits_a_phone(open_page, artifacts: Path) -> None:
    page = open_page(viewport=PHONE)
    page.goto("/")
    expect(page.locator("#seat-rows li.seat-row")).to_have_count(2)
    assert fits(page)
    page.locator("#add-seat").click()
    page.locator("input[name=timers]").check()
    expect(page.locator('input[name="timers.turn_s"]')).to_be_visible()
    page.locator("select[name=mode]").select_option("classic")  # a battle's options, too
    page.locator("#more summary").click()  # every option of the game, the longest labels
    expect(page.locator("input[name=max_rounds]")).to_be_visible()
    assert fits(page)
    rows = page.locator("#seat-rows li.seat-row")
    rows.nth(0).locator("input[name=name]").fill("Ada Augusta King, Countess of Lovelace")
    rows.nth(2).locator("select[name=kind]").select_option("human")  # a seat still open
    page.locator("form#create button[type=submit]").click()
    expect(page.locator("#created #links li.link")).to_have_count(3)
    expect(page.locator("#games li.game").filter(has_text="Lovelace")).to_be_visible()
    assert fits(page)
    page.screenshot(path=artifacts / "phone-lobby.png", full_page=True)


def test_a_table_mid_game_fits_a_phone(open_page, api: Api, artifacts: Path) -> None:
    created = api.create([ADA, BOT], seed=7)
    page = open_table(open_page, created, viewport=PHONE)
    assert fits(page)
    play_until(page, lambda p: settle(p) == "end" or cards_out(p), seed=2)
    assert not game_over(page)
    assert fits(page)
    assert cards_sticking_out(page) == []
    page.screenshot(path=artifacts / "phone-table.png", full_page=True)
    play_until(page, game_over, seed=2)
    expect(page.locator("dialog#end")).to_be_visible()
    assert fits(page)


def test_the_replay_fits_a_phone(open_page, api: Api) -> None:
    created = api.create([ADA, BOT], seed=7)
    finish_by_api(api, created)
    page = open_page(viewport=PHONE)
    page.goto(f"/replay/{created['game_id']}?seat=P1")
    label = page.locator("#step-label")
    expect(label).to_contain_text("Step 0 of")
    assert fits(page)
    page.locator("#last").click()
    expect(label).not_to_contain_text("Step 0 of")
    assert fits(page)
    assert cards_sticking_out(page) == []

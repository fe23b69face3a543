"""The fixture game (Kuhn poker, tests/fixture_game) in Chromium: a server told of it by
`TAVOLA_GAMES` offers it in the lobby, builds its form from its declaration, and the
generic table page plays a hand with the game's own module: nothing outside tests/ names
the game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import ROOT, TIMEOUT_MS, serving


@pytest.fixture(scope="module")
def kuhn_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("kuhn-server")
    with serving(folder, TAVOLA_GAMES="tests.fixture_game.kuhn:game", PYTHONPATH=str(ROOT)) as base:
        yield base


@pytest.fixture
def page(browser: Browser, kuhn_server: str) -> Iterator[Page]:
    context = browser.new_context(base_url=kuhn_server, locale="en-GB")
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


def test_a_hand_of_the_fixture_game_from_the_lobby_to_the_end(page: Page, artifacts: Path):
    page.goto("/")
    card = page.locator('#catalog li.game-card[data-game="kuhn"]')
    expect(card).to_contain_text("Kuhn poker")
    card.locator("button").click()
    expect(page.locator("form#create select[name=preset]")).to_have_value("heads_up")
    page.locator("form#create button[type=submit]").click()

    # The host sits in the first seat at once: its "Play as" link carries the seat's token.
    play = page.locator("#created #links li.link a.button").first
    expect(play).to_have_attribute("href", re.compile(r"/play/\w+\?seat=P1"))
    play.click()
    expect(page.locator("#title")).to_have_text("Kuhn poker")
    mine = page.locator('.kuhn-seat[data-seat="P1"] .kuhn-card')
    expect(mine).to_have_text(re.compile(r"^(Jack|Queen|King)$"))
    expect(page.locator('.kuhn-seat[data-seat="P2"] .kuhn-card')).to_have_text("Face down")
    page.locator('#options [data-step="v:bet"]').click()

    expect(page.locator("dialog#end")).to_be_visible()
    expect(page.locator("#end-verdict")).to_have_text(re.compile(r"^Winner: P[12]"))
    expect(page.locator("#end-reason")).to_have_text(
        re.compile(r"^(The other player folded|The higher card won at the showdown)\.$")
    )
    expect(page.locator("#log")).to_contain_text("bets a chip.")
    page.screenshot(path=artifacts / "fixture-game-end.png")


def test_the_fixture_game_speaks_italian_from_its_own_catalogue(page: Page):
    page.goto("/?lang=it")
    card = page.locator('#catalog li.game-card[data-game="kuhn"]')
    expect(card).to_contain_text("Poker di Kuhn")
    card.locator("button").click()
    expect(page.locator("form#create")).to_contain_text("Invito")

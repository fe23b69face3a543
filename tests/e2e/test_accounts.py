"""A person signs up, sets a table up while signed in, and finds it under "My games"."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

from playwright.sync_api import expect


def test_sign_up_create_a_table_and_find_it_under_my_games(open_page, artifacts: Path) -> None:
    name = f"Ada {uuid.uuid4().hex[:6]}"  # the server lives for the whole session
    page = open_page()
    page.goto("/")
    page.locator("#account-bar a", has_text="Sign in").click()
    expect(page).to_have_url(re.compile(r"/signin$"))
    page.locator("#other-form").click()  # no account yet: sign up
    expect(page).to_have_url(re.compile(r"/signup$"))
    form = page.locator("form#account-form")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill("short")
    form.locator("input[name=password]").evaluate("input => input.removeAttribute('minlength')")
    form.locator("button[type=submit]").click()
    expect(page.locator("#form-error")).to_have_text("A password has 10 to 128 characters.")
    form.locator("input[name=password]").fill("a long enough password")
    page.screenshot(path=artifacts / "signup.png")
    form.locator("button[type=submit]").click()

    expect(page).to_have_url(re.compile(r"/me$"))
    expect(page.locator("#account-bar .account-name")).to_have_text(name)
    expect(page.locator("#my-games li.empty")).to_be_visible()

    page.locator("header .brand").click()
    expect(page.locator("#account-bar .account-name")).to_have_text(name)
    rows = page.locator("#seat-rows li.seat-row")
    expect(rows).to_have_count(2)
    rows.nth(0).locator("select[name=kind]").select_option("human")
    rows.nth(0).locator("input[name=name]").fill("Ada")
    rows.nth(1).locator("select[name=kind]").select_option("reference")
    page.locator("form#create button[type=submit]").click()
    play = page.locator("#created #links li.link").nth(0).locator("a.button")
    expect(play).to_have_text("Play as Ada")
    play.click()
    expect(page.locator("#board section.seat.mine")).to_contain_text("Ada")
    game_id = page.url.split("/play/")[1].split("?")[0]

    page.locator("#account-bar a", has_text="My games").click()
    expect(page).to_have_url(re.compile(r"/me$"))
    listed = page.locator(f'#my-games li.game[data-game-id="{game_id}"]')
    expect(listed).to_contain_text("You play Ada (P1)")
    expect(listed).to_contain_text("In play")
    page.screenshot(path=artifacts / "my-games.png", full_page=True)
    listed.locator("button", has_text="Play").click()
    expect(page).to_have_url(re.compile(rf"/play/{game_id}\?seat=P1$"))
    expect(page.locator("#board section.seat.mine")).to_contain_text("Ada")

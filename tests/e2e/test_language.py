"""Italian or English: from the browser, by the switch (remembered), and on a table the log
told anew in the other language."""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers import ADA, BOT, Api, open_table


def test_the_lobby_follows_the_browser_then_the_switch(open_page) -> None:
    page = open_page(locale="it-IT")
    page.goto("/")
    title = page.locator("#open-title")
    expect(title).to_have_text("Tavoli aperti")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("form#create button[type=submit]")).to_have_text("Crea il tavolo")
    expect(page.locator("form#create select[name=language]")).to_have_value("it")

    page.locator("#lang-switch").click()
    expect(title).to_have_text("Open tables")
    expect(page.locator("form#create button[type=submit]")).to_have_text("Create the table")
    expect(page.locator("form#create select[name=language]")).to_have_value("en")
    expect(page.locator("#lang-switch")).to_have_text("Italiano")

    page.reload()  # the choice is remembered, over the browser's language
    expect(title).to_have_text("Open tables")
    expect(page.locator("html")).to_have_attribute("lang", "en")


def test_the_table_retells_its_log_in_the_other_language(open_page, api: Api) -> None:
    created = api.create([ADA, BOT], seed=7)
    game_id, token = created["game_id"], created["tokens"]["P1"]
    candidates = api.view(game_id, token)["view"]["main_candidates"]
    api.play(game_id, token, {"type": "choose_main", "card_id": candidates[0]["card_id"]})
    # The bot cuts the deck and sets its formation: then the table waits for Ada alone.
    api.wait_view(
        game_id,
        token,
        lambda p: p["view"]["phase"] == "setup_formation" and p["to_act"] == ["P1"],
        "Ada's formation",
    )

    page = open_table(open_page, created, locale="en-GB")
    log = page.locator("#log")
    expect(log).to_contain_text("Ada has chosen a main character.")
    expect(page.locator("#log-title")).to_have_text("What happened")
    lines = page.locator("#log li").count()

    page.locator("#lang-switch").click()
    expect(log).to_contain_text("Ada ha scelto il personaggio principale.")
    expect(log).not_to_contain_text("Ada has chosen a main character.")
    expect(page.locator("#log-title")).to_have_text("Cosa è successo")
    expect(page.locator("#log li")).to_have_count(lines)
    expect(page.locator("html")).to_have_attribute("lang", "it")

    page.locator("#lang-switch").click()
    expect(log).to_contain_text("Ada has chosen a main character.")
    expect(page.locator("#log li")).to_have_count(lines)

"""Gioco del Trono in the browser: a practice table of bots set from the lobby and watched
to its end through the public bulletin, in English and Italian, on a desktop and a phone,
and replayed afterwards."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from .helpers import DEADLINE, Api, fits

BOTS = [{"kind": "reference"}] * 4
PHONE = {"width": 375, "height": 800}
GAME_OVER_MS = 3 * DEADLINE * 1000
"""A practice game is some seventy bot moves."""


def test_a_practice_table_from_the_lobby_is_watched_to_its_end(
    open_page, api: Api, artifacts: Path
) -> None:
    page = open_page()
    page.goto("/")
    page.locator('#catalog li.game-card[data-game="trono"] button').click()
    expect(page.locator("form#create select[name=preset]")).to_have_value("quick_practice")
    page.screenshot(path=artifacts / "lobby-trono.png", full_page=True)
    page.locator("form#create button[type=submit]").click()

    # Bots only (the four houses' and the referee's): no seat to take, a table to watch.
    links = page.locator("#created #links li.link")
    expect(links).to_have_count(5)
    expect(links.filter(has_text=": bot")).to_have_count(5)
    expect(links.locator("input")).to_have_count(0)
    page.locator("#created #watch-link").click()
    expect(page).to_have_url(re.compile(r"/play/\w+"))
    game_id = page.url.split("/play/")[1].split("?")[0]

    expect(page.locator("#title")).to_have_text("Gioco del Trono")
    expect(page.locator(".bulletin h2")).to_have_text("Public bulletin")
    expect(page.locator("#banner")).to_have_text("You are watching: no seat is yours.")
    expect(page.locator(".houses li.house")).to_have_count(4)
    expect(page.locator("#status .round")).to_have_text(re.compile(r"^Turn \d+ of 12$"))
    expect(page.locator("#log")).to_contain_text("Turn 1 opens.")

    dialog = page.locator("dialog#end")
    expect(dialog).to_be_visible(timeout=GAME_OVER_MS)
    view = api.view(game_id)["view"]
    result = view["result"]
    winners = ", ".join(
        f"{m} ({view['teams'][h]['display_name']})"
        for h in result["winners"]
        for m in view["teams"][h]["members"]
    )
    expect(page.locator("#end-verdict")).to_have_text(f"Winner: {winners}")
    expect(page.locator("#end-reason")).not_to_have_text(re.compile(r"end\.reason"))
    expect(page.locator("#end-reason")).not_to_be_empty()
    expect(page.locator("#rematch")).to_be_hidden()  # a watcher has no seat to sit again
    expect(page.locator("#replay-link")).to_have_attribute("href", f"/replay/{game_id}")
    page.screenshot(path=artifacts / "trono-end.png")

    page.locator("#end-close").click()
    king = view["teams"][result["king"].split(",")[0]]["display_name"]
    expect(page.locator(".bulletin .king")).to_have_text(f"King: {king}")
    expect(page.locator("#log")).to_contain_text(f"The game is over: {king} is King.")
    page.screenshot(path=artifacts / "trono-table.png", full_page=True)


def test_the_bulletin_in_italian_on_a_phone(open_page, api: Api, artifacts: Path) -> None:
    created = api.create(BOTS, {"max_turns": 6}, game="trono")
    page = open_page(locale="it-IT", viewport=PHONE)
    page.goto(f"/play/{created['game_id']}")
    expect(page.locator(".bulletin h2")).to_have_text("Bollettino pubblico")
    expect(page.locator(".houses h2")).to_have_text("Casate")
    expect(page.locator("#banner")).to_have_text("Stai guardando: nessun posto è tuo.")
    assert fits(page)
    expect(page.locator("dialog#end")).to_be_visible(timeout=GAME_OVER_MS)
    expect(page.locator("#end-reason")).not_to_have_text(re.compile(r"end\.reason"))
    page.locator("#end-close").click()
    expect(page.locator(".last-turn h2")).to_have_text(re.compile(r"^Il turno \d+, come è stato"))
    expect(page.locator("#log")).to_contain_text("Si apre il turno 1.")
    assert fits(page)
    page.screenshot(path=artifacts / "phone-trono.png", full_page=True)

    lines = page.locator("#log li").count()
    page.locator("#lang-switch").click()
    expect(page.locator(".bulletin h2")).to_have_text("Public bulletin")
    expect(page.locator("#log")).to_contain_text("Turn 1 opens.")
    expect(page.locator("#log")).not_to_contain_text("Si apre il turno 1.")
    expect(page.locator("#log li")).to_have_count(lines)


def test_a_finished_practice_game_replays_as_the_public_saw_it(open_page, api: Api) -> None:
    created = api.create(BOTS, {"max_turns": 3}, game="trono")
    game_id = created["game_id"]
    over = api.wait_view(game_id, None, lambda p: p["status"] == "over", "the practice game's end")
    steps = api.http.get(f"/api/games/{game_id}/replay/0").json()["steps"]
    page = open_page()
    page.goto(f"/replay/{game_id}")
    label = page.locator("#step-label")
    expect(label).to_have_text(f"Step 0 of {steps}")
    expect(page.locator("#by")).to_have_text("The start")
    expect(page.locator(".bulletin .turn")).to_have_text("The first turn has not opened yet")

    page.locator("#last").click()
    expect(label).to_have_text(f"Step {steps} of {steps}")
    view = over["view"]
    expect(page.locator(".bulletin .turn")).to_have_text(f"Turn {view['turn']} of 3")
    king = view["teams"][view["result"]["king"].split(",")[0]]["display_name"]
    expect(page.locator(".bulletin .king")).to_have_text(f"King: {king}")
    expect(page.locator("#log")).to_contain_text(f"The game is over: {king} is King.")

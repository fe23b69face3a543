"""The replay viewer: a finished game, step by step, seen by a seat or by the public."""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers import ADA, BOT, Api, finish_by_api


def test_the_replay_steps_through_a_finished_game(open_page, api: Api) -> None:
    created = api.create([ADA, BOT], seed=7)
    game_id = created["game_id"]
    finish_by_api(api, created, moves=3)
    frames = api.http.get(f"/api/games/{game_id}/replay/0", params={"seat": "P1"}).json()
    steps = frames["steps"]
    names = {"P1": "Ada", "P2": "Robo"}

    def mover(step: int) -> str:
        frame = api.http.get(f"/api/games/{game_id}/replay/{step}", params={"seat": "P1"}).json()
        return names[frame["by"]]

    page = open_page()
    page.goto(f"/replay/{game_id}?seat=P1")
    label, by = page.locator("#step-label"), page.locator("#by")
    expect(label).to_have_text(f"Step 0 of {steps}")
    expect(by).to_have_text("The deal")
    expect(page.locator("#prev")).to_be_disabled()
    expect(page.locator("#hand")).to_be_visible()

    page.locator("#next").click()
    expect(label).to_have_text(f"Step 1 of {steps}")
    expect(by).to_have_text(f"Move by {mover(1)}")
    expect(page.locator("#log li").first).to_be_visible()

    page.locator("#last").click()
    expect(label).to_have_text(f"Step {steps} of {steps}")
    expect(by).to_have_text("Move by Ada")  # she conceded
    expect(page.locator("#next")).to_be_disabled()
    expect(page.locator("#log")).to_contain_text("Game over")

    page.locator("#prev").click()
    expect(label).to_have_text(f"Step {steps - 1} of {steps}")
    expect(by).to_have_text(f"Move by {mover(steps - 1)}")

    # Each seat by its player's name, never by its id ("Ada (P1)").
    expect(page.locator("#viewer option")).to_have_text(["The public", "Ada", "Robo"])
    page.locator("#viewer").select_option("")  # the public sees no hand
    expect(page.locator("#hand")).to_have_count(0)
    expect(label).to_have_text(f"Step {steps - 1} of {steps}")
    page.locator("#viewer").select_option("P1")
    expect(page.locator("#hand")).to_be_visible()
    expect(page.locator("#board .seat.mine")).to_contain_text("Ada")

    page.locator("#first").click()
    expect(label).to_have_text(f"Step 0 of {steps}")


def test_the_replay_of_a_game_still_on_waits_for_its_end(open_page, api: Api) -> None:
    created = api.create([ADA, BOT], seed=7)
    page = open_page()
    page.goto(f"/replay/{created['game_id']}")
    expect(page.locator("#banner")).to_have_text("The replay opens once the game is over.")
    expect(page.locator("#board .seat")).to_have_count(0)

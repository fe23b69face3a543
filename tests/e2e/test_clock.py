"""A timed game: the clock shows on the table, and when it runs out the server moves for the
player who did nothing."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import ADA, BOT, Api, open_table

TIMERS = {"setup_s": 4, "turn_s": 3, "response_s": 2, "counter_s": 2}
"""Seconds per decision: the main character's choice leaves time to see its clock."""


def test_the_clock_runs_out_and_the_game_moves_on(open_page, api: Api) -> None:
    created = api.create([ADA, BOT], {"mode": "classic", "timers": TIMERS}, seed=7)
    page = open_table(open_page, created)
    expect(page.locator(".candidates")).to_be_visible()
    expect(page.locator("#status .clock")).to_have_text(re.compile(r"Time left: 0:0[0-4]"))

    # Ada does nothing: the clock runs out and her main character is chosen for her.
    expect(page.locator("#log li").filter(has_text="Time is up for Ada.").first).to_be_visible()
    expect(page.locator(".candidates")).to_have_count(0)
    payload = api.wait_view(
        created["game_id"],
        created["tokens"]["P1"],
        lambda p: bool(p["view"]["seats"]["P1"].get("main")),
        "Ada's main on the table",
    )
    main = payload["view"]["seats"]["P1"]["main"]
    expect(page.locator(f'#board .seat.mine .card[data-iid="{main}"]')).to_be_visible()

"""A 4-entrant bot tournament in Chromium: the lobby's game card leads to a new tournament,
the organiser's page adds four bots through its form (by their names alone: each brings
the game's ready-made deck) and starts it, and the page follows
it round by round to its end: the bracket (two rounds as columns, the winners marked), the
final standings, each round's tables with a link, and the champion, as the server has
them."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from playwright.sync_api import expect

from tests.server.tournament_helpers import BOTS, DEADLINE, SHORT


def test_a_four_bot_tournament_is_created_and_shown_to_its_champion(
    server, open_page, artifacts: Path
):
    page = open_page()
    page.goto("/")
    page.locator('.game-card[data-game="legends"] .tournaments-link').click()
    expect(page).to_have_url(re.compile(r"/tournaments/new\?game=legends$"))
    form = page.locator("#new-form")
    form.locator("select[name=format]").select_option("single_elimination")
    for name, value in SHORT.items():
        form.locator(f"#game-options input[name={name}]").fill(str(value))
    form.locator("button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/tournaments/[0-9a-f]+$"))  # the token kept, not shown
    expect(page.locator("#organiser")).to_be_visible()

    register = page.locator("#register-form")
    for i, kind in enumerate(BOTS, start=1):  # a bot by its name alone: a ready-made deck
        register.locator("select[name=kind]").select_option(kind)
        expect(register.locator("#bot-hint")).to_be_visible()
        register.locator("input[name=name]").fill(f"Bot {i}")
        register.locator("button[type=submit]").click()
        expect(page.locator("#entrants li")).to_have_count(i)
    expect(page.locator("#tournament-status")).to_have_text("Registration open: 4 entrants so far.")
    page.locator("#start").click()

    # Three whole bot games before there is a champion: a wait as long as the server tests
    # give a tournament (some 20 s on a loaded machine, too near a single step's 30 s).
    expect(page.locator("#champion")).to_have_text(
        re.compile(r"^Champion: Bot [1-4]$"), timeout=DEADLINE * 1000
    )
    expect(page.locator("#tournament-status")).to_have_text("The tournament is over.")
    tournament_id = page.url.rsplit("/", 1)[1]
    public = httpx.get(f"{server}/api/tournaments/{tournament_id}", timeout=10).json()["public"]
    expect(page.locator("#champion")).to_have_text(f"Champion: {public['champion']}")
    columns = page.locator("#bracket .bracket-round")
    expect(columns).to_have_count(2)
    expect(columns.nth(0).locator("h3")).to_have_text("Round 1 of 2 · Semi-finals")
    expect(columns.nth(1).locator(".winner")).to_have_text(public["champion"] + " (goes through)")
    expect(columns.nth(0).locator(".winner")).to_have_count(2)
    expect(page.locator("#standings-title")).to_have_text("Final standings")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.first).to_contain_text(f"1st{public['champion']}")
    expect(page.locator("#rounds .table-link")).to_have_count(3)
    page.screenshot(path=artifacts / "tournament-over.png", full_page=True)

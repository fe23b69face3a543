"""The leaderboard in Chromium: two people with accounts finish a game on the server, and
the page reached from the lobby's link shows both names, the winner first, on a phone and
in Italian."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import httpx
from playwright.sync_api import expect

from .helpers import ADA, BEA, CLASSIC

PASSWORD = "a long enough password"


def sign_up(client: httpx.Client, name: str) -> None:
    """A new account of `name`, signed in on `client`, as the sign-up page does."""
    client.get("/api/me")  # the CSRF cookie, as a page gets it
    answer = client.post(
        "/api/account/signup",
        json={"name": name, "password": PASSWORD},
        headers={"X-CSRF-Token": client.cookies["tavola_csrf"]},
    )
    assert answer.status_code == 201, answer.text


def test_the_leaderboard_shows_the_rated_players_best_first(server, open_page, artifacts: Path):
    mark = uuid.uuid4().hex[:6]  # the server lives for the whole session
    winner, loser = f"Ada {mark}", f"Bea {mark}"
    with (
        httpx.Client(base_url=server, timeout=20) as ada,
        httpx.Client(base_url=server, timeout=20) as bea,
    ):
        sign_up(ada, winner)
        sign_up(bea, loser)
        body = {"game": "legends", "options": CLASSIC, "seats": [ADA, BEA], "creator_seat": 0}
        created = ada.post(
            "/api/games", json=body, headers={"X-CSRF-Token": ada.cookies["tavola_csrf"]}
        ).json()
        game_id = created["game_id"]
        joined = bea.post(
            f"/api/games/{game_id}/seats/P2/join",
            json={"invite": created["seats"][1]["invite"]},
            headers={"X-CSRF-Token": bea.cookies["tavola_csrf"]},
        )
        assert joined.status_code == 200, joined.text
        token = joined.json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        version = bea.get(f"/api/games/{game_id}/view", headers=auth).json()["version"]
        conceded = bea.post(
            f"/api/games/{game_id}/actions",
            json={"action": {"type": "concede"}, "version": version},
            headers=auth,
        )
        assert conceded.status_code == 200, conceded.text

    page = open_page(locale="it-IT", viewport={"width": 375, "height": 740})
    page.goto("/")
    page.locator("#leaderboard-link").click()
    expect(page.locator("header h1")).to_have_text("Classifica")
    page.locator("#board-game").select_option("legends")
    expect(page).to_have_url(re.compile(r"/leaderboard\?game=legends$"))
    expect(page.locator("#board-title")).to_have_text("Legends of AZ")
    rows = page.locator("#board tbody tr")
    names = rows.locator("td.name")
    expect(names.filter(has_text=winner)).to_have_count(1)
    expect(names.filter(has_text=loser)).to_have_count(1)
    listed = names.all_inner_texts()
    assert listed.index(winner) < listed.index(loser)
    expect(rows.filter(has_text=winner).locator("td.games")).to_have_text("1")
    overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    page.screenshot(path=artifacts / "leaderboard-phone.png", full_page=True)
    assert not overflow  # the table fits a phone's width

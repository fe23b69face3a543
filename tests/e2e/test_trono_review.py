"""A turn under review in the browser (R45, issue 27 point 1): once the draw is entered, a
team's page and the public page say the turn is "in revisione" and show none of its
results; they appear, live, when the referee publishes. Italian on a phone, English on a
desktop."""

from __future__ import annotations

import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from .helpers import SERVER_CLOCK, Api, fits
from .trono_steps import DESKTOP, PHONE, D, live_season, ok

REFEREE = "referee:arbitro01"
TAX = [{"kind": "tax"}, {"kind": "tax"}, {"kind": "rally"}]
ATTACK = [{"kind": "attack", "target": "trono"}, {"kind": "tax"}, {"kind": "rally"}]
WORDS = {
    "it": {
        "review": "Turno 1: risultati in revisione",
        "results": "Risultati del turno 1",
        "report": "Rapporto per {house} — turno 1",
        "opened": "Turno 2 aperto",
    },
    "en": {
        "review": "Turn 1: results under review",
        "results": "Results of turn 1",
        "report": "Report for {house} — turn 1",
        "opened": "Turn 2 is open",
    },
}


def drawn_for_review(api: Api) -> tuple[str, dict[str, str], dict[str, Any]]:
    """A reviewed season's first turn, drawn: the results wait for the referee."""
    game_id, tokens, _ = live_season(api, review=True)
    return game_id, tokens, post_and_draw(api, game_id, tokens, tokens[REFEREE])


def post_and_draw(api: Api, game_id: str, tokens: dict[str, str], referee: str) -> dict[str, Any]:
    """Every team posts (the seated one taxes, the others attack the Throne), the referee
    brings the deadline a second ahead (R69), the draw's evening comes on the server's
    clock and the draw is entered as soon as the server takes it (the turn locks at the
    deadline). Answers the referee's view, under review."""
    view = api.view(game_id, referee)["view"]
    throne = view["seats"]["throne"]
    for house, team in view["teams"].items():
        post = {"type": "submit_post", "turn": 1, "team": house}
        post["actions"] = TAX if house == throne else ATTACK
        ok(api, game_id, tokens[f"player:{team['members'][0]}"], post)
    soon = SERVER_CLOCK.now() + timedelta(seconds=1)
    deadline = soon.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    reschedule = {"kind": "reschedule_turn", "value": {"deadline": deadline}, "reason": "prova"}
    ok(api, game_id, referee, {"type": "override", **reschedule})
    day = api.view(game_id, referee)["view"]["draw_date"]
    SERVER_CLOCK.after_draw(day)  # a draw is entered once it has happened (20:00 Rome)
    draw = {"type": "enter_draw", "purpose": "turn", "date": day, "numbers": D}
    give_up = time.monotonic() + 20
    while True:  # refused (the turn is still open) until the deadline has passed
        response = api.http.post(
            f"/api/games/{game_id}/actions",
            json={"action": draw},
            headers={"Authorization": f"Bearer {referee}"},
        )
        if response.status_code == 200:
            break
        assert time.monotonic() < give_up, response.text
        time.sleep(0.1)
    seen = api.view(game_id, referee)["view"]
    assert seen["phase"] == "review"
    return dict(seen)


def expect_under_review(page: Page, lang: str) -> None:
    words = WORDS[lang]
    board = page.locator("section.announcements")
    expect(board.locator(".announcement").first).to_contain_text(words["review"])
    expect(board).not_to_contain_text(words["results"])


def test_a_turn_under_review_shows_no_results_until_the_referee_publishes(
    open_page, api: Api, artifacts: Path
) -> None:
    game_id, tokens, season = drawn_for_review(api)
    throne = season["seats"]["throne"]
    stark = season["teams"][throne]
    house = stark["display_name"]
    member = stark["members"][0]

    team = open_page(locale="it-IT", viewport=PHONE)
    team.goto(f"/play/{game_id}?seat=player:{member}&lang=it#token={tokens['player:' + member]}")
    expect(team.locator(".team-page")).to_be_visible()
    expect_under_review(team, "it")
    expect(team.locator(".team-report")).not_to_contain_text(
        WORDS["it"]["report"].format(house=house)
    )
    expect(team.locator(".bulletin")).to_contain_text("Gli arbitri stanno controllando i risultati")
    assert fits(team)
    team.screenshot(path=artifacts / "trono-review-team-it-phone.png", full_page=True)

    public = open_page(locale="en-GB", viewport=DESKTOP)
    public.goto(f"/play/{game_id}?lang=en")
    expect_under_review(public, "en")
    expect(public.locator(".bulletin")).to_contain_text("The referees are reviewing the results")
    public.screenshot(path=artifacts / "trono-review-public-en-desktop.png", full_page=True)

    # The referee publishes: both pages show the results without a reload.
    ok(api, game_id, tokens[REFEREE], {"type": "publish_results"})
    expect(team.locator(".team-report")).to_contain_text(WORDS["it"]["report"].format(house=house))
    expect(team.locator("section.announcements")).to_contain_text(WORDS["it"]["results"])
    expect(team.locator(".announcement").first).to_contain_text(WORDS["it"]["opened"])
    expect(public.locator("section.announcements")).to_contain_text(WORDS["en"]["results"])
    expect(public.locator("section.announcements")).not_to_contain_text(WORDS["en"]["review"])
    public.screenshot(path=artifacts / "trono-published-public-en-desktop.png", full_page=True)

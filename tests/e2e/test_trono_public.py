"""Gioco del Trono's public page and the forum exports (issue 19, point 4): after a turn is
published, anyone with the game's link sees the announcements and the public standings and
nothing a team keeps secret; the referee copies and downloads the BBCode texts for the
forum. In Italian and English, on a phone and a desktop."""

from __future__ import annotations

import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from .helpers import SERVER_CLOCK, Api, fits
from .trono_steps import DESKTOP, PHONE, D, live_season, ok

REFEREE = "referee:arbitro01"
WORDS = {
    "it": {
        "title": "Gioco del Trono — annunci",
        "results": "Risultati del turno 1",
        "opened": "Turno 2 aperto",
        "deadline": "Scadenza dei post",
        "standings": "Classifica pubblica",
        "copied": "Copiato",
        "public": "Post pubblico — turno 1",
        "file": "trono-turno-1-mp-{}.txt",
    },
    "en": {
        "title": "Gioco del Trono — announcements",
        "results": "Results of turn 1",
        "opened": "Turn 2 is open",
        "deadline": "Posts are due before",
        "standings": "Public standings",
        "copied": "Copied",
        "public": "Public post — turn 1",
        "file": "trono-turn-1-pm-{}.txt",
    },
}
# What only a team's report says: words that must never reach the public page.
PRIVATE = {
    "it": ["Rapporto per", "Soldati arruolati", "Prima: soldati", "Messaggio privato"],
    "en": ["Report for", "Soldiers enlisted", "Before: soldiers", "Private message"],
}
TAX = [{"kind": "tax"}, {"kind": "tax"}, {"kind": "rally"}]
ATTACK = [{"kind": "attack", "target": "trono"}, {"kind": "tax"}, {"kind": "rally"}]


def published_turn(api: Api) -> tuple[str, dict[str, str], dict[str, Any]]:
    """The live season's first turn: every team posts, the referee brings the deadline to
    two seconds from now (R69), and once it has passed enters the draw: the results are
    published and turn 2 opens with its calendar deadline."""
    game_id, tokens, season = live_season(api)
    throne = season["seats"]["throne"]
    for house, team in season["teams"].items():
        post = {"type": "submit_post", "turn": 1, "team": house}
        post["actions"] = TAX if house == throne else ATTACK
        ok(api, game_id, tokens[f"player:{team['members'][0]}"], post)
    soon = SERVER_CLOCK.now() + timedelta(seconds=2)
    # to the millisecond: cut to the second, the override could have up to a second less
    deadline = soon.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    reschedule = {"kind": "reschedule_turn", "value": {"deadline": deadline}, "reason": "prova"}
    ok(api, game_id, tokens[REFEREE], {"type": "override", **reschedule})
    time.sleep(max(0.0, (soon - SERVER_CLOCK.now()).total_seconds()) + 0.5)
    day = api.view(game_id, tokens[REFEREE])["view"]["draw_date"]
    SERVER_CLOCK.after_draw(day)  # the turn's evening comes: its draw has happened
    draw = {"type": "enter_draw", "purpose": "turn", "date": day, "numbers": D}
    ok(api, game_id, tokens[REFEREE], draw)
    return game_id, tokens, api.view(game_id, tokens[REFEREE])["view"]


def check_public_page(page: Page, lang: str, season: dict[str, Any]) -> None:
    words = WORDS[lang]
    board = page.locator("section.announcements")
    expect(board.locator("h2")).to_have_text(words["title"])
    expect(board).to_contain_text(words["results"])
    expect(board.locator(".announcement").first).to_contain_text(words["opened"])
    expect(board.locator(".announcement").first).to_contain_text(words["deadline"])
    standings = page.locator("section.standings")
    expect(standings.locator("h2")).to_have_text(words["standings"])
    expect(standings.locator(".standing")).to_have_count(len(season["teams"]))
    throne = season["teams"][season["seats"]["throne"]]["display_name"]
    expect(standings.locator(".standing").first).to_contain_text(throne)
    text = page.locator("body").inner_text()
    for private in PRIVATE[lang]:
        assert private not in text, private
    expect(page.locator("section.exports")).to_have_count(0)
    expect(page.locator(".house .params")).to_have_count(0)


def test_the_public_page_after_a_turn_and_the_referee_copies_the_exports(
    open_page, api: Api, artifacts: Path
) -> None:
    game_id, tokens, season = published_turn(api)
    assert season["bulletins"] and season["phase"] == "turn_open"
    houses = sorted(season["teams"], key=lambda h: season["teams"][h]["team_no"])
    combos = [("it", PHONE, "phone"), ("en", DESKTOP, "desktop"), ("it", DESKTOP, "desktop")]
    combos.append(("en", PHONE, "phone"))
    for i, (lang, size, width) in enumerate(combos):
        locale = "it-IT" if lang == "it" else "en-GB"
        public = open_page(locale=locale, viewport=size)
        public.goto(f"/play/{game_id}?lang={lang}")
        check_public_page(public, lang, season)
        assert fits(public)
        public.screenshot(path=artifacts / f"trono-public-{lang}-{width}.png", full_page=True)

        referee = open_page(
            locale=locale,
            viewport=size,
            permissions=["clipboard-read", "clipboard-write"],
            accept_downloads=True,
        )
        referee.goto(f"/play/{game_id}?seat={REFEREE}&lang={lang}#token={tokens[REFEREE]}")
        texts = referee.locator("section.exports .export")
        expect(texts).to_have_count(1 + len(houses))
        first = texts.first
        expect(first.locator("h3")).to_have_text(WORDS[lang]["public"])
        first.locator(".copy-export").click()
        expect(first.locator(".copy-export")).to_have_text(WORDS[lang]["copied"])
        copied = referee.evaluate("() => navigator.clipboard.readText()")
        assert copied == first.locator("textarea").input_value()
        assert copied.startswith("[size=150][b]") and "[list]" in copied

        house = houses[i % len(houses)]
        message = referee.locator(f'.export[data-export="pm-{house}"]')
        with referee.expect_download() as fetched:
            message.locator(".download-export").click()
        assert fetched.value.suggested_filename == WORDS[lang]["file"].format(house)
        saved = Path(fetched.value.path()).read_text(encoding="utf-8")
        assert saved == message.locator("textarea").input_value()
        assert fits(referee)
        referee.screenshot(path=artifacts / f"trono-exports-{lang}-{width}.png", full_page=True)
        public.context.close()
        referee.context.close()

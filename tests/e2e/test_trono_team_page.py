"""Gioco del Trono's team page in a live season (issue 19, point 2): a team builds its post
on its own page, is shown the invalid action before sealing, corrects it, confirms and
seals; another team's page never shows that post. In Italian and English, on a phone and
a desktop, one house each."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from .helpers import Api, fits
from .trono_steps import DESKTOP, PHONE, live_season

WORDS = {
    "it": {"house": "La vostra casata: {}", "rome": "ora di Roma", "left": "Mancano"},
    "en": {"house": "Your house: {}", "rome": "Rome time", "left": "left."},
}


def test_a_team_seals_its_post_on_its_page_and_no_other_team_sees_it(
    open_page, api: Api, artifacts: Path
) -> None:
    game_id, tokens, season = live_season(api)
    houses = sorted(season["teams"], key=lambda h: season["teams"][h]["team_no"])
    throne = season["seats"]["throne"]
    combos = [
        ("en", DESKTOP, "desktop"),
        ("it", PHONE, "phone"),
        ("it", DESKTOP, "desktop"),
        ("en", PHONE, "phone"),
    ]
    for i, (lang, size, width) in enumerate(combos):
        house, other = houses[i], houses[(i + 1) % len(houses)]
        member = season["teams"][house]["members"][0]
        author = next(p["display_name"] for p in season["registered"] if p["user_id"] == member)
        page = open_page(locale="it-IT" if lang == "it" else "en-GB", viewport=size)
        page.goto(
            f"/play/{game_id}?seat=player:{member}&lang={lang}#token={tokens['player:' + member]}"
        )
        name = season["teams"][house]["display_name"]
        expect(page.locator(".team-page h2")).to_have_text(WORDS[lang]["house"].format(name))
        expect(page.locator(".team-page .deadline")).to_contain_text(WORDS[lang]["rome"])
        expect(page.locator(".team-page .countdown")).to_contain_text(WORDS[lang]["left"])
        expect(page.locator("#choices")).to_be_hidden()  # the post is built on the page

        # A seated team may not enlist (R46); any other may not attack without a target.
        wrong = "enlist" if house == throne else "attack"
        page.select_option('[data-field="slot1-kind"]', wrong)
        page.select_option('[data-field="slot2-kind"]', "tax")
        page.select_option('[data-field="slot3-kind"]', "rally")
        page.locator('[data-step="check-post"]').click()
        draft = {
            "type": "submit_post",
            "team": house,
            "turn": 1,
            "actions": [{"kind": wrong}, {"kind": "tax"}, {"kind": "rally"}],
            "deploy": [],
        }
        told = api.http.post(
            f"/api/games/{game_id}/check",
            params={"lang": lang},
            json={"action": draft},
            headers={"Authorization": f"Bearer {tokens['player:' + member]}"},
        ).json()["problems"]
        expect(page.locator(".problems li")).to_have_text([p["text"] for p in told])
        assert fits(page)
        page.screenshot(path=artifacts / f"trono-team-problem-{lang}-{width}.png", full_page=True)

        if wrong == "attack":
            page.select_option('[data-field="slot1-target"]', "trono")
        else:
            page.select_option('[data-field="slot1-kind"]', "defend")
        expect(page.locator(".problems li")).to_have_count(0)
        page.locator('[data-step="seal-post"]').click()
        expect(page.locator(".confirm-text")).to_be_visible()
        page.locator('[data-step="seal-now"]').click()
        sealed = page.locator(".sealed-post")
        expect(sealed).to_be_visible()
        expect(sealed.locator(".sealed-when")).to_contain_text(author)
        expect(sealed.locator(".sealed-when")).to_contain_text(WORDS[lang]["rome"])
        expect(sealed.locator(".sealed-actions li")).to_have_count(3)
        assert fits(page)
        page.screenshot(path=artifacts / f"trono-team-sealed-{lang}-{width}.png", full_page=True)

        # Another team's page: its own business only.
        seen_by = season["teams"][other]["members"][0]
        rival = open_page(locale="it-IT" if lang == "it" else "en-GB", viewport=size)
        rival.goto(
            f"/play/{game_id}?seat=player:{seen_by}&lang={lang}#token={tokens['player:' + seen_by]}"
        )
        expect(rival.locator(".team-page h2")).to_have_text(
            WORDS[lang]["house"].format(season["teams"][other]["display_name"])
        )
        # "… by Giocatore 1." (the full stop: not Giocatore 10)
        expect(rival.locator(".team-page")).not_to_contain_text(
            re.compile(re.escape(author) + r"\.")
        )
        rival_view = api.view(game_id, tokens["player:" + seen_by])["view"]
        assert f"post:1:{house}" not in str(rival_view)
        rival.screenshot(path=artifacts / f"trono-team-rival-{lang}-{width}.png", full_page=True)
        page.context.close()
        rival.context.close()

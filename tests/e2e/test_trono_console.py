"""Gioco del Trono's referees' console (issue 19, point 3): two referees at once, one in
Italian on a desktop, the other in English on a phone. One closes registration and pastes
the formation draw as a newspaper prints it; the other starts the season and copies a
forum post; the turn's deadline is moved by an audited override, the turn closes, its draw
is pasted and resolved, reviewed and published."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from playwright.sync_api import Page, expect

from .helpers import SERVER_CLOCK, Api, evening_comes, fits
from .trono_steps import NEWSPAPER, ok

PHONE = {"width": 375, "height": 800}
DESKTOP = {"width": 1280, "height": 900}
ROME = ZoneInfo("Europe/Rome")
PLAYERS = [f"Giocatore {n}" for n in range(1, 13)]


def season(api: Api) -> tuple[str, dict[str, str]]:
    """A live season with twelve registered players and two referees."""
    seats: list[dict[str, Any]] = [{"name": name} for name in PLAYERS]
    seats += [{"name": "Arbitra", "role": "referee"}, {"name": "Umpire", "role": "referee"}]
    body = {
        "game": "trono",
        "options": {"mode": "live", "review_before_publish": True},
        "seats": seats,
        "creator_seat": 12,
    }
    made = api.http.post("/api/games", json=body).json()
    game_id = made["game_id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
    for s in made["seats"]:
        if s.get("invite"):
            joined = api.http.post(
                f"/api/games/{game_id}/seats/{s['seat']}/join", json={"invite": s["invite"]}
            )
            tokens[s["seat"]] = joined.json()["token"]
    for n, name in enumerate(PLAYERS, start=1):
        ok(api, game_id, tokens[f"player:p{n:02d}"], {"type": "register", "display_name": name})
    return game_id, tokens


def referee_page(open_page: Any, game_id: str, seat: str, token: str, lang: str, size: Any) -> Page:
    page: Page = open_page(locale="it-IT" if lang == "it" else "en-GB", viewport=size)
    page.goto(f"/play/{game_id}?seat={seat}&lang={lang}#token={token}")
    expect(page.locator(".referee-console h2")).to_be_visible()
    return page


def rome(moment: datetime) -> str:
    return moment.astimezone(ROME).strftime("%Y-%m-%d %H:%M:%S")


def test_two_referees_run_a_turn_from_the_console(open_page, api: Api, artifacts: Path) -> None:
    game_id, tokens = season(api)
    wishes = {"type": "set_preferences", "preferred_partner": "p02", "avoid": ["p03", "p04"]}
    ok(api, game_id, tokens["player:p01"], wishes)
    it = referee_page(
        open_page, game_id, "referee:arbitro01", tokens["referee:arbitro01"], "it", DESKTOP
    )
    en = referee_page(
        open_page, game_id, "referee:arbitro02", tokens["referee:arbitro02"], "en", PHONE
    )
    expect(it.locator(".referee-console h2")).to_have_text("Tavolo degli arbitri")
    expect(en.locator(".referee-console h2")).to_have_text("Referees' desk")
    expect(it.locator(".console-registration .count")).to_have_text("12 giocatori iscritti.")
    expect(it.locator('.registrant[data-user="p01"]')).to_have_text(
        "Giocatore 1 — vorrebbe giocare con Giocatore 2; "
        "preferisce evitare Giocatore 3, Giocatore 4"
    )
    expect(en.locator('.registrant[data-user="p02"]')).to_have_text("Giocatore 2 — no preferences")
    expect(it.locator("#choices")).to_be_hidden()  # the console offers the referee's steps
    it.screenshot(path=artifacts / "trono-console-registration-it-desktop.png", full_page=True)

    # The Italian referee closes registration, after confirming.
    it.locator('[data-step="close-send"]').click()
    expect(it.locator(".confirm-text")).to_contain_text("12 giocatori")
    it.locator('[data-step="close-confirm"]').click()

    # Both see the formation draw awaited on the Lotto's next draw evening.
    expect(en.locator(".console-draw .expected-draw")).to_contain_text("Expected draw:")
    expected = api.view(game_id, tokens["referee:arbitro01"])["view"]["calendar"]["expected_draw"]
    assert datetime.fromisoformat(expected).weekday() in (1, 3, 4, 5)  # Tue, Thu, Fri, Sat
    expect(it.locator('[data-field^="draw-formation"][type="date"]')).to_have_value(expected)
    evening_comes(expected, it, en)  # a draw is entered once it has happened (20:00 Rome)

    # A wheel missing is named before anything is sent, in the page's language.
    paste = it.locator('textarea[data-field^="draw-formation"]')
    paste.fill(NEWSPAPER.replace("VENEZIA   59 14 37 66 21\n", ""))
    it.locator('[data-step^="draw-formation"][data-step$="-check"]').click()
    expect(it.locator(".console-draw .problems li")).to_contain_text("manca la ruota di Venezia")
    it.screenshot(path=artifacts / "trono-console-draw-problem-it-desktop.png", full_page=True)
    paste.fill(NEWSPAPER)
    it.locator('[data-step^="draw-formation"][data-step$="-send"]').click()
    expect(en.locator(".console-rankings")).to_be_visible()
    assert api.view(game_id, tokens["referee:arbitro02"])["view"]["draws"][0]["date"] == expected

    # The teams rank their houses on their own pages (here through the API).
    teams = api.view(game_id, tokens["referee:arbitro01"])["view"]["teams"]
    for (_, team), house in zip(
        sorted(teams.items()), ["stark", "tyrell", "greyjoy", "lannister"], strict=True
    ):
        ok(
            api,
            game_id,
            tokens[f"player:{team['members'][0]}"],
            {"type": "submit_house_ranking", "houses": [house]},
        )

    # The English referee starts the season on the phone.
    en.locator('[data-step="start-send"]').click()
    en.locator('[data-step="start-confirm"]').click()
    expect(it.locator(".console-posts h3")).to_have_text("Post del turno 1")

    # …and copies a forum post, written a minute ago.
    record = en.locator(".console-record")
    record.locator('select[data-field$="-team"]').select_option("stark")
    author = api.view(game_id, tokens["referee:arbitro02"])["view"]["teams"]["stark"]["members"][0]
    record.locator('select[data-field$="-author"]').select_option(author)
    record.locator('input[data-field$="-posted_at"]').fill(
        rome(SERVER_CLOCK.now() - timedelta(minutes=1))
    )
    for n, kind in ((1, "defend"), (2, "tax"), (3, "rally")):
        record.locator(f'select[data-field$="-slot{n}"]').select_option(kind)
    # its deployment as the forum writes it: a character Stark does not own is void
    record.locator('textarea[data-field$="-deploy_text"]').fill("Brina Valdinebbia (azione 1)")
    record.locator('[data-step$="-send"]').click()
    # the void part named before sealing (issue 27, point 5), then recorded as written
    expect(record.locator(".problems li")).to_have_text(
        [
            "Deployment of Brina Valdinebbia on action 1, will be void: Brina Valdinebbia "
            "was not owned at the turn's opening."
        ]
    )
    record.locator('[data-step$="-as-written"]').click()
    stark = it.locator('.post-list li[data-house="stark"]')
    expect(stark).to_contain_text("copiato dal forum da Umpire")  # the referee's name, not seat id
    expect(stark.locator(".post-void")).to_be_visible()
    expect(en.locator('.post-list li[data-house="stark"]')).to_contain_text("copied from the forum")
    assert fits(en)
    en.screenshot(path=artifacts / "trono-console-post-en-phone.png", full_page=True)

    # An override the engine has beyond the first four: a character granted to Tyrell,
    # named with its charges in each referee's trail.
    overrides = it.locator(".console-overrides")
    overrides.locator('select[data-field="override-kind"]').select_option("grant_character")
    overrides.locator('select[data-field="override-house"]').select_option("tyrell")
    overrides.locator('select[data-field="override-character"]').select_option("fabiano_buonvino")
    overrides.locator('[data-field="override-reason"]').fill("Premio per il primo post")
    overrides.locator('[data-step="override-send"]').click()
    expect(it.locator(".audit-list li").first).to_contain_text(
        "Tyrell): — → Fabiano Buonvino (2 cariche)"
    )
    expect(en.locator(".audit-list li").first).to_contain_text("Fabiano Buonvino (2 charges)")

    # The Italian referee moves the deadline to a few seconds from now, with a reason.
    overrides.locator('select[data-field="override-kind"]').select_option("reschedule_turn")
    overrides.locator('input[data-field="override-deadline"]').fill(
        rome(SERVER_CLOCK.now() + timedelta(seconds=4))
    )
    overrides.locator('[data-field="override-reason"]').fill("Prova della console")
    overrides.locator('[data-step="override-send"]').click()
    expect(en.locator(".audit-list li").last).to_contain_text("New deadline for the turn")
    expect(it.locator(".audit-list li").last).to_contain_text("motivo: Prova della console")

    # Once the deadline passes the server closes the turn by itself (issue 27, point 4),
    # and its draw is pasted.
    expect(en.locator(".console-draw h3")).to_have_text("Draw for turn 1")
    evening = api.view(game_id, tokens["referee:arbitro01"])["view"]["draw_date"]
    evening_comes(evening, it, en)  # the first Lotto evening after the early close
    turn_paste = it.locator('textarea[data-field^="draw-turn"]')
    turn_paste.fill(NEWSPAPER)
    it.locator('[data-step^="draw-turn"][data-step$="-send"]').click()

    # Review before publishing: the results are for the referees only until then.
    expect(it.locator(".console-review h3")).to_have_text("Revisione del turno 1")
    expect(en.locator(".review-table tr[data-house]")).to_have_count(4)
    # A typo in the draw is corrected by an override, pasted the same way (R68).
    fix = it.locator(".console-overrides")
    fix.locator('select[data-field="override-kind"]').select_option("correct_draw")
    fix.locator('textarea[data-field="override-draw_text"]').fill(
        NEWSPAPER.replace("TORINO    01 49 63 28 80", "TORINO    02 49 63 28 80")
    )
    fix.locator('[data-field="override-reason"]').fill("Refuso su Torino")
    fix.locator('[data-step="override-send"]').click()
    expect(en.locator(".audit-list li").last).to_contain_text("Correct the draw (turn 1)")
    expect(en.locator(".audit-list li").last).to_contain_text("TO 02 49 63 28 80")
    assert fits(en)
    en.screenshot(path=artifacts / "trono-console-review-en-phone.png", full_page=True)
    it.screenshot(path=artifacts / "trono-console-review-it-desktop.png", full_page=True)
    assert not api.view(game_id)["view"]["bulletins"]
    en.locator('[data-step="publish-send"]').click()
    en.locator('[data-step="publish-confirm"]').click()
    expect(it.locator(".console-posts h3")).to_have_text("Post del turno 2")
    assert api.view(game_id)["view"]["bulletins"][0]["turn"] == 1

    # The other way round: Italian on the phone, English on the desktop.
    it.set_viewport_size(PHONE)
    en.set_viewport_size(DESKTOP)
    assert fits(it)
    it.screenshot(path=artifacts / "trono-console-turn2-it-phone.png", full_page=True)
    en.screenshot(path=artifacts / "trono-console-turn2-en-desktop.png", full_page=True)

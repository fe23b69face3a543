"""A Legend.a.League tournament in Chromium, in Italian, from sign-up to standings: a
signed-up organiser who saved a lineup on the roster opens a new tournament from the
lobby's League card, adds four bots through the registration form, each with a lineup
picked by its name (the two ready-made ones and the organiser's saved one, whose team
shows by its legends' names), starts it, and the page follows it to the champion and the
final standings. No id of a lineup or a legend is ever on screen."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

from playwright.sync_api import expect

from tests.server.tournament_helpers import DEADLINE

from .helpers import Api, csrf, sign_up

ENTRANTS = (  # name, bot, lineup as the form names it
    ("Aquila", "random", "Colpo Stellare"),
    ("Brezza", "reference", "Muro di Luna"),
    ("Cometa", "random", "Cometa (salvata)"),
    ("Duna", "reference", "Colpo Stellare"),
)


def test_a_league_tournament_from_sign_up_to_standings_with_names_on_screen(
    server, open_page, api: Api, artifacts: Path
):
    catalog = api.http.get("/api/lineups/league/catalog", params={"lang": "it"}).json()
    legends = {legend["id"]: legend["name"] for legend in catalog["legends"]}
    moonwall = next(p for p in catalog["presets"] if p["id"] == "preset_b")["lineup"]
    page = open_page(locale="it-IT")
    page.goto("/")
    sign_up(page, f"Organizzatrice {uuid.uuid4().hex[:6]}")
    saved = page.request.put(
        "/api/me/lineups/league/Cometa", data={"lineup": moonwall}, headers=csrf(page)
    )
    assert saved.ok, saved.text()

    page.goto("/")
    page.locator('.game-card[data-game="league"] .tournaments-link').click()
    expect(page).to_have_url(re.compile(r"/tournaments/new\?game=league$"))
    form = page.locator("#new-form")
    form.locator("select[name=format]").select_option("round_robin")
    form.locator("#game-options input[name=max_turns]").fill("8")
    form.locator("button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/tournaments/[0-9a-f]+$"))
    expect(page.locator("#organiser")).to_be_visible()

    register = page.locator("#register-form")
    lineup = register.locator("select[name=lineup]")
    expect(lineup.locator("option")).to_have_text(
        [
            "Scegli una formazione: una pronta o una che hai salvato in «Rosa e formazioni».",
            "Colpo Stellare",
            "Muro di Luna",
            "Cometa (salvata)",
        ]
    )
    for i, (name, kind, chosen) in enumerate(ENTRANTS, start=1):
        register.locator("select[name=kind]").select_option(kind)
        register.locator("input[name=name]").fill(name)
        lineup.select_option(label=chosen)
        if chosen == "Cometa (salvata)":
            team = [legends[e["legend_id"]] for e in moonwall["team"]]
            expect(register.locator(".lineup-team")).to_have_text("Squadra: " + ", ".join(team))
        register.locator("button[type=submit]").click()
        expect(page.locator("#entrants li")).to_have_count(i)
        expect(page.locator("#entrants li").nth(i - 1)).to_contain_text(name)
    expect(page.locator("#tournament-status")).to_have_text("Iscrizioni aperte: finora 4 iscritti.")
    page.screenshot(path=artifacts / "league-tournament-registered.png", full_page=True)
    page.locator("#start").click()

    expect(page.locator("#champion")).to_have_text(
        re.compile(r"^Vince il torneo: (Aquila|Brezza|Cometa|Duna)$"), timeout=DEADLINE * 1000
    )
    expect(page.locator("#tournament-status")).to_have_text("Il torneo è concluso.")
    expect(page.locator("#standings-title")).to_have_text("Classifica finale")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(4)
    shown = page.locator("#standings tbody td.name").all_inner_texts()
    assert sorted(shown) == sorted(name for name, _, _ in ENTRANTS)
    expect(page.locator("#rounds .table-link")).to_have_count(6)
    text = page.locator("main").inner_text()
    assert not re.search(r"\bpreset_[ab]\b|\bL\d{2}\b", text)  # names, never ids
    page.screenshot(path=artifacts / "league-tournament-over.png", full_page=True)

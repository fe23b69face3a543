"""Gioco del Trono's console, issue 27 point 7, in Italian: a referee adds a late player
with no seat prepared and sends them the link the console shows; the player opens it and
seals their team's post. A referee defines a character, which then shows by its name on
the console and on a team's page, never by an id."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from .helpers import Api
from .trono_steps import DESKTOP, live_season

REFEREE = "referee:arbitro01"


def console(open_page: Any, game_id: str, token: str) -> Page:
    page: Page = open_page(locale="it-IT", viewport=DESKTOP)
    page.goto(f"/play/{game_id}?seat={REFEREE}&lang=it#token={token}")
    expect(page.locator(".referee-console h2")).to_have_text("Tavolo degli arbitri")
    return page


def test_a_late_player_added_in_the_console_opens_their_link_and_posts(open_page, api: Api):
    game_id, tokens, _ = live_season(api)
    page = console(open_page, game_id, tokens[REFEREE])
    late = page.locator(".console-late")
    expect(late.locator("h3")).to_have_text("Aggiungi un giocatore")
    # a name already at the table is refused with the rule's words, before anything is sent
    page.locator('[data-field="late-name"]').fill("Giocatore 3")
    page.locator('[data-step="late-send"]').click()
    expect(late.locator(".problem")).to_have_text(
        "Al tavolo c'è già un giocatore di nome Giocatore 3: scegli un nome che lo distingua."
    )
    page.locator('[data-field="late-name"]').fill("Zeno Ritardatario")
    page.select_option('[data-field="late-avoid1"]', "stark")
    page.locator('[data-step="late-send"]').click()
    link = late.locator('.late-link[data-seat="player:p13"] input.late-url')
    expect(link).to_have_value(re.compile(rf"/play/{game_id}\?seat=player%3Ap13#invite=."))
    expect(late.locator(".late-link p")).to_have_text(
        "Link personale di Zeno Ritardatario: va mandato solo a questa persona,"
        " apre il suo posto e nessun altro."
    )
    url = link.input_value()
    expect(page.locator(".console-joiners")).to_contain_text("Zeno Ritardatario ora gioca per")
    expect(page.locator(".console-audit")).to_contain_text("Giocatore aggiunto (Zeno Ritardatario)")

    player: Page = open_page(locale="it-IT", viewport=DESKTOP)
    player.goto(url.replace("?seat=", "?lang=it&seat=", 1))
    expect(player.locator(".team-page h2")).to_be_visible()
    expect(player.locator(".team-page h2")).not_to_contain_text("Stark")
    player.select_option('[data-field="slot1-kind"]', "tax")
    player.select_option('[data-field="slot2-kind"]', "tax")
    player.select_option('[data-field="slot3-kind"]', "rally")
    player.locator('[data-step="seal-post"]').click()
    player.locator('[data-step="seal-now"]').click()
    expect(player.locator(".sealed-post .sealed-when")).to_contain_text("Zeno Ritardatario")
    # the link has been spent: opened elsewhere it takes no seat
    stranger: Page = open_page(locale="it-IT", viewport=DESKTOP)
    stranger.goto(url.replace("?seat=", "?lang=it&seat=", 1))
    expect(stranger.locator("#banner")).to_have_text(
        "Questo posto è già stato preso da Zeno Ritardatario: stai guardando."
    )
    expect(stranger.locator(".team-page")).to_have_count(0)


def test_a_character_defined_in_the_console_shows_by_its_name(open_page, api: Api):
    game_id, tokens, _ = live_season(api)
    page = console(open_page, game_id, tokens[REFEREE])
    part = page.locator(".console-characters")
    expect(part.locator("h3")).to_have_text("Personaggi della stagione")
    page.locator('[data-field="character-name"]').fill("Bianca Ventura")
    page.select_option('[data-field="character-house"]', "")
    page.locator('[data-field="character-cost"]').fill("1")
    page.locator('[data-field="character-charges"]').fill("2")
    page.select_option('[data-field="character-power1"]', "gain")
    page.select_option('[data-field="character-power1_resource"]', "chests")
    page.select_option('[data-field="character-power1_amount"]', "2")
    page.locator('[data-field="character-summary"]').fill("Porta 2 casse alla squadra")
    page.locator('[data-step="character-send"]').click()
    entry = part.locator('.character[data-character="bianca_ventura"]')
    expect(entry.locator(".character-name")).to_have_text("Bianca Ventura")
    expect(entry).to_contain_text("(neutrale) — costo 1, 2 cariche — Porta 2 casse alla squadra")
    expect(page.locator(".console-audit")).to_contain_text(
        "Nuovo personaggio (Bianca Ventura): — → Bianca Ventura (neutrale), costo 1, 2 cariche"
    )
    # a second referee's stale edit would be refused; here the same referee edits it
    entry.locator('[data-step="character-edit-bianca_ventura"]').click()
    page.locator('[data-field="character-cost"]').fill("2")
    page.locator('[data-step="character-send"]').click()
    expect(entry).to_contain_text("costo 2, 2 cariche")
    # a team's page offers it by its name, never its id
    teams = api.view(game_id, tokens[REFEREE])["view"]["teams"]
    member = next(iter(teams.values()))["members"][0]
    team: Page = open_page(locale="it-IT", viewport=DESKTOP)
    team.goto(f"/play/{game_id}?seat=player:{member}&lang=it#token={tokens['player:' + member]}")
    expect(team.locator(".team-page")).to_contain_text("Bianca Ventura")
    expect(team.locator(".team-page")).not_to_contain_text("bianca_ventura")
    expect(page.locator(".referee-console")).not_to_contain_text("bianca_ventura")

"""Gioco del Trono, issue 27 points 5 and 9, in Italian. A referee pastes a team's whole
forum post (BBCode, a quote, headings in any order) into the console and is shown, before
sealing, every part that will be void, each named as what it is, then records it as
written; a clean post is "Tutto in regola". On the team page, "Controlla il post" answers
even when clicked straight after typing in a field (the field's save used to redraw the
form under the pointer and swallow the click)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .helpers import Api, fits
from .trono_steps import DESKTOP, PHONE, live_season

# A team's post as written on the forum: the referee's opening quoted, a greeting, the
# characters before the actions, a fourth action, and a condition a team off the seats
# cannot set. {house} is filled with the house the Throne's attacks hit.
MESSY_POST = """[quote="Arbitra"]Si apre il turno 1. Scadenza dei post: alle 19:50.[/quote]
Ciao arbitri, ecco il nostro post!

[b]Personaggi[/b]
Nerea (Stark)

[b][u]Azioni[/u][/b]
1. Attacca (Trono)
2. Attacca il Trono
3. [color=darkred]Attacca (Trono)[/color]
4. Tassa

Condizione di abbandono: 10 soldati"""

CLEAN_POST = """[b]Azioni[/b]
1. Difendi
2. Tassa
3. Raduna
Personaggi: nessuno"""


def check(api: Api, game_id: str, token: str, action: dict[str, Any]) -> list[str]:
    answer = api.http.post(
        f"/api/games/{game_id}/check",
        params={"lang": "it"},
        json={"action": action},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 200, answer.text
    return [p["text"] for p in answer.json()["problems"]]


def test_the_console_lists_every_void_part_of_a_pasted_post_then_records_it_as_written(
    open_page, api: Api, artifacts: Path
) -> None:
    game_id, tokens, season = live_season(api)
    referee = tokens["referee:arbitro01"]
    throne = season["seats"]["throne"]
    off_seat = [h for h in sorted(season["teams"]) if h != throne]
    house, clean = off_seat[0], off_seat[1]
    name = season["teams"][house]["display_name"]
    sitting = season["teams"][throne]["display_name"]
    page = open_page(locale="it-IT", viewport=DESKTOP)
    page.goto(f"/play/{game_id}?seat=referee:arbitro01&lang=it#token={referee}")
    paste = page.locator(".console-paste")
    expect(paste.locator("h3")).to_have_text("Incolla il post di una squadra dal forum")

    paste.locator('select[data-field$="-team"]').select_option(house)
    paste.locator('textarea[data-field$="-post_text"]').fill(MESSY_POST)
    paste.locator('[data-step$="-check"]').click()
    action = {"type": "record_post", "team": house, "turn": 1, "post_text": MESSY_POST}
    action["author"] = season["teams"][house]["members"][0]
    told = check(api, game_id, referee, action)
    # every problem at once, in the order the rules check them, each part named
    assert told == [
        f"Azione 4 in più, la tassa di {name}, sarà nulla: un post contiene esattamente 3 "
        "azioni (ricevute: 4).",
        f"Azione 3, l'attacco di {name} al Trono, sarà nulla: {sitting} verrebbe attaccata "
        "3 volte.",
        "Schieramento di Nerea Salsedine su Stark, sarà nullo: Nerea Salsedine non era "
        "posseduta a inizio turno.",
        f"Condizione di abbandono a 10 soldati, sarà nulla: {name} non siede su un seggio e "
        "non può indicare condizioni di abbandono.",
        "Riga non letta, non farà parte del post: «Ciao arbitri, ecco il nostro post!»",
    ]
    expect(paste.locator(".problems li")).to_have_text(told)
    expect(paste.locator(".problems-title")).to_have_text(
        "Registrato così, 5 parti del post saranno nulle:"
    )
    expect(paste.locator(".valid")).to_have_count(0)
    assert "E_" not in paste.inner_text()  # no code where a person reads
    page.screenshot(path=artifacts / "trono-paste-problems-it.png", full_page=True)

    # recording it asks once more, then seals it as written: the rest stands
    paste.locator('[data-step$="-send"]').click()
    expect(paste.locator(".confirm-text")).to_contain_text("le parti elencate saranno nulle")
    paste.locator('[data-step$="-as-written"]').click()
    row = page.locator(f'.post-list li[data-house="{house}"]')
    expect(row.locator(".post-void")).to_be_visible()
    sealed = api.view(game_id, referee)["view"]["teams"][house]["post"]
    assert [a["kind"] for a in sealed["actions"]] == ["attack", "attack", "void"]
    assert {v["part"] for v in sealed["void"]} == {"action", "slot", "deploy", "abandon", "line"}

    # a clean post: all in order, nothing will be void
    paste = page.locator(".console-paste")
    paste.locator('select[data-field$="-team"]').select_option(clean)
    paste.locator('textarea[data-field$="-post_text"]').fill(CLEAN_POST)
    paste.locator('[data-step$="-check"]').click()
    expect(paste.locator(".valid")).to_have_text(
        "Tutto in regola: nessuna parte del post sarà nulla."
    )
    paste.locator('[data-step$="-send"]').click()
    expect(page.locator(f'.post-list li[data-house="{clean}"] .post-actions')).to_contain_text(
        "Difesa"
    )
    expect(page.locator(f'.post-list li[data-house="{clean}"] .post-void')).to_have_count(0)


def test_controlla_il_post_answers_straight_after_typing_in_a_field(
    open_page, api: Api, artifacts: Path
) -> None:
    game_id, tokens, season = live_season(api)
    throne = season["seats"]["throne"]  # the seated team has the abandonment field
    member = season["teams"][throne]["members"][0]
    token = tokens[f"player:{member}"]
    page = open_page(locale="it-IT", viewport=PHONE)
    page.goto(f"/play/{game_id}?seat=player:{member}&lang=it#token={token}")
    for n, kind in ((1, "defend"), (2, "tax"), (3, "rally")):
        page.select_option(f'[data-field="slot{n}-kind"]', kind)

    # typed, then the button clicked at once: the click blurs the field, which saves it
    page.locator('[data-field="abandon"]').fill("99")
    page.locator('[data-step="check-post"]').click()
    draft = {
        "type": "submit_post",
        "team": throne,
        "turn": 1,
        "actions": [{"kind": "defend"}, {"kind": "tax"}, {"kind": "rally"}],
        "deploy": [],
        "abandon_threshold": 99,
    }
    told = check(api, game_id, token, draft)
    assert len(told) == 1 and told[0].startswith("Condizione di abbandono a 99 soldati: ")
    expect(page.locator(".problems li")).to_have_text(told)

    # corrected in the field, checked at once again: it answers again
    page.locator('[data-field="abandon"]').fill("5")
    page.locator('[data-step="check-post"]').click()
    expect(page.locator(".verdict .valid")).to_have_text("Il post è valido: potete sigillarlo.")
    assert page.locator('[data-field="abandon"]').input_value() == "5"
    assert fits(page)
    page.screenshot(path=artifacts / "trono-team-check-after-typing-it.png", full_page=True)

    # and sealing straight after typing answers too
    page.locator('[data-field="abandon"]').fill("4")
    page.locator('[data-step="seal-post"]').click()
    page.locator('[data-step="seal-now"]').click()
    expect(page.locator(".sealed-abandon")).to_be_visible()

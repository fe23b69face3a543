"""The referees' console while a turn is under review (issue 27, points 3, 6 and 8), in
Italian: the battles of the turn with their figures and the succession they lead to; an
override that another referee's change of the same thing overtook is refused with who,
when and what, and "Ricarica" lets it start again; every team's private message with its
recipients to copy, and all of them in one file. No raw id anywhere a referee reads."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from .helpers import SERVER_CLOCK, Api, fits
from .test_trono_review import post_and_draw
from .trono_steps import DESKTOP, D, ok, registered_season

FIRST, SECOND = "referee:arbitro01", "referee:arbitro02"
RAW = re.compile(r"\bp\d\d\b|arbitro\d\d|player:|referee:|\bteam\d\b")


def two_referee_season(api: Api) -> tuple[str, dict[str, str]]:
    """A live season with review, two referees, at its first open turn."""
    names = ["Arbitra Bianchi", "Arbitro Rossi"]
    game_id, tokens = registered_season(api, names, {"review_before_publish": True})
    ok(api, game_id, tokens[FIRST], {"type": "close_registration"})
    evening = api.view(game_id, tokens[FIRST])["view"]["calendar"]["expected_draw"]
    SERVER_CLOCK.after_draw(evening)  # the draw is entered once it has happened
    formation = {"type": "enter_draw", "purpose": "formation", "date": evening, "numbers": D}
    ok(api, game_id, tokens[FIRST], formation)
    teams = api.view(game_id, tokens[FIRST])["view"]["teams"]
    for (_, team), house in zip(
        sorted(teams.items()), ["stark", "tyrell", "greyjoy", "lannister"], strict=True
    ):
        ranking = {"type": "submit_house_ranking", "houses": [house]}
        ok(api, game_id, tokens[f"player:{team['members'][0]}"], ranking)
    ok(api, game_id, tokens[FIRST], {"type": "start_game"})
    return game_id, tokens


def under_review(api: Api, game_id: str, tokens: dict[str, str]) -> dict[str, Any]:
    return post_and_draw(api, game_id, tokens, tokens[FIRST])


def no_raw_ids(page: Page) -> None:
    for part in ("section.referee-console", "section.exports"):
        text = page.locator(part).inner_text()
        assert not RAW.search(text), RAW.search(text)


def test_the_review_console_shows_battles_refuses_stale_edits_and_sends_reports(
    open_page, api: Api, artifacts: Path
) -> None:
    game_id, tokens = two_referee_season(api)
    view = under_review(api, game_id, tokens)
    names = {key: team["display_name"] for key, team in view["teams"].items()}
    throne = view["seats"]["throne"]
    people = {p["user_id"]: p["display_name"] for p in view["registered"]}

    page: Page = open_page(locale="it-IT", viewport=DESKTOP)
    page.goto(f"/play/{game_id}?seat={FIRST}&lang=it#token={tokens[FIRST]}")
    console = page.locator(".referee-console")
    expect(console.locator(".console-review h3")).to_have_text("Revisione del turno 1")

    # Point 6: who attacked whom, with each battle's figures, and the succession.
    board = console.locator(".battle-board")
    expect(board.locator("h4").first).to_have_text("Battaglie del turno")
    expect(board.locator("tr[data-house]")).to_have_count(4)
    seated = board.locator(f'tr[data-house="{throne}"]')
    for key, name in names.items():
        if key != throne:
            expect(seated).to_contain_text(name)  # each attacked the Throne
    expect(board.locator("th")).to_contain_text(
        ["Attaccata", "Attaccata da", "Attacchi ricevuti", "Difesa", "Danni diretti", "Scudo"]
    )
    other = next(key for key in names if key != throne)
    expect(board.locator(f'tr[data-house="{other}"]')).to_contain_text("nessun attacco")
    expect(board.locator(".succession-throne")).to_contain_text(re.compile(r"^Trono: "))

    # Point 3: this referee starts changing Stark's chests; the other changes them first.
    form = console.locator(".console-overrides")
    form.locator('select[data-field="override-kind"]').select_option("adjust_parameter")
    form.locator('select[data-field="override-house"]').select_option("stark")
    form.locator('select[data-field="override-param"]').select_option("chests")
    form.locator('input[data-field="override-to"]').fill("9")
    form.locator('[data-field="override-reason"]').fill("Premio del torneo")
    before = api.view(game_id, tokens[SECOND])["view"]
    chests = before["teams"]["stark"]["chests"]
    first = {
        "type": "override",
        "kind": "adjust_parameter",
        "subject": "stark",
        "value": {"param": "chests", "to": chests + 1},
        "reason": "errore di trascrizione",
        "seen": before["audit_seen"],
    }
    ok(api, game_id, tokens[SECOND], first)
    expect(console.locator(".audit-list li")).to_have_count(before["audit_seen"] + 1)
    form.locator('[data-step="override-send"]').click()
    refusal = form.locator(".verdict .problem")
    expect(refusal).to_contain_text(
        re.compile(
            rf"Arbitro Rossi ha già cambiato le casse di {names['stark']} alle \d\d:\d\d "
            rf"\({chests} → {chests + 1}\): ricarica per vedere il valore attuale\."
        )
    )
    assert api.view(game_id, tokens[FIRST])["view"]["teams"]["stark"]["chests"] == chests + 1
    no_raw_ids(page)
    page.screenshot(path=artifacts / "trono-console-stale-it-desktop.png", full_page=True)
    # "Ricarica": the console from its data as it is now; the edit then goes through.
    form.locator('[data-step="override-reload"]').click()
    expect(refusal).to_have_count(0)
    form.locator('[data-step="override-send"]').click()
    expect(console.locator(".audit-list li").last).to_contain_text(
        f"Casse di {names['stark']}): {chests + 1} → 9, motivo: Premio del torneo"
    )
    expect(console.locator(".audit-list li").last).to_contain_text("Arbitra Bianchi")

    # Point 8: each team's message with its recipients, and all of them in one file.
    forum = page.locator("section.exports")
    for key, team in view["teams"].items():
        item = forum.locator(f'li.export[data-export="pm-{key}"]')
        members = ", ".join(people[m] for m in team["members"])
        expect(item.locator(".recipients-text")).to_have_value(members)
        expect(item.locator("button.copy-recipients")).to_have_text("Copia destinatari")
        expect(item.locator("button.copy-export")).to_have_text("Copia")
    with page.expect_download() as caught:
        forum.locator("a.download-all-messages").click()
    download = caught.value
    assert download.suggested_filename == "trono-turno-1-messaggi-privati.txt"
    text = Path(download.path()).read_text(encoding="utf-8")
    assert text.count("===== Messaggio privato per ") == 4
    assert text.count("\nDestinatari: ") == 4
    for name in names.values():
        assert f"Rapporto per {name} — turno 1" in text
    assert not RAW.search(text)
    no_raw_ids(page)
    assert fits(page)
    page.screenshot(path=artifacts / "trono-console-review-reports-it-desktop.png", full_page=True)

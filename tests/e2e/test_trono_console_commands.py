"""The console's steps that match `tavola trono` commands (issue 27: the console and the
commands stay in step), in Italian: a withdrawal copied from the forum (`withdraw
--from-forum`), the close at a set time (`close --when`, after a failed formation too),
the end of the game offered before the start (`override end_game`) and a team's house
ranking copied from the forum (`ranking --from-forum`)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from playwright.sync_api import expect

from .helpers import SERVER_CLOCK, Api, evening_comes
from .test_trono_console import DESKTOP, NEWSPAPER, referee_page, rome, season


def test_a_referee_copies_a_withdrawal_and_a_ranking_and_sets_the_close(
    open_page, api: Api, artifacts: Path
) -> None:
    game_id, tokens = season(api)
    seat = "referee:arbitro01"
    it = referee_page(open_page, game_id, seat, tokens[seat], "it", DESKTOP)
    registration = it.locator(".console-registration")

    # Giocatore 3 wrote on the forum that they withdraw: the referee copies it, confirming.
    it.locator('[data-step="withdraw-p03-send"]').click()
    expect(it.locator(".withdrawal .confirm-text")).to_have_text(
        "Ritirare l'iscrizione di Giocatore 3, come ha scritto sul forum?"
    )
    it.locator('[data-step="withdraw-p03-confirm"]').click()
    expect(registration.locator(".count")).to_have_text("11 giocatori iscritti.")
    expect(it.locator('.registrant[data-user="p03"]')).to_have_count(0)

    # The close at a set time: one in the past is refused before anything is sent.
    when = it.locator('input[data-field="close-when-when"]')
    when.fill(rome(SERVER_CLOCK.now() - timedelta(hours=1))[:16])
    it.locator('[data-step="close-when-send"]').click()
    expect(it.locator(".console-close-when .problem")).to_have_text(
        "La chiusura deve essere nel futuro."
    )
    when.fill(rome(SERVER_CLOCK.now() + timedelta(days=1))[:16])
    it.locator('[data-step="close-when-send"]').click()
    expect(registration.locator(".close-at")).to_contain_text("Le iscrizioni si chiudono da sole")

    # Before the start the only override is the end of the game.
    kinds = it.locator('.console-overrides select[data-field="override-kind"] option')
    expect(kinds).to_have_text(["Fine della partita"])
    it.screenshot(path=artifacts / "trono-console-commands-registration-it.png", full_page=True)

    # Eleven players make three teams: the close fails (R8) and registration goes on.
    it.locator('[data-step="close-send"]').click()
    it.locator('[data-step="close-confirm"]').click()
    expect(registration.locator(".close-at")).to_have_count(0)
    assert api.view(game_id, tokens[seat])["view"]["formation"]["attempts"] == 1
    # Giocatore 3 signs up again on the forum; the close is set anew (reopen_registration).
    signup = it.locator(".console-signup")
    signup.locator('select[data-field="signup-user"]').select_option("p03")
    signup.locator('input[data-field="signup-name"]').fill("Giocatore 3")
    signup.locator('[data-step="signup-send"]').click()
    expect(registration.locator(".count")).to_have_text("12 giocatori iscritti.")
    when.fill(rome(SERVER_CLOCK.now() + timedelta(days=1))[:16])
    it.locator('[data-step="close-when-send"]').click()
    expect(registration.locator(".close-at")).to_contain_text("Le iscrizioni si chiudono da sole")

    # The close now, the formation draw, then a team's ranking posted on the forum.
    it.locator('[data-step="close-send"]').click()
    it.locator('[data-step="close-confirm"]').click()
    expect(it.locator(".console-draw .expected-draw")).to_be_visible()
    expected = api.view(game_id, tokens[seat])["view"]["calendar"]["expected_draw"]
    evening_comes(expected, it)
    it.locator('textarea[data-field^="draw-formation"]').fill(NEWSPAPER)
    it.locator('[data-step^="draw-formation"][data-step$="-send"]').click()
    copy = it.locator(".console-ranking-copy")
    expect(copy.locator("h4")).to_have_text("Copia una classifica dal forum")
    copy.locator('select[data-field="ranking-copy-team_no"]').select_option("1")
    copy.locator('select[data-field="ranking-copy-choice1"]').select_option("stark")
    copy.locator('select[data-field="ranking-copy-choice2"]').select_option("stark")
    copy.locator('[data-step="ranking-copy-send"]').click()
    expect(copy.locator(".problem")).to_contain_text("La classifica delle casate non è valida")
    copy.locator('select[data-field="ranking-copy-choice2"]').select_option("tully")
    copy.locator('[data-step="ranking-copy-send"]').click()
    names = api.view(game_id, tokens[seat])["view"]["house_names"]
    expect(it.locator(".ranking-list li").first).to_contain_text(
        f"{names['stark']} › {names['tully']}"
    )

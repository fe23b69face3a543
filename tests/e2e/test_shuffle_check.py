"""The seed's commitment in the browser (issue 28): the table shows it from the deal, and
the replay of the finished game checks the shuffle — the browser's own SHA-256 of the
revealed seed and salt against the commitment shown at the table (and the one this browser
kept), and the server's replay from the seed — with its verdict in words."""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers import ADA, BOT, Api, finish_by_api, open_table


def test_the_replay_checks_the_shuffle_promised_at_the_table(open_page, api: Api) -> None:
    created = api.create([ADA, BOT], seed=7)
    game_id = created["game_id"]
    shown = api.view(game_id)["commitment"]
    page = open_table(open_page, created)
    expect(page.locator("#commitment-short")).to_have_text(f"{shown[:12]}…")
    assert page.locator("#commitment").get_attribute("hidden") is None
    finish_by_api(api, created, moves=2)
    revealed = api.view(game_id)["revealed"]

    page.goto(f"/replay/{game_id}")
    verdict = page.locator("#shuffle-verdict")
    expect(verdict).to_have_text(
        "Verified: the shuffle is the one promised at the start and every card was dealt"
        " as the seed says."
    )
    expect(page.locator("#shuffle-commitment")).to_have_text(shown)
    expect(page.locator("#shuffle-computed")).to_have_text(shown)
    expect(page.locator("#shuffle-seed")).to_have_text(revealed["seed"])
    expect(page.locator("#shuffle-salt")).to_have_text(revealed["salt"])
    checks = page.locator("#shuffle-checks li")
    expect(checks.first).to_have_text(
        "✓ Your browser's SHA-256 of seed and salt is the commitment shown at the table."
    )
    expect(page.locator("#shuffle-checks")).to_contain_text(
        "It is also the commitment this browser saw while you played."
    )
    expect(page.locator("#shuffle-checks li.failed")).to_have_count(0)

    page.locator("#lang-switch").click()
    expect(verdict).to_have_text(
        "Verificato: il mescolamento è quello promesso all'inizio e ogni carta è stata"
        " distribuita come dice il seme."
    )


def test_the_check_fails_when_this_browser_saw_another_commitment(open_page, api: Api) -> None:
    created = api.create([ADA, BOT], seed=8)
    game_id = created["game_id"]
    finish_by_api(api, created, moves=1)
    page = open_page(locale="it-IT")
    # The browser was shown another commitment at the table than the one the game has now.
    page.add_init_script(f"localStorage.setItem('tavola.commitment.{game_id}', '{'0' * 64}')")
    page.goto(f"/replay/{game_id}")
    expect(page.locator("#shuffle-verdict")).to_have_text(
        "NON verificato: guarda i controlli qui sopra."
    )
    expect(page.locator("#shuffle-checks li.failed")).to_have_text(
        "✗ NON è l'impegno che questo browser ha visto mentre giocavi."
    )

"""A live season's turn on the server's clock, in the referees' console (issue 27, point
4), in Italian: the referee sets the missing posts reminder in the season's settings; at
that time, with nobody clicking, the console lists the teams that have not posted, by
house and members, with the reminder to copy to the forum; at the deadline the turn shows
closed, again without a click. The server's clock is moved on (`SERVER_CLOCK`)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from playwright.sync_api import Page, expect

from tavola.games.trono.messages import moment, text

from .helpers import SERVER_CLOCK, Api
from .test_trono_console import DESKTOP, referee_page
from .trono_steps import live_season, ok

REFEREE = "referee:arbitro01"
ROME = ZoneInfo("Europe/Rome")
TAX = [{"kind": "tax"}, {"kind": "tax"}, {"kind": "rally"}]


def clock_at(moment: datetime, *pages: Page) -> None:
    """The server's clock (and the pages', for what they count down) to `moment`, unless
    already later: it never goes back within a test."""
    assert SERVER_CLOCK.path is not None, "the server runs without a movable clock"
    needed = (moment - datetime.now(UTC)).total_seconds()
    SERVER_CLOCK.path.write_text(str(max(SERVER_CLOCK.ahead(), needed)), encoding="utf-8")
    for page in pages:
        page.clock.set_system_time(SERVER_CLOCK.now())


def test_the_console_reminds_of_missing_posts_and_the_turn_closes_by_itself(
    open_page, api: Api, artifacts: Path
) -> None:
    game_id, tokens, season = live_season(api)
    deadline = datetime.fromisoformat(season["deadline"].replace("Z", "+00:00"))
    it = referee_page(open_page, game_id, REFEREE, tokens[REFEREE], "it", DESKTOP)

    # The season's settings: three hours before the deadline instead of two.
    settings = it.locator(".console-settings")
    expect(settings.locator("h3")).to_have_text("Impostazioni della stagione")
    hours = settings.locator('input[data-field="settings-hours"]')
    expect(hours).to_have_value("2")
    hours.fill("3")
    settings.locator('[data-step="settings-send"]').click()
    reminder = deadline - timedelta(hours=3)
    expect(it.locator(".console-posts .reminder-at")).to_contain_text(
        reminder.astimezone(ROME).strftime("%H:%M")
    )
    expect(it.locator(".console-missing")).to_have_count(0)  # not yet

    # Stark posts from its page (here through the API); the others do not.
    view = api.view(game_id, tokens[REFEREE])["view"]
    stark = view["teams"]["stark"]["members"]
    ok(
        api,
        game_id,
        tokens[f"player:{stark[0]}"],
        {"type": "submit_post", "turn": 1, "actions": TAX},
    )

    # The reminder's time comes on the server's clock: nobody clicks.
    clock_at(reminder + timedelta(seconds=1), it)
    missing = it.locator(".console-missing")
    expect(missing.locator("h3")).to_have_text("Post mancanti del turno 1")
    names = {p["user_id"]: p["display_name"] for p in view["registered"]}
    teams = missing.locator(".missing-team")
    expect(teams).to_have_count(3)
    expect(missing.locator('.missing-team[data-house="stark"]')).to_have_count(0)
    tyrell = [names[u] for u in view["teams"]["tyrell"]["members"]]
    expect(missing.locator('.missing-team[data-house="tyrell"]')).to_have_text(
        f"Tyrell ({', '.join(tyrell)})"
    )
    area = missing.locator("textarea.reminder-text")
    expect(area).to_have_value(
        re.compile(r"^\[b\]Promemoria: turno 1\[/b\]\nMancano ancora i post di ")
    )
    words = area.input_value()
    when = moment(round(deadline.timestamp() * 1000), "Europe/Rome")
    # "La scadenza è martedì 8 dicembre 2026, 19:50 (ora di Roma): …"
    assert f"La scadenza è {text('it', when.key, **when.params)}:" in words
    assert "[b]Tyrell[/b]" in words
    assert "p0" not in words and "stark" not in words  # names, never ids
    missing.locator("button.copy-reminder").click()
    expect(missing.locator("button.copy-reminder")).to_have_text("Copiato")
    it.screenshot(path=artifacts / "trono-missing-posts-it-desktop.png", full_page=True)

    # The deadline comes: the turn shows closed, without any click.
    clock_at(deadline + timedelta(seconds=1), it)
    expect(it.locator(".console-phase")).to_have_text(
        "Il turno è chiuso: si aspetta l'estrazione del Lotto."
    )
    expect(it.locator(".console-missing")).to_have_count(0)
    expect(it.locator("#log")).to_contain_text("Il turno 1 si è chiuso da solo alla scadenza")
    assert api.view(game_id, tokens[REFEREE])["view"]["phase"] == "turn_locked"

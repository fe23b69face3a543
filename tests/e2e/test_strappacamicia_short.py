"""Issue 31: a person sets up a short Strappacamicia game against a bot in the Italian
lobby and plays it to its end by clicking only the choices the rules give them (R122):
the table flips for them (R121), on a desktop and on a phone. Every click the test makes
is counted; a person made about 1,400 for a 1,000-clash game before."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .helpers import ADA, BOT, Api, fits, wait_until

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
MAX_CLICKS = 40
PACE_MS = 700
"""autoflip.js's pause before a flip it sends for a person."""

# The page is done or waits for the person: the end, or one of R122's two choices.
WAITS_FOR_PERSON = """() => {
  if (document.getElementById('end').open) return 'end';
  if (document.querySelector('#options [data-step="o:keep"]')) return 'choice';
  return false;
}"""


class Person:
    """The test's clicks, each counted: what a person does with the mouse or a finger."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.clicks = 0

    def click(self, target: Locator) -> None:
        target.click()
        self.clicks += 1

    def choose(self, select: Locator, value: str) -> None:
        """A list's value: a click on the list and one on the value."""
        select.select_option(value)
        self.clicks += 2


def record_actions(api: Api, game_id: str, token: str) -> list[dict[str, Any]]:
    response = api.http.get(
        f"/api/games/{game_id}/record", headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status_code == 200, response.text
    record = response.json()
    assert record["finished"], record
    actions: list[dict[str, Any]] = record["log"]
    return actions


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_short_strappacamicia_against_a_bot_to_its_end_in_few_clicks(
    open_page, api: Api, artifacts: Path, screen: str
) -> None:
    viewport = DESKTOP if screen == "desktop" else PHONE
    page = open_page(locale="it-IT", viewport=viewport)
    person = Person(page)
    page.goto("/")
    form = page.locator("form#create")
    expect(form.locator("#seat-rows li.seat-row")).to_have_count(2)  # the form is built
    if form.locator("select[name=game]").input_value() != "legends":
        person.choose(form.locator("select[name=game]"), "legends")
    # The lobby opens on the short game, its cap explained (R130); what does not apply to
    # Strappacamicia (the boss's level, the sides) is not shown.
    expect(form.locator("select[name=preset]")).to_have_value("strappacamicia_short")
    expect(form.locator("select[name=preset] option:checked")).to_have_text(
        "Strappacamicia breve contro un bot (50 scontri)"
    )
    cap = form.locator('label[data-field="simplified.max_clashes"]')
    expect(cap).to_contain_text("Scontri al massimo")
    expect(cap.locator("input")).to_have_value("50")
    expect(cap.locator(".help")).to_contain_text("vince chi ha più carte nel mazzetto")
    expect(form.locator('label[data-field="boss_level"]')).to_be_hidden()
    expect(form.locator('label[data-field="sides"]')).to_be_hidden()
    expect(form.locator('label[data-field="max_rounds"]')).to_be_hidden()
    expect(form.locator("#seat-rows .seat-team").first).to_be_hidden()  # no teams either
    expect(form.locator("select[name=language]")).to_have_value("it")
    assert fits(page)
    page.screenshot(path=artifacts / f"strappa-{screen}-lobby.png", full_page=True)

    person.click(form.locator("button[type=submit]"))
    play = page.locator("#created #links li.link.own a.button")
    expect(play).to_have_text(re.compile(r"^Gioca come "))
    person.click(play)

    expect(page.locator("#board section.clash")).to_be_visible()
    game_id = page.url.split("/play/")[1].split("?")[0]
    toggle = page.locator(".autoflip input[name=flip_for_me]")
    expect(toggle).to_be_checked()  # on by default against a bot
    expect(page.locator(".autoflip")).to_contain_text("Gira per me")
    expect(page.locator("#status .clash-count")).to_have_text(re.compile(r"^Scontro \d+ di 50$"))
    assert fits(page)
    page.screenshot(path=artifacts / f"strappa-{screen}-table.png", full_page=True)

    forward = page.locator('.autoflip [data-control="fast-forward"]')
    expect(forward).to_have_text("Avanti veloce fino alla mia prossima scelta")
    hurried = False
    choices = 0
    while True:
        waits = page.wait_for_function(WAITS_FOR_PERSON).json_value()
        if waits == "end":
            break
        if choices == 1:
            page.screenshot(path=artifacts / f"strappa-{screen}-choice.png", full_page=True)
        # R122 is the person's: keep and switch in turn.
        person.click(
            page.locator(f'#options [data-step="o:{"keep" if choices % 2 else "switch"}"]')
        )
        choices += 1
        if not hurried and forward.is_enabled():
            person.click(forward)  # once: no pause until the next choice
            hurried = True
        assert person.clicks < MAX_CLICKS, f"{person.clicks} clicks and still playing"

    dialog = page.locator("dialog#end")
    expect(dialog).to_be_visible()
    expect(page.locator("#end-reason")).not_to_be_empty()
    if api.view(game_id)["view"]["result"]["reason"] == "clash_cap":  # R130, said with the piles
        expect(page.locator("#end-details")).to_contain_text(
            "Dopo 50 scontri vince chi ha più carte nel mazzetto (R130)."
        )
    page.screenshot(path=artifacts / f"strappa-{screen}-end.png", full_page=True)
    assert person.clicks < MAX_CLICKS, person.clicks

    # The flips were the person's own actions, sent as a click sends them: the record
    # holds every clash's flip of P1's and their choices, and no autopilot.
    view = api.view(game_id)["view"]
    token = page.evaluate(
        "(id) => JSON.parse(localStorage.getItem(`tavola.seat.${id}`)).token", game_id
    )
    actions = record_actions(api, game_id, token)
    mine = [a for a in actions if a.get("seat") == "P1"]
    flips = [a for a in mine if a["action"]["type"] == "flip"]
    chosen = [a for a in mine if a["action"]["type"] == "choose_reference"]
    assert len(chosen) == choices
    assert {a["action"]["type"] for a in mine} == {"flip", "choose_reference"}
    assert len(flips) == view["clash_no"] or view["seats"]["P1"]["out"]
    print(f"{screen}: {person.clicks} clicks, {choices} choices, {len(flips)} flips")


def test_a_clash_cap_out_of_range_is_refused_in_the_lobby_in_italian(open_page) -> None:
    page = open_page(locale="it-IT")
    page.goto("/")
    form = page.locator("form#create")
    expect(form.locator("select[name=preset]")).to_have_value("strappacamicia_short")
    form.locator('input[name="simplified.max_clashes"]').fill("0")
    form.locator("button[type=submit]").click()
    expect(page.locator("#form-error")).to_have_text(
        "Non è stato possibile creare il tavolo: "
        "Una partita a Strappacamicia dura da 1 a 10.000 scontri (R130)."
    )
    expect(page.locator("#created")).to_be_hidden()


def test_the_lobby_shows_the_options_that_apply_to_the_table_chosen(open_page) -> None:
    page = open_page(locale="it-IT")
    page.goto("/")
    form = page.locator("form#create")
    expect(form.locator("select[name=preset]")).to_have_value("strappacamicia_short")
    field = {
        name: form.locator(f'label[data-field="{name}"]')
        for name in ("sides", "boss_level", "simplified.max_clashes")
    }
    team = form.locator("#seat-rows .seat-team").first

    form.locator("select[name=preset]").select_option("teams")
    expect(field["sides"]).to_be_visible()
    expect(form.locator("select[name=sides]")).to_have_value("teams")
    expect(team).to_be_visible()
    expect(field["boss_level"]).to_be_hidden()
    expect(field["simplified.max_clashes"]).to_be_hidden()

    form.locator("select[name=preset]").select_option("boss")
    expect(field["boss_level"]).to_be_visible()
    expect(field["boss_level"]).to_contain_text("Livello del boss")
    expect(field["sides"]).to_be_hidden()  # with a boss, the sides are good against evil
    expect(team).to_be_hidden()

    # A boss seat taken away takes its level with it; the sides of a battle come back.
    boss_row = form.locator("#seat-rows li.seat-row").nth(1)
    boss_row.locator("select[name=kind]").select_option("reference")
    expect(field["boss_level"]).to_be_hidden()
    expect(field["sides"]).to_be_visible()
    form.locator("select[name=mode]").select_option("simplified")
    expect(field["sides"]).to_be_hidden()
    expect(field["simplified.max_clashes"]).to_be_visible()


def test_with_flip_for_me_off_the_flip_waits_for_the_persons_click(open_page, api: Api) -> None:
    """R121: a person's flip is theirs; the table flips for them only when asked. The
    page's clock is the test's: the pause before a flip is run through, never waited."""
    options = {"mode": "simplified", "simplified": {"max_clashes": 5}}
    created = api.create([ADA, BOT], options, seed=11)
    game_id, token = created["game_id"], created["tokens"]["P1"]
    page = open_page(locale="it-IT")
    page.clock.install()
    page.goto(created["urls"]["P1"])
    toggle = page.locator(".autoflip input[name=flip_for_me]")
    flip = page.locator('#options [data-step="v:flip"]')
    expect(toggle).to_be_checked()
    toggle.uncheck()
    expect(page.locator(".autoflip-note")).to_be_hidden()

    def clash_waits_for_ada(payload: dict[str, Any]) -> bool:
        clash = payload["view"]["clash"]
        return payload["to_act"] == ["P1"] and clash is not None and "P2" in clash["submitted"]

    first = api.wait_view(game_id, token, clash_waits_for_ada, "the bot's first flip")
    expect(flip).to_be_visible()
    page.clock.run_for(PACE_MS * 10)  # any flip the table meant to send is sent by now
    expect(flip).to_be_visible()  # a flip sent would have turned the choices to "sending"
    assert api.view(game_id, token)["version"] == first["version"]
    flip.click()
    api.wait_view(game_id, token, lambda p: p["version"] > first["version"], "Ada's own flip")

    toggle.check()  # on again: the next flip is the table's, after its pause

    def next_flip_or_choice(payload: dict[str, Any]) -> str | None:
        if payload["status"] == "over":
            return "over"
        legal = {a["type"] for a in payload["legal"]}
        if "choose_reference" in legal:
            return "choice"  # R122: the person's, a click
        clash = payload["view"]["clash"] or {}
        waits_for_ada = payload["to_act"] == ["P1"] and legal == {"flip"}  # the bot flipped
        return "flip" if clash.get("number", 0) >= 2 and waits_for_ada else None

    waits = wait_until(lambda: next_flip_or_choice(api.view(game_id, token)), what="clash 2")
    if waits == "choice":
        page.locator('#options [data-step="o:keep"]').click()
        waits = wait_until(lambda: next_flip_or_choice(api.view(game_id, token)), what="clash 2")
    assert waits == "flip", waits  # five clashes of 30-card piles do not end at the second
    before = api.view(game_id, token)["version"]  # only Ada may move the game on
    page.clock.run_for(PACE_MS)
    api.wait_view(game_id, token, lambda p: p["version"] > before, "the table's flip")

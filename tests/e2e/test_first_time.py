"""A first-time Legends player at the browser table: what a main's side means before it is
locked in, readable names and sides, choices that follow a language switch at once, a real
deck cut, the round limit in sight, an attack's outcome before it is confirmed, the last
move marked, tooltips, a choices bar on a phone; and in the lobby, a solo table kept from
strangers while games in play can be watched to their end (the round limit explained)."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

from playwright.sync_api import Page, expect

from .helpers import SETTLED, Api, click_step, play_one, settle

GIULIA = {"kind": "human", "name": "Giulia", "age": 50, "team": "good"}
UNNAMED_BOT = {"kind": "reference", "age": 20, "team": "evil"}  # younger: plays first, Giulia cuts
OPTIONS = {"mode": "classic", "sides": "good_vs_evil", "main_selection": "choose", "max_rounds": 3}


def options_text(page: Page) -> list[str]:
    return page.locator("#options button").all_inner_texts()


def reach_attack(page: Page) -> None:
    """Plays by the simple policy until the page offers Giulia an attack."""
    import random

    rng = random.Random(3)
    for _ in range(400):
        if (
            settle(page) == "move"
            and page.locator('#options [data-step="v:declare_attack"]').count()
        ):
            return
        play_one(page, rng)
    # Say where it stopped (over, or stuck on choices the policy cannot take), to tell a
    # game that went by without an attack from a page that stopped answering.
    state, shown = page.evaluate(SETTLED), options_text(page)
    raise AssertionError(f"no attack was offered: the page is at {state!r}, {shown}")


def test_a_first_time_player_reads_the_table(open_page, api: Api, artifacts: Path) -> None:
    created = api.create([GIULIA, UNNAMED_BOT], OPTIONS)
    game_id, token = created["game_id"], created["tokens"]["P1"]
    page = open_page()
    page.goto(created["urls"]["P1"])

    # The main: its side and what it means, before it is locked in.
    candidate = page.locator(".candidates .candidate").first
    expect(candidate.locator(".main-side")).to_contain_text("you will use")
    candidate.locator(".card.pickable").click()
    confirm = page.locator('#options [data-step="o:main"]')
    expect(confirm).to_have_text(re.compile(r"^Choose .+ as main \((good|neutral)\)$"))
    # The choices follow a language switch at once, with no move in between.
    page.locator("#lang-switch").click()
    expect(confirm).to_have_text(re.compile(r"^Scegli .+ come principale \((buono|neutrale)\)$"))
    expect(page.locator('#board section.seat[data-seat="P2"] .seat-name')).to_have_text("Bot 2")
    expect(page.locator('#board section.seat[data-seat="P2"] .badge-team')).to_have_text("Malvagi")
    page.locator("#lang-switch").click()
    expect(page.locator('#board section.seat[data-seat="P2"] .badge-team')).to_have_text(
        "Evil side"
    )
    page.locator('#options [data-step="o:main"]').click()  # the path chosen survived the switch

    # The cut: real positions, and the deck cut where asked.
    click_step(page, "v:cut_deck")
    listed = page.locator("#options select option")
    expect(listed.first).to_have_text("Cut at random")
    expect(listed.nth(1)).to_have_text("Cut: the top card to the bottom")
    page.locator("#options select").select_option("o:10")
    expect(page.locator("#options select option:checked")).to_have_text(
        "Cut: 10 cards from the top to the bottom"
    )
    click_step(page, "select")
    expect(page.locator("#log li", has_text="Giulia cuts the deck at 10.")).to_have_count(1)

    expect(page.locator("#log li.latest").first).to_be_visible()
    card = page.locator("#board .card").first
    assert "Rarity:" in (card.get_attribute("title") or "")

    # An attack's outcome before it is confirmed.
    reach_attack(page)
    expect(page.locator("#status .round")).to_have_text(re.compile(r"^Round \d of 3, turn \d+$"))
    click_step(page, "v:declare_attack")
    page.locator(".card.pickable").first.click()
    click_step(page, "confirm")
    page.locator(".card.pickable").first.click()
    preview = page.locator('#options [data-step^="o:"]').first
    expect(preview).to_have_text(
        re.compile(r"attack \d+ against (DEF|MP) \d+|0 \(vulnerable\)|hits? on the structure")
    )
    page.screenshot(path=artifacts / "firsttime-table.png", full_page=True)
    # The attack's cards stand out when it is drawn; the bot may answer at once and its
    # move (which may touch no card) then stands out instead: watch for the first.
    page.evaluate(
        """() => new MutationObserver((_, seen) => {
            if (!document.querySelector('#board .card.latest')) return;
            window.sawLatest = true;
            seen.disconnect();
        }).observe(document.getElementById('board'),
                   {subtree: true, childList: true, attributes: true})"""
    )
    preview.click()
    page.wait_for_function("() => window.sawLatest === true")

    # On a phone the choices stay in a bar at the bottom of the screen.
    phone = open_page(viewport={"width": 375, "height": 740})
    phone.goto(f"/play/{game_id}?seat=P1#token={token}")
    expect(phone.locator("#board section.seat.mine")).to_be_visible()
    bar = phone.locator("#choices").bounding_box()
    assert bar is not None and abs(bar["y"] + bar["height"] - 740) < 2, bar
    phone.mouse.wheel(0, 400)
    assert (
        phone.evaluate("getComputedStyle(document.getElementById('choices')).position") == "fixed"
    )
    phone.screenshot(path=artifacts / "firsttime-phone.png")


def test_the_lobby_keeps_a_solo_table_and_lets_anyone_watch_a_game(open_page, api: Api) -> None:
    page = open_page()
    page.goto("/")
    form = page.locator("form#create")
    form.locator("select[name=game]").select_option("legends")
    form.locator("select[name=preset]").select_option("boss")
    solo_name = f"Solo {uuid.uuid4().hex[:6]}"  # the server lives for the whole session
    page.locator("#seat-rows li.seat-row").nth(0).locator("input[name=name]").fill(solo_name)
    form.locator("button[type=submit]").click()
    own = page.locator("#created #links li.link.own")
    expect(own).to_contain_text(solo_name)
    expect(own.locator("input")).to_have_count(0)  # the host's link is not for sharing
    page.locator("#refresh").click()
    expect(page.locator("#games")).not_to_contain_text(solo_name)
    solo = page.locator("#playing li.game").filter(has_text=solo_name)
    expect(solo.locator(".who")).to_have_text(f"{solo_name}, Boss")
    expect(solo.locator("button")).to_have_count(0)  # nobody else may sit
    expect(solo.locator("a.watch-game")).to_have_attribute("href", re.compile(r"^/play/\w+$"))

    # Two unnamed bots to the round limit, watched to the end: how the winner was chosen.
    bots = api.create(
        [{"kind": "reference", "age": 20}, {"kind": "reference", "age": 30}],
        {"mode": "classic", "max_rounds": 1},
        seed=7,
    )
    page.goto(f"/play/{bots['game_id']}")
    expect(page.locator("dialog#end")).to_be_visible()
    assert api.view(bots["game_id"])["view"]["result"]["reason"] == "round_cap"
    expect(page.locator("#end-details")).to_contain_text("The single round ended")
    expect(page.locator("#end-details tr")).to_have_count(3)
    expect(page.locator("#end-places")).to_contain_text("Bot 1")

    page.goto(f"/replay/{bots['game_id']}")
    for button in ("first", "prev", "next", "last"):
        expect(page.locator(f"#{button} svg")).to_have_count(1)

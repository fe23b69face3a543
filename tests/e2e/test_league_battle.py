"""Legend.a.League's battle table in the browser: a battle against `basic` played to its end
by clicking only, in Japanese on a phone and in English on a desktop, and a custom table
where a signed-in player fields a lineup saved with their account."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tavola.core import get_game
from tavola.games.league.content import starter

from .helpers import DEADLINE, Api, fits, sign_up

PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
SHORT = {"mode": "custom", "max_turns": 2}
"""Lineups chosen in the game, and a battle of two turns: the test stays short."""
SEED = 11
ADA = {"kind": "human", "name": "Ada"}
BASIC = {"kind": "bot", "bot": "reference", "name": "basic"}

RAW = re.compile(
    r"\b[LAC]\d{2}\b|\b[01]-\d{2}\b|preset_[ab]|\{\"|"
    r"\b(?:table|word|screen|tell|verb|prompt|end|play|seat)\.[a-z_]+\b"
)
"""What must never show: content ids, card instances, JSON, catalogue keys left unsaid."""
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

SCENE = """() => {
  const all = (css, key) => [...document.querySelectorAll(css)].map((n) => n.dataset[key]);
  return {
    end: document.getElementById('end').open,
    lineups: all('.lineup-step button:not([disabled])', 'step'),
    steps: all('#options button:not([disabled])', 'step'),
    legends: all('.legend.pickable', 'iid'),
    picks: document.querySelectorAll('.pickable').length,
    prompt: document.getElementById('prompt').textContent,
  };
}"""

SETTLED = """() => {
  if (document.getElementById('end').open) return true;
  if (document.querySelector('.lineup-step button:not([disabled])')) return true;
  if (document.querySelector('.legend.pickable')) return true;
  return Boolean(document.querySelector('#options button:not([data-step="v:concede"])'));
}"""

CAPITALISED = """() => {
  const turn = document.querySelector('.turn');
  if (!turn) return false;
  const line = turn.appendChild(document.createElement('p'));
  line.textContent = 'basic attacks.';
  const shown = getComputedStyle(line, '::first-letter').textTransform;
  line.remove();
  return shown !== 'none';
}"""
"""Whether the table's stylesheet would show a line of the turn that opens with a player's
name, such as the bot `basic`, as "Basic attacks" (a line the page draws as the game goes)."""

DEAF_COPY = """() => {
  const copies = {};
  for (const card of document.querySelectorAll('.hand .lcard')) {
    const name = card.querySelector('.lcard-name').textContent;
    (copies[name] ||= []).push(card.classList.contains('pickable'));
  }
  return Object.values(copies).some((c) => c.includes(true) && c.includes(false));
}"""
"""Whether one copy of a card in the hand may be clicked and another copy may not."""

PREFERRED = [
    "o:designate",
    "o:keep",
    "v:declare_attack",
    "v:declare_block",
    "o:extra_yes",
    "v:pass",
]
"""Attack and block whenever possible, keep the die: the battle moves on."""


def words(lang: str) -> dict[str, Any]:
    """League's browser catalogue in `lang`."""
    folder = get_game("league").info.web
    assert folder is not None
    return dict(json.loads((folder / "i18n" / f"{lang}.json").read_text(encoding="utf-8")))


ROOT_PROMPTS = {words(lang)["prompt.root"] for lang in ("en", "it", "ja")}
"""The prompt that points at the table ("on the table, what you can pick is highlighted")."""


def unsaid(page: Page) -> list[str]:
    """Raw ids, JSON or catalogue keys on the page (its text, with the end dialog's)."""
    return sorted(set(RAW.findall(page.locator("body").inner_text())))


def click_once(page: Page) -> bool:
    """One click of the policy; False once the battle is over."""
    page.wait_for_function(SETTLED, timeout=DEADLINE * 1000)
    scene: dict[str, Any] = page.evaluate(SCENE)
    if scene["end"]:
        return False
    # Copies of a card in the hand answer a click alike (the legal list names one).
    assert not page.evaluate(DEAF_COPY), "a copy of a playable card does not respond"
    if scene["lineups"]:
        page.locator(f'.lineup-step button[data-step="{scene["lineups"][0]}"]').click()
        return True
    for step in PREFERRED:
        if step in scene["steps"]:
            if step.startswith("v:declare") and not scene["picks"]:
                # Attack or block is a button's only: the prompt does not send to the table.
                assert scene["prompt"] not in ROOT_PROMPTS, scene["prompt"]
            page.locator(f'#options [data-step="{step}"]').click()
            return True
    if scene["legends"]:  # the tactic step: designate the first legend offered
        page.locator(f'.legend.pickable[data-iid="{scene["legends"][0]}"]').click()
        return True
    others = [s for s in scene["steps"] if s not in ("v:concede", "back")]
    page.locator(f'#options [data-step="{others[0]}"]').click()
    return True


def play_to_the_end(page: Page, checks: list[Any]) -> None:
    for clicks in range(400):
        if not click_once(page):
            return
        if clicks % 4 == 0:
            for check in checks:
                check()
    raise AssertionError("the battle did not end in 400 clicks")


def new_battle(api: Api, seats: list[dict[str, Any]]) -> tuple[str, str]:
    created = api.create(seats, SHORT, seed=SEED, game="league")
    return created["game_id"], created["urls"]["0"]


@pytest.mark.parametrize(
    ("lang", "locale", "viewport"),
    [("ja", "ja-JP", PHONE), ("en", "en-GB", DESKTOP)],
    ids=["ja-phone", "en-desktop"],
)
def test_league_battle_against_basic_by_clicking(
    open_page: Any, api: Api, artifacts: Path, lang: str, locale: str, viewport: dict[str, int]
) -> None:
    game_id, url = new_battle(api, [ADA, BASIC])
    page = open_page(locale=locale, viewport=viewport)
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(".lineup-step")).to_be_visible()
    # The lineups are on the board, not among the buttons: the prompt sends there.
    expect(page.locator("#prompt")).to_have_text(words(lang)["prompt.submit_lineup.0"])
    page.screenshot(path=artifacts / f"league-lineup-{lang}.png", full_page=True)

    def clean() -> None:
        assert not unsaid(page), unsaid(page)
        # A line of the turn naming a player keeps the name as written ("basic attacks").
        assert not page.evaluate(CAPITALISED), "a player's name was capitalised"
        # The opponent's strategy zone is backs only (§8), whatever it holds.
        assert page.locator(".side-panel:not(.mine) .zone .lcard:not(.back)").count() == 0
        if viewport is PHONE:
            assert fits(page), "the table is wider than the phone"

    clean()
    shot = False

    def mid_game() -> None:
        nonlocal shot
        clean()
        if not shot and page.locator(".side-panel .life-bar").count() == 2:
            page.screenshot(path=artifacts / f"league-battle-{lang}.png", full_page=True)
            shot = True

    play_to_the_end(page, [mid_game])
    end = page.locator("#end")
    expect(end).to_be_visible()
    result = api.view(game_id)["view"]["result"]
    assert result["winner"] is not None, "this seed's battle ends with a winner"
    winner = "Ada" if result["winner"] == "0" else "basic"
    expect(page.locator("#end-verdict")).to_contain_text(winner)
    # Why, in the page's words: the condition, then the sentence naming the players.
    expect(page.locator("#end-reason")).to_have_text(
        words(lang)[f"end.reason.{result['condition']}"]
    )
    expect(page.locator("#end-details")).to_contain_text(winner)
    page.screenshot(path=artifacts / f"league-end-{lang}.png", full_page=True)
    clean()
    page.locator("#end-close").click()
    expect(page.locator(".side-panel .life-label").first).to_contain_text("/ 10,000")
    if lang == "en":  # the header's button steps to the game's third language
        page.locator("#lang-switch").click()
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        expect(page.locator("#log li").first).to_contain_text(JAPANESE)
        page.locator('#status [data-step="result"]').click()
        expect(page.locator("#end-reason")).to_have_text(
            words("ja")[f"end.reason.{result['condition']}"]
        )
        clean()


def test_league_custom_table_fields_a_saved_lineup(open_page: Any, api: Api) -> None:
    page = open_page(viewport=DESKTOP)
    page.goto("/")
    token = sign_up(page, f"Lena {uuid.uuid4().hex[:6]}")  # the server lives all session
    if "/api/me/lineups/{game}/{name}" not in page.request.get("/openapi.json").json()["paths"]:
        pytest.skip("PUT /api/me/lineups/{game}/{name} (saved lineups) is not on this server yet")
    lineup = starter().presets["preset_b"].lineup.to_json()
    saved = page.request.put(
        "/api/me/lineups/league/Tide%20wall",
        data={"lineup": lineup},
        headers=token,
    )
    assert saved.status in (200, 201), saved.text()
    game_id, url = new_battle(api, [ADA, BASIC])
    page.goto(url)
    choice = page.locator('.saved-lineups button[data-step="saved:Tide wall"]')
    expect(choice).to_be_visible()
    choice.click()
    expect(page.locator(".lineup-wait, .side-panel .life-bar").first).to_be_visible()
    mine = api.view(game_id)["view"]["seats"]["0"]
    assert mine["lineup_submitted"] and mine["gimmick"] == lineup["gimmick"]


def test_a_japanese_browser_sets_a_japanese_league_table_from_the_lobby(open_page: Any) -> None:
    page = open_page(locale="ja-JP", viewport=PHONE)
    page.goto("/")
    language = page.locator("form#create select[name=language]")
    expect(language.locator("option")).to_have_text(["Italiano", "English"])  # Legends of AZ
    page.locator('#catalog li.game-card[data-game="league"] button').click()
    # League speaks Japanese: offered, and chosen for a browser that asks for it.
    expect(language.locator("option")).to_have_text(["Italiano", "English", "日本語"])
    expect(language).to_have_value("ja")
    expect(page.locator("html")).to_have_attribute("lang", "en")  # the lobby keeps its own
    page.locator("form#create select[name=preset]").select_option("quick_basic")
    page.locator("form#create button[type=submit]").click()
    play = page.locator("#links li.own a.button.primary")
    expect(play).to_have_attribute("href", re.compile(r"[?&]lang=ja\b"))
    play.click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator(".side-panel.mine .side-name")).to_contain_text(JAPANESE)


def two_people(api: Api) -> dict[str, Any]:
    """Ada and Bea at a custom table; seed 2 deals Ada two Warpaths (C31) at once."""
    bea = {"kind": "human", "name": "Bea"}
    return api.create([ADA, bea], SHORT, seed=2, game="league")


def test_a_player_waiting_for_the_other_lineup_is_told_there_is_nothing_to_choose(
    open_page: Any, api: Api
) -> None:
    created = two_people(api)
    page = open_page(viewport=PHONE)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(created["urls"]["0"])
    expect(page.locator("#prompt")).to_have_text(words("en")["prompt.submit_lineup.0"])
    # Signed out, the saved lineups are not asked for: no failing request in the console.
    expect(page.locator(".saved-lineups .empty")).to_have_text(words("en")["table.saved_none"])
    assert not [e for e in errors if "401" in e], errors
    page.locator('.lineup-step button[data-step="preset:preset_a"]').click()
    expect(page.locator(".lineup-wait")).to_be_visible()
    # Conceding is still on offer, but the prompt does not ask for a choice that is Bea's.
    expect(page.locator("#status")).to_contain_text("Bea")
    expect(page.locator("#prompt")).to_have_text("Nothing to choose now.")


def test_every_copy_of_a_card_in_the_hand_answers_a_click(open_page: Any, api: Api) -> None:
    created = two_people(api)
    for seat, preset in (("0", "preset_a"), ("1", "preset_b")):
        api.play(
            created["game_id"], created["tokens"][seat], {"type": "submit_lineup", "preset": preset}
        )
    page = open_page(viewport=PHONE)
    page.goto(created["urls"]["0"])
    warpath = words("en")["card.C31"]
    # The die's window offers the hand; the legal list names one copy of each card.
    expect(page.locator(".hand .lcard.pickable", has_text=warpath)).to_have_count(2)
    assert not page.evaluate(DEAF_COPY)
    page.locator(".hand .lcard", has_text=warpath).last.click()
    expect(page.locator('#options [data-step="o:override"]')).to_contain_text(warpath)

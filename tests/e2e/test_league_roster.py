"""Legend.a.League's roster page in Chromium: a signed-up player opens it from the lobby,
starts from a preset and changes it by clicking so that it stays legal, sees an eighth
legend refused in words, saves the lineup, and finds it again after a reload; in Japanese
on a phone and in English on a desktop."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import Api, sign_up

LANGUAGES = {
    # locale, viewport, the page's title, the refusal of an eighth legend, the saved line
    "ja": (
        "ja-JP",
        {"width": 375, "height": 740},
        "チーム編成",
        "チームはちょうど7体です",
        "として保存しました",
    ),
    "en": (
        "en-GB",
        {"width": 1280, "height": 900},
        "Roster",
        "A team has exactly 7 legends",
        "Saved as",
    ),
}


def swap(catalog: dict[str, Any], preset: dict[str, Any]) -> tuple[str, str]:
    """A legend of the preset's team and one from the collection to put in its place so
    that the team stays within the cost cap under the preset's gimmick stage."""
    legends = {legend["id"]: legend for legend in catalog["legends"]}
    gimmick = next(g for g in catalog["gimmicks"] if g["id"] == preset["lineup"]["gimmick"])

    def cost(legend_id: str) -> int:
        base = int(legends[legend_id]["cost"])
        return max(1, base + gimmick["cost_change"]) if gimmick["cost_change"] else base

    team = [e if isinstance(e, str) else e["legend_id"] for e in preset["lineup"]["team"]]
    out = team[-1]
    room = catalog["limits"]["team_cost_cap"] - sum(cost(t) for t in team) + cost(out)
    into = next(i for i in legends if i not in team and cost(i) <= room)
    return out, into


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_build_a_legal_lineup_see_a_refused_one_save_it_and_find_it(
    open_page, api: Api, artifacts: Path, lang: str
) -> None:
    locale, viewport, title, eighth, saved_line = LANGUAGES[lang]
    catalog = api.http.get("/api/lineups/league/catalog", params={"lang": lang}).json()
    preset = catalog["presets"][-1]
    out, into = swap(catalog, preset)
    legends = {legend["id"]: legend for legend in catalog["legends"]}
    extra = next(legend for legend in catalog["legends"] if legend["id"] not in (out, into))
    mark = uuid.uuid4().hex[:6]  # the server lives for the whole session
    page = open_page(locale=locale, viewport=viewport)
    sign_up(page, f"Ada {mark} {lang}")

    page.goto("/")
    page.locator('.game-card[data-game="league"] a.page-link').click()
    expect(page).to_have_url(re.compile(r"/games/league/roster$"))
    expect(page.locator("header h1")).to_have_text(title)
    check = page.locator(".roster-check")
    expect(check).to_have_attribute("data-ok", "true")  # the first preset

    # Start from the other preset, then change a legend and a card: it stays legal.
    page.locator("select.preset").select_option(preset["id"])
    page.locator("button.use-preset").click()
    team = page.locator(".team-legend")
    expect(team).to_have_count(catalog["limits"]["team_size"])
    page.locator(f'.team-legend[data-legend="{out}"] button.remove-legend').click()
    page.locator(f'.collection-legend[data-legend="{into}"] button.add-legend').click()
    first_card = preset["lineup"]["deck"][0]
    page.locator(f'.deck-card[data-card="{first_card}"] button.fewer').click()
    expect(page.locator(f'.team-legend[data-legend="{into}"]')).to_have_count(1)
    expect(check).to_have_attribute("data-ok", "true")
    deck_size = len(preset["lineup"]["deck"]) - 1
    expect(check.locator(".deck-size")).to_contain_text(str(deck_size))

    # An eighth legend is refused in words, beside the team's figures; taken out, fine again.
    page.locator(f'.collection-legend[data-legend="{extra["id"]}"] button.add-legend').click()
    expect(check).to_have_attribute("data-ok", "false")
    expect(check.locator(".roster-problems")).to_contain_text(eighth)
    expect(check.locator(".team-size")).to_contain_text("8")
    page.screenshot(path=artifacts / f"league-roster-refused-{lang}.png")
    page.locator(f'.team-legend[data-legend="{extra["id"]}"] button.remove-legend').click()
    expect(check).to_have_attribute("data-ok", "true")

    # An ability of another attribute is refused under the legend it was given to.
    newcomer = page.locator(f'.team-legend[data-legend="{into}"]')
    foreign = next(a for a in catalog["abilities"] if a["attribute"] != legends[into]["attribute"])
    newcomer.locator("select.add-ability").select_option(foreign["id"])
    expect(check).to_have_attribute("data-ok", "false")
    expect(newcomer.locator(".roster-problems")).to_contain_text(foreign["name"])
    newcomer.locator(f'.ability[data-ability="{foreign["id"]}"] button.remove-ability').click()
    expect(check).to_have_attribute("data-ok", "true")

    name = f"{preset['name']} {mark}"
    page.locator("input[name=lineup-name]").fill(name)
    page.locator("button.save-lineup").click()
    expect(page.locator(".save-message")).to_contain_text(saved_line)
    expect(page.locator(f'.saved-lineup[data-name="{name}"]')).to_have_count(1)

    page.reload()
    saved = page.locator(f'.saved-lineup[data-name="{name}"]')
    expect(saved).to_have_count(1)
    saved.locator("button.load-lineup").click()
    expect(page.locator(f'.team-legend[data-legend="{into}"]')).to_have_count(1)
    expect(page.locator(f'.team-legend[data-legend="{out}"]')).to_have_count(0)
    expect(check).to_have_attribute("data-ok", "true")
    expect(check.locator(".deck-size")).to_contain_text(str(deck_size))
    # Legends, abilities and cards by their names, never their ids.
    assert not re.search(r"\b[LAC]\d\d\b", page.locator("main").inner_text())
    overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    page.screenshot(path=artifacts / f"league-roster-{lang}.png", full_page=True)
    assert not overflow


def test_the_collection_and_the_deck_narrow_to_the_chosen_attribute_and_kind(
    open_page, api: Api
) -> None:
    catalog = api.http.get("/api/lineups/league/catalog", params={"lang": "en"}).json()
    attribute = catalog["attributes"][-1]["id"]
    kind = catalog["cards"][-1]["kind"]
    page = open_page(locale="en-GB", viewport={"width": 1280, "height": 900})
    sign_up(page, f"Bea {uuid.uuid4().hex[:6]}")
    page.goto("/games/league/roster")
    legends = page.locator(".collection-list .collection-legend")
    cards = page.locator(".deck-list .deck-card")
    expect(legends).to_have_count(len(catalog["legends"]))
    expect(cards).to_have_count(len(catalog["cards"]))

    page.locator(".attribute-filter select").select_option(attribute)
    wanted = [x for x in catalog["legends"] if x["attribute"] == attribute]
    expect(legends).to_have_count(len(wanted))
    page.locator(".kind-filter select").select_option(kind)
    expect(cards).to_have_count(len([c for c in catalog["cards"] if c["kind"] == kind]))
    # A redraw (a legend added) keeps both choices.
    page.locator(f'.collection-legend[data-legend="{wanted[0]["id"]}"] button.add-legend').click()
    expect(page.locator(".attribute-filter select")).to_have_value(attribute)
    expect(legends).to_have_count(len(wanted))
    expect(page.locator(".kind-filter select")).to_have_value(kind)

    page.locator(".attribute-filter select").select_option("")
    expect(legends).to_have_count(len(catalog["legends"]))

"""The lobby offers every game the server has, in the page's language, and builds each
game's new-table form from its declaration, its presets and its options' schema."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import Api


def test_the_lobby_offers_every_game_with_a_table_in_the_pages_language(
    open_page, api: Api
) -> None:
    # A game without a browser table would not be offered where it cannot be played.
    english = [g for g in api.catalog("en") if g["web"]]
    italian = [g for g in api.catalog("it") if g["web"]]
    assert {"legends", "trono", "league"} <= {g["name"] for g in english}
    page = open_page(locale="en-GB")
    page.goto("/")
    cards = page.locator("#catalog li.game-card")
    expect(cards).to_have_count(len(english))
    for game in english:
        card = page.locator(f'#catalog li.game-card[data-game="{game["name"]}"]')
        expect(card.locator("h3")).to_have_text(game["text"]["title"])
        expect(card.locator(".description")).to_have_text(game["text"]["description"])

    page.locator("#lang-switch").click()
    for game in italian:
        card = page.locator(f'#catalog li.game-card[data-game="{game["name"]}"]')
        expect(card.locator(".description")).to_have_text(game["text"]["description"])
    expect(page.locator("#catalog-title")).to_have_text("Giochi")


def test_the_form_follows_the_chosen_games_declaration(open_page, api: Api) -> None:
    trono = next(g for g in api.catalog("en") if g["name"] == "trono")
    page = open_page()
    page.goto("/")
    form = page.locator("form#create")
    rows = page.locator("#seat-rows li.seat-row")
    page.locator('#catalog li.game-card[data-game="trono"] button').click()

    # Its presets first, the first one applied: four bots, twelve turns.
    expect(form.locator("select[name=game]")).to_have_value("trono")
    expect(form.locator("select[name=preset] option")).to_have_text(
        [p["title"]["en"] for p in trono["presets"]] + ["Your own settings"]
    )
    expect(form.locator("select[name=preset]")).to_have_value("quick_practice")
    expect(rows).to_have_count(4)
    expect(form.locator("input[name=max_turns]")).to_have_value("12")
    expect(form.locator("label[data-field=max_turns]")).to_contain_text("Turns at most")
    # Only the seat kinds the game allows (no person: a practice table is for bots), and
    # none of another game's seat fields.
    kinds = rows.first.locator("select[name=kind] option")
    expect(kinds).to_have_count(len(trono["seat_kinds"]))
    assert kinds.evaluate_all("(os) => os.map((o) => o.value)") == trono["seat_kinds"]
    expect(form.locator("input[name=age]")).to_have_count(0)

    form.locator("select[name=preset]").select_option("seven_houses")
    expect(rows).to_have_count(7)
    expect(form.locator("input[name=max_turns]")).to_have_value("36")  # the default again

    form.locator("select[name=game]").select_option("legends")
    expect(form.locator("select[name=preset]")).to_have_value("strappacamicia_short")
    expect(form.locator("select[name=mode]")).to_have_value("simplified")
    expect(rows).to_have_count(2)
    expect(rows.first.locator("input[name=age]")).to_be_visible()
    boss = rows.first.locator('select[name=kind] option[value="boss"]')
    expect(boss).to_have_text("The automatic boss")


def test_an_option_under_more_options_reaches_the_table(open_page, api: Api) -> None:
    page = open_page()
    page.goto("/")
    form = page.locator("form#create")
    form.locator("select[name=preset]").select_option("classic_duel")
    expect(page.locator("#more-options")).to_be_hidden()
    page.locator("#more summary").click()
    form.locator("input[name=max_rounds]").fill("5")
    expect(form.locator("select[name=preset]")).to_have_value("")  # the host's own table now
    form.locator("input[name=timers]").check()
    form.locator('input[name="timers.turn_s"]').fill("120")
    form.locator("button[type=submit]").click()

    watch = page.locator("#created #watch-link")
    expect(watch).to_be_visible()
    game_id = re.search(r"/play/(\w+)", watch.get_attribute("href") or "")
    assert game_id, watch.get_attribute("href")
    view = api.view(game_id.group(1))["view"]
    assert view["mode"] == "classic"
    assert view["max_rounds"] == 5
    assert view["timers"]["turn_s"] == 120


def test_the_boss_preset_seats_the_automatic_boss(open_page, api: Api) -> None:
    page = open_page()
    page.goto("/")
    form = page.locator("form#create")
    form.locator("select[name=preset]").select_option("boss")
    rows = page.locator("#seat-rows li.seat-row")
    expect(rows).to_have_count(2)
    expect(rows.nth(1).locator("select[name=kind]")).to_have_value("boss")
    rows.nth(0).locator("input[name=name]").fill("Ada")
    form.locator("button[type=submit]").click()

    links = page.locator("#created #links li.link")
    expect(links).to_have_count(2)
    game_id = re.search(r"/play/(\w+)", page.locator("#watch-link").get_attribute("href") or "")
    assert game_id
    seats = api.view(game_id.group(1))["view"]["seats"]
    assert {s: (seats[s]["name"], seats[s]["team"]) for s in seats} == {
        "P1": ("Ada", "good"),
        "B": ("Boss", "evil"),
    }
    assert seats["B"]["kind"] == "auto_boss"


def test_an_open_table_is_labelled_with_its_game(open_page, api: Api) -> None:
    uma, vic = {"kind": "human", "name": "Uma"}, {"kind": "human", "name": "Vic"}
    created = api.create([uma, vic], seed=None, claim=False)
    page = open_page()
    page.goto("/")
    table = page.locator("#games li.game").filter(has_text="Uma, Vic")
    expect(table).to_have_attribute("data-game", "legends")
    expect(table.locator("strong")).to_have_text("Legends of AZ · Classic")
    expect(table.locator("a", has_text="Watch")).to_have_attribute(
        "href", f"/play/{created['game_id']}"
    )

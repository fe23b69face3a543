"""The Seasons companion's added cards belong to the person, not to one game: a card added
on the page comes back in the person's next game — from this browser when signed out, from
the account (on another device too) when signed in — and never in a stranger's browser."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tavola.games.seasons.catalogue import base_catalogue

from .helpers import Api, csrf, sign_up, wait_until

PHONE = {"width": 390, "height": 844}
CARD = "Amuleto del Cielo"


def settled(page: Page) -> None:
    expect(page.locator(".seasons")).to_have_attribute("data-busy", "false")


def names_in(view: dict[str, Any]) -> set[str]:
    return {card["name"] for card in view["catalogue"].values()}


def add_missing_card(page: Page, name: str) -> None:
    """The prelude's names with one the catalogue lacks; the page's add form adds it."""
    page.locator(".sn-search").press_sequentially(name)
    page.locator(".sn-as-typed").click()
    for card in [c.name for c in base_catalogue()][:5]:
        search = page.locator(".sn-search")
        search.fill(card)
        search.press("Enter")
    page.locator('[data-act="name_cards"]').click()
    add = page.locator(".sn-naming .sn-add")
    expect(add.locator(".sn-add-title")).to_contain_text(name)
    add.locator("input[name=add-prestige]").fill("5")
    settled(page)
    page.locator('.sn-naming [data-act="add_catalogue_card"]').click()
    expect(page.locator(".sn-just")).to_contain_text(name)
    settled(page)


def companion_game(api: Api) -> dict[str, Any]:
    return api.create([{"kind": "human"}], seed=11, game="seasons", claim=False)


def brought_into(api: Api, created: dict[str, Any]) -> dict[str, Any] | None:
    view = api.view(created["game_id"])["view"]
    return view if CARD in names_in(view) else None


def test_signed_out_the_card_comes_back_in_this_browsers_next_game_only(open_page, api: Api):
    page = open_page(viewport=PHONE, locale="it-IT")
    first = companion_game(api)
    page.goto(first["urls"]["human"])
    add_missing_card(page, CARD)
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('tavola.seasons.my_cards'))")
    assert kept == [{"name": CARD, "prestige": 5, "type": "magic_item"}]

    second = companion_game(api)
    page.goto(second["urls"]["human"])
    view = wait_until(lambda: brought_into(api, second), what="the card brought into game 2")
    added = [c for c in view["catalogue"].values() if c["name"] == CARD]
    assert added == [{"name": CARD, "aliases": [], "type": "magic_item", "prestige": 5}]

    stranger = open_page(viewport=PHONE, locale="it-IT")
    third = companion_game(api)
    stranger.goto(third["urls"]["human"])
    settled(stranger)
    assert stranger.evaluate("() => localStorage.getItem('tavola.seasons.my_cards')") is None
    assert CARD not in names_in(api.view(third["game_id"])["view"])


def test_signed_in_the_card_is_the_accounts_on_another_device_too(open_page, api: Api):
    page = open_page(viewport=PHONE, locale="it-IT")
    page.goto("/")
    sign_up(page, "Giulia Semi")
    first = companion_game(api)
    page.goto(first["urls"]["human"])
    add_missing_card(page, CARD)

    def saved() -> list[dict[str, Any]] | None:
        listed = page.request.get("/api/me/lineups/seasons").json()
        mine = [entry for entry in listed if entry["name"] == "mine"]
        return mine[0]["lineup"]["cards"] if mine else None

    cards = wait_until(saved, what="the card saved with the account")
    assert [c["name"] for c in cards] == [CARD]
    assert page.evaluate("() => localStorage.getItem('tavola.seasons.my_cards')") is None

    phone = open_page(viewport=PHONE, locale="it-IT")
    phone.goto("/")
    phone.request.get("/api/me")
    signed = phone.request.post(
        "/api/account/signin",
        data={"name": "Giulia Semi", "password": "a long enough password"},
        headers=csrf(phone),
    )
    assert signed.status == 200, signed.text()
    second = companion_game(api)
    phone.goto(second["urls"]["human"])
    wait_until(lambda: brought_into(api, second), what="the account card brought into game 2")

"""The table by keyboard alone, and cards that say what they are to a screen reader."""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers import ADA, BOT, Api, open_table


def test_choose_the_main_character_by_keyboard(open_page, api: Api) -> None:
    created = api.create([ADA, BOT], seed=7)
    game_id, token = created["game_id"], created["tokens"]["P1"]
    faces = api.view(game_id, token)["view"]["card_faces"]
    page = open_table(open_page, created)
    candidates = page.locator(".candidates .card.pickable")
    expect(candidates.first).to_be_visible()

    # Every candidate names its card (and its stats) to assistive technology.
    for i in range(candidates.count()):
        card = candidates.nth(i)
        face = faces[card.get_attribute("data-card-id")]
        label = card.get_attribute("aria-label")
        assert label.startswith(f"{face['name_en'] or face['name']}, Character"), label
        assert f"HP {face['hp']}" in label

    # Tab from the top of the page to the third candidate, Enter, then Enter on the verb.
    page.locator("body").focus()
    third = candidates.nth(2)
    chosen = third.get_attribute("data-card-id")
    for _ in range(50):
        page.keyboard.press("Tab")
        if third.evaluate("(node) => node === document.activeElement"):
            break
    expect(third).to_be_focused()
    page.keyboard.press("Enter")
    choose = page.locator('#options [data-step="o:main"]')
    expect(choose).to_be_focused()  # the focus follows to the next choice
    page.keyboard.press("Enter")

    expect(page.locator(".candidates")).to_have_count(0)
    payload = api.wait_view(
        game_id, token, lambda p: bool(p["view"]["seats"]["P1"].get("table")), "Ada's main"
    )
    main = next(c for c in payload["view"]["seats"]["P1"]["table"] if c["is_main"])
    assert main["card_id"] == chosen

    # On the table a character's label names it and tells its hit points.
    on_table = page.locator(f'#board .seat.mine .card[data-iid="{main["iid"]}"]')
    expect(on_table).to_be_visible()
    name = faces[chosen]["name_en"] or faces[chosen]["name"]
    label = on_table.get_attribute("aria-label")
    assert label.startswith(f"{name}, Character"), label
    assert f"HP {main['hp']} of {main['max_hp']}" in label
    assert "main" in label
    meter = on_table.locator("[role=meter]")
    expect(meter).to_have_attribute("aria-valuenow", str(main["hp"]))
    expect(meter).to_have_attribute("aria-label", f"HP {main['hp']} of {main['max_hp']}")
